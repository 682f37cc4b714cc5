/**
 * The message box of each chat screen: where the skip link leads (the shell, in the first
 * download, knows them without loading the chat screens).
 */
export const COMPOSER_IDS = {
  knowledge: 'chat-composer-knowledge',
  openai: 'chat-composer-openai',
  admin: 'chat-composer-admin',
  elk: 'chat-composer-elk',
} as const;
