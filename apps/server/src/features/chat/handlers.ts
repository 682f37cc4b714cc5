// The chat operations: knowledge chat (knowledgeChat), the AI chat with its history (gptChat,
// getChatHistory, getConversation, deleteConversation; the extensions searchChatHistory and
// renameConversation). Each question answers JSON, or server-sent
// events with `Accept: text/event-stream` (respond.ts), and is rate limited per user. The ELK agent's
// operations (elkChat, elkNewTopic) are the elk module's (features/elk), built on respond() too.
import { randomUUID } from 'node:crypto';
import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Handlers } from '../../platform/http/contract.js';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/http/errors.js';
import { chatRateLimit } from '../../platform/http/rate-limit.js';
import {
  defineHandlers,
  type OperationId,
  type TypedHandler,
  type TypedHandlerDefinition,
  type TypedRequest,
} from '../../platform/http/typed-handlers.js';
import { type ChatModel, type ModelMessage, respond } from '../../platform/llm/index.js';
import type { FeatureContext } from '../context.js';
import { keptAnswerId, votesOn } from '../feedback/index.js';
import {
  type AttachmentReader,
  canReadDepartment,
  DEPARTMENT_LABELS,
  type Department,
} from '../knowledge/index.js';
import { attachedAnswer } from './attached-answer.js';
import {
  conversationAttachments,
  createAttachmentHandlers,
  linkAttachments,
  pickAttachedPassages,
  resolveAttachments,
  unlinkAttachments,
} from './attachments.js';
import { messageSnippet, titleSnippet } from './history-search.js';
import { EXCERPTS, knowledgePieces, PASSAGES, retrieve, withAttached } from './knowledge-answer.js';
import {
  conversationLabel,
  estimateTokens,
  GPT_SYSTEM_PROMPT,
  LABEL_SYSTEM_PROMPT,
  MODEL_NOT_CONFIGURED_MESSAGE,
  modelLabel,
} from './prompts.js';
import {
  addQuestion,
  createConversationWithQuestion,
  deleteConversation,
  deleteMessages,
  deleteMessagesBetween,
  findConversation,
  listConversations,
  listMessages,
  type QuestionIds,
  renameConversation,
  type StoredMessage,
  searchConversations,
  setConversationSummary,
  updateAnswer,
} from './store.js';

/** How long the answer's end waits for the model's label of a new conversation (it lands later anyway). */
const LABEL_WAIT_MS = 1500;
/** How long the model may take to name a conversation before its first question stays the label. */
const LABEL_TIMEOUT_MS = 15_000;

/** The model's name for a conversation starting with `question`; undefined when it gives none. */
async function askLabel(model: ChatModel, question: string): Promise<string | undefined> {
  let answer = '';
  for await (const piece of model.stream({
    system: LABEL_SYSTEM_PROMPT,
    messages: [{ role: 'user', content: question }],
    signal: AbortSignal.timeout(LABEL_TIMEOUT_MS),
  })) {
    answer += piece;
    if (answer.length > 400) break;
  }
  return modelLabel(answer);
}

