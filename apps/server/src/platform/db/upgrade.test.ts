// Safe upgrades: each release's data, written by that release's own server through its API
// (test-fixtures/upgrade/<release>, made by scripts/make-upgrade-fixture.mjs), opened by this
// server. Every row of every table the release had is kept with its values, a failing migration
// leaves schema and rows as they were, the migrations apply once, and over real HTTP the tokens
// authenticate, the conversations are their owners', the document and the review download serve
// the bytes the release served. On PGlite always (the release's data folder); on PostgreSQL too
// when TEST_DATABASE_URL is set and the release has a pg_dump of its own (postgres.sql.gz).
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { MODULES } from '../../modules.js';
import { openTestDb, testConfig } from '../../test/harness.js';
import { schemaOf } from '../../test/schema.js';
import type { Config } from '../config/config.js';
import type { FeatureModule } from '../modules.js';
import { type Db, openPglite, openPostgres } from './db.js';
import { migrate } from './migrations.js';

const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test-fixtures/upgrade',
);
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const fixtures = readdirSync(fixturesDir)
  .sort()
  .flatMap((release) => [
    { release, backend: 'pglite' as const },
    ...(testDatabaseUrl && existsSync(path.join(fixturesDir, release, 'postgres.sql.gz'))
      ? [{ release, backend: 'postgres' as const }]
      : []),
  ]);

/** Where a fixture is unpacked: opened without migrations, and the server's configuration for it. */
interface Store {
  open(): Promise<Db>;
  config: Partial<Config>;
  remove(): Promise<void>;
}

async function unpack(release: string, backend: 'pglite' | 'postgres'): Promise<Store> {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `da-upgrade-${release}-`));
    execFileSync('tar', ['-xzf', path.join(fixturesDir, release, 'pglite.tar.gz'), '-C', dataDir]);
    return {
      open: () => openPglite(path.join(dataDir, 'pglite')),
      config: { dataDir },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // The release's dump of its schema upgrade_fixture, loaded into a schema of this run.
  const schema = `test_upgrade_${randomBytes(6).toString('hex')}`;
  const dump = gunzipSync(readFileSync(path.join(fixturesDir, release, 'postgres.sql.gz')))
    .toString('utf8')
    .replaceAll('upgrade_fixture', schema)
    // psql meta-commands recent pg_dump releases write around the dump (not SQL).
    .replace(/^\\(un)?restrict .*$/gm, '');
  const admin = await openPostgres(testDatabaseUrl!, { max: 1 });
  await admin.exec(dump);
  const url = new URL(testDatabaseUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    open: () => openPostgres(testDatabaseUrl!, { schema, max: 2 }),
    config: { databaseUrl: url.toString() },
    async remove() {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

interface Manifest {
  release: string;
  tokens: { admin: string; staff: string };
  revokedToken: string;
  conversations: Record<string, string[]>;
  document: { id: string; name: string; sha256: string; text: string };
  review: { fileId: string; filename: string; downloadSha256: string };
}

/** Each table's columns, as the database has them now. */
async function tableColumns(db: Db): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t USING (table_schema, table_name)
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
     ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows)
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

/** Every row of the given tables, restricted to the given columns, as sorted JSON texts. */
async function rowsOf(db: Db, tables: Map<string, string[]>): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const [table, columns] of tables) {
    const list = columns.map((column) => `"${column}"`).join(', ');
    const { rows } = await db.query<{ row: string }>(
      `SELECT row_to_json(kept)::text AS row FROM (SELECT ${list} FROM "${table}") kept`,
    );
    snapshot[table] = rows.map((row) => row.row).sort();
  }
  return snapshot;
}

