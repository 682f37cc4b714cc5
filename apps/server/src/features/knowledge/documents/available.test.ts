// An answer's sources name their documents by id; asked later (a knowledge thread restored after a
// reload), the server says which still open for the caller: a deleted document, or one of a
// department the caller may not read, is left out, so the client shows it as removed.
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
import { addDocument } from '../test-support.js';

type Answer = components['schemas']['KnowledgeChatResponse'];

const emailOf = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
const text = (value: string) => new TextEncoder().encode(value);

describe.each(BACKENDS)('which cited documents still open, on %s', (backend) => {
  let server: TestServer;
  let staff: Caller;
  let admin: Caller;
  let guideId: string;
  let pgaId: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    staff = await sessionFor(server.db, emailOf('STAFF'));
    admin = await sessionFor(server.db, emailOf('CORE_ADMINS'));
    guideId = (
      await addDocument(server.db, {
        name: 'harbour-ferry-guide.md',
        departments: ['knowledge'],
        bytes: text('# Ferry\n\nThe harbour ferry timetable changes every spring equinox.\n'),
      })
    ).document.id;
    pgaId = (
      await addDocument(server.db, {
        name: 'pga-ferry-notes.md',
        departments: ['pga'],
        bytes: text('# Ferry\n\nThe PGA ferry contract is renewed in May.\n'),
      })
    ).document.id;
  });
  afterAll(() => server?.close());

  const available = async (caller: Caller, ids: string) => {
    const response = await call(server.app, caller, {
      method: 'GET',
      url: `/api/knowledge/documents/available?ids=${encodeURIComponent(ids)}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { ids: string[] }).ids;
  };

  it('names the cited document in each source, which opens until it is deleted', async () => {
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat',
      payload: { message: 'When does the harbour ferry timetable change?' },
    });
    expect(response.statusCode).toBe(200);
    const sources = Object.values((response.json() as Answer).sources);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources[0]).toMatchObject({ document: 'harbour-ferry-guide.md', document_id: guideId });

    expect(await available(staff, guideId)).toEqual([guideId]);

    const deleted = await call(server.app, admin, {
      method: 'POST',
      url: '/api/knowledge/documents/delete',
      payload: { id: guideId },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await available(staff, guideId)).toEqual([]);
  });

  it('leaves out documents the caller may not read, and ids naming no document', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await available(staff, `${pgaId},${unknown},not-an-id`)).toEqual([]);
    expect(await available(admin, `${pgaId},${unknown}`)).toEqual([pgaId]);
  });

  it('refuses more than 50 ids at once', async () => {
    const ids = Array.from(
      { length: 51 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/knowledge/documents/available',
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(404);
    const tooMany = await server.app.inject({
      method: 'GET',
      url: `/api/knowledge/documents/available?ids=${ids.join(',')}`,
      headers: staff.headers,
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
