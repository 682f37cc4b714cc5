/**
 * Hooks over the chat store, each connected with `useSyncExternalStore` through a selector, so a
 * component re-renders only when what it reads changes: the composer not on every streamed word, a
 * message bubble only when its own message changes.
 */

import {
  type ChatChannel,
  type ChatDepartment,
  type ChatDepartmentName,
  type ChatHistoryEntry,
  type ChatHistoryGroup,
  type ChatHistoryMatch,
  type ChatHistorySearchState,
  type ChatHistoryStatus,
  type ChatMessage,
  type ChatMessageActions,
  type ChatSelection,
  type ChatState,
  type ChatStore,
  type ConversationOpenResult,
  chatMessageActions,
  chatMessages,
  chatPath,
  groupChatHistory,
  markdownToPlainText,
  hasPgaAccess as userHasPgaAccess,
  visibleChatDepartments,
} from '@digital-assistant/core';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useCoreContext } from '../core/context';
import { useStore } from '../core/use-store';
import { AppContext, useAppContext } from '../shell/app-context';
import { type ChatRouting, createChatRouting } from './chat-routing';

/** The provider's chat store, for what the hooks do not cover. */
export function useChatStore(): ChatStore {
  return useCoreContext('useChatStore').chat;
}

/** Whether two arrays hold the same items in the same order. */
export function shallowEqualArrays<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
}

function shallowEqualObjects<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * Reads part of the chat's state; the component re-renders only when `isEqual` says the part changed.
 * @example const isPending = useChatSelector((state) => state.pendingResponse);
 */
