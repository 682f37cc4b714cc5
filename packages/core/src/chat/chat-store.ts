/**
 * The chat as spec section 4 describes it, as a plain store (`subscribe` / `getSnapshot`) in the
 * manner of the AI SDK's `AbstractChat`: questions go through a {@link ChatTransport} (JSON or
 * streamed), answers accumulate per message, and selection and departments follow the spec's
 * transitions; the History is server state, a query of its own (`chat-history.ts`) the store keeps
 * in step. It knows no React and no router: choosing a pane or a department only changes
 * the state, and the app layer (`@digital-assistant/react`'s `createChatRouting`) navigates.
 *
 * Snapshots share structure: a message object is replaced only when that message changes, a
 * conversation only when one of its messages does, so selectors re-render only what changed.
 */
import {
  type DigitalAssistantClient,
  type DigitalAssistantError,
  deleteAnswerFeedback,
  type GptChatResponse,
  isDigitalAssistantError,
  type KnowledgeSource,
  setAnswerFeedback,
  toDigitalAssistantError,
  unwrap,
} from '@digital-assistant/sdk';
import type { Logger } from '../host';
import { createStore, type ReadableStore } from '../store';
import { type Chat, createChat } from './chat';
import { type ChatHistoryQuery, createChatHistoryQuery } from './chat-history';
import {
  CHAT_STORAGE_KEYS,
  type ChatStorage,
  readStored,
  type StoredChatMessage,
  toDrafts,
  toStoredMessages,
  writeStored,
} from './chat-persistence';
import {
  type ChatChannel,
  type ChatDepartmentName,
  type ChatSelection,
  chatMessages,
  DEFAULT_CHAT_DEPARTMENT,
  type ElkDisplay,
  findChatDepartment,
  isValidPrompt,
} from './chat-rules';
import { type ChatAnswer, type ChatRequest, type ChatTransport, isReplaceLastSupported } from './transport';

/**
 * Where an answer is: `pending` (asked, nothing back yet: the spinner), `streaming` (text arriving),
 * `done`, `error` (see `error`), or `stopped` (the user stopped it; what was said so far stays).
 */
export type ChatMessageStatus = 'pending' | 'streaming' | 'done' | 'error' | 'stopped';

/** An error shown on a message (in red). */
export interface ChatMessageError {
  /** The spec's message: 'Error fetching response', 'Error fetching response.', or ELK's text. */
  text: string;
  /** The server's reason, when it gave one (e.g. that no model is configured, or a rate limit). */
  detail?: string;
  /** The error's stable code (`too_many_requests`, `model_not_configured`, `network_error`...). */
  code?: string;
  status?: number;
}

/** One message of a conversation (spec section 3: message, conversationId, type, value, elk). */
export interface ChatMessage {
  /** Unique within the store, for keys and {@link ChatStore.toggleMetrics}. */
  id: string;
  /** 1 = the user's question, 0 = the assistant's answer. */
  type: 1 | 0;
  /** The text, markdown; for an answer, what has arrived so far. */
  message: string;
  /** The conversation it belongs to (`''` until the server named it, and for knowledge and ELK). */
  conversationId: string;
  status: ChatMessageStatus;
  channel: ChatChannel;
  /** For knowledge answers: the department asked. */
  department?: ChatDepartmentName;
  /**
   * For a question: the ids of the files attached to it (`createChatAttachments`), sent again when
   * it is retried, regenerated or edited, so the new answer still reads them.
   */
  attachments?: readonly string[];
  /** For knowledge answers: the sources, keyed by the id their citation markers use. */
  sources?: Readonly<Record<string, KnowledgeSource>>;
  /** The full answer object, once it has come. */
  value?: ChatAnswer;
  /** For ELK answers with a metrics table. */
  elk?: ElkDisplay;
  error?: ChatMessageError;
  /**
   * The server's id of a stored answer (contract extension `AnswerId`): it may be voted on
   * ({@link ChatStore.voteOnAnswer}). A server without answer feedback gives none.
   */
  answerId?: string;
  /** The person's vote on this answer, if any. */
  feedback?: ChatAnswerFeedback;
}

/** A person's vote on an answer, with their optional comment. */
export interface ChatAnswerFeedback {
  vote: 'up' | 'down';
  comment?: string;
}

/** A conversation: inactive until a message is added or an id is set (an empty id makes it inactive). */
export interface Conversation {
  conversationId: string;
  active: boolean;
  messages: readonly ChatMessage[];
}

