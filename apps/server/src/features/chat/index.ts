// The knowledge and AI chats: conversations, their migrations and operations.
export { chatModule } from './module.js';