export function useChatSelector<T>(
  selector: (state: ChatState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const { chat } = useCoreContext('useChatSelector');
  const cache = useRef<{ state: ChatState; selector: (state: ChatState) => T; value: T } | null>(null);
  const getSelection = () => {
    const state = chat.getSnapshot();
    const cached = cache.current;
    if (cached && cached.state === state && cached.selector === selector) return cached.value;
    const value = selector(state);
    const kept = cached && isEqual(cached.value, value) ? cached.value : value;
    cache.current = { state, selector, value: kept };
    return kept;
  };
  return useSyncExternalStore(chat.subscribe, getSelection, getSelection);
}

/** Options of the chat hooks: which channel they are about. */
export interface ChatChannelOptions {
  /** `openai`, `knowledge` or `elk`; by default the pane the chat screen shows (the selection). */
  channel?: ChatChannel;
}

/** What {@link useChat} returns. */
export interface UseChatResult {
  channel: ChatChannel;
  selection: ChatSelection;
  department: ChatDepartmentName;
  /** The channel's conversation id (`''` for a new AI conversation, and for knowledge and ELK). */
  conversationId: string;
  /** The conversation has a message or an id. */
  isActive: boolean;
  /** A question is waiting for its answer: no other may be sent. */
  pendingResponse: boolean;
  /** This channel's question is the one waiting (show Stop). */
  isAnswering: boolean;
  isLoadingConversation: boolean;
  /** Whether `prompt` may be sent now (non-blank without newlines, nothing pending). */
  canSend: (prompt: string) => boolean;
  /** Sends `prompt` on this channel; resolves `false` when it may not be sent. */
  send: (prompt: string, options?: { attachments?: readonly string[] }) => Promise<boolean>;
  /** Stops the answer; what was said so far stays. */
  stop: () => void;
  /** New Topic for this channel. */
  newTopic: () => Promise<void>;
  /** Shows or hides an ELK answer's metrics. */
  toggleMetrics: (messageId: string) => void;
}

/**
 * The chat screen's state and actions, without the messages (see {@link useChatMessages}), so the
 * composer and header do not re-render on every streamed word.
 * @example
 * const { canSend, send, stop, isAnswering } = useChat();
 * <button disabled={!canSend(text)} onClick={() => send(text)}>Send</button>
 */
export function useChat(options: ChatChannelOptions = {}): UseChatResult {
  const chat = useChatStore();
  const selected = useChatSelector(
    useCallback(
      (state: ChatState) => {
        const channel = options.channel ?? state.selection;
        const conversation = state.conversations[channel];
        return {
          channel,
          selection: state.selection,
          department: state.department,
          conversationId: conversation.conversationId,
          isActive: conversation.active,
          pendingResponse: state.pendingResponse,
          isAnswering: state.pendingChannel === channel,
          isLoadingConversation: channel === 'openai' && state.isLoadingConversation,
        };
      },
      [options.channel],
    ),
    shallowEqualObjects,
  );
  const { channel } = selected;
  return useMemo(
    () => ({
      ...selected,
      canSend: chat.canSend,
      send: (prompt: string, options?: { attachments?: readonly string[] }) =>
        chat.send(prompt, { channel, ...options }),
      stop: chat.stop,
      newTopic: () => chat.newTopic(channel),
      toggleMetrics: chat.toggleMetrics,
    }),
    [selected, chat, channel],
  );
}

/** What {@link useChatDraft} returns. */
export interface UseChatDraftResult {
  /** The pane's unsent text. */
  draft: string;
  /** Replaces it (the composer's `onChange`); sending it through the store clears it. */
  setDraft: (text: string) => void;
}

/**
 * A pane's unsent text, kept by the chat store: it outlives the composer (and, where the app gives
 * the store a storage, a reload), and a question the server refused because the session had ended
 * comes back into it.
 * @example
 * const { draft, setDraft } = useChatDraft({ channel: 'openai' });
 * <ChatComposer value={draft} onChange={setDraft} onSend={(prompt) => void chat.send(prompt)} />
 */
export function useChatDraft(options: ChatChannelOptions = {}): UseChatDraftResult {
  const chat = useChatStore();
  const { channel, draft } = useChatSelector(
    useCallback(
      (state: ChatState) => {
        const channel = options.channel ?? state.selection;
        return { channel, draft: state.drafts[channel] };
      },
      [options.channel],
    ),
    shallowEqualObjects,
  );
  const setDraft = useCallback((text: string) => chat.setDraft(channel, text), [chat, channel]);
  return { draft, setDraft };
}

/** The channel's messages, oldest first; unchanged messages keep their identity (memoise bubbles on it). */
export function useChatMessages(options: ChatChannelOptions = {}): readonly ChatMessage[] {
  return useChatSelector(
    useCallback(
      (state: ChatState) => state.conversations[options.channel ?? state.selection].messages,
      [options.channel],
    ),
  );
}

/** The ids of the channel's messages: changes only when a message is added or removed. */
export function useChatMessageIds(options: ChatChannelOptions = {}): readonly string[] {
  return useChatSelector(
    useCallback(
      (state: ChatState) =>
        state.conversations[options.channel ?? state.selection].messages.map((message) => message.id),
      [options.channel],
    ),
    shallowEqualArrays,
  );
}

/** One message by id (in any channel): re-renders only when that message changes. */
export function useChatMessage(id: string): ChatMessage | undefined {
  return useChatSelector(
    useCallback(
      (state: ChatState) => {
        for (const conversation of Object.values(state.conversations)) {
          const found = conversation.messages.find((message) => message.id === id);
          if (found) return found;
        }
        return undefined;
      },
      [id],
    ),
  );
}

/** What {@link useChatMessageActions} returns. */
export interface UseChatMessageActionsResult extends ChatMessageActions {
  /** The answer's text as markdown (what "Copy" puts on the clipboard). */
  markdown: string;
  /** The answer's text without markdown's marks (what "Copy text" puts on the clipboard). */
  plainText: string;
  /** Asks the failed question again. */
  retry: () => Promise<boolean>;
  /** Asks the last question again for a new answer in place of the last one. */
  regenerate: () => Promise<boolean>;
  /** Sends `prompt` in place of the last question. */
  edit: (prompt: string) => Promise<boolean>;
}

/**
 * The per-message actions of the message `id` on `channel`: copy an answer (markdown or plain text),
 * retry a failed answer, regenerate the last answer, edit and resend the last question. Which apply
 * follows {@link chatMessageActions} (the AI chat regenerates and edits only on a server that
 * replaces the conversation's stored tail).
 * @example
 * const actions = useChatMessageActions(message.id, { channel: 'openai' });
 * {actions.canRegenerate ? <button onClick={() => void actions.regenerate()}>Regenerate</button> : null}
 */
export function useChatMessageActions(
  id: string,
  options: { channel: ChatChannel },
): UseChatMessageActionsResult {
  const chat = useChatStore();
  const { channel } = options;
  const actions = useChatSelector(
    useCallback(
      (state: ChatState) => {
        const actions = chatMessageActions(state, channel, id);
        // Empty while the answer arrives, so streamed text does not recompute the plain text.
        const message = actions.canCopy
          ? state.conversations[channel].messages.find((candidate) => candidate.id === id)
          : undefined;
        return { ...actions, markdown: message?.message ?? '' };
      },
      [channel, id],
    ),
    shallowEqualObjects,
  );
  return useMemo(
    () => ({
      ...actions,
      plainText: markdownToPlainText(actions.markdown),
      retry: () => chat.retry(channel),
      regenerate: () => chat.regenerate(channel),
      edit: (prompt: string) => chat.editLastQuestion(prompt, channel),
    }),
    [actions, chat, channel],
  );
}

/** An answer's sources, with the id its citation markers use (for the admin chat's Sources panel). */
export interface ChatSourceView {
  id: string;
  context: string;
  references: readonly string[];
  document?: string;
  location?: string;
  link?: string;
  snippet?: string;
}

/**
 * The sources of the channel's latest answer that has any (knowledge by default), in id order: what
 * the admin chat's Sources panel lists.
 */
export function useChatSources(options: ChatChannelOptions = {}): readonly ChatSourceView[] {
  const sources = useChatSelector(
    useCallback(
      (state: ChatState) =>
        state.conversations[options.channel ?? 'knowledge'].messages.findLast((message) => message.sources)
          ?.sources,
      [options.channel],
    ),
  );
  return useMemo(
    () =>
      Object.entries(sources ?? {})
        .map(([id, source]) => ({ id, ...source }))
        .sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true })),
    [sources],
  );
}

