// One small database interface over two engines that speak the same PostgreSQL dialect: PGlite
// (WASM PostgreSQL in a data folder, the embedded default) and a pg Pool (DATABASE_URL). Features
// write plain SQL with $1 parameters against `Queryable` and never know which engine runs it.
import { createRequire } from 'node:module';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';

/** node-postgres's own parameter serializer (`pg/lib/utils.js`, not in its typings). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): string | Buffer | null;
};

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Runs the query as a named prepared statement: parsed and planned once (per connection), then
   * only bound and executed. For the few queries every request runs (authentication), where
   * PostgreSQL's planning costs more than the execution. A name always stands for the same SQL.
   */
  name?: string;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * False: the commit does not wait for the write-ahead log to reach the disk (PostgreSQL's
   * `synchronous_commit = off` for this transaction), which saves a disk flush per commit. A crash
   * of the database server (not of this process) may then lose the last fraction of a second of
   * such commits, never part of one and never one without those before it; any later ordinary
   * commit makes them durable too. For bookkeeping that is redone when lost (a job claim, a job's
   * result that a lease would make run again). PGlite writes its log at every commit without a disk
   * flush already (`fsync` off), so it ignores this.
   * @default true
   */
  isSynchronousCommit?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The same database, for statements whose commits need not wait for the disk (see
   * `TransactionOptions.isSynchronousCommit`): on PostgreSQL, connections with
   * `synchronous_commit = off`; on PGlite, the database itself.
   */
  readonly asyncCommit: Queryable;
  /** Runs `work` in one transaction; queries inside must go through the given `tx`. */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL: this instance's connections, open, idle, and requests waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

function concatenate(messages: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return bytes;
}

/**
 * Whether a named statement failed for being stale: "cached plan must not change result type"
 * after a schema change (0A000), or gone after DEALLOCATE (26000). It is then prepared again.
 */
function isStaleStatement(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === '26000' || (error.code === '0A000' && /cached plan/.test(error.message));
}

/** The rows of the one statement a protocol exchange ran, with PGlite's parsers. */
function firstResult<Row>(
  database: PGlite,
  messages: Parameters<typeof parse.parseResults>[0],
): QueryResult<Row> {
  const result = parse.parseResults(messages, database.parsers)[0]!;
  return { rows: result.rows as Row[], rowCount: result.affectedRows ?? result.rows.length };
}

/** How a PGlite query runs: `syncToFs` false inside a transaction (PGlite writes its files at the commit). */
interface PgliteQueryOptions {
  syncToFs: boolean;
}

/**
 * The parameters as node-postgres serializes them for PostgreSQL (text, JSON for objects, array
 * literals, bytes in binary): both engines receive the same values, and PostgreSQL reads each by the
 * type the statement gives its parameter.
 */
const serializeParameters = (params: readonly unknown[]) => params.map((value) => prepareValue(value));

/**
 * One extended-query exchange as one message: Parse (when `text` is given: `name` prepared, or the
 * unnamed statement), Bind of `name` with the parameters (`serializeParameters`: strings in text
 * format, bytes in binary), Describe of the portal, Execute and Sync. Written straight into one
 * buffer of the right size: PGlite's message writer grows its buffer step by step and counts each
 * string's UTF-8 bytes character by character, a cost that shows for the ingestion's long parameters.
 */