/** The rows of `before` that `after` lacks (a row counted as often as it occurs). */
function missingRows(before: Record<string, string[]>, after: Record<string, string[]>) {
  const missing: Record<string, string[]> = {};
  for (const [table, rows] of Object.entries(before)) {
    const left = new Map<string, number>();
    for (const row of after[table] ?? []) left.set(row, (left.get(row) ?? 0) + 1);
    const lost = rows.filter((row) => {
      const count = left.get(row) ?? 0;
      left.set(row, count - 1);
      return count <= 0;
    });
    if (lost.length > 0) missing[table] = lost;
  }
  return missing;
}

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

describe.each(fixtures)('data written by release $release on $backend', ({ release, backend }) => {
  const manifest = JSON.parse(
    readFileSync(
      path.join(fixturesDir, release, backend === 'pglite' ? 'manifest.json' : 'postgres-manifest.json'),
      'utf8',
    ),
  ) as Manifest;
  let store: Store;
  let released: Map<string, string[]>;
  let releasedRows: Record<string, string[]>;
  let migratedCount = 0;

  beforeAll(async () => {
    store = await unpack(release, backend);
    const db = await store.open();
    try {
      // Tokens live at most 365 days and the fixture outlives them: keep them valid, before the
      // snapshot, so the comparison stays exact and "still authenticates" keeps meaning something.
      await db.query(
        `UPDATE personal_access_tokens SET expires_at = now() + interval '30 days'
         WHERE revoked_at IS NULL AND expires_at < now() + interval '1 day'`,
      );
      released = await tableColumns(db);
      releasedRows = await rowsOf(db, released);
    } finally {
      await db.close();
    }
  });
  afterAll(() => store?.remove());

  it('keeps every row with its values through the migrations; a second run applies nothing', async () => {
    expect(releasedRows.users?.length).toBeGreaterThan(0);
    expect(releasedRows.blob_chunks?.length).toBeGreaterThan(0);
    const db = await store.open();
    try {
      await migrate(db, MODULES);
      const now = await tableColumns(db);
      for (const [table, columns] of released)
        expect(now.get(table), table).toEqual(expect.arrayContaining(columns));
      expect(missingRows(releasedRows, await rowsOf(db, released))).toEqual({});

      const recorded = await db.query('SELECT module, version FROM schema_migrations');
      migratedCount = recorded.rows.length;
      expect(await migrate(db, MODULES)).toEqual([]);
      expect((await db.query('SELECT module, version FROM schema_migrations')).rows).toEqual(recorded.rows);
    } finally {
      await db.close();
    }
  });

  it('ends with the schema of a new database', async () => {
    const db = await store.open();
    const fresh = await openTestDb(backend);
    try {
      await migrate(db, MODULES);
      expect(await schemaOf(db)).toEqual(await schemaOf(fresh.db));
    } finally {
      await db.close();
      await fresh.cleanup();
    }
  });

  it('leaves schema and rows as they were when a migration fails halfway', async () => {
    const db = await store.open();
    try {
      const columnsBefore = await tableColumns(db);
      const rowsBefore = await rowsOf(db, columnsBefore);
      const failing: FeatureModule = {
        name: 'upgrade_test_failing',
        migrations: [
          {
            version: 1,
            name: 'changes data',
            sql: `ALTER TABLE users ADD COLUMN nickname text;
                  UPDATE users SET name = 'Changed', nickname = 'x';
                  DELETE FROM blob_chunks;
                  CREATE TABLE upgrade_test_leftover (id int);`,
          },
          { version: 2, name: 'fails', sql: 'SELECT 1 / 0' },
        ],
      };
      await expect(migrate(db, [...MODULES, failing])).rejects.toThrow('division by zero');
      expect(await tableColumns(db)).toEqual(columnsBefore);
      expect(await rowsOf(db, columnsBefore)).toEqual(rowsBefore);
    } finally {
      await db.close();
    }
  });

  it('serves the release data over HTTP, twice without migrating again', async () => {
    for (const round of [1, 2]) {
      const app = await buildApp({ config: testConfig(store.config) });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        const url = `http://127.0.0.1:${typeof address === 'object' ? address?.port : 0}`;
        const as = (token: string) => ({ authorization: `Bearer ${token}` });
        const post = (token: string, route: string, body: unknown) =>
          fetch(`${url}${route}`, {
            method: 'POST',
            headers: { ...as(token), 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });

        // Tokens: the release's authenticate as their owners, the revoked one does not.
        for (const [token, email] of [
          [manifest.tokens.admin, 'admin@example.com'],
          [manifest.tokens.staff, 'staff@example.com'],
        ] as const) {
          const auth = await fetch(`${url}/api/auth`, { headers: as(token) });
          expect(auth.status).toBe(200);
          expect(JSON.stringify(await auth.json())).toContain(email);
        }
        expect((await fetch(`${url}/api/auth`, { headers: as(manifest.revokedToken) })).status).toBe(401);

        // Users and the role group the release created.
        const users = JSON.stringify(
          await (await post(manifest.tokens.admin, '/api/users', { email: '*' })).json(),
        );
        expect(users).toContain('rita.reviewer@example.com');
        expect(users).toContain('Olaf Ölund');
        const roles = JSON.stringify(
          await (await post(manifest.tokens.admin, '/api/roles/view', { role: 'REVIEWERS' })).json(),
        );
        expect(roles).toContain('code_enhancement_upload');

        // Conversations: listed for their owner only, with their messages.
        const history = (await (await post(manifest.tokens.staff, '/api/chat/getHistory', {})).json()) as {
          History: Array<{ ConversationId: string }>;
        };
        expect(history.History.map((item) => item.ConversationId).sort()).toEqual(
          [...manifest.conversations['staff@example.com']!].sort(),
        );
        const conversation = (await (
          await post(manifest.tokens.staff, '/api/chat/getConversation', {
            ConversationId: manifest.conversations['staff@example.com']![0],
          })
        ).json()) as { Messages: Array<{ type: number }> };
        expect(conversation.Messages.map((message) => message.type)).toEqual([1, 0, 1, 0]);
        const adminConversation = manifest.conversations['admin@example.com']![0];
        expect(
          (
            await post(manifest.tokens.staff, '/api/chat/getConversation', {
              ConversationId: adminConversation,
            })
          ).status,
        ).toBe(404);

        // Blobs: the training document's file and the review's download, byte for byte.
        const documents = (await (
          await fetch(`${url}/api/knowledge/documents`, { headers: as(manifest.tokens.admin) })
        ).json()) as { documents: Array<{ id: string; document: string; status: string }> };
        expect(
          documents.documents.map(({ id, document, status }) => ({ id, document, status })),
        ).toContainEqual({
          id: manifest.document.id,
          document: manifest.document.name,
          status: 'Ready',
        });
        const file = await fetch(`${url}/api/knowledge/documents/file?id=${manifest.document.id}`, {
          headers: as(manifest.tokens.admin),
        });
        expect(sha256(await file.arrayBuffer())).toBe(manifest.document.sha256);
        const reviews = JSON.stringify(
          await (await post(manifest.tokens.staff, '/api/file/files', {})).json(),
        );
        expect(reviews).toContain(manifest.review.fileId);
        const download = await post(manifest.tokens.staff, '/api/file/download', {
          fileId: manifest.review.fileId,
        });
        expect(download.status).toBe(200);
        expect(sha256(await download.arrayBuffer())).toBe(manifest.review.downloadSha256);

        // The passages and their index came along: the knowledge chat finds the document.
        const asked = await post(manifest.tokens.admin, '/api/chat', { message: 'Where do visitors park?' });
        expect(asked.status).toBe(200);
        expect(JSON.stringify(await asked.json())).toContain('north garage');
      } finally {
        await app.close();
      }
      const db = await store.open();
      try {
        const { rows } = await db.query('SELECT 1 FROM schema_migrations');
        expect(rows, `start ${round}`).toHaveLength(migratedCount);
      } finally {
        await db.close();
      }
    }
  });
});
