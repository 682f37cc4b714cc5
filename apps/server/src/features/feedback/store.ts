// Storage of the votes on answers. A person votes only on their own answers (of their AI
// conversations, or the knowledge and ELK answers kept for them): every write is scoped by the
// voter, so another person's answer is never found (404).
import type { components } from '../../generated/contract.js';
import type { Queryable } from '../../platform/db/db.js';

export type Vote = 'up' | 'down';
export type FeedbackChat = 'ai' | 'knowledge' | 'admin' | 'elk';

export interface OwnVote {
  AnswerId: string;
  vote: Vote;
  comment?: string;
  updated_at: string;
}

export interface FeedbackFilter {
  chat?: FeedbackChat;
  department?: components['schemas']['Department'];
  vote?: Vote;
  from?: string;
  to?: string;
}

export type FeedbackRow = components['schemas']['AnswerFeedbackItem'];
type KnowledgeSource = components['schemas']['KnowledgeSource'];

/** A knowledge or ELK answer, kept so it can be voted on. */
export interface KeptAnswer {
  userId: string;
  chat: 'knowledge' | 'admin' | 'elk';
  department: components['schemas']['Department'] | null;
  question: string;
  answer: string;
  sources?: Record<string, KnowledgeSource>;
}

/** How long a kept answer nobody voted on is kept. */
const UNVOTED_KEPT_DAYS = 30;

const ANSWER_ID = /^[0-9]{1,18}$/;
// Microseconds in UTC, as the audit log answers them.
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function ownVote(row: {
  message_id: string | number;
  vote: Vote;
  comment: string | null;
  updated_at: string;
}) {
  return {
    AnswerId: String(row.message_id),
    vote: row.vote,
    ...(row.comment !== null ? { comment: row.comment } : {}),
    updated_at: row.updated_at,
  };
}

/**
 * The user's vote on their answer `answerId` (replacing an earlier one); undefined when the user has
 * no answer with that id.
 */
export async function putVote(
  db: Queryable,
  userId: string,
  answerId: string,
  vote: Vote,
  comment: string | undefined,
): Promise<OwnVote | undefined> {
  if (!ANSWER_ID.test(answerId)) return undefined;
  const { rows } = await db.query<{
    message_id: string | number;
    vote: Vote;
    comment: string | null;
    updated_at: string;
  }>(
    `INSERT INTO answer_feedback (user_id, message_id, chat, vote, comment)
     SELECT $1::uuid, message.id, 'ai', $3, $4
       FROM chat_messages message
       JOIN chat_conversations conversation ON conversation.id = message.conversation_id
      WHERE message.id = $2::bigint AND message.role = 'assistant' AND conversation.user_id = $1::uuid
     ON CONFLICT (user_id, message_id) WHERE message_id IS NOT NULL
     DO UPDATE SET vote = EXCLUDED.vote, comment = EXCLUDED.comment, updated_at = now()
     RETURNING message_id, vote, comment, ${isoTime('updated_at')} AS updated_at`,
    [userId, answerId, vote, comment ?? null],
  );
  if (rows[0]) return ownVote(rows[0]);
  // Not an AI chat answer: a knowledge or ELK answer kept for this user.
  const kept = await db.query<{
    message_id: string | number;
    vote: Vote;
    comment: string | null;
    updated_at: string;
  }>(
    `INSERT INTO answer_feedback (user_id, kept_answer_id, chat, department, vote, comment)
     SELECT $1::uuid, kept.id, kept.chat, kept.department, $3, $4
       FROM kept_answers kept
      WHERE kept.id = $2::bigint AND kept.user_id = $1::uuid
     ON CONFLICT (user_id, kept_answer_id) WHERE kept_answer_id IS NOT NULL
     DO UPDATE SET vote = EXCLUDED.vote, comment = EXCLUDED.comment, updated_at = now()
     RETURNING kept_answer_id AS message_id, vote, comment, ${isoTime('updated_at')} AS updated_at`,
    [userId, answerId, vote, comment ?? null],
  );
  return kept.rows[0] ? ownVote(kept.rows[0]) : undefined;
}

/**
 * `{ AnswerId }` of the answer kept by {@link keepAnswer}, or `{}` when it could not be kept (logged:
 * the answer is given all the same, without a way to vote on it).
 */
export async function keptAnswerId(
  db: Queryable,
  log: { warn(details: object, message: string): void },
  kept: KeptAnswer,
): Promise<{ AnswerId?: string }> {
  try {
    return { AnswerId: await keepAnswer(db, kept) };
  } catch (error) {
    log.warn({ err: error }, 'could not keep an answer for votes');
    return {};
  }
}

