// Votes on answers: a person's own (set, withdraw) and the administrators' view of them (list, CSV),
// and the knowledge gaps they and unanswered questions show.
import { stringify } from 'csv-stringify/sync';
import { requireIdentity } from '../../platform/auth/authorize.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { Handlers } from '../../platform/http/contract.js';
import { notFound } from '../../platform/http/errors.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../context.js';
import { listKnowledgeGaps } from './gaps.js';
import { allFeedback, deleteVote, listFeedback, putVote } from './store.js';

const noSuchAnswer = () => notFound('No such answer.');

const CSV_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'user',
  'chat',
  'department',
  'vote',
  'comment',
  'conversation_id',
  'question',
  'answer',
] as const;

export function createFeedbackHandlers({ db }: FeatureContext): Handlers {
  return defineHandlers({
    async setAnswerFeedback(request) {
      const { user } = requireIdentity(request);
      const { AnswerId, vote, comment } = request.body;
      const kept = await putVote(db, user.id, AnswerId, vote, comment?.trim() || undefined);
      if (!kept) throw noSuchAnswer();
      return kept;
    },

    async deleteAnswerFeedback(request) {
      const { user } = requireIdentity(request);
      if (!(await deleteVote(db, user.id, request.query.AnswerId))) throw notFound('No vote on this answer.');
      return { message: 'Vote withdrawn.' };
    },

    async listAnswerFeedback(request) {
      const { offset = 0, limit = 50, ...filter } = request.query;
      return listFeedback(db, filter, { offset, limit });
    },

    async listKnowledgeGaps(request) {
      const identity = requireIdentity(request);
      const viewer = { role: identity.user.role, features: identity.features };
      return listKnowledgeGaps(db, viewer, request.query);
    },

    async exportAnswerFeedback(request, reply) {
      const rows = await allFeedback(db, request.query);
      const csv = stringify(rows, {
        header: true,
        columns: [...CSV_COLUMNS],
        // A cell a spreadsheet would run as a formula is written as text.
        escape_formulas: true,
        record_delimiter: 'windows',
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', 'answer-feedback.csv'))
        .send(csv);
    },
  });
}
