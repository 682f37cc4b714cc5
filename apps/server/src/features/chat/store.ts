// Storage of the AI chat: conversations belong to one user, and every query is scoped by that user,
// so another person's conversation is never found (the handlers answer 404).
import type { components } from '../../generated/contract.js';
import type { Queryable } from '../../platform/db/db.js';

type KnowledgeSource = components['schemas']['KnowledgeSource'];

export interface Conversation {
  id: string;
  summary: string;
}

/** A conversation in the History list: its label and when it started. */
export interface ListedConversation extends Conversation {
  created_at: Date;
}

/** A conversation that matched a History search: the first matching message when its label did not match. */
export interface ConversationMatch extends ListedConversation {
  title_matches: boolean;
  message: string | null;
}

export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  stopped: boolean;
  /** An answer's sources (the attached files' passages it cites), when it had any. */
  sources?: Record<string, KnowledgeSource> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of a question and of its answer (written with the question's first words, or not yet). */
export interface QuestionIds {
  questionId: string;
  answerId?: string;
}

function questionIds(rows: Array<{ id: string | number; role: string }>): QuestionIds {
  const answer = rows.find((row) => row.role === 'assistant');
  return {
    questionId: String(rows.find((row) => row.role === 'user')!.id),
    ...(answer ? { answerId: String(answer.id) } : {}),
  };
}

// The question and (when its first words are there) its answer, marked `stopped` until it is
// complete: a server that dies mid-answer leaves what was said, as a Stop does. Inserted in this
// order, so the answer's id follows the question's. `question` and `answer` name their parameters.
const questionAndAnswer = (question: string, answer: string) =>
  `SELECT message.position, message.role, message.content, message.role = 'assistant' AS stopped
     FROM (VALUES (1, 'user', ${question}::text), (2, 'assistant', ${answer}::text))
          AS message (position, role, content)
    WHERE message.content IS NOT NULL`;

/**
 * A new conversation with its first question and, when given, the first words of its answer, in
 * one statement.
 */
export async function createConversationWithQuestion(
  db: Queryable,
  conversation: { id: string; userId: string; summary: string; question: string; answer?: string },
): Promise<QuestionIds> {
  const { rows } = await db.query<{ id: string | number; role: string }>(
    `WITH conversation AS (
       INSERT INTO chat_conversations (id, user_id, summary) VALUES ($1, $2, $3) RETURNING id
     )
     INSERT INTO chat_messages (conversation_id, role, content, stopped)
     SELECT conversation.id, message.role, message.content, message.stopped
       FROM conversation, (${questionAndAnswer('$4', '$5')}) AS message
      ORDER BY message.position
     RETURNING id, role`,
    [
      conversation.id,
      conversation.userId,
      conversation.summary,
      conversation.question,
      conversation.answer ?? null,
    ],
  );
  return questionIds(rows);
}

/** A question in the conversation and, when given, the first words of its answer. */
export async function addQuestion(
  db: Queryable,
  conversationId: string,
  question: string,
  answer?: string,
): Promise<QuestionIds> {
  const { rows } = await db.query<{ id: string | number; role: string }>(
    `WITH touched AS (UPDATE chat_conversations SET updated_at = now() WHERE id = $1::uuid)
     INSERT INTO chat_messages (conversation_id, role, content, stopped)
     SELECT $1::uuid, message.role, message.content, message.stopped
       FROM (${questionAndAnswer('$2', '$3')}) AS message
      ORDER BY message.position
     RETURNING id, role`,
    [conversationId, question, answer ?? null],
  );
  return questionIds(rows);
}

/**
 * Writes the answer's text: so far (`stopped`, until it is complete) or whole. False when the answer
 * is gone (its conversation deleted meanwhile).
 */
export async function updateAnswer(
  db: Queryable,
  id: string,
  content: string,
  stopped: boolean,
  sources?: Record<string, KnowledgeSource>,
): Promise<boolean> {
  const { rows } = sources
    ? await db.query(
        'UPDATE chat_messages SET content = $2, stopped = $3, sources = $4::jsonb WHERE id = $1 RETURNING id',
        [id, content, stopped, JSON.stringify(sources)],
      )
    : await db.query('UPDATE chat_messages SET content = $2, stopped = $3 WHERE id = $1 RETURNING id', [
        id,
        content,
        stopped,
      ]);
  return rows.length > 0;
}

/** The user's conversation with this id; undefined when it is someone else's or does not exist. */
export async function findConversation(
  db: Queryable,
  userId: string,
  id: string,
): Promise<Conversation | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<Conversation>(
    'SELECT id, summary FROM chat_conversations WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  return rows[0];
}

/**
 * Renames the user's conversation (the model's label replacing the first question's), only while it
 * still has the label `previous`: a name the person gave it meanwhile stays.
 */
export async function setConversationSummary(
  db: Queryable,
  userId: string,
  id: string,
  summary: string,
  previous: string,
): Promise<void> {
  await db.query(
    'UPDATE chat_conversations SET summary = $3 WHERE id = $1 AND user_id = $2 AND summary = $4',
    [id, userId, summary, previous],
  );
}

/** The user's conversations, newest first. */
export async function listConversations(db: Queryable, userId: string): Promise<ListedConversation[]> {
  const { rows } = await db.query<ListedConversation>(
    `SELECT id, summary, created_at FROM chat_conversations WHERE user_id = $1
     ORDER BY created_at DESC, id DESC LIMIT 500`,
    [userId],
  );
  return rows;
}

/** Renames the user's conversation; undefined when it is someone else's or does not exist. */
export async function renameConversation(
  db: Queryable,
  userId: string,
  id: string,
  summary: string,
): Promise<ListedConversation | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<ListedConversation>(
    `UPDATE chat_conversations SET summary = $3 WHERE id = $1 AND user_id = $2
     RETURNING id, summary, created_at`,
    [id, userId, summary],
  );
  return rows[0];
}

