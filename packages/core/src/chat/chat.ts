/**
 * One conversation, as the AI SDK's `AbstractChat` is one: its messages live in a state it is given
 * (`ConversationState`, here a slice of the chat store's snapshot), and it asks through a
 * {@link ChatTransport}, streaming the answer into its message a frame at a time. What spans the
 * conversations (one answer pending at a time, drafts, the History, the session) is the chat store's.
 */
import {
  type DigitalAssistantError,
  type ElkChatResponse,
  type GptChatResponse,
  isDigitalAssistantError,
  type KnowledgeChatResponse,
  toDigitalAssistantError,
} from '@digital-assistant/sdk';
import {
  type ChatChannel,
  type ChatDepartmentName,
  elkAnswerContent,
  gptAnswerContent,
  knowledgeAnswerContent,
} from './chat-rules';
import type { ChatMessage, Conversation } from './chat-store';
import type { ChatAnswer, ChatRequest, ChatTransport } from './transport';

/** Where a conversation's messages are kept: read and replaced, never mutated. */
export interface ConversationState {
  /** The conversation as it is now. */
  get(): Conversation;
  /** Replaces the conversation with what `change` makes of it. */
  update(change: (conversation: Conversation) => Conversation): void;
}

/** How an asked question ended. */
export type ChatAskOutcome =
  | { kind: 'answered'; data: ChatAnswer }
  | { kind: 'stopped' }
  | { kind: 'failed'; error: DigitalAssistantError };

/** What {@link Chat.ask} needs besides the question. */
export interface ChatAskOptions {
  /** What the transport sends (the store builds it: department, conversation, replace-last). */
  request: ChatRequest;
  /** Stops the answer when aborted. */
  signal: AbortSignal;
  /** The conversation the question belongs to (`''` until the server names it). */
  conversationId: string;
  /** For a knowledge question: the department asked. */
  department?: ChatDepartmentName;
  /** The ids of the files attached to the question (kept on its message). */
  attachments?: readonly string[];
  /** The server named the conversation before answering (a streamed answer). */
  onConversationId?: (conversationId: string) => void;
  /** The server said it replaces the conversation's last question. */
  onReplaceLastSupported?: () => void;
}

/** One conversation (see the module's header). */
export interface Chat {
  /** The channel this conversation is asked on. */
  readonly channel: ChatChannel;
  /**
   * Adds `prompt` and a pending answer at once (both returned), streams the answer into it, and
   * `outcome` resolves how it ended: an answer (its message done, or an error the answer itself
   * carries), stopped (what came stays, `stopped`), or failed (the message still pending: the caller
   * says what to show).
   */
  ask(
    prompt: string,
    options: ChatAskOptions,
  ): { question: ChatMessage; answer: ChatMessage; outcome: Promise<ChatAskOutcome> };
  /** Changes one message; `null` from `update` leaves it as it is. */
  patchMessage(id: string, update: (message: ChatMessage) => Partial<ChatMessage> | null): void;
}

/** What {@link createChat} needs. */
export interface ChatOptions {
  /** The channel asked: the AI chat, a knowledge department or the ELK agent. */
  channel: ChatChannel;
  /** How questions are sent (streamed or JSON). */
  transport: ChatTransport;
  /** Where the conversation's messages are kept. */
  state: ConversationState;
  /** A new message id, unique in the store. */
  newId: () => string;
  /** Runs `update` when the screen can next show streamed text (see the store's option). */
  scheduleUpdate: (update: () => void) => () => void;
}

