// History search: how long one person waits for `GET /api/chat/history/search` to find their own
// conversations, on PGlite and on PostgreSQL side by side.
//
// The database holds 10 people with 1,000 AI conversations each (10,000 conversations, 100,000
// messages of 20 to 80 words: questions and answers about IT, HR and facilities), written with
// generate_series. Timed: the query and the snippets of the operation's handler (store.ts's
// searchConversations, history-search.ts), for a word in one conversation in a hundred, a word in
// every answer (the first 50 of 1,000 matches), a label's word, a phrase nobody wrote (every message
// of the person read) and one single letter. Printed: p50/p95 per search and database.
// Target (issue 26): well under a second; p95 <= 500 ms on a shared two-core machine.
//
// Run: pnpm --filter @digital-assistant/bench run bench:history. Environment: BENCH_SEARCHES (timed
// searches per kind and database, default 30), DATABASE_URL (PostgreSQL too, default
// postgres://postgres@127.0.0.1:5432/test; skipped if unreachable).
import { randomBytes } from 'node:crypto';
import { messageSnippet, titleSnippet } from '../apps/server/src/features/chat/history-search.js';
import { searchConversations } from '../apps/server/src/features/chat/store.js';
import { MODULES } from '../apps/server/src/modules.js';
import { type Db, openPglite, openPostgres } from '../apps/server/src/platform/db/db.js';
import { migrate } from '../apps/server/src/platform/db/migrations.js';

const searchesPerKind = Number(process.env.BENCH_SEARCHES ?? 30);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PEOPLE = 10;
const CONVERSATIONS = 1000;
const MESSAGES = 10;

const SEARCHES: Array<[string, string]> = [
  ['rare word (1 in 100 conversations)', 'kerberos'],
  ['common word (every answer)', 'please'],
  ['label word', 'laptop'],
  ['nowhere (reads everything)', 'no such phrase here'],
  ['one letter', 'e'],
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function seed(db: Db): Promise<string> {
  await migrate(db, MODULES);
  await db.query(
    `INSERT INTO users (email, name, role)
     SELECT 'person' || n || '@example.com', 'Person ' || n, 'STAFF' FROM generate_series(1, $1) AS n`,
    [PEOPLE],
  );
  await db.query(
    `INSERT INTO chat_conversations (user_id, summary, created_at)
     SELECT users.id,
            (ARRAY['Laptop will not start', 'Holiday request', 'Printer on floor 3', 'VPN on Linux', 'Expense report'])[1 + n % 5] || ' ' || n,
            now() - n * interval '1 hour'
       FROM users, generate_series(1, $1) AS n`,
    [CONVERSATIONS],
  );
  await db.query(
    `INSERT INTO chat_messages (conversation_id, role, content)
     SELECT conversation.id, CASE WHEN m % 2 = 1 THEN 'user' ELSE 'assistant' END,
            CASE WHEN m % 2 = 1
              THEN 'How do I ' || (ARRAY['reset my password', 'book a meeting room', 'claim travel expenses', 'connect to the office network', 'order a new screen'])[1 + (m + length(conversation.summary)) % 5]
                   || ' when ' || repeat('the usual steps do not work for me and my team this week ', 1 + m % 3)
                   || CASE WHEN abs(hashtext(conversation.id::text)) % 100 = 0 AND m = 1 THEN ' with kerberos' ELSE '' END || '?'
              ELSE 'Please open the service portal, choose the request type and follow the form. '
                   || repeat('If that fails, write to the service desk with a screenshot and your employee number. ', 1 + m % 4)
            END
       FROM chat_conversations AS conversation, generate_series(1, $1) AS m
      ORDER BY conversation.id, m`,
    [MESSAGES],
  );
  await db.query('ANALYZE chat_conversations');
  await db.query('ANALYZE chat_messages');
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'person1@example.com'`);
  return rows[0]!.id;
}

async function run(name: string, db: Db): Promise<Map<string, number[]>> {
  const started = performance.now();
  const userId = await seed(db);
  const { rows } = await db.query<{ conversations: number; messages: number }>(
    `SELECT (SELECT count(*)::int FROM chat_conversations) AS conversations,
            (SELECT count(*)::int FROM chat_messages) AS messages`,
  );
  console.log(
    `${name}: ${rows[0]!.conversations} conversations, ${rows[0]!.messages} messages, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const times = new Map<string, number[]>();
  for (const [label, text] of SEARCHES) {
    const spent: number[] = [];
    let found = 0;
    for (let round = -3; round < searchesPerKind; round++) {
      const start = performance.now();
      const matches = await searchConversations(db, userId, text, 50);
      for (const match of matches) {
        if (match.title_matches || match.message === null) titleSnippet(match.summary, text);
        else messageSnippet(match.message, text);
      }
      if (round >= 0) spent.push(performance.now() - start);
      found = matches.length;
    }
    times.set(label, spent);
    console.log(`  ${label.padEnd(38)} ${String(found).padStart(3)} results`);
  }
  return times;
}

const results = new Map<string, Map<string, number[]>>();
console.log(
  `History search: ${PEOPLE} people x ${CONVERSATIONS} conversations x ${MESSAGES} messages, ${searchesPerKind} searches per kind, first 50 results`,
);
const pglite = await openPglite();
try {
  results.set('PGlite', await run('PGlite (in memory)', pglite));
} finally {
  await pglite.close();
}

let admin: Db | undefined;
try {
  admin = await openPostgres(databaseUrl, { max: 1 });
  await admin.query('SELECT 1');
} catch {
  console.log(`\nPostgreSQL: skipped (${databaseUrl} unreachable)`);
  admin = undefined;
}
if (admin) {
  const schema = `bench_history_${randomBytes(4).toString('hex')}`;
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(databaseUrl, { schema, max: 4 });
  try {
    results.set('PostgreSQL', await run('PostgreSQL', db));
  } finally {
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

const databases = [...results.keys()];
console.log(`\n${'search'.padEnd(38)} ${databases.map((db) => `${db} p50 / p95`.padStart(24)).join('')}`);
let worst = 0;
for (const [label] of SEARCHES) {
  const cells = databases.map((db) => {
    const spent = results.get(db)!.get(label)!;
    worst = Math.max(worst, percentile(spent, 95));
    return `${percentile(spent, 50).toFixed(1)} / ${percentile(spent, 95).toFixed(1)} ms`.padStart(24);
  });
  console.log(`${label.padEnd(38)} ${cells.join('')}`);
}
console.log(`\nWorst p95 ${worst.toFixed(1)} ms (target <= 500 ms: ${worst <= 500 ? 'met' : 'NOT met'})`);
