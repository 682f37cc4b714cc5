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
  {
    version: 2,
    name: 'kept knowledge and ELK answers',
    // Knowledge and ELK answers have no conversation on the server: each is kept here, with its
    // question and sources, so that it can be voted on and the vote shows what it was about. Its id
    // comes from the chat messages' sequence, so an AnswerId names one answer of either kind.
    sql: `
CREATE TABLE kept_answers (
  id bigint PRIMARY KEY DEFAULT nextval(pg_get_serial_sequence('chat_messages', 'id')::regclass),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  chat text NOT NULL CHECK (chat IN ('knowledge', 'admin', 'elk')),
  department text,
  question text NOT NULL,
  answer text NOT NULL,
  sources jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kept_answers_user_idx ON kept_answers (user_id, created_at);
ALTER TABLE answer_feedback
  ADD COLUMN kept_answer_id bigint REFERENCES kept_answers (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX answer_feedback_one_vote_kept ON answer_feedback (user_id, kept_answer_id)
  WHERE kept_answer_id IS NOT NULL;
CREATE INDEX answer_feedback_kept_idx ON answer_feedback (kept_answer_id);
`,
  },
];