/** Creates one conversation over its injected state. */
export function createChat({ channel, transport, state, newId, scheduleUpdate }: ChatOptions): Chat {
  function patchMessage(id: string, update: (message: ChatMessage) => Partial<ChatMessage> | null) {
    state.update((conversation) => {
      const index = conversation.messages.findIndex((message) => message.id === id);
      const current = conversation.messages[index];
      if (!current) return conversation;
      const patch = update(current);
      if (!patch) return conversation;
      const messages = [...conversation.messages];
      messages[index] = { ...current, ...patch };
      return { ...conversation, messages };
    });
  }

  function finish(id: string, data: ChatAnswer, department: ChatDepartmentName | undefined) {
    const content =
      channel === 'openai'
        ? gptAnswerContent(data as GptChatResponse)
        : channel === 'knowledge'
          ? knowledgeAnswerContent(data as KnowledgeChatResponse, department!)
          : elkAnswerContent(data as ElkChatResponse);
    // The AI chat's answer has sources when the question carried files (extension).
    const sources = channel !== 'elk' ? (data as KnowledgeChatResponse).sources : undefined;
    // A stored answer's id (extension): the answer may be voted on.
    const answerId = (data as { AnswerId?: unknown }).AnswerId;
    patchMessage(id, (message) => ({
      message: content.error ? message.message : content.text,
      status: content.error ? 'error' : 'done',
      value: data,
      ...(sources ? { sources } : {}),
      ...(content.elk ? { elk: content.elk } : {}),
      ...(content.error ? { error: { text: content.error } } : {}),
      ...(typeof answerId === 'string' && answerId && !content.error ? { answerId } : {}),
    }));
  }

  function ask(prompt: string, options: ChatAskOptions) {
    const { department, conversationId } = options;
    const asked = { conversationId, channel, ...(channel === 'knowledge' ? { department } : {}) };
    const question: ChatMessage = {
      ...asked,
      id: newId(),
      type: 1,
      message: prompt,
      status: 'done',
      ...(options.attachments?.length ? { attachments: options.attachments } : {}),
    };
    const answer: ChatMessage = { ...asked, id: newId(), type: 0, message: '', status: 'pending' };
    state.update((conversation) => ({
      ...conversation,
      active: true,
      messages: [...conversation.messages, question, answer],
    }));
    return { question, answer, outcome: stream(answer, options) };
  }

  async function stream(answer: ChatMessage, options: ChatAskOptions): Promise<ChatAskOutcome> {
    const { signal, department } = options;

    let isFinished = false;
    let data: ChatAnswer | null = null;
    // Streamed text not yet in the state, put in a frame at a time (see TEXT_PER_FRAME).
    let unshown = '';
    let cancelShow: (() => void) | null = null;
    let onAllShown: (() => void) | null = null;
    let budget = TEXT_PER_FRAME.initial;
    let shownAt = 0;
    const showText = (isAll = false) => {
      cancelShow?.();
      cancelShow = null;
      // Stopped: nothing more is drawn, even in a frame that was already asked for.
      if (!unshown || signal.aborted) return;
      // The time since the last share was put in: how fast the page draws them.
      const now = performance.now();
      const sinceShown = now - shownAt;
      shownAt = now;
      if (sinceShown <= TEXT_PER_FRAME.fastFrameMs) budget = Math.min(budget * 2, TEXT_PER_FRAME.max);
      else if (sinceShown > TEXT_PER_FRAME.slowFrameMs) budget = Math.max(budget / 2, TEXT_PER_FRAME.initial);
      const end = isAll ? unshown.length : frameEnd(unshown, budget);
      const text = unshown.slice(0, end);
      unshown = unshown.slice(end);
      patchMessage(answer.id, (message) => ({ message: message.message + text, status: 'streaming' }));
      if (unshown) cancelShow = scheduleUpdate(() => showText());
      else onAllShown?.();
    };
    /** Resolves once every word that came is in the state, or when the answer is stopped. */
    const allShown = () =>
      unshown
        ? new Promise<void>((resolve) => {
            onAllShown = resolve;
            signal.addEventListener('abort', () => resolve(), { once: true });
          })
        : Promise.resolve();
    try {
      const events = transport.sendMessage(options.request, {
        signal,
        onConversationId: options.onConversationId,
        onReplaceLastSupported: options.onReplaceLastSupported,
      });
      for await (const event of events) {
        if (signal.aborted) break;
        if (event.type === 'delta') {
          unshown += event.text;
          cancelShow ??= scheduleUpdate(() => showText());
          continue;
        }
        if (event.type === 'sources') {
          patchMessage(answer.id, (message) => ({
            sources: event.sources,
            status: message.status === 'pending' ? 'streaming' : message.status,
          }));
        } else {
          // The answer is complete once the words before its end are all shown.
          await allShown();
          if (signal.aborted) break;
          isFinished = true;
          data = event.data;
          finish(answer.id, event.data, department);
        }
      }
      if (signal.aborted && !isFinished) throw signal.reason;
      if (!isFinished || !data) throw new Error('The answer ended without its final event');
      return { kind: 'answered', data };
    } catch (caught) {
      cancelShow?.();
      // Stopped, the answer stays as it is drawn; after an error, all that came is shown.
      if (signal.aborted) {
        unshown = '';
        patchMessage(answer.id, (message) =>
          message.status === 'pending' || message.status === 'streaming' ? { status: 'stopped' } : null,
        );
        return { kind: 'stopped' };
      }
      showText(true);
      const error = isDigitalAssistantError(caught) ? caught : toDigitalAssistantError(caught);
      return { kind: 'failed', error };
    }
  }

  return { channel, ask, patchMessage };
}

/**
 * How much streamed text is put in the state a frame when more has come than that: 4,096 characters
 * at first, doubled (up to 32,768) while the frames keep coming at 30 a second or more, halved when
 * one took longer than 1/15 s. So a whole answer arriving at once is drawn over a few frames, as
 * fast as the page draws it, none of which holds the page for long; a model streaming as fast as
 * it reads gives a few hundred characters a frame at most, all shown at once.
 */
const TEXT_PER_FRAME = { initial: 4096, max: 32_768, fastFrameMs: 34, slowFrameMs: 67 };

/** Where a frame's share of `text`, at most `budget` characters, ends: at a word's end when one is near. */
function frameEnd(text: string, budget: number): number {
  if (text.length <= budget) return text.length;
  const space = text.lastIndexOf(' ', budget);
  return space > budget / 2 ? space + 1 : budget;
}
