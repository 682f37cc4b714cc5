/**
 * The AI chat's History as server state, apart from the chat's own state: a small query over
 * `getHistory` (the list as the server last gave it, with its status), which the chat store is given
 * and updates where it knows the server's answer without asking again (a conversation an answer
 * named, one deleted or gone), as a query's cache is updated after a mutation. Framework-free, so a
 * host without TanStack Query (the widget) has it too.
 */
import { type DigitalAssistantClient, unwrap } from '@digital-assistant/sdk';
import type { Logger } from '../host';
import { createStore, type ReadableStore } from '../store';
import { chatMessages } from './chat-rules';

/** One past AI conversation in the menu's History. */
export interface ChatHistoryEntry {
  /** The conversation's id (its address is `/chat?c={conversationId}`). */
  conversationId: string;
  /** The server's short summary of it, the item's label. */
  chipSummary: string;
}

/** Whether the history has been asked for, and how that went. */
export type ChatHistoryStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** The History's snapshot. */
export interface ChatHistoryState {
  /** Past AI conversations, newest first. */
  items: readonly ChatHistoryEntry[];
  /** `loading` only until a first list has come; a later fetch keeps the list shown. */
  status: ChatHistoryStatus;
}

/** The History query (see {@link createChatHistoryQuery}). */
export interface ChatHistoryQuery extends ReadableStore<ChatHistoryState> {
  /**
   * Asks the server for the list. Resolves it, or `null` when it failed (logged as 'Error fetching
   * chat history') or was dropped by a {@link ChatHistoryQuery.reset} meanwhile.
   */
  fetch(): Promise<readonly ChatHistoryEntry[] | null>;
  /** Updates the list kept, after a change whose outcome on the server is known. */
  setItems(update: (items: readonly ChatHistoryEntry[]) => readonly ChatHistoryEntry[]): void;
  /** Forgets the list (another person signed in); answers still coming are dropped. */
  reset(): void;
}

/** What {@link createChatHistoryQuery} needs. */
export interface ChatHistoryQueryOptions {
  /** The SDK client `getHistory` goes through. */
  client: DigitalAssistantClient;
  /** Where a failed fetch is logged. @default console */
  logger?: Logger;
}

/**
 * Creates the History query.
 * @example
 * const history = createChatHistoryQuery({ client });
 * await history.fetch();
 * history.getSnapshot().items; // [{ conversationId, chipSummary }, ...]
 */
export function createChatHistoryQuery({
  client,
  logger = console,
}: ChatHistoryQueryOptions): ChatHistoryQuery {
  const store = createStore<ChatHistoryState>({ items: [], status: 'idle' });
  /** Bumped by reset, so a list asked for before does not land after it. */
  let generation = 0;

  async function fetch(): Promise<readonly ChatHistoryEntry[] | null> {
    const asked = generation;
    if (store.getSnapshot().status !== 'loaded') {
      store.setState((state) => ({ ...state, status: 'loading' }));
    }
    try {
      const { History } = await unwrap(client.POST('/api/chat/getHistory', { body: {} }));
      if (asked !== generation) return null;
      const items = History.map(toHistoryEntry);
      store.setState({ items, status: 'loaded' });
      return items;
    } catch (error) {
      if (asked !== generation) return null;
      logger.error(chatMessages.historyFailed, error);
      store.setState((state) => (state.status === 'loaded' ? state : { ...state, status: 'error' }));
      return null;
    }
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    fetch,
    setItems(update) {
      store.setState((state) => {
        const items = update(state.items);
        return items === state.items ? state : { ...state, items };
      });
    },
    reset() {
      generation += 1;
      store.setState({ items: [], status: 'idle' });
    },
  };
}

function toHistoryEntry(item: { ConversationId: string; ChipSummary: string }): ChatHistoryEntry {
  return { conversationId: item.ConversationId, chipSummary: item.ChipSummary };
}
