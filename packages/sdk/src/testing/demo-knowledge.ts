/**
 * The demo server's knowledge base: training uploads, the File Status list, delete and re-ingest,
 * answered the way the reference server answers them (per-file rejections with reasons, 413/415/400
 * when nothing is stored, 403 without the `train` feature). Ingestion is simulated: every listing
 * moves each document in progress one step (queued, parsing, then its outcome), so a client that
 * polls sees the pipeline advance; `isIngestionPaused` keeps documents where they are.
 */
import type {
  FeatureName,
  KnowledgeDepartment,
  KnowledgeDocument,
  KnowledgeDocumentState,
  RejectedUpload,
  User,
} from '../types';
import { errorReply } from './contract-fake';
import type { ContractHandlers } from './operation-types';

/** What the demo server holds of the knowledge base. */
export interface DemoKnowledgeState {
  sessionUser: User | null;
  roles: Map<string, FeatureName[]>;
  /** The documents, most recently changed first. */
  knowledgeDocuments: KnowledgeDocument[];
  /** Keeps queued and parsing documents where they are when listed. */
  isIngestionPaused: boolean;
}

/** The outcome of each document's simulated ingestion, by id. */
type Outcomes = Map<string, Pick<KnowledgeDocument, 'state' | 'reason'>>;

/** The reference server's accepted extensions and limits (UPLOAD_MAX_FILE_MB, UPLOAD_MAX_FILES defaults). */
const ACCEPTED = [
  'docx',
  'pptx',
  'ppt',
  'pdf',
  'html',
  'md',
  'txt',
  'csv',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'mp4',
];
const MEDIA = ['jpg', 'jpeg', 'png', 'gif', 'mp4'];
const DEPARTMENTS: readonly KnowledgeDepartment[] = [
  'knowledge',
  'it',
  'devops_preprod',
  'cs_preprod',
  'pga',
  'education',
];
export const DEMO_UPLOAD_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const DEMO_UPLOAD_MAX_FILES = 20;