function extendedQuery(name: string, text: string | undefined, params: readonly unknown[]): Uint8Array {
  const values = serializeParameters(params);
  const nameBytes = Buffer.byteLength(name);
  const textBytes = text === undefined ? 0 : Buffer.byteLength(text);
  const valueBytes = values.map((value) =>
    value === null ? 0 : typeof value === 'string' ? Buffer.byteLength(value) : value.length,
  );
  const parseLength = text === undefined ? 0 : 1 + 4 + nameBytes + 1 + textBytes + 1 + 2;
  const bindBody = 4 + 1 + nameBytes + 1 + 2 + 2 * values.length + 2 + 2;
  const bindLength = 1 + bindBody + valueBytes.reduce((sum, length) => sum + 4 + length, 0);
  const tail = 7 + 10 + 5; // Describe portal, Execute, Sync
  const message = Buffer.allocUnsafe(parseLength + bindLength + tail);
  let offset = 0;
  const cString = (value: string) => {
    offset += message.write(value, offset);
    offset = message.writeUInt8(0, offset);
  };
  if (text !== undefined) {
    offset = message.writeUInt8(0x50, offset); // 'P'
    offset = message.writeInt32BE(parseLength - 1, offset);
    cString(name);
    cString(text);
    offset = message.writeInt16BE(0, offset); // parameter types: inferred
  }
  offset = message.writeUInt8(0x42, offset); // 'B'
  offset = message.writeInt32BE(bindLength - 1, offset);
  cString(''); // portal
  cString(name);
  offset = message.writeInt16BE(values.length, offset);
  for (const value of values)
    offset = message.writeInt16BE(value !== null && typeof value !== 'string' ? 1 : 0, offset);
  offset = message.writeInt16BE(values.length, offset);
  values.forEach((value, index) => {
    if (value === null) {
      offset = message.writeInt32BE(-1, offset);
      return;
    }
    offset = message.writeInt32BE(valueBytes[index]!, offset);
    offset += typeof value === 'string' ? message.write(value, offset) : value.copy(message, offset);
  });
  offset = message.writeInt16BE(0, offset); // results in text
  offset = message.writeUInt8(0x44, offset); // 'D'
  offset = message.writeInt32BE(6, offset);
  offset = message.writeUInt8(0x50, offset); // portal
  offset = message.writeUInt8(0, offset);
  offset = message.writeUInt8(0x45, offset); // 'E'
  offset = message.writeInt32BE(9, offset);
  offset = message.writeUInt8(0, offset); // portal
  offset = message.writeInt32BE(0, offset); // all rows
  offset = message.writeUInt8(0x53, offset); // 'S'
  message.writeInt32BE(4, offset);
  return message;
}

/**
 * Statements on PGlite in one protocol round trip each: Parse, Bind, Describe, Execute and Sync in one
 * message, where `PGlite.query` takes six (it describes the statement first to serialize each
 * parameter by its type). Unnamed statements are planned on every call, like `PGlite.query`'s. A
 * named one (`name`, PGlite has no API for them) is parsed once, its first time (the names are the
 * session's, in `prepared`); later calls send only Bind to Sync, and PostgreSQL's plan cache skips
 * planning (a generic plan after five executions, where it is no dearer). Holds PGlite's query lock
 * while it runs; the caller holds the transaction lock (`PGlite.transaction` does, for the statements
 * of its callback). Inside a transaction block the Sync neither commits nor rolls back: a failed
 * statement leaves the block aborted, and `PGlite.transaction` rolls it back when the callback throws.
 */
function pgliteQuery(database: PGlite, prepared: Set<string>, { syncToFs }: PgliteQueryOptions) {
  const serialize = protocol.serialize;
  const run = async <Row>(message: Uint8Array) =>
    firstResult<Row>(database, await database.execProtocolStream(message, { syncToFs }));
  const withSync = (message: Uint8Array) =>
    database.execProtocolStream(concatenate([message, serialize.sync()]), { syncToFs: false });
  return <Row>(sql: string, params: unknown[], name?: string): Promise<QueryResult<Row>> =>
    database.runExclusive(async () => {
      if (!name) return run<Row>(extendedQuery('', sql, params));
      if (prepared.has(name)) {
        try {
          return await run<Row>(extendedQuery(name, undefined, params));
        } catch (error) {
          if (!isStaleStatement(error)) throw error;
          // A schema change or DEALLOCATE made it stale: prepared again, once.
          prepared.delete(name);
          await withSync(serialize.close({ type: 'S', name }));
        }
      }
      await withSync(serialize.parse({ name, text: sql }));
      prepared.add(name);
      return run<Row>(extendedQuery(name, undefined, params));
    });
}

