/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Digital Assistant server the chat talks to, e.g. https://assistant.example.com. */
  readonly VITE_DA_BASE_URL?: string;
}
