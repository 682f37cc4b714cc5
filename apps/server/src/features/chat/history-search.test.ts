// History search and rename (extensions) through the operations: a person finds their own
// conversations by label or message text with the match marked, renames one and finds it by its new
// name, and never finds, opens or renames anyone else's.
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
import { findUserByEmail } from '../users/index.js';
import { messageSnippet, SNIPPET_LENGTH } from './history-search.js';

type SearchResponse = components['schemas']['ChatHistorySearchResponse'];
type HistoryItem = components['schemas']['ChatHistoryItem'];

const STAFF = DEMO_ACCOUNTS.find((account) => account.role === 'STAFF')!.email;
const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;

/** Adds a conversation with its messages (question, answer, ...) straight into the database; answers its id. */
async function addConversation(
  server: TestServer,
  email: string,
  summary: string,
  messages: string[],
  createdAt = new Date(),
): Promise<string> {
  const user = await findUserByEmail(server.db, email);
  const { rows } = await server.db.query<{ id: string }>(
    'INSERT INTO chat_conversations (user_id, summary, created_at) VALUES ($1, $2, $3) RETURNING id',
    [user!.id, summary, createdAt],
  );
  const id = rows[0]!.id;
  for (const [index, content] of messages.entries()) {
    await server.db.query('INSERT INTO chat_messages (conversation_id, role, content) VALUES ($1, $2, $3)', [
      id,
      index % 2 === 0 ? 'user' : 'assistant',
      content,
    ]);
  }
  return id;
}

/** The marked parts of each result's snippet. */
const marked = (result: SearchResponse['Results'][number]) =>
  result.Highlights.map(({ start, length }) => result.Snippet.slice(start, start + length));

describe('messageSnippet', () => {
  it('cuts a long message around its match and marks it where the snippet has it', () => {
    const message = `${'Lorem ipsum dolor sit amet. '.repeat(20)}Then the VPN client refused to start. ${'More words follow here. '.repeat(20)}`;
    const snippet = messageSnippet(message, 'vpn client');
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.highlights).toHaveLength(1);
    const [{ start, length }] = snippet.highlights as [{ start: number; length: number }];
    expect(snippet.text.slice(start, start + length)).toBe('VPN client');
  });

  it('keeps a short message whole, every match marked', () => {
    const snippet = messageSnippet('vpn, VPN and Vpn', 'vpn');
    expect(snippet.text).toBe('vpn, VPN and Vpn');
    expect(snippet.highlights.map(({ start, length }) => snippet.text.slice(start, start + length))).toEqual([
      'vpn',
      'VPN',
      'Vpn',
    ]);
  });
});

describe.each(BACKENDS)('History search and rename on %s', (backend) => {
  let server: TestServer;
  let staff: Caller;
  let admin: Caller;
  let printerId: string;
  let vpnId: string;
  let adminsId: string;

  const search = async (caller: Caller, q: string) => {
    const response = await call(server.app, caller, {
      method: 'GET',
      url: `/api/chat/history/search?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as SearchResponse).Results;
  };
  const rename = (caller: Caller, ConversationId: string, ChipSummary: string) =>
    call(server.app, caller, {
      method: 'POST',
      url: '/api/chat/rename',
      payload: { ConversationId, ChipSummary },
    });

  beforeAll(async () => {
    server = await startTestServer(backend);
    staff = await sessionFor(server.db, STAFF);
    admin = await sessionFor(server.db, ADMIN);
    const day = 24 * 60 * 60 * 1000;
    printerId = await addConversation(
      server,
      STAFF,
      'Printer on floor 3',
      ['The printer on floor 3 jams', 'Open tray 2 and check the Roller.'],
      new Date(Date.now() - 3 * day),
    );
    vpnId = await addConversation(server, STAFF, 'VPN on Linux', [
      'How do I set up the vpn on Ubuntu?',
      'Install the GlobalProtect client, then sign in.',
    ]);
    adminsId = await addConversation(server, ADMIN, 'Roller budget', ['The roller budget secret is 4417.']);
  }, 60_000);
  afterAll(() => server?.close());

  it('finds one’s own conversations by label and by message text, newest first, the match marked', async () => {
    const byLabel = await search(staff, 'vpn');
    expect(byLabel.map((result) => result.ConversationId)).toEqual([vpnId]);
    expect(byLabel[0]).toMatchObject({
      Field: 'title',
      Snippet: 'VPN on Linux',
      ChipSummary: 'VPN on Linux',
    });
    expect(marked(byLabel[0]!)).toEqual(['VPN']);

    const byMessage = await search(staff, 'ROLLER');
    expect(byMessage.map((result) => result.ConversationId)).toEqual([printerId]);
    expect(byMessage[0]).toMatchObject({ Field: 'message', ChipSummary: 'Printer on floor 3' });
    expect(marked(byMessage[0]!)).toEqual(['Roller']);

    // Both match "the": the newer first.
    expect((await search(staff, 'the')).map((result) => result.ConversationId)).toEqual([vpnId, printerId]);
    expect(await search(staff, 'nothing like this')).toEqual([]);
  });

  it('never finds another person’s conversations', async () => {
    expect(await search(staff, '4417')).toEqual([]);
    expect((await search(staff, 'roller')).map((result) => result.ConversationId)).not.toContain(adminsId);
    expect((await search(admin, 'roller')).map((result) => result.ConversationId)).toEqual([adminsId]);
  });

  it('renames one’s own conversation, which History lists and search finds by its new name', async () => {
    const response = await rename(staff, printerId, '  Jammed printer  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ConversationId: printerId, ChipSummary: 'Jammed printer' });

    const history = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/getHistory',
      payload: {},
    });
    const items = (history.json() as { History: HistoryItem[] }).History;
    expect(items.map((item) => item.ChipSummary)).toEqual(['VPN on Linux', 'Jammed printer']);
    // When each started, for History's date groups.
    expect(Date.now() - Date.parse(items[1]!.CreatedAt!)).toBeGreaterThan(2 * 24 * 60 * 60 * 1000);

    const found = await search(staff, 'jammed');
    expect(found.map((result) => [result.ConversationId, result.Field])).toEqual([[printerId, 'title']]);
  });

  it('refuses an empty name and another person’s conversation, leaving it as it was', async () => {
    const blank = await rename(staff, vpnId, '   ');
    expect(blank.statusCode).toBe(400);
    const others = await rename(staff, adminsId, 'Taken over');
    expect(others.statusCode).toBe(404);
    expect((await search(admin, 'roller budget')).map((result) => result.ChipSummary)).toEqual([
      'Roller budget',
    ]);
  });

  it('refuses an empty search', async () => {
    const response = await call(server.app, staff, {
      method: 'GET',
      url: '/api/chat/history/search?q=%20%20',
    });
    expect(response.statusCode).toBe(400);
  });
});