const STATUS: Record<KnowledgeDocumentState, string> = {
  queued: 'Queued',
  parsing: 'Parsing',
  ready: 'Ready',
  no_text: 'No text to index',
  failed: 'Failed',
  unsupported_legacy: 'Convert to .pptx',
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length &&
  [...text].every((character, index) => bytes[index] === character.charCodeAt(0));

/** What ingestion will make of a file, judged from its first bytes as the real parsers would. */
async function outcomeOf(name: string, file: Blob): Promise<Pick<KnowledgeDocument, 'state' | 'reason'>> {
  const extension = extensionOf(name);
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (MEDIA.includes(extension)) {
    return { state: 'no_text', reason: `${name} is kept, but images and videos have no text to index.` };
  }
  if (extension === 'ppt') {
    return { state: 'unsupported_legacy', reason: `${name} is a legacy PowerPoint file: save it as .pptx.` };
  }
  if (extension === 'pdf' && !startsWith(head, '%PDF-')) {
    return { state: 'failed', reason: `${name} is not a readable PDF: export it again from its source.` };
  }
  if ((extension === 'docx' || extension === 'pptx') && !startsWith(head, 'PK')) {
    return { state: 'failed', reason: `${name} is not a readable .${extension} file: save it again.` };
  }
  return { state: 'ready', reason: null };
}

function withState(
  document: KnowledgeDocument,
  state: KnowledgeDocumentState,
  reason: string | null,
  at: string,
): KnowledgeDocument {
  return {
    ...document,
    state,
    status: STATUS[state],
    reason,
    updated_at: at,
    chunk_count: state === 'ready' ? 3 : 0,
  };
}

/** How the knowledge operations tell time and record audit events (the demo server's own). */
export interface DemoKnowledgeContext {
  now: () => string;
  record: (action: string, target: string | null) => void;
}

/** The knowledge operations over `state`. */
export function createDemoKnowledgeHandlers(
  state: DemoKnowledgeState,
  { now, record }: DemoKnowledgeContext,
): ContractHandlers {
  const outcomes: Outcomes = new Map();
  let sequence = 0;
  /** The answer when the caller may not use the knowledge base (as the real server's rbac). */
  const refusal = () => {
    if (!state.sessionUser) return errorReply(401, 'unauthenticated', 'Not signed in');
    const features = state.roles.get(state.sessionUser.role) ?? [];
    return features.includes('train')
      ? undefined
      : errorReply(403, 'forbidden', "Your role does not include the 'train' feature.");
  };
  const find = (id: string) => state.knowledgeDocuments.find((document) => document.id === id);
  const moveToFront = (document: KnowledgeDocument) => {
    state.knowledgeDocuments = [
      document,
      ...state.knowledgeDocuments.filter((other) => other.id !== document.id),
    ];
  };

  return {
    'POST /api/file/success': async ({ body }) => {
      const refused = refusal();
      if (refused) return refused;
      const files = [...body.getAll('files[]'), ...body.getAll('files')].filter(
        (value): value is File => typeof value !== 'string',
      );
      if (files.length === 0) return errorReply(400, 'validation_failed', 'No file provided');
      if (files.length > DEMO_UPLOAD_MAX_FILES) {
        return errorReply(
          413,
          'payload_too_large',
          `Too many files in one upload: at most ${DEMO_UPLOAD_MAX_FILES}. Nothing was stored; upload them in several batches.`,
        );
      }
      const named = body
        .getAll('department')
        .flatMap((value) => String(value).split(','))
        .map((value) => value.trim().toLowerCase())
        .filter(Boolean);
      const unknown = named.filter((value) => !DEPARTMENTS.includes(value as KnowledgeDepartment));
      if (unknown.length > 0) {
        return errorReply(400, 'validation_failed', `Unknown department '${unknown[0]}'.`);
      }
      const departments =
        named.length > 0 ? [...new Set(named as KnowledgeDepartment[])] : ['knowledge' as const];
      const rejected: RejectedUpload[] = [];
      const accepted = new Map<string, File>();
      for (const file of files) {
        const { name } = file;
        const extension = extensionOf(name);
        if (!ACCEPTED.includes(extension)) {
          rejected.push({
            name,
            code: 'unsupported_type',
            reason: `${name}: ${extension ? `.${extension} files are` : 'files without an extension are'} not accepted.`,
          });
        } else if (file.size === 0) {
          rejected.push({ name, code: 'empty', reason: `${name} is empty.` });
        } else if (file.size > DEMO_UPLOAD_MAX_FILE_BYTES) {
          rejected.push({
            name,
            code: 'too_large',
            reason: `${name} is larger than the 50 MB limit for one file: split or compress it.`,
          });
        } else {
          if (accepted.has(name)) {
            rejected.push({
              name,
              code: 'duplicate',
              reason: `${name} was sent twice in this upload: the later copy was kept.`,
            });
          }
          accepted.set(name, file);
        }
      }
      if (accepted.size === 0) {
        const codes = new Set(rejected.map((entry) => entry.code));
        const only = codes.size === 1 ? [...codes][0] : undefined;
        const message =
          rejected.length === 1
            ? (rejected[0]?.reason ?? 'No file was stored.')
            : `None of the ${rejected.length} files was stored. ${rejected.map((entry) => entry.reason).join(' ')}`;
        if (only === 'too_large') return errorReply(413, 'payload_too_large', message, { rejected });
        if (only === 'unsupported_type')
          return errorReply(415, 'unsupported_media_type', message, { rejected });
        return errorReply(400, 'validation_failed', message, { rejected });
      }
      const documents: KnowledgeDocument[] = [];
      for (const [name, file] of accepted) {
        const existing = state.knowledgeDocuments.find((document) => document.document === name);
        const id = existing?.id ?? `doc-${++sequence}`;
        const document = withState(
          { document: name, id, departments, size: file.size } as KnowledgeDocument,
          'queued',
          null,
          now(),
        );
        outcomes.set(id, await outcomeOf(name, file));
        moveToFront(document);
        documents.push(document);
        record('knowledge.upload', name);
      }
      const count = (n: number) => (n === 1 ? '1 file' : `${n} files`);
      return {
        status: 200,
        body: {
          message: `Uploaded ${count(documents.length)}; ingestion is queued.`,
          files: documents.map((document) => document.document),
          documents,
          rejected,
        },
      };
    },
    'GET /api/knowledge/documents': () => {
      const refused = refusal();
      if (refused) return refused;
      if (!state.isIngestionPaused) {
        state.knowledgeDocuments = state.knowledgeDocuments.map((document) => {
          if (document.state === 'queued') return withState(document, 'parsing', null, now());
          if (document.state !== 'parsing') return document;
          const outcome = outcomes.get(document.id) ?? { state: 'ready' as const, reason: null };
          return withState(document, outcome.state, outcome.reason, now());
        });
      }
      return { status: 200, body: { documents: state.knowledgeDocuments } };
    },
    'POST /api/knowledge/documents/delete': ({ body }) => {
      const refused = refusal();
      if (refused) return refused;
      const document = find(body.id);
      if (!document) return errorReply(404, 'not_found', 'No training document has this id.');
      state.knowledgeDocuments = state.knowledgeDocuments.filter((other) => other.id !== body.id);
      outcomes.delete(body.id);
      record('knowledge.delete', document.document);
      return { status: 200, body: { message: `Deleted ${document.document}.` } };
    },
    'POST /api/knowledge/documents/reingest': ({ body }) => {
      const refused = refusal();
      if (refused) return refused;
      const document = find(body.id);
      if (!document) return errorReply(404, 'not_found', 'No training document has this id.');
      if (!outcomes.has(document.id)) {
        const isInProgress = document.state === 'queued' || document.state === 'parsing';
        outcomes.set(
          document.id,
          isInProgress
            ? { state: 'ready', reason: null }
            : { state: document.state, reason: document.reason },
        );
      }
      const queued = withState(document, 'queued', null, now());
      moveToFront(queued);
      record('knowledge.reingest', document.document);
      return {
        status: 200,
        body: { message: `${document.document} is queued for ingestion.`, document: queued },
      };
    },
  };
}