/** The chat's snapshot. */
export interface ChatState {
  /** The pane the chat screen shows. */
  selection: ChatSelection;
  /** The knowledge department. */
  department: ChatDepartmentName;
  /** Each channel's conversation: `openai` is the AI conversation of the History. */
  conversations: Readonly<Record<ChatChannel, Conversation>>;
  /** True from sending a question until its answer or error; blocks further sends. */
  pendingResponse: boolean;
  /** The channel of the pending question, if any. */
  pendingChannel: ChatChannel | null;
  /** True while a conversation chosen in the History loads. */
  isLoadingConversation: boolean;
  /** The signed-in user's e-mail, once known. */
  userEmail: string | null;
  /** Each pane's unsent text (the composer's box); kept across reloads when the store has a storage. */
  drafts: Readonly<Record<ChatChannel, string>>;
  /**
   * Whether the server replaces the AI conversation's last question (contract extension
   * `ReplaceLastQuestion`, announced by its answers' `X-Chat-Replace-Last` header): until it has said
   * so, the AI chat offers no regenerate or edit.
   */
  canReplaceLast: boolean;
  /**
   * True while the knowledge pane is the administrators' admin chat ({@link ChatStore.setAdminChat}):
   * its questions say so (contract extension `Chat: 'admin'`), so their answers are kept as the admin
   * chat's (the Feedback page's chat filter).
   */
  isAdminChat: boolean;
}

/** What can be done with one message now (see {@link chatMessageActions}). */
export interface ChatMessageActions {
  /** An answer with text that is not still arriving: its text may be copied. */
  canCopy: boolean;
  /** The last answer failed: its question may be asked again ({@link ChatStore.retry}). */
  canRetry: boolean;
  /** The last answer, done or stopped, may be asked for again ({@link ChatStore.regenerate}). */
  canRegenerate: boolean;
  /** The last question may be edited and sent again in its place ({@link ChatStore.editLastQuestion}). */
  canEdit: boolean;
}

/**
 * What {@link ChatStore.selectConversation} found: `opened`, `current` (it was open already),
 * `missing` (the server has no such conversation of this person's: deleted, another person's or
 * never there; a new conversation has started) or `failed` (it could not be asked; see the log).
 */
export type ConversationOpenResult = 'opened' | 'current' | 'missing' | 'failed';

/** What {@link createChatStore} needs. */
export interface ChatStoreOptions {
  /** For the history calls (getHistory, getConversation, delete, ELK new topic). */
  client: DigitalAssistantClient;
  /** How questions are sent: {@link createSseChatTransport} or {@link createJsonChatTransport}. */
  transport: ChatTransport;
  /**
   * Runs `update` when the screen can next show streamed text, and answers a function that cancels
   * it. Text arriving faster (a whole answer can come in one network read) is gathered and put in
   * the store once per frame, one update and so one render per frame rather than per word; a burst
   * larger than the page draws in a frame (4,096 characters at first, more while it keeps up) is
   * drawn over the next frames.
   * @default the next animation frame (`requestAnimationFrame`, or 100 ms when none comes by then,
   * as in a hidden tab), else the next task
   */
  scheduleUpdate?: (update: () => void) => () => void;
  /** Where failures that are only logged go. @default console */
  logger?: Logger;
  /** The History (server state), when the host shares one; else the store makes its own over `client`. */
  history?: ChatHistoryQuery;
  /**
   * Keeps the drafts and the knowledge thread across reloads (the app gives `sessionStorage`); each
   * entry names its user, and signing out removes them. None by default.
   */
  storage?: ChatStorage;
  /**
   * Called when the server answers a question, or the opening of a conversation, with 401 (the
   * session expired or was revoked). The question is then not shown as failed: it goes back to its
   * pane's draft, for the person to send once signed in again. Without it, the answer shows the error.
   */
  onSessionExpired?: () => void;
}

