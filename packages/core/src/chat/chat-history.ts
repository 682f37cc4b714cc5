/**
 * The AI chat's History as server state, apart from the chat's own state: a small query over
 * `getHistory` (the list as the server last gave it, with its status), which the chat store is given
 * and updates where it knows the server's answer without asking again (a conversation an answer
 * named, one deleted or gone), as a query's cache is updated after a mutation. Framework-free, so a
 * host without TanStack Query (the widget) has it too.
 */
import {
  type ChatHistorySearchResult,
  type DigitalAssistantClient,
  type ExtensionResult,
  renameConversation,
  searchChatHistory,
  unwrap,
} from '@digital-assistant/sdk';
import type { Logger } from '../host';
import { createStore, type ReadableStore } from '../store';
import { chatMessages } from './chat-rules';

/** One past AI conversation in the menu's History. */
export interface ChatHistoryEntry {
  /** The conversation's id (its address is `/chat?c={conversationId}`). */
  conversationId: string;
  /** The server's short summary of it, the item's label. */
  chipSummary: string;
  /** When it started (ISO 8601), on servers that say (an extension): History groups by it. */
  createdAt?: string;
}

/** A conversation History search found: a snippet of its label or of a message, the match marked. */
export interface ChatHistoryMatch extends ChatHistoryEntry {
  /** Where the snippet comes from. */
  field: 'title' | 'message';
  /** The label, or about 120 characters of the first matching message. */
  snippet: string;
  /** Where the match lies in `snippet` (UTF-16 offsets). */
  highlights: ReadonlyArray<{ start: number; length: number }>;
}

/** History search's snapshot. */
export interface ChatHistorySearchState {
  /** The text searched for ('' when not searching). */
  query: string;
  /** `unsupported`: the server has no search (the reason says why); `idle`: not searching. */
  status: 'idle' | 'loading' | 'loaded' | 'error' | 'unsupported';
  /** The matches, newest first. */
  results: readonly ChatHistoryMatch[];
  /** Why the search is unsupported, when it is. */
  reason?: string;
}

/** History search (see {@link ChatHistoryQuery.search}). */
export interface ChatHistorySearch extends ReadableStore<ChatHistorySearchState> {
  /** Searches one's own conversations for `query`; a blank query clears the search. Only the latest search lands. */
  run(query: string): Promise<void>;
  /** Stops searching: back to the whole list. */
  clear(): void;
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
  /** Search over one's own conversations (titles and messages), an extension. */
  readonly search: ChatHistorySearch;
  /**
   * Renames a conversation (an extension): the list and any search results show the new label once
   * the server has it. Resolves what the server answered; a failure (someone else's, gone) throws.
   */
  rename(conversationId: string, label: string): Promise<ExtensionResult<ChatHistoryEntry>>;
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

  const IDLE_SEARCH: ChatHistorySearchState = { query: '', status: 'idle', results: [] };
  const searchStore = createStore<ChatHistorySearchState>(IDLE_SEARCH);
  /** Bumped by every search and clear, so only the latest search lands. */
  let searchGeneration = 0;

  const search: ChatHistorySearch = {
    subscribe: searchStore.subscribe,
    getSnapshot: searchStore.getSnapshot,
    async run(query) {
      const asked = ++searchGeneration;
      const text = query.trim();
      if (!text) {
        searchStore.setState(IDLE_SEARCH);
        return;
      }
      searchStore.setState((state) => ({ ...state, query, status: 'loading' }));
      try {
        const result = await searchChatHistory(client, text);
        if (asked !== searchGeneration) return;
        searchStore.setState(
          result.unsupported
            ? { query, status: 'unsupported', results: [], reason: result.reason }
            : { query, status: 'loaded', results: result.data.Results.map(toHistoryMatch) },
        );
      } catch (error) {
        if (asked !== searchGeneration) return;
        logger.error(chatMessages.historySearchFailed, error);
        searchStore.setState({ query, status: 'error', results: [] });
      }
    },
    clear() {
      searchGeneration += 1;
      searchStore.setState(IDLE_SEARCH);
    },
  };

  async function rename(conversationId: string, label: string): Promise<ExtensionResult<ChatHistoryEntry>> {
    const result = await renameConversation(client, conversationId, label);
    if (result.unsupported) return result;
    const renamed = toHistoryEntry(result.data);
    const relabel = <T extends ChatHistoryEntry>(entry: T): T =>
      entry.conversationId === conversationId ? { ...entry, chipSummary: renamed.chipSummary } : entry;
    store.setState((state) => ({ ...state, items: state.items.map(relabel) }));
    searchStore.setState((state) => ({ ...state, results: state.results.map(relabel) }));
    return { unsupported: false, data: renamed };
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    fetch,
    search,
    rename,
    setItems(update) {
      store.setState((state) => {
        const items = update(state.items);
        return items === state.items ? state : { ...state, items };
      });
    },
    reset() {
      generation += 1;
      store.setState({ items: [], status: 'idle' });
      search.clear();
    },
  };
}

function toHistoryEntry(item: {
  ConversationId: string;
  ChipSummary: string;
  CreatedAt?: string;
}): ChatHistoryEntry {
  return {
    conversationId: item.ConversationId,
    chipSummary: item.ChipSummary,
    ...(item.CreatedAt ? { createdAt: item.CreatedAt } : {}),
  };
}

function toHistoryMatch(result: ChatHistorySearchResult): ChatHistoryMatch {
  return {
    ...toHistoryEntry(result),
    field: result.Field,
    snippet: result.Snippet,
    highlights: result.Highlights,
  };
}