/** One History item, with whether it is highlighted. */
export interface ChatHistoryItemView extends ChatHistoryEntry {
  /** It is the current conversation and the chat is not in knowledge mode. */
  isCurrent: boolean;
}

/** What {@link useChatHistory} returns. */
export interface UseChatHistoryResult {
  items: readonly ChatHistoryItemView[];
  status: ChatHistoryStatus;
  /** Opens an item (loads it only if it is not the current one). */
  select: (conversationId: string) => Promise<ConversationOpenResult>;
  /** Deletes an item (after the confirm dialog); resolves whether it was deleted. */
  remove: (conversationId: string) => Promise<boolean>;
  /** New Topic in the AI chat. */
  newConversation: () => Promise<void>;
  /**
   * Renames an item (an extension): resolves `{ unsupported, reason }` on a server without it, the
   * renamed entry otherwise (the list shows it at once); throws for someone else's or a gone one.
   */
  rename: ChatHistoryRename;
  /** The items by date (Today, Yesterday, Previous 7 days, Older), as of the last render. */
  groups: ReadonlyArray<ChatHistoryGroup<ChatHistoryItemView>>;
}

/** Renames a History item (see {@link UseChatHistoryResult.rename}). */
export type ChatHistoryRename = (
  conversationId: string,
  label: string,
) => ReturnType<ReturnType<typeof useChatStore>['history']['rename']>;

/**
 * The menu's History: past AI conversations, newest first, the current one highlighted. The list is
 * server state, the chat store's History query (`chat.history`), read beside the chat's own state.
 */
