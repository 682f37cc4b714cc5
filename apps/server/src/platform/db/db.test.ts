import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type Backend, openTestDb } from '../../test/harness.js';
import type { Db } from './db.js';

/** An empty database (no migrations applied). */
const openEmptyDb = (backend: Backend) => openTestDb(backend, []);

/** A fresh table per test (named after it) with two rows. */
async function createItems(db: Db, table: string): Promise<void> {
  await db.exec(`CREATE TABLE ${table} (
    id integer PRIMARY KEY,
    label text NOT NULL,
    tags text[] NOT NULL DEFAULT '{}',
    seen_at timestamptz
  )`);
  await db.query(`INSERT INTO ${table} (id, label, tags, seen_at) VALUES
    (1, 'one', '{a,b}', '2026-01-02T03:04:05Z'), (2, 'two', '{}', NULL)`);
}

const BY_ID = 'SELECT id, label, tags, seen_at FROM items_a WHERE id = $1';

describe.each(BACKENDS)('the database on %s', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await openEmptyDb(backend));
  });
  afterAll(async () => {
    await cleanup?.();
  });

  describe('named queries', () => {
    it('answer the rows, types and counts the unnamed query answers, call after call', async () => {
      await createItems(db, 'items_a');
      for (const id of [1, 2, 3, 1, 1, 1, 1, 1, 1, 2]) {
        const named = await db.query(BY_ID, [id], { name: 'items_by_id' });
        const unnamed = await db.query(BY_ID, [id]);
        expect(named).toEqual(unnamed);
      }
      const first = await db.query<{ tags: string[]; seen_at: Date }>(BY_ID, [1], { name: 'items_by_id' });
      expect(first.rows[0]!.tags).toEqual(['a', 'b']);
      expect(first.rows[0]!.seen_at).toEqual(new Date('2026-01-02T03:04:05Z'));
      const update = await db.query('UPDATE items_a SET label = $2 WHERE id >= $1', [1, 'x'], {
        name: 'items_relabel',
      });
      expect(update.rowCount).toBe(2);
      expect((await db.query(BY_ID, [2], { name: 'items_by_id' })).rows[0]).toMatchObject({ label: 'x' });
    });

    it('answer again after a schema change alters their result, and keep database errors', async () => {
      await createItems(db, 'items_b');
      const all = 'SELECT * FROM items_b WHERE id = $1';
      expect(Object.keys((await db.query(all, [1], { name: 'items_all' })).rows[0]!)).toHaveLength(4);
      await db.exec('ALTER TABLE items_b ADD COLUMN extra text');
      expect((await db.query(all, [1], { name: 'items_all' })).rows[0]).toHaveProperty('extra', null);

      await expect(
        db.query('INSERT INTO items_b (id, label) VALUES ($1, $2)', [1, 'dup'], { name: 'items_insert' }),
      ).rejects.toMatchObject({ code: '23505' });
      // The failed call left the connection usable and the statement reusable.
      const inserted = await db.query('INSERT INTO items_b (id, label) VALUES ($1, $2)', [3, 'three'], {
        name: 'items_insert',
      });
      expect(inserted.rowCount).toBe(1);
      await expect(db.query('SELECT nope FROM items_b', [], { name: 'items_bad' })).rejects.toMatchObject({
        code: '42703',
      });
    });

    it('never see what another caller writes in a transaction that rolls back', async () => {
      await createItems(db, 'items_c');
      let reachedInsert!: () => void;
      const inserted = new Promise<void>((resolve) => {
        reachedInsert = resolve;
      });
      const transaction = db.transaction(async (tx) => {
        await tx.query("INSERT INTO items_c (id, label) VALUES (10, 'uncommitted')");
        reachedInsert();
        // The named query is issued while this transaction is open, then the transaction fails.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      });
      await inserted;
      const count = db
        .query<{ count: number }>('SELECT count(*)::int AS count FROM items_c', [], { name: 'items_count' })
        .then((result) => result.rows[0]!.count);
      await expect(transaction).rejects.toThrow('roll back');
      expect(await count).toBe(2);
      expect((await db.query('SELECT count(*)::int AS count FROM items_c')).rows[0]).toEqual({ count: 2 });
    });
  });

  describe('parameters', () => {
    it('arrive as sent: multi-byte text, empty text, nulls, bytes, JSON, arrays and dates, named or not', async () => {
      const params = [
        'naïve 日本語 😀',
        '',
        null,
        Buffer.from([0, 1, 2, 255, 254]),
        { key: 'välue', list: [1, 2] },
        ['a', 'b c', 'd"e', 'f\\g'],
        new Date('2026-03-04T05:06:07.089Z'),
      ];
      const sql = `SELECT $1::text AS text, length($1::text) AS length, $2::text AS empty, $3::text AS nothing,
                          encode($4::bytea, 'hex') AS bytes, $5::jsonb AS json, $6::text[] AS list,
                          $7::timestamptz AS at`;
      const expected = {
        text: 'naïve 日本語 😀',
        length: 11,
        empty: '',
        nothing: null,
        bytes: '000102fffe',
        json: { key: 'välue', list: [1, 2] },
        list: ['a', 'b c', 'd"e', 'f\\g'],
        at: new Date('2026-03-04T05:06:07.089Z'),
      };
      expect((await db.query(sql, params)).rows).toEqual([expected]);
      for (let call = 0; call < 7; call++) {
        expect((await db.query(sql, params, { name: 'params_round_trip' })).rows).toEqual([expected]);
      }
      expect((await db.transaction((tx) => tx.query(sql, params))).rows).toEqual([expected]);
      expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });
  });

  describe('transactions', () => {
    it('keep typed parameters and results, and roll back whole when a statement fails', async () => {
      await createItems(db, 'items_tx');
      const committed = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO items_tx (id, label, tags, seen_at) VALUES ($1, $2, $3, $4)', [
          3,
          'three',
          ['x', 'y'],
          new Date('2026-02-03T04:05:06Z'),
        ]);
        return tx.query<{ tags: string[]; seen_at: Date }>(
          'SELECT tags, seen_at FROM items_tx WHERE id = $1',
          [3],
        );
      });
      expect(committed.rows[0]).toEqual({ tags: ['x', 'y'], seen_at: new Date('2026-02-03T04:05:06Z') });

      const failed = db.transaction(async (tx) => {
        await tx.query("UPDATE items_tx SET label = 'changed'");
        await tx.query("INSERT INTO items_tx (id, label) VALUES (1, 'duplicate')");
      });
      await expect(failed).rejects.toMatchObject({ code: '23505' });
      const { rows } = await db.query<{ label: string }>('SELECT label FROM items_tx ORDER BY id');
      expect(rows.map((row) => row.label)).toEqual(['one', 'two', 'three']);
    });
  });

  describe('named queries in transactions', () => {
    it('are prepared inside or outside one, reused by both, and roll back with it', async () => {
      await createItems(db, 'items_named_tx');
      const insert = 'INSERT INTO items_named_tx (id, label, tags) VALUES ($1, $2, $3)';
      await db.transaction(async (tx) => {
        await tx.query(insert, [3, 'three', ['t']], { name: 'items_named_tx_insert' });
        await tx.query(insert, [4, 'four', []], { name: 'items_named_tx_insert' });
      });
      await db.query(insert, [5, 'five', ['f', 'v']], { name: 'items_named_tx_insert' });
      const failed = db.transaction(async (tx) => {
        await tx.query(insert, [6, 'six', []], { name: 'items_named_tx_insert' });
        await tx.query(insert, [1, 'duplicate', []], { name: 'items_named_tx_insert' });
      });
      await expect(failed).rejects.toMatchObject({ code: '23505' });
      await db.transaction((tx) => tx.query(insert, [7, 'seven', ['s']], { name: 'items_named_tx_insert' }));
      const { rows } = await db.query<{ id: number; tags: string[] }>(
        'SELECT id, tags FROM items_named_tx ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 1, tags: ['a', 'b'] },
        { id: 2, tags: [] },
        { id: 3, tags: ['t'] },
        { id: 4, tags: [] },
        { id: 5, tags: ['f', 'v'] },
        { id: 7, tags: ['s'] },
      ]);
    });
  });

  describe('commits that do not wait for the disk', () => {
    it('are visible at once to every other connection, alone and in a transaction', async () => {
      await createItems(db, 'items_async');
      await db.asyncCommit.query("UPDATE items_async SET label = 'uno' WHERE id = 1");
      await db.transaction((tx) => tx.query("UPDATE items_async SET label = 'dos' WHERE id = 2"), {
        isSynchronousCommit: false,
      });
      const { rows } = await db.query<{ label: string }>('SELECT label FROM items_async ORDER BY id');
      expect(rows.map((row) => row.label)).toEqual(['uno', 'dos']);
    });

    it('run with synchronous_commit off on PostgreSQL only, leaving the other connections as they are', async () => {
      const setting = async (queryable: Pick<Db, 'query'>) =>
        (
          await queryable.query<{ value: string }>('SELECT current_setting($1) AS value', [
            'synchronous_commit',
          ])
        ).rows[0]!.value;
      const inTransaction = await db.transaction((tx) => setting(tx), { isSynchronousCommit: false });
      if (backend === 'postgres') {
        expect(await setting(db.asyncCommit)).toBe('off');
        expect(inTransaction).toBe('off');
        // The ordinary connections keep the server's own setting ('on' unless configured otherwise).
        const { rows } = await db.query<{ value: string }>(
          "SELECT reset_val AS value FROM pg_settings WHERE name = 'synchronous_commit'",
        );
        expect(await setting(db)).toBe(rows[0]!.value);
        expect(await db.transaction((tx) => setting(tx))).toBe(rows[0]!.value);
      } else {
        expect(db.asyncCommit).toBe(db);
        expect(inTransaction).toBe(await setting(db));
      }
    });

    it('are set up without a query racing the first one on a new connection (no pg deprecation warning)', async () => {
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      const fresh = await openEmptyDb(backend);
      try {
        const values = await Promise.all(
          Array.from({ length: 4 }, () =>
            fresh.db.asyncCommit.query<{ value: string }>(
              "SELECT current_setting('synchronous_commit') AS value",
            ),
          ),
        );
        if (backend === 'postgres')
          expect(values.map(({ rows }) => rows[0]!.value)).toEqual(['off', 'off', 'off', 'off']);
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
      } finally {
        process.off('warning', onWarning);
        await fresh.cleanup();
      }
    });
  });
});
