// The chat module's tables: the AI chat's conversations (one per topic, per user) and their
// messages in order, and the files people attach to their questions. Knowledge chat answers are not kept (the spec keeps history for openai mode).
import type { Migration } from '../../platform/modules.js';

export const chatMigrations: Migration[] = [
  {
    version: 1,
    name: 'chat conversations and messages',
    sql: `
CREATE TABLE chat_conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The history label (ChipSummary).
  summary text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_conversations_user_idx ON chat_conversations (user_id, created_at DESC);
CREATE TABLE chat_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  -- An answer the user stopped: what was said until then.
  stopped boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
`,
  },
  {
    version: 2,
    name: 'files attached to questions',
    sql: `
-- A file of someone's own read for their conversation: its passages, never the knowledge base's.
-- An AI conversation's files go with it; the others are swept a day after they were attached.
CREATE TABLE chat_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id uuid REFERENCES chat_conversations (id) ON DELETE CASCADE,
  name text NOT NULL,
  size bigint NOT NULL,
  passages jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_attachments_user_idx ON chat_attachments (user_id, id);
CREATE INDEX chat_attachments_conversation_idx ON chat_attachments (conversation_id);
CREATE INDEX chat_attachments_unused_idx ON chat_attachments (created_at) WHERE conversation_id IS NULL;
`,
  },
  {
    version: 3,
    name: 'answers keep their attached files sources',
    sql: `
-- The passages of attached files an AI answer cites (its sources as the answer gave them), shown again
-- under the answer when the conversation is opened later; null when there were none.
ALTER TABLE chat_messages ADD COLUMN sources jsonb;
`,
  },
];