/** The chat and the actions of spec section 4. */
export interface ChatStore extends ReadableStore<ChatState> {
  /**
   * The AI chat's History: server state, a query of its own (`subscribe`/`getSnapshot` give
   * `{ items, status }`), fetched once the user's e-mail is known and kept in step with what this
   * store does (a new conversation at the top, a deleted or missing one out).
   */
  readonly history: ChatHistoryQuery;
  /** Whether `prompt` may be sent now: non-blank without newlines, and no response pending. */
  canSend(prompt: string): boolean;
  /**
   * Asks `prompt` on `channel` (default: the selected pane). Resolves `false` at once when the prompt
   * may not be sent, else `true` once the answer has come, failed or been stopped.
   */
  send(
    prompt: string,
    options?: {
      channel?: ChatChannel;
      /** Ids of files attached to the question (`createChatAttachments`; AI and knowledge chats). */
      attachments?: readonly string[];
    },
  ): Promise<boolean>;
  /** Stops the pending answer; what was said so far stays, flagged `stopped`. */
  stop(): void;
  /** Sets a pane's unsent text (sending it clears it). */
  setDraft(channel: ChatChannel, text: string): void;
  /**
   * New Topic: a new AI conversation (`openai`, the default), a new ELK topic (the server's ELK session
   * is cleared), or an empty knowledge pane.
   */
  newTopic(channel?: ChatChannel): Promise<void>;
  /** Sets the AI conversation's id (`''` makes it inactive). */
  setConversationId(conversationId: string): void;
  /**
   * Opens a History item (or a conversation's address) in the AI pane, loading it only if it
   * differs from the current one. A conversation the server does not have for this person
   * (`missing`) leaves a new conversation open.
   */
  selectConversation(conversationId: string): Promise<ConversationOpenResult>;
  /**
   * Deletes an AI conversation; on success it leaves the History, and if it was the current one a
   * new conversation starts. A failure is only logged. Resolves whether it was deleted.
   */
  deleteConversation(conversationId: string): Promise<boolean>;
  /** Tells the store who is signed in: the first e-mail loads the History; another user starts afresh. */
  setUser(user: { email?: string | null } | null | undefined): void;
  /** Chooses the chat type (the pane shown). Navigating to it is the app layer's. */
  chooseChatType(selection: ChatSelection): void;
  /** Chooses a department: the knowledge pane of that department. Navigating to it is the app layer's. */
  chooseDepartment(department: ChatDepartmentName): void;
  /** Shows or hides an ELK answer's metrics panel. */
  toggleMetrics(messageId: string): void;
  /**
   * Says whether the knowledge pane is the admin chat (its screen sets it while shown): its questions
   * then ask as the admin chat.
   */
  setAdminChat(isAdminChat: boolean): void;
  /** Sets (or removes) where drafts and the knowledge thread are kept; what it holds for the user is restored. */
  setStorage(storage: ChatStorage | undefined): void;
  /** Sets (or removes) what happens when the server says the session has ended (see {@link ChatStoreOptions.onSessionExpired}). */
  setSessionExpiredHandler(handler: (() => void) | undefined): void;
  /**
   * Asks the channel's last question again after its answer failed: the failed answer is replaced.
   * Resolves `false` at once when there is nothing to retry (see {@link chatMessageActions}).
   */
  retry(channel?: ChatChannel): Promise<boolean>;
  /**
   * Asks the channel's last question again for a new answer in place of the last one (in the AI chat
   * the server replaces the conversation's stored tail). Resolves `false` at once when it may not.
   */
  regenerate(channel?: ChatChannel): Promise<boolean>;
  /**
   * Sends `prompt` in place of the channel's last question and its answer (in the AI chat the server
   * replaces the conversation's stored tail). Resolves `false` at once when it may not.
   */
  editLastQuestion(prompt: string, channel?: ChatChannel): Promise<boolean>;
  /**
   * Votes on the answer `messageId` of `channel` (one with an `answerId`), with an optional comment,
   * or withdraws the vote (`null`). The message shows the vote at once; a refusal puts it back.
   * Resolves whether the server kept it.
   */
  voteOnAnswer(
    channel: ChatChannel,
    messageId: string,
    feedback: ChatAnswerFeedback | null,
  ): Promise<boolean>;
}

const CHANNELS: readonly ChatChannel[] = ['openai', 'knowledge', 'elk'];
const emptyConversation = (): Conversation => ({ conversationId: '', active: false, messages: [] });
const noDrafts = (): Record<ChatChannel, string> => ({ openai: '', knowledge: '', elk: '' });

const initialState = (): ChatState => ({
  selection: 'knowledge',
  department: DEFAULT_CHAT_DEPARTMENT,
  conversations: { openai: emptyConversation(), knowledge: emptyConversation(), elk: emptyConversation() },
  pendingResponse: false,
  pendingChannel: null,
  isLoadingConversation: false,
  userEmail: null,
  drafts: noDrafts(),
  canReplaceLast: false,
  isAdminChat: false,
});

/**
 * What can be done with the message `messageId` of `channel` now: copy an answer; retry, regenerate
 * or edit only the last exchange, and nothing of those while an answer is pending. The AI chat
 * regenerates and edits only on a server that replaces the stored tail (`canReplaceLast`) and in a
 * conversation it has named; the ELK agent, whose server keeps a session, only retries.
 */
export function chatMessageActions(
  state: ChatState,
  channel: ChatChannel,
  messageId: string,
): ChatMessageActions {
  const { messages, conversationId } = state.conversations[channel];
  const index = messages.findIndex((message) => message.id === messageId);
  const message = messages[index];
  const none = { canCopy: false, canRetry: false, canRegenerate: false, canEdit: false };
  if (!message) return none;
  const isArriving = message.status === 'pending' || message.status === 'streaming';
  const canCopy = message.type === 0 && !isArriving && message.message.trim() !== '';
  const exchange = lastExchange(messages);
  if (!exchange || state.pendingResponse) return { ...none, canCopy };
  const { question, answer } = exchange;
  const isFailed = answer.status === 'error';
  const canReplace =
    channel === 'knowledge' || (channel === 'openai' && state.canReplaceLast && conversationId !== '');
  return {
    canCopy,
    canRetry: message === answer && isFailed,
    canRegenerate: message === answer && !isFailed && canReplace,
    canEdit: message === question && (isFailed ? channel !== 'elk' : canReplace),
  };
}

