// The chats (knowledge, GPT with history, ELK) arrive in a later release; until then each operation
// answers 501 not_implemented (listed in apps/server/README.md).
import { type Handlers, notImplementedHandler } from '../../platform/http/contract.js';

export function createChatHandlers(): Handlers {
  const knowledge = notImplementedHandler('Knowledge chat');
  const gpt = notImplementedHandler('The AI chat');
  const elk = notImplementedHandler('The ELK agent');
  return {
    knowledgeChat: knowledge,
    gptChat: gpt,
    getChatHistory: gpt,
    deleteConversation: gpt,
    getConversation: gpt,
    elkChat: elk,
    elkNewTopic: elk,
  };
}
