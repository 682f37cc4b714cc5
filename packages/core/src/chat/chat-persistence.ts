/**
 * What the chat keeps across a reload within one browser tab (the app gives it `sessionStorage`):
 * each pane's unsent draft and the knowledge thread, which the server does not save. Each entry
 * names the person it belongs to, so nothing of one person's is ever shown to the next.
 */
import type { KnowledgeSource } from '@digital-assistant/sdk';
import type { ChatChannel, ChatDepartmentName } from './chat-rules';

/** Where the chat keeps what survives a reload: `sessionStorage`, or anything shaped like it. */
export interface ChatStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The storage keys the chat uses. */
export const CHAT_STORAGE_KEYS = {
  drafts: 'digital-assistant.chat.drafts',
  knowledge: 'digital-assistant.chat.knowledge',
} as const;

/** A message as it is kept: what the bubble shows, without the answer object. */
export interface StoredChatMessage {
  type: 1 | 0;
  message: string;
  status: 'done' | 'stopped' | 'error';
  department?: ChatDepartmentName;
  /** A question's attached files' ids (sent again when it is asked again). */
  attachments?: readonly string[];
  sources?: Readonly<Record<string, KnowledgeSource>>;
  error?: { text: string; detail?: string; code?: string; status?: number };
  /** The server's id of the answer (to vote on it), and the person's vote. */
  answerId?: string;
  feedback?: { vote: 'up' | 'down'; comment?: string };
}

export type StoredDrafts = Partial<Record<ChatChannel, string>>;

const CHANNELS: readonly ChatChannel[] = ['openai', 'knowledge', 'elk'];

/** Reads the value kept under `key` for `email`; `null` when there is none, it is someone else's, or unreadable. */
export function readStored(storage: ChatStorage, key: string, email: string): unknown {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as { email?: unknown; value?: unknown } | null;
    if (parsed?.email === email) return parsed.value ?? null;
    storage.removeItem(key);
  } catch {
    // A full, refused or damaged storage keeps nothing; the chat works without it.
  }
  return null;
}

/** Keeps `value` under `key` for `email` (`null` removes it); a storage that refuses is ignored. */
export function writeStored(storage: ChatStorage, key: string, email: string, value: unknown): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ email, value }));
  } catch {
    // Over quota or refused: the chat goes on without keeping it.
  }
}

/** The drafts found in storage, each a string. */
export function toDrafts(value: unknown): StoredDrafts {
  if (!value || typeof value !== 'object') return {};
  const drafts: StoredDrafts = {};
  for (const channel of CHANNELS) {
    const draft = (value as Record<string, unknown>)[channel];
    if (typeof draft === 'string' && draft !== '') drafts[channel] = draft;
  }
  return drafts;
}

/** The kept messages found in storage, the ones that do not read as messages left out. */
export function toStoredMessages(value: unknown): StoredChatMessage[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is StoredChatMessage =>
      !!item &&
      typeof item === 'object' &&
      (item.type === 0 || item.type === 1) &&
      typeof item.message === 'string' &&
      (item.status === 'done' || item.status === 'stopped' || item.status === 'error'),
  );
}
