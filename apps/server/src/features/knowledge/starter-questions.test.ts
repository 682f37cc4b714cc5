// The example questions of each department's empty chat: defaults that the demo set answers until
// an administrator sets them, PGA's only for those who may read PGA, and only administrators (train)
// may change them; an empty list gives the defaults back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/contract.js';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { DEMO_ACCOUNTS } from '../identity/index.js';
import { DEFAULT_STARTER_QUESTIONS } from './starter-questions.js';

type List = components['schemas']['StarterQuestionsList'];

const emailOf = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;

describe.each(BACKENDS)('starter questions on %s', (backend) => {
  let server: TestServer;
  let staff: Caller;
  let pga: Caller;
  let admin: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend);
    staff = await sessionFor(server.db, emailOf('STAFF'));
    pga = await sessionFor(server.db, emailOf('PGA'));
    admin = await sessionFor(server.db, emailOf('CORE_ADMINS'));
  });
  afterAll(() => server?.close());

  const list = async (caller: Caller) => {
    const response = await call(server.app, caller, { method: 'GET', url: '/api/chat/starter-questions' });
    expect(response.statusCode).toBe(200);
    return (response.json() as List).departments;
  };
  const set = (caller: Caller, department: string, questions: string[]) =>
    call(server.app, caller, {
      method: 'PUT',
      url: '/api/chat/starter-questions',
      payload: { department, questions },
    });

  it('offers each readable department its defaults, PGA only to those who may read it', async () => {
    const forStaff = await list(staff);
    expect(forStaff.map((entry) => entry.department)).toEqual([
      'knowledge',
      'it',
      'devops_preprod',
      'cs_preprod',
      'education',
    ]);
    expect(forStaff.find((entry) => entry.department === 'it')).toEqual({
      department: 'it',
      questions: DEFAULT_STARTER_QUESTIONS.it,
      is_default: true,
    });
    expect((await list(pga)).map((entry) => entry.department)).toContain('pga');
  });

  it('lets an administrator set a department’s questions, audited, and an empty list restores the defaults', async () => {
    const response = await set(admin, 'it', [
      '  How do I reset my password? ',
      'how do i reset my password?',
      '',
      'Where is the printer?',
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      department: 'it',
      questions: ['How do I reset my password?', 'Where is the printer?'],
      is_default: false,
    });
    expect((await list(staff)).find((entry) => entry.department === 'it')?.questions).toEqual([
      'How do I reset my password?',
      'Where is the printer?',
    ]);
    const { rows } = await server.db.query<{ actor: string; target: string }>(
      "SELECT actor, target FROM audit_events WHERE action = 'knowledge.starter_questions'",
    );
    expect(rows).toEqual([{ actor: emailOf('CORE_ADMINS'), target: 'IT' }]);

    expect((await set(admin, 'it', [])).json()).toMatchObject({ is_default: true });
    expect((await list(staff)).find((entry) => entry.department === 'it')?.is_default).toBe(true);
  });

  it('refuses staff (403), and more than six questions or one too long (400)', async () => {
    expect((await set(staff, 'it', ['Mine?'])).statusCode).toBe(403);
    expect(
      (
        await set(
          admin,
          'it',
          Array.from({ length: 7 }, (_, index) => `Question ${index}?`),
        )
      ).statusCode,
    ).toBe(400);
    expect((await set(admin, 'it', ['x'.repeat(201)])).statusCode).toBe(400);
    expect((await list(staff)).find((entry) => entry.department === 'it')?.is_default).toBe(true);
  });
});
