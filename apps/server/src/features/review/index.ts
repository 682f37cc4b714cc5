// Code review of uploaded zips of Python files.
export { reviewModule } from './module.js';
