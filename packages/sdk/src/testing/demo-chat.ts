/**
 * The demo server's chat: the general AI chat with conversations kept in memory per user (history,
 * load, delete), the department knowledge chats with numbered sources (PGA only for the PGA role and
 * CORE_ADMINS, 403 otherwise), and the ELK agent with its metrics table. Every chat question answers
 * server-sent events when asked with `Accept: text/event-stream` (sources, then word deltas, then one
 * `done`, as the reference server streams), JSON otherwise. A client that disconnects mid-answer
 * leaves what was said so far in the conversation, flagged `stopped`, as on the reference server.
 */
import type {
  AnswerFeedback,
  ChatHistorySearchResult,
  ChatStreamEvent,
  ConversationMessage,
  Department,
  ElkChatResponse,
  GptChatResponse,
  KnowledgeChatResponse,
  KnowledgeSource,
  User,
} from '../types';
import { errorReply } from './contract-fake';
import type { ContractHandlers } from './operation-types';

/** One conversation of the general AI chat, as the demo server keeps it. */
export interface DemoConversation {
  ConversationId: string;
  ChipSummary: string;
  /** Who it belongs to (e-mail); others get 404. */
  owner: string;
  Messages: ConversationMessage[];
}

/** What the demo server holds of the chat. */
export interface DemoChatState {
  sessionUser: User | null;
  /** Every user's conversations, most recent first. */
  conversations: DemoConversation[];
  /** Questions each ELK session has seen since its last new topic, by user e-mail. */
  elkTopics: Map<string, string[]>;
}

/** Options of the demo chat (see `DemoServerOptions`). */
export interface DemoChatOptions {
  /**
   * Answer `Accept: text/event-stream` with server-sent events; `false` is a server without the
   * streaming extension, which answers JSON all the same.
   * @default true
   */
  isStreaming?: boolean;
  /**
   * Time (ms) between two streamed words, to watch an answer arrive or stop it midway.
   * @default 0
   */
  streamDelayMs?: number;
  /**
   * Take `ReplaceLastQuestion` (regenerate, edit and resend) and say so with the
   * `X-Chat-Replace-Last` header; `false` is a server without the extension, which adds the question.
   * @default true
   */
  canReplaceLast?: boolean;
  /** The general chat's answer to a question; by default it echoes the question. */
  answer?: (question: string, conversation: DemoConversation) => string;
  /**
   * Whether the server has a language model, said by `GET /api/auth` (`hasLanguageModel`) when
   * given; `false` also answers the AI chat with 501 `model_not_configured`, as the reference server
   * without one does. Not given: `GET /api/auth` does not say, and the AI chat answers.
   */
  hasLanguageModel?: boolean;
  /**
   * Answer feedback (extension): every answer carries an `AnswerId` (a loaded conversation's answers
   * their `id` and the caller's vote), and `PUT`/`DELETE /api/chat/feedback` vote on the caller's own
   * answers. Off by default, a server without it.
   * @default false
   */
  answerFeedback?: boolean;
}

const REPLACE_LAST_HEADER = 'x-chat-replace-last';

const PGA_ROLES = ['PGA', 'CORE_ADMINS'];

/** Demo passages per department code (`knowledge` for the Knowledge department). */
const PASSAGES: Record<string, KnowledgeSource[]> = {
  knowledge: [
    {
      context: 'Staff can ask the assistant about internal policies, tools and departments.',
      references: ['Handbook.docx'],
      document: 'Handbook.docx',
      location: 'page 1 · Introduction',
    },
  ],
  it: [
    {
      context: 'To reset your password, open the self-service portal and choose Forgot password.',
      references: ['IT guide.pdf'],
      document: 'IT guide.pdf',
      location: 'page 3 · Accounts > Passwords',
      snippet: 'open the self-service portal and choose **Forgot password**',
    },
    {
      context: 'The VPN client connects with your single sign-on account.',
      references: ['IT guide.pdf'],
      document: 'IT guide.pdf',
      location: 'page 5 · Remote access > VPN',
    },
  ],
  devops_preprod: [
    { context: 'Pre-production deploys run every weekday at 10:00.', references: ['Runbook.md'] },
  ],
  cs_preprod: [{ context: 'Customer tickets are answered within one working day.', references: ['CS.md'] }],
  pga: [{ context: 'The PGA go-live follows the blueprint sign-off.', references: ['PGA blueprint.pptx'] }],
  education: [{ context: 'Courses are booked through the learning portal.', references: ['Education.md'] }],
};

