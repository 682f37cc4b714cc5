// Votes on answers. A vote points at the answer's message while it exists; deleting the
// conversation (or replacing its last answer) sets that to null, so the vote, its comment and when
// it was given stay, without the question and the answer.
import type { Migration } from '../../platform/modules.js';

export const feedbackMigrations: Migration[] = [
  {
    version: 1,
    name: 'answer feedback',
    sql: `
CREATE TABLE answer_feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message_id bigint REFERENCES chat_messages (id) ON DELETE SET NULL,
  chat text NOT NULL CHECK (chat IN ('ai', 'knowledge', 'admin', 'elk')),
  department text,
  vote text NOT NULL CHECK (vote IN ('up', 'down')),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One vote per person per answer.
CREATE UNIQUE INDEX answer_feedback_one_vote ON answer_feedback (user_id, message_id)
  WHERE message_id IS NOT NULL;
CREATE INDEX answer_feedback_message_idx ON answer_feedback (message_id);
CREATE INDEX answer_feedback_time_idx ON answer_feedback (created_at DESC, id DESC);
`,
  },
];