export function useChatHistory(): UseChatHistoryResult {
  const chat = useChatStore();
  const { items: history, status } = useStore(chat.history);
  const currentId = useChatSelector(
    useCallback(
      (state: ChatState) =>
        state.selection === 'knowledge' ? '' : state.conversations.openai.conversationId,
      [],
    ),
  );
  const items = useMemo(
    () =>
      history.map((entry) => ({
        ...entry,
        isCurrent: currentId !== '' && entry.conversationId === currentId,
      })),
    [history, currentId],
  );
  // Under the app layer, opening one from another pane also goes to its address.
  const app = useContext(AppContext);
  const select = useMemo(
    () =>
      app ? createChatRouting(chat, (to) => app.navigate(to)).selectConversation : chat.selectConversation,
    [app, chat],
  );
  return {
    items,
    status,
    select,
    remove: chat.deleteConversation,
    newConversation: () => chat.newTopic('openai'),
    rename: chat.history.rename,
    groups: useMemo(() => groupChatHistory(items, new Date()), [items]),
  };
}

/** What {@link useChatHistorySearch} returns. */
export interface UseChatHistorySearchResult extends ChatHistorySearchState {
  /** False once a search found the server has none (an extension); the search field can then go. */
  isSupported: boolean;
  /** The matches, newest first, each with its snippet and the match's offsets. */
  results: readonly ChatHistoryMatch[];
  /** Searches one's own conversations; a blank text goes back to the whole list. */
  search: (query: string) => Promise<void>;
  /** Back to the whole list. */
  clear: () => void;
}

/**
 * History search over one's own conversations (titles and message text), the History query's
 * `search` (`chat.history.search`) connected to React.
 * @example
 * const search = useChatHistorySearch();
 * <input value={search.query} onChange={(event) => search.search(event.target.value)} />
 */
export function useChatHistorySearch(): UseChatHistorySearchResult {
  const chat = useChatStore();
  const state = useStore(chat.history.search);
  return {
    ...state,
    isSupported: state.status !== 'unsupported',
    search: chat.history.search.run,
    clear: chat.history.search.clear,
  };
}

/** Why the conversation an address named is not the one shown. */
export interface ChatConversationNotice {
  /**
   * `missing`: no such conversation of this person's; a new chat is open. (One that could not be
   * fetched is only logged, as spec section 8 says of conversation fetch errors.)
   */
  kind: 'missing';
  /** What to tell the person. */
  text: string;
}

/** What {@link useChatRoute} returns. */
export interface UseChatRouteResult {
  selection: ChatSelection;
  department: ChatDepartmentName;
  /** Set when the conversation of the address (`/chat?c=`) could not be opened. */
  conversationNotice: ChatConversationNotice | null;
  /** Hides the notice. */
  dismissConversationNotice: () => void;
  /** The departments the user may choose (PGA only with the PGA capability). */
  departments: readonly ChatDepartment[];
  /** Chooses openai or knowledge; a different one is navigated to. */
  chooseChatType: (selection: ChatSelection) => void;
  /** Goes to /chat/{department}. */
  chooseDepartment: (department: ChatDepartmentName) => void;
}

/**
 * For the chat route (app layer): follows its department parameter (`undefined` on /chat): with one,
 * that department's knowledge chat; without, the AI chat. PGA (any case) without the PGA
 * capability, and unknown departments, are replaced by /chat/Knowledge through `navigate`.
 *
 * Every AI conversation has its own address, `/chat?c={conversationId}` (`conversationParam`): the
 * address opens its conversation (a reload, Back/Forward, a bookmark), and the address follows the
 * conversation (`replace` when an answer names a new one or the open one was deleted, a new entry
 * when another is chosen or a new topic starts). `/chat` alone is a new conversation, except when
 * coming from another pane or screen, which shows the one the chat has open. An address whose
 * conversation the server does not have for this person leaves a new chat with a notice.
 * @example
 * const { department: param } = useParams();
 * const [search] = useSearchParams();
 * const { departments, chooseDepartment, chooseChatType } = useChatRoute(param, search.get('c'));
 */