/** The last question and its answer, when the conversation ends with an answered question. */
function lastExchange(
  messages: readonly ChatMessage[],
): { question: ChatMessage; answer: ChatMessage } | null {
  const question = messages.at(-2);
  const answer = messages.at(-1);
  if (!question || !answer || question.type !== 1 || answer.type !== 0) return null;
  if (answer.status === 'pending' || answer.status === 'streaming') return null;
  return { question, answer };
}

/** The session ended: the server no longer knows who asks. */
const isSessionExpired = (error: DigitalAssistantError) => error.status === 401;

/** Conversations the server has not got for this person: deleted, someone else's, or a malformed id. */
const isMissingConversation = (error: DigitalAssistantError) =>
  error.status === 404 || error.status === 403 || error.status === 400;

function errorOf(channel: ChatChannel, error: DigitalAssistantError): ChatMessageError {
  // ELK shows the error body's text; the other chats show the spec's message (the server's reason beside it).
  const text = channel === 'elk' ? error.message : chatMessages.fetchFailed;
  // The server's reason for a missing model speaks to administrators; the person asking is told in their words.
  const detail = error.code === 'model_not_configured' ? chatMessages.modelMissing : error.message;
  return { text, detail, code: String(error.code), status: error.status };
}

/**
 * Creates the chat store.
 * @example
 * const chat = createChatStore({ client, transport: createSseChatTransport(client) });
 * chat.setUser({ email: 'ada@example.com' }); // loads the History once
 * await chat.send('How do I reset my password?');
 */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const { client, transport } = options;
  const scheduleUpdate = options.scheduleUpdate ?? nextFrame;
  const logger = options.logger ?? console;
  const history = options.history ?? createChatHistoryQuery({ client, logger });
  let storage = options.storage;
  let onSessionExpired = options.onSessionExpired;
  const store = createStore<ChatState>(initialState());
  const get = store.getSnapshot;
  const set = (patch: Partial<ChatState> | ((state: ChatState) => Partial<ChatState>)) =>
    store.setState((state) => ({ ...state, ...(typeof patch === 'function' ? patch(state) : patch) }));

  let nextId = 1;
  let pending: { controller: AbortController; channel: ChatChannel } | null = null;
  /** Bumped when the AI conversation is replaced, so late answers and loads do not land in the next one. */
  let openaiGeneration = 0;
  /** Bumped when the user changes, so nothing of one user's reaches the next. */
  let userGeneration = 0;
  let historyRequestedFor: string | null = null;
  /** Questions sent in place of the AI conversation's last one: asked again, they replace it again. */
  const replacingQuestions = new WeakSet<ChatMessage>();

  const replaceLastSupported = () => {
    if (!get().canReplaceLast) set({ canReplaceLast: true });
  };

  const setConversation = (channel: ChatChannel, update: (conversation: Conversation) => Conversation) =>
    set((state) => ({
      conversations: { ...state.conversations, [channel]: update(state.conversations[channel]) },
    }));

  const chats = Object.fromEntries(
    CHANNELS.map((channel) => [
      channel,
      createChat({
        channel,
        transport,
        state: {
          get: () => get().conversations[channel],
          update: (change) => setConversation(channel, change),
        },
        newId: () => `m${nextId++}`,
        scheduleUpdate,
      }),
    ]),
  ) as Record<ChatChannel, Chat>;
  const patchMessage = (
    channel: ChatChannel,
    id: string,
    update: (message: ChatMessage) => Partial<ChatMessage> | null,
  ) => chats[channel].patchMessage(id, update);

  const replaceOpenaiConversation = (conversation: Conversation) => {
    openaiGeneration += 1;
    setConversation('openai', () => conversation);
  };

  const canSend = (prompt: string) => !get().pendingResponse && isValidPrompt(prompt);

  function requestFor(
    channel: ChatChannel,
    prompt: string,
    state: ChatState,
    isReplacingLast: boolean,
    attachments: readonly string[] = [],
  ): ChatRequest {
    const request = requestWithoutFiles(channel, prompt, state, isReplacingLast);
    if (attachments.length === 0 || channel === 'elk') return request;
    return { ...request, body: { ...request.body, Attachments: [...attachments] } } as ChatRequest;
  }

  function requestWithoutFiles(
    channel: ChatChannel,
    prompt: string,
    state: ChatState,
    isReplacingLast: boolean,
  ): ChatRequest {
    if (channel === 'openai') {
      const { conversationId } = state.conversations.openai;
      return {
        channel,
        body: conversationId
          ? {
              Message: prompt,
              ConversationId: conversationId,
              ...(isReplacingLast ? { ReplaceLastQuestion: true } : {}),
            }
          : { Message: prompt },
      };
    }
    if (channel === 'elk') return { channel, body: { message: prompt } };
    const code = findChatDepartment(state.department)?.code;
    return {
      channel,
      body: {
        message: prompt,
        ...(code ? { Department: code } : {}),
        ...(state.isAdminChat ? { Chat: 'admin' as const } : {}),
      },
    };
  }

  /** A new AI conversation gets its id on its first answer and goes to the top of the History. */
  function adoptConversation(generation: number, answer: GptChatResponse) {
    if (generation !== openaiGeneration || !answer.ConversationId) return;
    const conversationId = answer.ConversationId;
    setConversation('openai', (conversation) =>
      conversation.conversationId
        ? conversation
        : {
            ...conversation,
            conversationId,
            active: true,
            messages: conversation.messages.map((message) =>
              message.conversationId ? message : { ...message, conversationId },
            ),
          },
    );
    history.setItems((items) =>
      items.some((entry) => entry.conversationId === conversationId)
        ? items
        : [{ conversationId, chipSummary: answer.ChipSummary ?? '' }, ...items],
    );
  }

  /**
   * After stopping a new AI conversation's first answer, the server has kept what was said under an id
   * the answer never brought: the server named it before answering (`announced`), or the History does.
   */
  async function adoptStoppedConversation(generation: number, user: number, announced: string | null) {
    const known = new Set(history.getSnapshot().items.map((entry) => entry.conversationId));
    const items = await history.fetch();
    if (!items || user !== userGeneration) return;
    const created = announced ?? items.find((item) => !known.has(item.conversationId))?.conversationId;
    if (created && generation === openaiGeneration && !get().conversations.openai.conversationId) {
      setConversation('openai', (conversation) => ({
        ...conversation,
        conversationId: created,
        messages: conversation.messages.map((message) => ({ ...message, conversationId: created })),
      }));
    }
  }

  async function send(
    prompt: string,
    sendOptions: { channel?: ChatChannel; isReplacingLast?: boolean; attachments?: readonly string[] } = {},
  ): Promise<boolean> {
    if (!canSend(prompt)) return false;
    const state = get();
    const channel = sendOptions.channel ?? state.selection;
    const isReplacingLast = channel === 'openai' && sendOptions.isReplacingLast === true;
    const request = requestFor(channel, prompt, state, isReplacingLast, sendOptions.attachments);
    const department = state.department;
    const conversationId = channel === 'openai' ? state.conversations.openai.conversationId : '';
    const isNewConversation = channel === 'openai' && !conversationId;
    const generation = openaiGeneration;
    const user = userGeneration;
    const controller = new AbortController();
    pending = { controller, channel };
    const wasActive = state.conversations[channel].active;
    let announcedId: string | null = null;
    const { question, answer, outcome } = chats[channel].ask(prompt, {
      request,
      signal: controller.signal,
      conversationId,
      ...(channel === 'knowledge' ? { department } : {}),
      ...(channel !== 'elk' && sendOptions.attachments?.length
        ? { attachments: [...sendOptions.attachments] }
        : {}),
      onConversationId: (id) => {
        announcedId = id;
      },
      onReplaceLastSupported: replaceLastSupported,
    });
    if (isReplacingLast) replacingQuestions.add(question);
    set((current) => ({
      pendingResponse: true,
      pendingChannel: channel,
      // The composer's text is sent: its draft is done with.
      ...(current.drafts[channel] === prompt ? { drafts: { ...current.drafts, [channel]: '' } } : {}),
    }));

    let hasSessionExpired = false;
    try {
      const result = await outcome;
      if (result.kind === 'answered') {
        if (isNewConversation) adoptConversation(generation, result.data as GptChatResponse);
      } else if (result.kind === 'stopped') {
        if (isNewConversation && user === userGeneration) {
          void adoptStoppedConversation(generation, user, announcedId);
        }
      } else if (isSessionExpired(result.error) && onSessionExpired && user === userGeneration) {
        // Nobody answered it: the question leaves the conversation for its draft, to be sent again
        // once the person has signed in.
        hasSessionExpired = true;
        setConversation(channel, (conversation) => ({
          ...conversation,
          active: wasActive,
          messages: conversation.messages.filter(
            (message) => message.id !== question.id && message.id !== answer.id,
          ),
        }));
        set((current) => {
          const typed = current.drafts[channel];
          return { drafts: { ...current.drafts, [channel]: typed ? `${prompt}\n${typed}` : prompt } };
        });
      } else {
        patchMessage(channel, answer.id, () => ({ status: 'error', error: errorOf(channel, result.error) }));
      }
    } finally {
      if (pending?.controller === controller) {
        pending = null;
        set({ pendingResponse: false, pendingChannel: null });
      }
    }
    if (hasSessionExpired) onSessionExpired?.();
    return true;
  }

  function stop() {
    pending?.controller.abort();
  }

  /**
   * Takes the channel's last question and answer out and sends `prompt` in their place: the AI chat
   * asks the server to replace them too when they were answered, or when the failed question was
   * itself a replacement (a failed answer leaves the server's conversation as it was).
   */
  function resend(
    channel: ChatChannel,
    prompt: string,
    allowed: keyof ChatMessageActions,
    messageOf: 'question' | 'answer',
  ) {
    const state = get();
    const exchange = lastExchange(state.conversations[channel].messages);
    if (!exchange || !isValidPrompt(prompt)) return Promise.resolve(false);
    if (!chatMessageActions(state, channel, exchange[messageOf].id)[allowed]) return Promise.resolve(false);
    const { question, answer } = exchange;
    const isReplacingLast = answer.status !== 'error' || replacingQuestions.has(question);
    setConversation(channel, (conversation) => ({
      ...conversation,
      messages: conversation.messages.filter((message) => message !== question && message !== answer),
    }));
    // The files the question carried go with it again: the new answer still reads them.
    return send(prompt, {
      channel,
      isReplacingLast,
      ...(question.attachments ? { attachments: question.attachments } : {}),
    });
  }

  const lastQuestionText = (channel: ChatChannel) =>
    lastExchange(get().conversations[channel].messages)?.question.message ?? '';

  function retry(channel: ChatChannel = get().selection) {
    return resend(channel, lastQuestionText(channel), 'canRetry', 'answer');
  }

  function regenerate(channel: ChatChannel = get().selection) {
    return resend(channel, lastQuestionText(channel), 'canRegenerate', 'answer');
  }

  function editLastQuestion(prompt: string, channel: ChatChannel = get().selection) {
    return resend(channel, prompt, 'canEdit', 'question');
  }

  function setDraft(channel: ChatChannel, text: string) {
    if (get().drafts[channel] === text) return;
    set((state) => ({ drafts: { ...state.drafts, [channel]: text } }));
  }

  const stopChannel = (channel: ChatChannel) => {
    if (pending?.channel === channel) stop();
  };

  async function newTopic(channel: ChatChannel = 'openai') {
    stopChannel(channel);
    if (channel === 'openai') return replaceOpenaiConversation(emptyConversation());
    setConversation(channel, () => emptyConversation());
    if (channel === 'elk') {
      try {
        await unwrap(client.POST('/api/chat/elk/newtopic', { body: {} }));
      } catch (error) {
        logger.error('Error starting a new ELK topic', error);
      }
    }
  }

  function setConversationId(conversationId: string) {
    setConversation('openai', (conversation) => ({
      ...conversation,
      conversationId,
      active: conversationId !== '',
    }));
  }

  async function selectConversation(conversationId: string): Promise<ConversationOpenResult> {
    const state = get();
    const isCurrent = !conversationId || conversationId === state.conversations.openai.conversationId;
    if (!isCurrent) {
      stopChannel('openai');
      replaceOpenaiConversation({ conversationId, active: true, messages: [] });
    }
    if (state.selection !== 'openai') set({ selection: 'openai' });
    if (isCurrent) return 'current';
    const generation = openaiGeneration;
    const user = userGeneration;
    set({ isLoadingConversation: true });
    try {
      const data = await unwrap(
        client
          .POST('/api/chat/getConversation', { body: { ConversationId: conversationId } })
          .then((result) => {
            if (isReplaceLastSupported(result.response)) replaceLastSupported();
            return result;
          }),
      );
      // Another conversation was opened meanwhile: this one is no longer wanted.
      if (generation !== openaiGeneration) return 'failed';
      setConversation('openai', (conversation) => ({
        ...conversation,
        messages: data.Messages.map(
          (message): ChatMessage => ({
            id: `m${nextId++}`,
            type: message.type === 1 ? 1 : 0,
            message: message.message,
            conversationId,
            status: message.stopped ? 'stopped' : 'done',
            channel: 'openai',
            ...(message.id ? { answerId: message.id } : {}),
            ...(message.feedback ? { feedback: feedbackOf(message.feedback) } : {}),
            // The attached files' passages the answer cited (extension): listed under it as they were live.
            ...(message.sources && Object.keys(message.sources).length > 0
              ? { sources: message.sources }
              : {}),
          }),
        ),
      }));
      return 'opened';
    } catch (caught) {
      logger.error(chatMessages.conversationFailed, caught);
      const error = isDigitalAssistantError(caught) ? caught : toDigitalAssistantError(caught);
      if (generation !== openaiGeneration || user !== userGeneration) return 'failed';
      if (isSessionExpired(error) && onSessionExpired) {
        onSessionExpired();
        return 'failed';
      }
      if (!isMissingConversation(error)) return 'failed';
      // Deleted, someone else's, or never there: a new conversation instead, and not in the History.
      history.setItems((items) => items.filter((entry) => entry.conversationId !== conversationId));
      replaceOpenaiConversation(emptyConversation());
      return 'missing';
    } finally {
      if (generation === openaiGeneration) set({ isLoadingConversation: false });
    }
  }

  async function deleteConversation(conversationId: string): Promise<boolean> {
    try {
      await unwrap(client.POST('/api/chat/delete', { body: { ConversationId: conversationId } }));
    } catch (error) {
      logger.error(chatMessages.deleteFailed, error);
      return false;
    }
    history.setItems((items) => items.filter((entry) => entry.conversationId !== conversationId));
    if (get().conversations.openai.conversationId === conversationId) await newTopic('openai');
    return true;
  }

  function setUser(user: { email?: string | null } | null | undefined) {
    const email = user?.email || null;
    const state = get();
    if (email === state.userEmail) return;
    if (state.userEmail !== null) {
      // Another user, or signed out: nothing of the previous user's chat stays, here or in storage.
      stop();
      userGeneration += 1;
      openaiGeneration += 1;
      historyRequestedFor = null;
      history.reset();
      forgetStored(state.userEmail);
      const { selection, department, canReplaceLast, isAdminChat } = state;
      store.setState({ ...initialState(), selection, department, canReplaceLast, isAdminChat });
    }
    set({ userEmail: email });
    if (email) restoreStored(email);
    if (email && historyRequestedFor !== email) {
      historyRequestedFor = email;
      void history.fetch();
    }
  }

  // Kept across reloads: the drafts as they change, the knowledge thread once no answer is arriving
  // in it; only after what was kept for the user has been read back.
  let keptDrafts: ChatState['drafts'] | null = null;
  let keptKnowledge: Conversation | null = null;
  let restoredFor: string | null = null;

  function keep() {
    const state = get();
    if (!storage || !state.userEmail || restoredFor !== state.userEmail) return;
    if (state.drafts !== keptDrafts) {
      keptDrafts = state.drafts;
      const drafts = Object.fromEntries(Object.entries(state.drafts).filter(([, text]) => text !== ''));
      writeStored(
        storage,
        CHAT_STORAGE_KEYS.drafts,
        state.userEmail,
        Object.keys(drafts).length > 0 ? drafts : null,
      );
    }
    const knowledge = state.conversations.knowledge;
    const last = knowledge.messages.at(-1)?.status;
    if (knowledge !== keptKnowledge && last !== 'pending' && last !== 'streaming') {
      keptKnowledge = knowledge;
      const messages = knowledge.messages.map(toStoredMessage);
      writeStored(
        storage,
        CHAT_STORAGE_KEYS.knowledge,
        state.userEmail,
        messages.length > 0 ? messages : null,
      );
    }
  }
  store.subscribe(keep);

  function restoreStored(email: string) {
    if (!storage) return;
    restoredFor = email;
    const drafts = toDrafts(readStored(storage, CHAT_STORAGE_KEYS.drafts, email));
    const messages = toStoredMessages(readStored(storage, CHAT_STORAGE_KEYS.knowledge, email));
    set((state) => {
      const restored: Record<ChatChannel, string> = { ...state.drafts };
      for (const [channel, text] of Object.entries(drafts) as [ChatChannel, string][]) {
        if (!restored[channel]) restored[channel] = text;
      }
      const knowledge = state.conversations.knowledge;
      const restoresThread = messages.length > 0 && knowledge.messages.length === 0;
      return {
        drafts: restored,
        ...(restoresThread
          ? {
              conversations: {
                ...state.conversations,
                knowledge: {
                  conversationId: '',
                  active: true,
                  messages: messages.map((message) => fromStoredMessage(message, `m${nextId++}`)),
                },
              },
            }
          : {}),
      };
    });
  }

  function forgetStored(email: string) {
    if (!storage) return;
    writeStored(storage, CHAT_STORAGE_KEYS.drafts, email, null);
    writeStored(storage, CHAT_STORAGE_KEYS.knowledge, email, null);
    keptDrafts = null;
    keptKnowledge = null;
    restoredFor = null;
  }

  function chooseChatType(selection: ChatSelection) {
    if (selection !== get().selection) set({ selection });
  }

  function chooseDepartment(department: ChatDepartmentName) {
    const state = get();
    if (state.selection !== 'knowledge' || state.department !== department) {
      set({ selection: 'knowledge', department });
    }
  }

  function toggleMetrics(messageId: string) {
    patchMessage('elk', messageId, (message) =>
      message.elk ? { elk: { ...message.elk, visible: !message.elk.visible } } : null,
    );
  }

  async function voteOnAnswer(
    channel: ChatChannel,
    messageId: string,
    feedback: ChatAnswerFeedback | null,
  ): Promise<boolean> {
    const message = get().conversations[channel].messages.find((candidate) => candidate.id === messageId);
    const answerId = message?.answerId;
    if (!message || !answerId) return false;
    const before = message.feedback;
    const user = userGeneration;
    const show = (shown: ChatAnswerFeedback | undefined) =>
      patchMessage(channel, messageId, (current) =>
        current.answerId === answerId ? { feedback: shown } : null,
      );
    show(feedback ?? undefined);
    try {
      const result = feedback
        ? await setAnswerFeedback(client, {
            AnswerId: answerId,
            vote: feedback.vote,
            ...(feedback.comment?.trim() ? { comment: feedback.comment.trim() } : {}),
          })
        : await deleteAnswerFeedback(client, answerId);
      if (result.unsupported) throw new Error(result.reason);
      if (user === userGeneration && 'vote' in result.data) {
        show(feedbackOf(result.data));
      }
      return true;
    } catch (error) {
      // Withdrawing a vote the server no longer has leaves no vote: that is what was asked.
      if (!feedback && isDigitalAssistantError(error) && error.status === 404) return true;
      logger.error(chatMessages.feedbackFailed, error);
      if (user === userGeneration) show(before);
      return false;
    }
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    history,
    voteOnAnswer,
    canSend,
    send,
    stop,
    setDraft,
    newTopic,
    setConversationId,
    selectConversation,
    deleteConversation,
    setUser,
    chooseChatType,
    chooseDepartment,
    toggleMetrics,
    setAdminChat: (isAdminChat) => {
      if (get().isAdminChat !== isAdminChat) set({ isAdminChat });
    },
    setStorage: (next) => {
      storage = next;
      keptDrafts = null;
      keptKnowledge = null;
      const email = get().userEmail;
      if (email) restoreStored(email);
    },
    setSessionExpiredHandler: (handler) => {
      onSessionExpired = handler;
    },
    retry,
    regenerate,
    editLastQuestion,
  };
}

