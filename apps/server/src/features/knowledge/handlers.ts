// The knowledge operations: training uploads (uploadTrainingFiles) and the File Status extensions
// (listKnowledgeDocuments, deleteKnowledgeDocument, reingestKnowledgeDocument), and where a cited
// source links to: the original file (getKnowledgeDocumentFile) or the passage in its text
// (getKnowledgeDocumentPassage), and which cited documents still open (listAvailableKnowledgeDocuments). Every change is audited in the same transaction
// as the change.

import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Handlers } from '../../platform/http/contract.js';
import { notFound } from '../../platform/http/errors.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import { recordAudit } from '../audit/index.js';
import type { FeatureContext } from '../context.js';
import { createAvailableDocumentsHandler } from './documents/available.js';
import { createDocumentFileHandler } from './documents/document-file.js';
import { createPassageHandler } from './documents/passage-view.js';
import { presentDocument } from './documents/present.js';
import { cancelIngestion, enqueueIngestion, INGEST_QUEUE } from './ingestion/pipeline.js';
import { createUploadHandler } from './ingestion/upload.js';
import { createListStarterQuestionsHandler, createSetStarterQuestionsHandler } from './starter-questions.js';
import { countDocuments, deleteDocument, listDocuments, requeueDocument } from './store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const noSuchDocument = () => notFound('There is no training document with this id.');

export function createKnowledgeHandlers(context: FeatureContext): Handlers {
  const { db, jobs, blobs, log } = context;
  return defineHandlers({
    uploadTrainingFiles: createUploadHandler(context),

    getKnowledgeDocumentFile: createDocumentFileHandler(context),

    getKnowledgeDocumentPassage: createPassageHandler(context),

    listAvailableKnowledgeDocuments: createAvailableDocumentsHandler(context),

    listStarterQuestions: createListStarterQuestionsHandler(context),

    setStarterQuestions: createSetStarterQuestionsHandler(context),

    async listKnowledgeDocuments(request) {
      const { q, sort, order, limit, offset } = request.query ?? {};
      const [{ documents, total }, counts] = await Promise.all([
        listDocuments(db, { search: q, sort, order, limit, offset }),
        countDocuments(db),
      ]);
      return {
        documents: documents.map(presentDocument),
        total,
        counts: { documents: counts.documents, ready: counts.ready, in_progress: counts.inProgress },
      };
    },

    async deleteKnowledgeDocument(request) {
      const actor = requireIdentity(request).user.email;
      const { id } = request.body;
      if (!UUID.test(id)) throw noSuchDocument();
      const deleted = await db.transaction(async (tx) => {
        const document = await deleteDocument(tx, id);
        if (!document) return undefined;
        await recordAudit(tx, {
          actor,
          action: 'knowledge.delete',
          target: document.name,
          details: { id: document.id, departments: document.departments, status: document.status },
        });
        return document;
      });
      if (!deleted) throw noSuchDocument();
      // After the commit: an ingestion in progress stops, and the stored bytes go.
      await cancelIngestion(db, jobs, deleted.id);
      if (deleted.blobId) {
        await blobs.delete(deleted.blobId).catch((error: unknown) => {
          log.warn({ err: error, blob: deleted.blobId }, 'could not delete the stored file of a document');
        });
      }
      return { message: `Deleted ${deleted.name}.` };
    },

    async reingestKnowledgeDocument(request) {
      const actor = requireIdentity(request).user.email;
      const { id } = request.body;
      if (!UUID.test(id)) throw noSuchDocument();
      const document = await db.transaction(async (tx) => {
        const queued = await requeueDocument(tx, id);
        if (!queued) return undefined;
        await enqueueIngestion(jobs, queued.id, tx);
        await recordAudit(tx, {
          actor,
          action: 'knowledge.reingest',
          target: queued.name,
          details: { id: queued.id },
        });
        return queued;
      });
      if (!document) throw noSuchDocument();
      jobs.wake(INGEST_QUEUE);
      return { message: `${document.name} is queued for ingestion.`, document: presentDocument(document) };
    },
  });
}