const words = (text: string) => text.match(/\S+\s*/g) ?? [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const summaryOf = (question: string) => {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
};

function wantsStream(headers: Headers, options: DemoChatOptions): boolean {
  return (options.isStreaming ?? true) && (headers.get('accept') ?? '').includes('text/event-stream');
}

/**
 * Streams an answer: the events before the text, its words as deltas (`onSent` after each, with the
 * text so far), then `done`. `onStopped` runs when the client disconnects first.
 */
function eventStream(
  text: string,
  done: ChatStreamEvent,
  options: DemoChatOptions & {
    before?: ChatStreamEvent[];
    onSent?: (sent: string) => void;
    onStopped?: () => void;
    headers?: Record<string, string>;
  },
): Response {
  const encoder = new TextEncoder();
  const frame = (event: ChatStreamEvent) =>
    encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  const pieces = words(text);
  let sent = '';
  let isCancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const event of options.before ?? []) controller.enqueue(frame(event));
      for (const piece of pieces) {
        if (options.streamDelayMs) await sleep(options.streamDelayMs);
        if (isCancelled) return;
        sent += piece;
        options.onSent?.(sent);
        controller.enqueue(frame({ type: 'delta', text: piece }));
      }
      controller.enqueue(frame(done));
      controller.close();
    },
    cancel() {
      isCancelled = true;
      options.onStopped?.();
    },
  });
  return new Response(body, {
    headers: { ...options.headers, 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
  });
}

