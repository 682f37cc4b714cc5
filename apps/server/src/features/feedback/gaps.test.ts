// Knowledge gaps through the real server (no language model: the knowledge chat answers with
// excerpts): questions no document answered and answers voted down, grouped per department by
// similar wording, most people first, without who asked; administrators only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoKnowledgeServer } from '../../test/demo-knowledge.js';
import { BACKENDS, type Caller, call, sessionFor, type TestServer } from '../../test/harness.js';
import { DEMO_ACCOUNTS } from '../identity/index.js';
import { groupGaps, meaningfulWords } from './gaps.js';

const emailOf = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
const ADMIN = emailOf('CORE_ADMINS');
const STAFF = emailOf('STAFF');
const PGA = emailOf('PGA');

interface Gap {
  id: string;
  department: string;
  label: string;
  people: number;
  count: number;
  first_asked_at: string;
  last_asked_at: string;
  questions: Array<{ question: string; asked_at: string; reason: string }>;
}

describe('grouping questions by their words', () => {
  it('keeps meaningful words, trimming plurals and endings', () => {
    expect([...meaningfulWords('How do I connect to the VPN on Linux laptops?').values()]).toEqual([
      'connect',
      'vpn',
      'linux',
      'laptops',
    ]);
    expect([...meaningfulWords('Booking rooms').keys()]).toEqual(['book', 'room']);
  });

  it('groups similar questions per department and labels them with their common words', () => {
    const row = (id: number, user: string, department: 'it' | 'knowledge', question: string) => ({
      id: String(id),
      user_id: user,
      department,
      question,
      asked_at: `2026-11-0${id}T10:00:00.000000Z`,
      reason: 'no_document' as const,
    });
    const groups = groupGaps(
      [
        row(1, 'u1', 'it', 'VPN on Linux does not connect'),
        row(2, 'u2', 'it', 'How to set up the VPN on Linux?'),
        row(3, 'u3', 'it', 'Linux VPN client'),
        row(4, 'u1', 'it', 'Printer on floor 3 is jammed'),
        row(5, 'u4', 'knowledge', 'VPN on Linux'),
      ],
      50,
    );
    expect(
      groups.map(({ label, department, people, count }) => ({ label, department, people, count })),
    ).toEqual([
      { label: 'vpn linux', department: 'it', people: 3, count: 3 },
      // As many people: the last asked first.
      { label: 'vpn linux', department: 'knowledge', people: 1, count: 1 },
      { label: 'printer floor jammed', department: 'it', people: 1, count: 1 },
    ]);
    expect(groups[0]).toMatchObject({
      first_asked_at: '2026-11-01T10:00:00.000000Z',
      last_asked_at: '2026-11-03T10:00:00.000000Z',
    });
    expect(groups[0]!.questions.map((question) => question.question)).toEqual([
      'Linux VPN client',
      'How to set up the VPN on Linux?',
      'VPN on Linux does not connect',
    ]);
  });
});

describe.each(BACKENDS)('knowledge gaps on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;
  let pga: Caller;

  beforeAll(async () => {
    server = await startDemoKnowledgeServer(backend, {
      chatRateLimit: { max: 1000, windowSeconds: 60 },
    });
    admin = await sessionFor(server.db, ADMIN);
    staff = await sessionFor(server.db, STAFF);
    pga = await sessionFor(server.db, PGA);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  async function ask(caller: Caller, message: string, department?: string) {
    const response = await call(server.app, caller, {
      method: 'POST',
      url: '/api/chat',
      payload: { message, ...(department ? { Department: department } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { sources?: Record<string, unknown>; AnswerId: string };
  }
  async function gaps(caller: Caller, query = '') {
    const response = await call(server.app, caller, {
      method: 'GET',
      url: `/api/admin/knowledge-gaps${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { groups: Gap[] };
  }

  it('groups the questions nobody answered and the answers voted down, without who asked', async () => {
    for (const [caller, question] of [
      [staff, 'Zorbing hall booking for the team offsite'],
      [pga, 'How to book the zorbing hall?'],
      [staff, 'zorbing hall booking price'],
      [staff, 'Quokka feeding schedule'],
    ] as const) {
      const answer = await ask(caller, question, 'it');
      expect(answer.sources ?? {}).toEqual({});
    }
    await ask(pga, 'Zorbing hall for the PGA board', 'pga');
    await ask(staff, 'Zorbing hall opening hours');
    const answered = await ask(staff, 'How do I install the VPN client GlobalProtect?', 'it');
    expect(Object.keys(answered.sources ?? {}).length).toBeGreaterThan(0);
    const voted = await call(server.app, staff, {
      method: 'PUT',
      url: '/api/chat/feedback',
      payload: { AnswerId: answered.AnswerId, vote: 'down' },
    });
    expect(voted.statusCode).toBe(200);

    const all = await gaps(admin);
    expect(JSON.stringify(all)).not.toContain('@example.com');
    const it = all.groups.filter((group) => group.department === 'it');
    expect(it.map(({ label, people, count }) => ({ label, people, count }))).toEqual([
      { label: 'zorbing hall booking', people: 2, count: 3 },
      { label: 'install vpn client', people: 1, count: 1 },
      { label: 'quokka feeding schedule', people: 1, count: 1 },
    ]);
    expect(it[0]!.questions.map(({ question, reason }) => ({ question, reason }))).toEqual([
      { question: 'zorbing hall booking price', reason: 'no_document' },
      { question: 'How to book the zorbing hall?', reason: 'no_document' },
      { question: 'Zorbing hall booking for the team offsite', reason: 'no_document' },
    ]);
    expect(it[0]!.first_asked_at <= it[0]!.last_asked_at).toBe(true);
    expect(it[1]!.questions).toEqual([
      expect.objectContaining({
        question: 'How do I install the VPN client GlobalProtect?',
        reason: 'thumbs_down',
      }),
    ]);
    // The groups most people asked in come first.
    expect(all.groups[0]!.label).toBe('zorbing hall booking');

    expect((await gaps(admin, '?department=pga')).groups).toEqual([
      expect.objectContaining({ department: 'pga', label: 'zorbing hall pga', people: 1 }),
    ]);
    expect((await gaps(admin, '?department=knowledge')).groups).toEqual([
      expect.objectContaining({ department: 'knowledge', label: 'zorbing hall opening', count: 1 }),
    ]);
    expect((await gaps(admin, '?department=it&limit=1')).groups.map((group) => group.label)).toEqual([
      'zorbing hall booking',
    ]);
    expect((await gaps(admin, '?from=2999-01-01T00:00:00Z')).groups).toEqual([]);
    expect((await gaps(admin, '?to=2000-01-01T00:00:00Z')).groups).toEqual([]);

    // A thumbs down withdrawn is no gap any more; an answer with sources is one only while voted down.
    await call(server.app, staff, {
      method: 'DELETE',
      url: `/api/chat/feedback?AnswerId=${answered.AnswerId}`,
    });
    const after = await gaps(admin, '?department=it');
    expect(after.groups.some((group) => group.label === 'install vpn client')).toBe(false);
  });

  it('is for administrators: staff are refused, bad filters explained', async () => {
    const refused = await call(server.app, staff, { method: 'GET', url: '/api/admin/knowledge-gaps' });
    expect(refused.statusCode).toBe(403);
    const bad = await call(server.app, admin, {
      method: 'GET',
      url: '/api/admin/knowledge-gaps?department=marketing',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: expect.any(String),
      error: expect.stringContaining('department'),
    });
  });
});