function feedbackOf(feedback: { vote: 'up' | 'down'; comment?: string }): ChatAnswerFeedback {
  return { vote: feedback.vote, ...(feedback.comment ? { comment: feedback.comment } : {}) };
}

function toStoredMessage(message: ChatMessage): StoredChatMessage {
  const { status } = message;
  return {
    type: message.type,
    message: message.message,
    status: status === 'pending' || status === 'streaming' ? 'stopped' : status,
    ...(message.department ? { department: message.department } : {}),
    ...(message.attachments ? { attachments: message.attachments } : {}),
    ...(message.sources ? { sources: message.sources } : {}),
    ...(message.error ? { error: message.error } : {}),
    ...(message.answerId ? { answerId: message.answerId } : {}),
    ...(message.feedback ? { feedback: message.feedback } : {}),
  };
}

function fromStoredMessage(message: StoredChatMessage, id: string): ChatMessage {
  return {
    id,
    type: message.type,
    message: message.message,
    conversationId: '',
    status: message.status,
    channel: 'knowledge',
    ...(message.department ? { department: message.department } : {}),
    ...(Array.isArray(message.attachments) && message.attachments.every((id) => typeof id === 'string')
      ? { attachments: message.attachments }
      : {}),
    ...(message.sources ? { sources: message.sources } : {}),
    ...(message.error ? { error: message.error } : {}),
    ...(typeof message.answerId === 'string' ? { answerId: message.answerId } : {}),
    ...(message.feedback && (message.feedback.vote === 'up' || message.feedback.vote === 'down')
      ? { feedback: feedbackOf(message.feedback) }
      : {}),
  };
}

/**
 * The next animation frame where there is one (a browser), or 100 ms when none comes by then (a
 * hidden tab draws no frames, and an answer must still end); else the next task.
 */
function nextFrame(update: () => void): () => void {
  let isDone = false;
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => run()) : undefined;
  const timer = setTimeout(() => run(), frame === undefined ? 0 : 100);
  const cancel = () => {
    isDone = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  function run() {
    if (isDone) return;
    cancel();
    update();
  }
  return cancel;
}