/** The demo chat's handlers over a state. */
export function createDemoChatHandlers(
  state: DemoChatState,
  options: DemoChatOptions = {},
): ContractHandlers {
  let sequence = 0;
  const unauthenticated = () => errorReply(401, 'unauthenticated', 'Not signed in');
  const own = (id: string) =>
    state.conversations.find(
      (conversation) => conversation.ConversationId === id && conversation.owner === state.sessionUser?.email,
    );

  // Answer feedback: the answers by id (knowledge and ELK answers are kept only here), and the votes.
  let answerSequence = 0;
  const answers = new Map<string, { owner: string; message?: ConversationMessage }>();
  const keep = (owner: string, message?: ConversationMessage): { AnswerId?: string } => {
    if (!options.answerFeedback) return {};
    const AnswerId = String(++answerSequence);
    answers.set(AnswerId, { owner, ...(message ? { message } : {}) });
    if (message) message.id = AnswerId;
    return { AnswerId };
  };
  const votes = new Map<string, AnswerFeedback>();
  const voteKey = (email: string, answerId: string) => `${email} ${answerId}`;

  return {
    'PUT /api/chat/feedback': ({ body }) => {
      const user = state.sessionUser;
      if (!user) return unauthenticated();
      const answer = answers.get(body.AnswerId);
      if (!answer || answer.owner !== user.email) return errorReply(404, 'not_found', 'No such answer.');
      const comment = body.comment?.trim();
      const vote: AnswerFeedback = {
        AnswerId: body.AnswerId,
        vote: body.vote,
        ...(comment ? { comment } : {}),
        updated_at: new Date().toISOString(),
      };
      votes.set(voteKey(user.email, body.AnswerId), vote);
      if (answer.message) answer.message.feedback = vote;
      return { status: 200, body: vote };
    },
    'DELETE /api/chat/feedback': ({ query }) => {
      const user = state.sessionUser;
      if (!user) return unauthenticated();
      const answerId = String(query.AnswerId);
      if (!votes.delete(voteKey(user.email, answerId))) {
        return errorReply(404, 'not_found', 'No vote on this answer.');
      }
      const message = answers.get(answerId)?.message;
      if (message) delete message.feedback;
      return { status: 200, body: { message: 'Vote withdrawn.' } };
    },
    'POST /api/chat/gpt': ({ body, headers }) => {
      const user = state.sessionUser;
      if (!user) return unauthenticated();
      if (options.hasLanguageModel === false) {
        return errorReply(
          501,
          'model_not_configured',
          'The AI chat needs a language model, and none is configured on this server. An administrator sets LLM_BASE_URL and LLM_MODEL.',
        );
      }
      let conversation = body.ConversationId ? own(body.ConversationId) : undefined;
      if (body.ConversationId && !conversation) return errorReply(404, 'not_found', 'No such conversation');
      if (!conversation) {
        conversation = {
          ConversationId: `conversation-${++sequence}`,
          ChipSummary: summaryOf(body.Message),
          owner: user.email,
          Messages: [],
        };
      }
      const canReplaceLast = options.canReplaceLast !== false;
      if (canReplaceLast && body.ReplaceLastQuestion) {
        const last = conversation.Messages.findLastIndex((message) => message.type === 1);
        if (last >= 0) conversation.Messages.splice(last);
      }
      // The most recently used conversation comes first in the history.
      state.conversations = [conversation, ...state.conversations.filter((item) => item !== conversation)];
      conversation.Messages.push({ type: 1, message: body.Message });
      const Answer = options.answer?.(body.Message, conversation) ?? `You asked: ${body.Message}`;
      const data: GptChatResponse = {
        Answer,
        ConversationId: conversation.ConversationId,
        ChipSummary: conversation.ChipSummary,
      };
      const current = conversation;
      // The conversation is named before the answer (extension), so a stopped first answer can be opened.
      const named: Record<string, string> = {
        'x-conversation-id': current.ConversationId,
        ...(canReplaceLast ? { [REPLACE_LAST_HEADER]: 'supported' } : {}),
      };
      if (!wantsStream(headers, options)) {
        const answer: ConversationMessage = { type: 0, message: Answer };
        current.Messages.push(answer);
        Object.assign(data, keep(user.email, answer));
        return { status: 200, body: data, headers: named };
      }
      // Stored as it is said, so a disconnect keeps what was said so far.
      const answer: ConversationMessage = { type: 0, message: '' };
      current.Messages.push(answer);
      Object.assign(data, keep(user.email, answer));
      return eventStream(
        Answer,
        { type: 'done', data },
        {
          ...options,
          onSent: (sent) => {
            answer.message = sent;
          },
          onStopped: () => {
            answer.stopped = true;
          },
          headers: named,
        },
      );
    },
    'POST /api/chat': ({ body, headers }) => {
      const user = state.sessionUser;
      if (!user) return unauthenticated();
      const department: Department | undefined = body.Department;
      if (department === 'pga' && !PGA_ROLES.includes(user.role)) {
        return errorReply(403, 'forbidden', 'The PGA department needs the PGA capability.');
      }
      const passages = PASSAGES[department ?? 'knowledge'] ?? [];
      const sources = Object.fromEntries(passages.map((passage, index) => [String(index + 1), passage]));
      const text =
        passages.length === 0
          ? 'I found nothing about this in the knowledge base.'
          : `${passages.map((passage, index) => `${passage.context} [${index + 1}]`).join(' ')}`;
      const data: KnowledgeChatResponse = {
        ...(department === 'it' ? { raw_response: text } : { message: text }),
        sources,
        ...keep(user.email),
      };
      if (!wantsStream(headers, options)) return { status: 200, body: data };
      return eventStream(
        text,
        { type: 'done', data },
        { ...options, before: [{ type: 'sources', sources }] },
      );
    },
    'POST /api/chat/elk': ({ body, headers }) => {
      const user = state.sessionUser;
      if (!user) return unauthenticated();
      const topic = state.elkTopics.get(user.email) ?? [];
      topic.push(body.message);
      state.elkTopics.set(user.email, topic);
      const data: ElkChatResponse = {
        Summary: `Metrics for ${summaryOf(body.message)}`,
        Answer: '<table><tr><th>Metric</th><th>Value</th></tr><tr><td>CPU</td><td>42%</td></tr></table>',
        Answer_resource: { ResourceMachineType: 'n2-standard-4', ResourceTotalMemory: 16 },
        ...keep(user.email),
      };
      if (!wantsStream(headers, options)) return { status: 200, body: data };
      return eventStream(data.Summary ?? '', { type: 'done', data }, options);
    },
    'POST /api/chat/elk/newtopic': () => {
      const user = state.sessionUser;
      if (!user) return unauthenticated();
      state.elkTopics.delete(user.email);
      return { status: 200, body: { message: 'New topic started' } };
    },
    'POST /api/chat/getHistory': () => {
      const user = state.sessionUser;
      if (!user) return unauthenticated();
      return {
        status: 200,
        body: {
          History: state.conversations
            .filter((conversation) => conversation.owner === user.email)
            .map(({ ConversationId, ChipSummary }) => ({ ConversationId, ChipSummary })),
        },
      };
    },
    'POST /api/chat/getConversation': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const conversation = own(body.ConversationId);
      if (!conversation) return errorReply(404, 'not_found', 'No such conversation');
      const { ConversationId, ChipSummary, Messages } = conversation;
      return {
        status: 200,
        ...(options.canReplaceLast !== false ? { headers: { [REPLACE_LAST_HEADER]: 'supported' } } : {}),
        body: { ConversationId, ChipSummary, Messages: Messages.map((message) => ({ ...message })) },
      };
    },
    'GET /api/chat/history/search': ({ query }) => {
      const user = state.sessionUser;
      if (!user) return unauthenticated();
      const text = String(query.q ?? '')
        .trim()
        .toLowerCase();
      if (!text) return errorReply(400, 'validation_failed', 'Type something to search for.');
      const marks = (snippet: string) => {
        const found: Array<{ start: number; length: number }> = [];
        const lower = snippet.toLowerCase();
        for (let at = lower.indexOf(text); at !== -1; at = lower.indexOf(text, at + text.length))
          found.push({ start: at, length: text.length });
        return found;
      };
      const Results = state.conversations
        .filter((conversation) => conversation.owner === user.email)
        .flatMap(({ ConversationId, ChipSummary, Messages }): ChatHistorySearchResult[] => {
          if (ChipSummary.toLowerCase().includes(text))
            return [
              {
                ConversationId,
                ChipSummary,
                Field: 'title' as const,
                Snippet: ChipSummary,
                Highlights: marks(ChipSummary),
              },
            ];
          const message = Messages.find((item) => item.message.toLowerCase().includes(text));
          return message
            ? [
                {
                  ConversationId,
                  ChipSummary,
                  Field: 'message' as const,
                  Snippet: message.message,
                  Highlights: marks(message.message),
                },
              ]
            : [];
        })
        .slice(0, Number(query.limit ?? 50));
      return { status: 200, body: { Results } };
    },
    'POST /api/chat/rename': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const conversation = own(body.ConversationId);
      if (!conversation) return errorReply(404, 'not_found', 'No such conversation');
      const label = body.ChipSummary.trim();
      if (!label) return errorReply(400, 'validation_failed', 'A conversation needs a name.');
      conversation.ChipSummary = label;
      return { status: 200, body: { ConversationId: conversation.ConversationId, ChipSummary: label } };
    },
    'POST /api/chat/delete': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const conversation = own(body.ConversationId);
      if (!conversation) return errorReply(404, 'not_found', 'No such conversation');
      state.conversations = state.conversations.filter((item) => item !== conversation);
      return { status: 200, body: { message: 'Conversation deleted' } };
    },
  };
}