/** `promise`'s value if it settles within `ms`, else undefined (a rejection is undefined too). */
function within<T>(promise: Promise<T | undefined>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.catch(() => undefined),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Tells clients that gptChat takes `ReplaceLastQuestion` (the contract's extension header). */
const REPLACE_LAST_HEADER = 'x-chat-replace-last';

const noSuchConversation = () => notFound('There is no conversation with this id.');

/**
 * The most recent messages that fit `budget` tokens, oldest first. The newest message (the
 * question) is always kept.
 */
export function trimToBudget(messages: readonly StoredMessage[], budget: number): ModelMessage[] {
  const kept: ModelMessage[] = [];
  let used = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    const cost = estimateTokens(message.content);
    if (kept.length > 0 && used + cost > budget) break;
    used += cost;
    kept.unshift({ role: message.role, content: message.content });
  }
  // A conversation the model reads starts with the user.
  while (kept.length > 1 && kept[0]!.role !== 'user') kept.shift();
  return kept;
}

export function createChatHandlers(
  context: FeatureContext,
  model: ChatModel | undefined,
  attachmentReader: () => AttachmentReader,
): Handlers {
  const { db, config } = context;
  const limit = chatRateLimit(config);
  const limited = <Id extends OperationId>(
    handler: TypedHandler<Id>,
    authorize?: (request: TypedRequest<Id>) => void,
  ): TypedHandlerDefinition<Id> => ({
    handler,
    ...(authorize ? { authorize } : {}),
    ...(limit ? { rateLimit: limit } : {}),
  });

  // Before the rate limit: a department the caller may never read is 403, however often asked.
  const authorizeDepartment = (request: TypedRequest<'knowledgeChat'>) => {
    const identity = requireIdentity(request);
    const department: Department = request.body.Department ?? 'knowledge';
    if (!canReadDepartment({ role: identity.user.role, features: identity.features }, department)) {
      throw forbidden(
        `The ${DEPARTMENT_LABELS[department]} department needs the ${DEPARTMENT_LABELS[department]} capability: ask an administrator for it.`,
      );
    }
    // Only those who have the admin chat ask as it (their answers are kept as the admin chat's).
    if (request.body.Chat === 'admin' && !identity.features.has('chat_admin')) {
      throw forbidden('The admin chat needs the chat_admin capability: ask an administrator for it.');
    }
  };

  const knowledgeChat: TypedHandler<'knowledgeChat'> = async (request, reply) => {
    const identity = requireIdentity(request);
    const department: Department = request.body.Department ?? 'knowledge';
    const viewer = { role: identity.user.role, features: identity.features };
    const question = request.body.message;
    const attached = await resolveAttachments(
      db,
      identity.user.id,
      request.body.Attachments,
      undefined,
      config.attachmentMaxTotalBytes,
    );
    const searched = await retrieve(
      db,
      question,
      viewer,
      department,
      model ? 'model' : 'excerpts',
      context.knowledgeVectors,
    );
    const retrieved = withAttached(
      searched,
      pickAttachedPassages(attached, question, model ? PASSAGES : EXCERPTS),
    );
    const answerField = department === 'it' ? 'raw_response' : 'response';
    return respond(request, reply, {
      sources: retrieved.sources,
      pieces: (signal) => knowledgePieces(retrieved, question, department, model, signal),
      finish: async (text) => ({
        [answerField]: text,
        sources: retrieved.sources,
        ...(await keptAnswerId(db, request.log, {
          userId: identity.user.id,
          // The admin chat asks the Knowledge department too: it says which chat it is.
          chat: request.body.Chat === 'admin' ? 'admin' : 'knowledge',
          department: request.body.Department ?? null,
          question,
          answer: text,
          sources: retrieved.sources,
        })),
      }),
      stop: async () => {},
      fail: async () => {},
    });
  };

  const gptChat: TypedHandler<'gptChat'> = async (request, reply) => {
    const identity = requireIdentity(request);
    const { Message: question, ConversationId: requestedId, ReplaceLastQuestion } = request.body;
    const notConfigured = () => new HttpError(501, 'model_not_configured', MODEL_NOT_CONFIGURED_MESSAGE);
    // Without a model only a conversation about attached files is answered (with their excerpts).
    if (!model && !request.body.Attachments?.length && !requestedId) throw notConfigured();
    const userId = identity.user.id;
    const existing = requestedId ? await findConversation(db, userId, requestedId) : undefined;
    if (requestedId && !existing) throw noSuchConversation();
    const attached = await resolveAttachments(
      db,
      userId,
      request.body.Attachments,
      existing?.id,
      config.attachmentMaxTotalBytes,
    );
    const earlierFiles = existing ? await conversationAttachments(db, existing.id) : [];
    const files = [
      ...earlierFiles,
      ...attached.filter((file) => !earlierFiles.some((e) => e.id === file.id)),
    ];
    if (!model && files.length === 0) throw notConfigured();
    const stored = existing ? await listMessages(db, existing.id) : [];
    // Regenerate or edit and resend: the last question and what follows it give way to this one.
    const lastQuestion = ReplaceLastQuestion
      ? stored.findLastIndex((message) => message.role === 'user')
      : -1;
    const replaceFrom = lastQuestion >= 0 ? stored[lastQuestion]!.id : undefined;
    const earlier = lastQuestion >= 0 ? stored.slice(0, lastQuestion) : stored;
    const messages = trimToBudget(
      [...earlier, { id: '', role: 'user', content: question, stopped: false }],
      config.llm.contextTokens - estimateTokens(GPT_SYSTEM_PROMPT),
    );
    const answer = attachedAnswer(files, question, messages, model);
    const conversation = existing ?? { id: randomUUID(), summary: conversationLabel(question) };
    // The question (and a new conversation) are written with the model's first words once they are
    // on their way to the client: no database write is on the way to the first word (on PGlite a
    // write holds the server's thread). The answer is kept as it grows, marked stopped until it is
    // complete, so a server that dies mid-answer leaves what was said. Every ending waits for that
    // first write, so the answer always follows its question; an answer that never started writes
    // nothing.
    let saving: Promise<QuestionIds> | undefined;
    const save = (firstWords?: string) => {
      saving ??= (
        existing
          ? addQuestion(db, conversation.id, question, firstWords)
          : createConversationWithQuestion(db, { ...conversation, userId, question, answer: firstWords })
      ).then(async (ids) => {
        // The files attached to this question are the conversation's now (and go with it).
        await linkAttachments(
          db,
          userId,
          attached.map((file) => file.id),
          conversation.id,
        );
        return ids;
      });
      return saving;
    };
    // The tail a regenerated or edited question replaces goes once its answer has ended or been
    // stopped, so an answer that fails leaves the conversation as it was (and asking again is the
    // same replacement).
    const dropReplaced = async (questionId: string) => {
      if (replaceFrom) await deleteMessagesBetween(db, conversation.id, replaceFrom, questionId);
    };
    // A new conversation is labelled by the model (asked once the answer has started, beside it):
    // its first question is the label until then, and stays it when the model gives none. A label
    // later than the answer's end still lands, for the history.
    let labelled: Promise<string | undefined> | undefined;
    const label = () => {
      if (existing || !model) return;
      // Resolves once the label is stored (after the conversation's own write), to the label.
      labelled = askLabel(model, question)
        .then(async (name) => {
          if (!name || name === conversation.summary) return undefined;
          await saving;
          // Not over a name the person gave it meanwhile (rename).
          await setConversationSummary(db, userId, conversation.id, name, conversation.summary);
          return name;
        })
        .catch(() => undefined);
    };
    // Known before the answer: a client that stops a new conversation's answer can still open it.
    reply.header('x-conversation-id', conversation.id);
    reply.header(REPLACE_LAST_HEADER, 'supported');
    return respond(request, reply, {
      ...(answer.sources ? { sources: answer.sources } : {}),
      pieces: (signal) => answer.pieces(signal),
      started: (firstWords) => {
        save(firstWords).catch(() => {}); // Awaited (and so reported) by the ending.
        label();
      },
      progress: async (text) => {
        const { answerId } = await save();
        if (answerId) await updateAnswer(db, answerId, text, true);
      },
      finish: async (text) => {
        const { questionId, answerId } = await save(text);
        if (!answerId || !(await updateAnswer(db, answerId, text, false, answer.sources))) {
          throw notFound('The conversation was deleted while it was being answered.');
        }
        await dropReplaced(questionId);
        const name = labelled ? await within(labelled, LABEL_WAIT_MS) : undefined;
        return {
          Answer: text,
          AnswerId: answerId,
          ConversationId: conversation.id,
          ChipSummary: name ?? conversation.summary,
          ...(answer.sources ? { sources: answer.sources } : {}),
        };
      },
      // Stopped before its first word, the question is still kept (the client was told the id).
      stop: async (text) => {
        const { questionId, answerId } = await save(text || undefined);
        if (answerId) await updateAnswer(db, answerId, text, true, answer.sources);
        await dropReplaced(questionId);
      },
      // No answer: the question is taken back (with what was kept of the answer, and a conversation
      // it started), so asking again does not leave it twice.
      fail: async () => {
        const ids = await saving?.catch(() => undefined);
        if (!ids) return;
        if (!existing) {
          // The question's files outlive the conversation they would have started: asked again
          // (retry), the same files are read.
          await unlinkAttachments(
            db,
            userId,
            attached.map((file) => file.id),
            conversation.id,
          );
          await deleteConversation(db, userId, conversation.id);
        } else await deleteMessages(db, ids.answerId ? [ids.questionId, ids.answerId] : [ids.questionId]);
      },
    });
  };

  const attachments = createAttachmentHandlers(context, attachmentReader);
  return defineHandlers({
    knowledgeChat: limited(knowledgeChat, authorizeDepartment),
    getChatAttachmentLimits: attachments.getChatAttachmentLimits,
    uploadChatAttachments: limited(attachments.uploadChatAttachments),
    gptChat: limited(gptChat),

    async getChatHistory(request) {
      const { user } = requireIdentity(request);
      const conversations = await listConversations(db, user.id);
      return {
        History: conversations.map((conversation) => ({
          ConversationId: conversation.id,
          ChipSummary: conversation.summary,
          CreatedAt: new Date(conversation.created_at).toISOString(),
        })),
      };
    },

    async searchChatHistory(request) {
      const { user } = requireIdentity(request);
      const text = request.query.q.trim();
      if (!text) throw badRequest('Type something to search for.');
      const matches = await searchConversations(db, user.id, text, request.query.limit ?? 50);
      return {
        Results: matches.map((match) => {
          const snippet =
            match.title_matches || match.message === null
              ? titleSnippet(match.summary, text)
              : messageSnippet(match.message, text);
          return {
            ConversationId: match.id,
            ChipSummary: match.summary,
            CreatedAt: new Date(match.created_at).toISOString(),
            Field: match.title_matches ? ('title' as const) : ('message' as const),
            Snippet: snippet.text,
            Highlights: snippet.highlights,
          };
        }),
      };
    },

    async renameConversation(request) {
      const { user } = requireIdentity(request);
      const label = request.body.ChipSummary.trim();
      if (!label) throw badRequest('A conversation needs a name.');
      const renamed = await renameConversation(db, user.id, request.body.ConversationId, label);
      if (!renamed) throw noSuchConversation();
      return {
        ConversationId: renamed.id,
        ChipSummary: renamed.summary,
        CreatedAt: new Date(renamed.created_at).toISOString(),
      };
    },

    async getConversation(request, reply) {
      const { user } = requireIdentity(request);
      const conversation = await findConversation(db, user.id, request.body.ConversationId);
      if (!conversation) throw noSuchConversation();
      const messages = await listMessages(db, conversation.id);
      const votes = await votesOn(
        db,
        user.id,
        messages.filter((message) => message.role === 'assistant').map((message) => message.id),
      );
      reply.header(REPLACE_LAST_HEADER, 'supported');
      return {
        ConversationId: conversation.id,
        ChipSummary: conversation.summary,
        Messages: messages.map((message) => ({
          type: message.role === 'user' ? 1 : 0,
          message: message.content,
          ...(message.role === 'assistant' ? { id: message.id } : {}),
          ...(message.stopped ? { stopped: true } : {}),
          // The attached files' passages the answer cited, shown under it again (extension).
          ...(message.sources && Object.keys(message.sources).length > 0 ? { sources: message.sources } : {}),
          ...(votes.has(message.id) ? { feedback: votes.get(message.id) } : {}),
        })),
      };
    },

    async deleteConversation(request) {
      const { user } = requireIdentity(request);
      if (!(await deleteConversation(db, user.id, request.body.ConversationId))) throw noSuchConversation();
      return { message: 'Conversation deleted.' };
    },
  });
}
