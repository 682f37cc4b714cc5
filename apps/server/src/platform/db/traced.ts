// The database with a span per statement and per transaction (tracing on only: buildApp wraps the Db
// then). Spans only inside a trace (a request, a job attempt): the workers' polls and lease renewals,
// several a second, would otherwise each be a trace of one statement. The same on PGlite and on
// PostgreSQL, since it wraps the Db interface both implement.
import { inSpan } from '../operations/tracing.js';
import type { Db, Queryable, QueryOptions, QueryResult } from './db.js';

/** The statement's first keyword (SELECT, INSERT, WITH...): its operation, and the span's name. */
function operationOf(sql: string): string {
  return /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
}

/** Long statements (an ingestion's batched INSERT) are cut: the text is for reading, not replaying. */
const MAX_QUERY_TEXT = 2000;

function tracedQueryable(inner: Queryable, engine: Db['kind']): Queryable {
  const attributes = (sql: string) => ({
    'db.system.name': 'postgresql',
    'db.operation.name': operationOf(sql),
    // Parameters are never recorded: statements carry them as $1, $2...
    'db.query.text': sql.length > MAX_QUERY_TEXT ? `${sql.slice(0, MAX_QUERY_TEXT)}…` : sql,
    'da.db.engine': engine,
  });
  return {
    query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<Row>> {
      return inSpan(
        operationOf(sql),
        {
          kind: 'client',
          needsParent: true,
          attributes: { ...attributes(sql), 'db.query.name': options?.name },
        },
        async (span) => {
          const result = await inner.query<Row>(sql, params, options);
          span?.setAttributes({ 'db.response.returned_rows': result.rows.length });
          return result;
        },
      );
    },
    exec(sql: string): Promise<void> {
      return inSpan(
        operationOf(sql),
        { kind: 'client', needsParent: true, attributes: attributes(sql) },
        () => inner.exec(sql),
      );
    },
  };
}

/** `db` with spans for its statements and transactions; closing it closes `db`. */
export function tracedDb(db: Db): Db {
  const direct = tracedQueryable(db, db.kind);
  const asyncCommit = tracedQueryable(db.asyncCommit, db.kind);
  return {
    kind: db.kind,
    asyncCommit,
    query: direct.query,
    exec: direct.exec,
    transaction(work, options) {
      return inSpan(
        'transaction',
        {
          kind: 'client',
          needsParent: true,
          attributes: { 'db.system.name': 'postgresql', 'da.db.engine': db.kind },
        },
        () => db.transaction((tx) => work(tracedQueryable(tx, db.kind)), options),
      );
    },
    close: () => db.close(),
    ...(db.poolStats ? { poolStats: db.poolStats.bind(db) } : {}),
  };
}