/**
 * The user's conversations whose label or a message contains `text` (ignoring case), newest first,
 * with the first matching message of those whose label does not match. Only the user's rows are read:
 * their conversations through (user_id, created_at), each one's messages through
 * (conversation_id, id), so the cost grows with this person's own history, not everyone's.
 */
export async function searchConversations(
  db: Queryable,
  userId: string,
  text: string,
  limit: number,
): Promise<ConversationMatch[]> {
  const { rows } = await db.query<ConversationMatch>(
    `SELECT id, summary, created_at, title_matches, message
       FROM (SELECT conversation.id, conversation.summary, conversation.created_at,
                    strpos(lower(conversation.summary), lower($2)) > 0 AS title_matches,
                    CASE WHEN strpos(lower(conversation.summary), lower($2)) > 0 THEN NULL ELSE
                      (SELECT message.content FROM chat_messages message
                        WHERE message.conversation_id = conversation.id
                          AND strpos(lower(message.content), lower($2)) > 0
                        ORDER BY message.id LIMIT 1)
                    END AS message
               FROM chat_conversations conversation
              WHERE conversation.user_id = $1) AS found
      WHERE title_matches OR message IS NOT NULL
      ORDER BY created_at DESC, id DESC
      LIMIT $3`,
    [userId, text, limit],
  );
  return rows;
}

/** True when the user's conversation existed and is gone (with its messages). */
export async function deleteConversation(db: Queryable, userId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rows } = await db.query(
    'DELETE FROM chat_conversations WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

/** The conversation's messages, oldest first. */
export async function listMessages(db: Queryable, conversationId: string): Promise<StoredMessage[]> {
  const { rows } = await db.query<
    Omit<StoredMessage, 'sources'> & { id: string | number; sources: StoredMessage['sources'] | string }
  >(`SELECT id, role, content, stopped, sources FROM chat_messages WHERE conversation_id = $1 ORDER BY id`, [
    conversationId,
  ]);
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    sources: typeof row.sources === 'string' ? JSON.parse(row.sources) : row.sources,
  }));
}

/**
 * Deletes the conversation's messages from `fromId` up to (not including) `beforeId`: the tail a
 * regenerated or edited question replaced, once its answer has ended or been stopped.
 */
export async function deleteMessagesBetween(
  db: Queryable,
  conversationId: string,
  fromId: string,
  beforeId: string,
): Promise<void> {
  await db.query(
    'DELETE FROM chat_messages WHERE conversation_id = $1 AND id >= $2::bigint AND id < $3::bigint',
    [conversationId, fromId, beforeId],
  );
}

/** Takes back a question and its answer. */
export async function deleteMessages(db: Queryable, ids: readonly string[]): Promise<void> {
  await db.query('DELETE FROM chat_messages WHERE id = ANY($1::bigint[])', [ids]);
}