/**
 * Keeps a knowledge or ELK answer so its asker can vote on it; answers its id (the AnswerId). The
 * asker's kept answers older than 30 days that nobody voted on go at the same time.
 */
export async function keepAnswer(db: Queryable, kept: KeptAnswer): Promise<string> {
  await db.query(
    `DELETE FROM kept_answers kept
      WHERE kept.user_id = $1 AND kept.created_at < now() - make_interval(days => $2)
        AND NOT EXISTS (SELECT 1 FROM answer_feedback vote WHERE vote.kept_answer_id = kept.id)`,
    [kept.userId, UNVOTED_KEPT_DAYS],
  );
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO kept_answers (user_id, chat, department, question, answer, sources)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
    [
      kept.userId,
      kept.chat,
      kept.department,
      kept.question,
      kept.answer,
      kept.sources ? JSON.stringify(kept.sources) : null,
    ],
  );
  return String(rows[0]!.id);
}

/** True when the user's vote on that answer existed and is gone. */
export async function deleteVote(db: Queryable, userId: string, answerId: string): Promise<boolean> {
  if (!ANSWER_ID.test(answerId)) return false;
  const { rows } = await db.query(
    `DELETE FROM answer_feedback
      WHERE user_id = $1 AND (message_id = $2::bigint OR kept_answer_id = $2::bigint) RETURNING id`,
    [userId, answerId],
  );
  return rows.length > 0;
}

/** The user's votes on these answers, by answer id. */
export async function votesOn(
  db: Queryable,
  userId: string,
  answerIds: readonly string[],
): Promise<Map<string, OwnVote>> {
  if (answerIds.length === 0) return new Map();
  const { rows } = await db.query<{
    message_id: string | number;
    vote: Vote;
    comment: string | null;
    updated_at: string;
  }>(
    `SELECT message_id, vote, comment, ${isoTime('updated_at')} AS updated_at
       FROM answer_feedback WHERE user_id = $1 AND message_id = ANY($2::bigint[])`,
    [userId, answerIds],
  );
  return new Map(rows.map((row) => [String(row.message_id), ownVote(row)]));
}

function where(filter: FeedbackFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.chat) add((p) => `feedback.chat = ${p}`, filter.chat);
  if (filter.department) add((p) => `feedback.department = ${p}`, filter.department);
  if (filter.vote) add((p) => `feedback.vote = ${p}`, filter.vote);
  if (filter.from) add((p) => `feedback.created_at >= ${p}::timestamptz`, filter.from);
  if (filter.to) add((p) => `feedback.created_at < ${p}::timestamptz`, filter.to);
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

const SELECT_ROWS = `
  SELECT feedback.id::text AS id, feedback.vote, feedback.comment, feedback.chat, feedback.department,
         voter.email AS "user",
         ${isoTime('feedback.created_at')} AS created_at, ${isoTime('feedback.updated_at')} AS updated_at,
         answer.conversation_id::text AS conversation_id,
         COALESCE(question.content, kept.question) AS question,
         COALESCE(answer.content, kept.answer) AS answer, kept.sources
    FROM answer_feedback feedback
    JOIN users voter ON voter.id = feedback.user_id
    LEFT JOIN chat_messages answer ON answer.id = feedback.message_id
    LEFT JOIN kept_answers kept ON kept.id = feedback.kept_answer_id
    LEFT JOIN LATERAL (
      SELECT content FROM chat_messages asked
       WHERE asked.conversation_id = answer.conversation_id AND asked.id < answer.id
         AND asked.role = 'user'
       ORDER BY asked.id DESC LIMIT 1
    ) question ON true`;

/** One page of the votes matching the filter, newest first, and how many match. */
export async function listFeedback(
  db: Queryable,
  filter: FeedbackFilter,
  page: { offset: number; limit: number },
): Promise<{ items: FeedbackRow[]; total: number }> {
  const { sql, params } = where(filter);
  const [{ rows }, counted] = await Promise.all([
    db.query<FeedbackRow>(
      `${SELECT_ROWS} ${sql}
       ORDER BY feedback.created_at DESC, feedback.id DESC
       OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, page.offset, page.limit],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM answer_feedback feedback ${sql}`, params),
  ]);
  return { items: rows, total: counted.rows[0]!.total };
}

/** Every vote matching the filter, newest first (the CSV export). */
export async function allFeedback(db: Queryable, filter: FeedbackFilter): Promise<FeedbackRow[]> {
  const { sql, params } = where(filter);
  const { rows } = await db.query<FeedbackRow>(
    `${SELECT_ROWS} ${sql} ORDER BY feedback.created_at DESC, feedback.id DESC LIMIT 100000`,
    params,
  );
  return rows;
}