export function useChatRoute(
  departmentParam: string | null | undefined,
  conversationParam?: string | null,
): UseChatRouteResult {
  const chat = useChatStore();
  const { session, navigate } = useAppContext('useChatRoute');
  const routing = useChatNavigation();
  const { user, features } = useStore(session);
  const hasPgaAccess = userHasPgaAccess(user, features);
  const isUserKnown = user != null;
  useEffect(() => {
    // Only once the user is known: a PGA member must not be sent away before the session says so.
    if (!isUserKnown) return;
    const redirectTo = routing.openRoute(departmentParam, { hasPgaAccess });
    if (redirectTo) navigate(redirectTo);
  }, [routing, departmentParam, hasPgaAccess, isUserKnown, navigate]);
  const { selection, department, conversationId, isActive } = useChatSelector(
    useCallback(
      (state: ChatState) => ({
        selection: state.selection,
        department: state.department,
        conversationId: state.conversations.openai.conversationId,
        isActive: state.conversations.openai.messages.length > 0,
      }),
      [],
    ),
    shallowEqualObjects,
  );

  const [notice, setNotice] = useState<ChatConversationNotice | null>(null);
  const isAiRoute = departmentParam === undefined || departmentParam === null || departmentParam === '';
  // The AI chat's address while it is shown to a known user, else null.
  const address = isUserKnown && isAiRoute ? (conversationParam ?? '') : null;
  const seen = useRef<{ address: string | null; conversationId: string }>({ address: null, conversationId });
  useEffect(() => {
    const previous = seen.current;
    seen.current = { address, conversationId };
    if (conversationId !== '' && conversationId !== previous.conversationId) setNotice(null);
    if (address === null) return;
    if (address !== previous.address) {
      // The address changed (opened, reloaded, Back/Forward, a link): the chat follows it.
      if (address === conversationId) return;
      if (address === '') {
        // Back to /chat from a conversation: a new one. Coming from elsewhere: the one open.
        if (previous.address === null) {
          navigate(chatPath('openai', department, conversationId), { replace: true });
        } else {
          void chat.newTopic('openai');
        }
        return;
      }
      setNotice(null);
      void chat.selectConversation(address).then((result) => {
        if (result === 'missing') setNotice({ kind: 'missing', text: chatMessages.conversationMissing });
      });
      return;
    }
    if (conversationId !== previous.conversationId && conversationId !== address) {
      // The conversation changed (an answer named a new one, History, New Topic, a delete): the address follows.
      const previousId = previous.conversationId;
      const isGone = !chat.history.getSnapshot().items.some((entry) => entry.conversationId === previousId);
      navigate(chatPath('openai', department, conversationId), { replace: previousId === '' || isGone });
    }
  }, [address, conversationId, department, chat, navigate]);

  const departments = useMemo(() => visibleChatDepartments(hasPgaAccess), [hasPgaAccess]);
  const dismissConversationNotice = useCallback(() => setNotice(null), []);
  return {
    selection,
    department,
    conversationNotice: isActive ? null : notice,
    dismissConversationNotice,
    departments,
    chooseChatType: routing.chooseChatType,
    chooseDepartment: routing.chooseDepartment,
  };
}

/**
 * The chat's choices that navigate (app layer): choosing a chat type or a department goes to its
 * address, and a History item opened from another pane to `/chat?c={id}`. Under the core alone the
 * store's own `chooseChatType` and `chooseDepartment` only change the panes.
 * @example
 * const { chooseChatType } = useChatNavigation();
 * <button onClick={() => chooseChatType('openai')}>AI chat</button>
 */
export function useChatNavigation(): ChatRouting {
  const chat = useChatStore();
  const { navigate } = useAppContext('useChatNavigation');
  return useMemo(() => createChatRouting(chat, (to) => navigate(to)), [chat, navigate]);
}
