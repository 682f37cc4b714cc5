// One small database interface over two engines that speak the same PostgreSQL dialect: PGlite
// (WASM PostgreSQL in a data folder, the embedded default) and a pg Pool (DATABASE_URL). Features
// write plain SQL with $1 parameters against `Queryable` and never know which engine runs it.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; queries inside must go through the given `tx`. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens PGlite in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const database = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await database.query<Row>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await database.exec(sql);
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return database.transaction(async (transaction) =>
        work({
          async query<Row>(sql: string, params: unknown[] = []) {
            const result = await transaction.query<Row>(sql, params);
            return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
          },
          async exec(sql: string) {
            await transaction.exec(sql);
          },
        }),
      );
    },
    async close() {
      await database.close();
    },
  };
}

export interface PostgresOptions {
  /** Schema to use as search_path (tests run each file in a fresh schema). */
  schema?: string;
  max?: number;
}

/** Opens a pg connection pool on `connectionString`. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const query = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []) => {
    const result = await client.query(sql, params);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  };
  // Fail at start-up, not on the first request, when the database is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params) => query(pool, sql, params),
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: (sql, params) => query(client, sql, params),
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
