// Storage of the AI chat: conversations belong to one user, and every query is scoped by that user,
// so another person's conversation is never found (the handlers answer 404).
import type { Queryable } from '../../platform/db/db.js';

export interface Conversation {
  id: string;
  summary: string;
}

export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  stopped: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new conversation with its first question, in one statement; answers the question's id. */
export async function createConversationWithQuestion(
  db: Queryable,
  conversation: { id: string; userId: string; summary: string; question: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string | number }>(
    `WITH conversation AS (
       INSERT INTO chat_conversations (id, user_id, summary) VALUES ($1, $2, $3) RETURNING id
     )
     INSERT INTO chat_messages (conversation_id, role, content)
     SELECT id, 'user', $4 FROM conversation RETURNING id`,
    [conversation.id, conversation.userId, conversation.summary, conversation.question],
  );
  return String(rows[0]!.id);
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

/** Renames the user's conversation (the model's label replacing the first question's). */
export async function setConversationSummary(
  db: Queryable,
  userId: string,
  id: string,
  summary: string,
): Promise<void> {
  await db.query('UPDATE chat_conversations SET summary = $3 WHERE id = $1 AND user_id = $2', [
    id,
    userId,
    summary,
  ]);
}

/** The user's conversations, newest first. */
export async function listConversations(db: Queryable, userId: string): Promise<Conversation[]> {
  const { rows } = await db.query<Conversation>(
    `SELECT id, summary FROM chat_conversations WHERE user_id = $1
     ORDER BY created_at DESC, id DESC LIMIT 500`,
    [userId],
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
  const { rows } = await db.query<StoredMessage & { id: string | number }>(
    `SELECT id, role, content, stopped FROM chat_messages WHERE conversation_id = $1 ORDER BY id`,
    [conversationId],
  );
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

export async function addMessage(
  db: Queryable,
  conversationId: string,
  message: { role: 'user' | 'assistant'; content: string; stopped?: boolean },
): Promise<string> {
  const { rows } = await db.query<{ id: string | number }>(
    `WITH touched AS (UPDATE chat_conversations SET updated_at = now() WHERE id = $1)
     INSERT INTO chat_messages (conversation_id, role, content, stopped) VALUES ($1, $2, $3, $4) RETURNING id`,
    [conversationId, message.role, message.content, message.stopped ?? false],
  );
  return String(rows[0]!.id);
}

export async function deleteMessage(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM chat_messages WHERE id = $1', [id]);
}