/**
 * Opens PGlite in `dataDir`, or in memory when `dataDir` is undefined. pgvector is always available
 * to it (created only where embeddings are configured; loading it costs nothing measurable), so a
 * data folder that once had vectors opens whatever the configuration says now.
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  const database = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { vector },
  });
  const prepared = new Set<string>();
  const query = pgliteQuery(database, prepared, { syncToFs: true });
  // PGlite writes its files at the commit, not after every statement of a transaction.
  const transactionQuery = pgliteQuery(database, prepared, { syncToFs: false });
  const db: Db = {
    kind: 'pglite',
    get asyncCommit() {
      return db;
    },
    query<Row>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
      return database._runExclusiveTransaction(() => query<Row>(sql, params, options.name));
    },
    async exec(sql: string) {
      await database.exec(sql);
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return database.transaction(async (transaction) =>
        work({
          async query<Row>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
            if (transaction.closed) throw new Error('Transaction is closed');
            return transactionQuery<Row>(sql, params, options.name);
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
  pgliteOf.set(db, database);
  return db;
}

const pgliteOf = new WeakMap<Db, PGlite>();

/** The whole data folder of a database `openPglite` opened, as a tar that `loadDataDir` takes. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const database = pgliteOf.get(db);
  if (!database) throw new Error('dumpPglite: not a database openPglite opened');
  return database.dumpDataDir('none');
}

export interface PostgresOptions {
  /** Schema to use as search_path (tests run each file in a fresh schema). */
  schema?: string;
  max?: number;
}

/** Opens a pg connection pool on `connectionString`. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  /** `onConnect`: run on each new connection before any query of its users (pg-pool awaits it). */
  const openPool = (onConnect?: (client: pg.ClientBase) => Promise<unknown>) => {
    const opened = new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      // JIT compilation off: the server's statements are short, and PostgreSQL's estimate of one
      // crosses jit_above_cost on a large table (the knowledge search at a million passages) where
      // compiling took 840 of the statement's 857 ms (bench/README.md, scale.ts). PGlite has no JIT.
      options: `-c jit=off${options.schema ? ` -c search_path=${options.schema}` : ''}`,
      ...(onConnect ? { onConnect } : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    opened.on('error', () => {});
    return opened;
  };
  const pool = openPool();
  /** Connections whose commits do not wait for the disk, opened on first use. */
  let asyncCommitPool: pg.Pool | undefined;
  const asyncPool = () => {
    // Awaited before the connection's first query (a SET sent on 'connect' instead ran beside it,
    // which pg deprecates); a connection where it fails is not used.
    asyncCommitPool ??= openPool((client) => client.query('SET synchronous_commit = off'));
    return asyncCommitPool;
  };
  // pg prepares a named statement once per connection and reuses it there. It cannot forget one
  // gone stale (a schema change altered its result, or DEALLOCATE), so the name then moves on to a
  // new generation, prepared afresh on each connection.
  const generations = new Map<string, number>();
  const statementName = (name: string) => `${name}_${generations.get(name) ?? 0}`;
  const query = async <Row>(
    client: pg.Pool | pg.PoolClient,
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<QueryResult<Row>> => {
    const { name } = options;
    let result: pg.QueryResult;
    try {
      result = await client.query({ text: sql, values: params, name: name && statementName(name) });
    } catch (error) {
      if (!name || !isStaleStatement(error)) throw error;
      generations.set(name, (generations.get(name) ?? 0) + 1);
      result = await client.query({ text: sql, values: params, name: statementName(name) });
    }
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  };
  // Fail at start-up, not on the first request, when the database is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params, options) => query(pool, sql, params, options),
    async exec(sql: string) {
      await pool.query(sql);
    },
    asyncCommit: {
      query: (sql, params, options) => query(asyncPool(), sql, params, options),
      async exec(sql: string) {
        await asyncPool().query(sql);
      },
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}) {
      const client = await (options.isSynchronousCommit === false ? asyncPool() : pool).connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: (sql, params, options) => query(client, sql, params, options),
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
      await Promise.all([pool.end(), asyncCommitPool?.end()]);
    },
    poolStats() {
      const pools = asyncCommitPool ? [pool, asyncCommitPool] : [pool];
      const sum = (count: (each: pg.Pool) => number) => pools.reduce((total, each) => total + count(each), 0);
      return {
        total: sum((each) => each.totalCount),
        idle: sum((each) => each.idleCount),
        waiting: sum((each) => each.waitingCount),
      };
    },
  };
}
