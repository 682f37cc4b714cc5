// The File Status list of a large knowledge base: searched by name, sorted by each column as the page
// shows it, and paged on the server, with how many match and the whole base's counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/contract.js';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { DEMO_ACCOUNTS } from '../../identity/index.js';
import type { Department } from '../departments.js';
import { type DocumentStatus, upsertDocument } from '../store.js';

type List = components['schemas']['KnowledgeDocumentList'];

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;

interface Seed {
  name: string;
  status: DocumentStatus;
  departments: Department[];
  reason?: string;
  /** Minutes ago it last changed. */
  age: number;
}

const SEEDS: Seed[] = [
  { name: 'Alpha-guide.pdf', status: 'ready', departments: ['knowledge'], age: 50 },
  { name: 'beta-notes.txt', status: 'failed', departments: ['it'], reason: 'The file is damaged.', age: 40 },
  { name: 'gamma-photo.jpg', status: 'no_text', departments: ['education'], reason: 'No text.', age: 30 },
  {
    name: 'delta-deck.ppt',
    status: 'unsupported_legacy',
    departments: ['cs_preprod'],
    reason: 'Convert.',
    age: 20,
  },
  { name: 'epsilon-GUIDE.md', status: 'queued', departments: ['devops_preprod', 'it'], age: 10 },
  { name: 'zeta-runbook.md', status: 'ready', departments: ['pga'], age: 5 },
];

describe.each(BACKENDS)('listing training documents on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await sessionFor(server.db, ADMIN);
    for (const seed of SEEDS) {
      const { document } = await upsertDocument(server.db, {
        name: seed.name,
        extension: seed.name.split('.').pop()!,
        departments: seed.departments,
        size: 100,
        sha256: seed.name,
      });
      await server.db.query(
        `UPDATE knowledge_documents SET status = $2, reason = $3, updated_at = now() - make_interval(mins => $4)
         WHERE id = $1`,
        [document.id, seed.status, seed.reason ?? null, seed.age],
      );
    }
  });
  afterAll(() => server?.close());

  async function list(query = ''): Promise<List> {
    const response = await call(server.app, admin, {
      method: 'GET',
      url: `/api/knowledge/documents${query}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as List;
  }
  const names = (answer: List) => answer.documents.map((document) => document.document);

  it('lists every document, most recently changed first, with the total and the counts', async () => {
    const answer = await list();
    expect(names(answer)).toEqual(SEEDS.map((seed) => seed.name).reverse());
    expect(answer.total).toBe(6);
    expect(answer.counts).toEqual({ documents: 6, ready: 2, in_progress: 1 });
  });

  it('finds documents by any part of their name, ignoring case, and counts the whole base', async () => {
    const answer = await list('?q=GUIDE');
    expect(names(answer)).toEqual(['epsilon-GUIDE.md', 'Alpha-guide.pdf']);
    expect(answer.total).toBe(2);
    expect(answer.counts).toEqual({ documents: 6, ready: 2, in_progress: 1 });
    // Wildcards of LIKE are plain text.
    expect((await list(`?q=${encodeURIComponent('%')}`)).documents).toEqual([]);
    expect(names(await list('?q=-')).length).toBe(6);
  });

  it('sorts by each column as the page shows it, either way', async () => {
    expect(names(await list('?sort=document'))).toEqual([
      'Alpha-guide.pdf',
      'beta-notes.txt',
      'delta-deck.ppt',
      'epsilon-GUIDE.md',
      'gamma-photo.jpg',
      'zeta-runbook.md',
    ]);
    expect(names(await list('?sort=document&order=desc'))[0]).toBe('zeta-runbook.md');
    // Status text: Convert to .pptx, Failed, No text to index, Queued, Ready (ties by name).
    expect(names(await list('?sort=status'))).toEqual([
      'delta-deck.ppt',
      'beta-notes.txt',
      'gamma-photo.jpg',
      'epsilon-GUIDE.md',
      'Alpha-guide.pdf',
      'zeta-runbook.md',
    ]);
    // Department names: All departments, CS, DevOps, IT, ... Education sorts as its name, not its code.
    expect(names(await list('?sort=departments'))).toEqual([
      'Alpha-guide.pdf',
      'delta-deck.ppt',
      'epsilon-GUIDE.md',
      'gamma-photo.jpg',
      'beta-notes.txt',
      'zeta-runbook.md',
    ]);
    expect(names(await list('?sort=updated_at'))[0]).toBe('Alpha-guide.pdf');
    expect(names(await list('?sort=updated_at&order=desc'))[0]).toBe('zeta-runbook.md');
    // Documents without a reason go last both ways.
    const byReason = names(await list('?sort=reason'));
    expect(byReason.slice(0, 3)).toEqual(['delta-deck.ppt', 'gamma-photo.jpg', 'beta-notes.txt']);
    const byReasonDescending = names(await list('?sort=reason&order=desc'));
    expect(byReasonDescending.slice(0, 3)).toEqual(['beta-notes.txt', 'gamma-photo.jpg', 'delta-deck.ppt']);
    expect(byReasonDescending.slice(3).sort()).toEqual([
      'Alpha-guide.pdf',
      'epsilon-GUIDE.md',
      'zeta-runbook.md',
    ]);
  });

  it('answers one page at a time, with the total of every page', async () => {
    const first = await list('?sort=document&limit=4');
    const second = await list('?sort=document&limit=4&offset=4');
    expect(names(first)).toEqual(['Alpha-guide.pdf', 'beta-notes.txt', 'delta-deck.ppt', 'epsilon-GUIDE.md']);
    expect(names(second)).toEqual(['gamma-photo.jpg', 'zeta-runbook.md']);
    expect([first.total, second.total]).toEqual([6, 6]);
    const past = await list('?q=e&limit=4&offset=40');
    expect(past.documents).toEqual([]);
    expect(past.total).toBe(5); // gamma-photo.jpg has no e
  });

  it('refuses a page, sort or search it cannot answer', async () => {
    for (const query of [
      '?limit=0',
      '?limit=501',
      '?offset=-1',
      '?sort=size',
      '?order=up',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const response = await call(server.app, admin, {
        method: 'GET',
        url: `/api/knowledge/documents${query}`,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
