// Sample File Status rows and uploads for stories and tests (not exported from the package).
import type { KnowledgeDocument } from '@digital-assistant/sdk';

const row = (
  document: string,
  state: KnowledgeDocument['state'],
  status: string,
  extra: Partial<KnowledgeDocument> = {},
): KnowledgeDocument => ({
  document,
  status,
  id: `doc-${document}`,
  state,
  departments: ['knowledge'],
  size: 48_200,
  updated_at: '2026-11-02T09:42:00Z',
  reason: null,
  chunk_count: state === 'ready' ? 12 : 0,
  ...extra,
});

/** Every status a document can have, most recently changed first. */
export const sampleDocuments: KnowledgeDocument[] = [
  row('vpn-setup-guide.docx', 'queued', 'Queued', {
    departments: ['it'],
    updated_at: '2026-11-02T10:05:00Z',
  }),
  row('pga-go-live-notes.pdf', 'parsing', 'Parsing', {
    departments: ['pga'],
    updated_at: '2026-11-02T10:04:00Z',
  }),
  row('preprod-runbook.pptx', 'ready', 'Ready', {
    departments: ['devops_preprod', 'it'],
    updated_at: '2026-11-02T10:01:00Z',
  }),
  row('office-map.jpg', 'no_text', 'No text to index', {
    updated_at: '2026-11-02T09:58:00Z',
    reason: 'office-map.jpg is kept, but images and videos have no text to index.',
  }),
  row('quarterly-report.pdf', 'failed', 'Failed', {
    departments: ['cs_preprod'],
    updated_at: '2026-11-02T09:50:00Z',
    reason:
      'quarterly-report.pdf is not a readable PDF (it may be damaged): export it again from its source.',
  }),
  row('training-deck.ppt', 'unsupported_legacy', 'Convert to .pptx', {
    departments: ['education'],
    updated_at: '2026-11-02T09:45:00Z',
    reason: 'training-deck.ppt is a legacy PowerPoint file: save it as .pptx and upload it again.',
  }),
  row('company-handbook.md', 'ready', 'Ready'),
];

/** Only settled documents: nothing to wait for. */
export const settledDocuments = sampleDocuments.filter(
  (document) => document.state !== 'queued' && document.state !== 'parsing',
);

/** The spec's static status list: only `document` and `status` (a server without the extension fields). */
export const specStatusList = [
  { document: 'Onboarding.docx', status: 'Ready' },
  { document: 'notes.txt', status: 'READY_FOR_PARSING' },
];

/** A file of `size` bytes, as a browser gives it. */
export function sampleFile(name: string, size = 2048, type = ''): File {
  return new File([new Uint8Array(size)], name, { type });
}
