// Jobs that work on one row each (a document, a review): the row's id is the job's dedupe key, so
// one row has at most one job waiting, and a row whose work stopped can be found from its jobs.
import type { Queryable } from '../db/db.js';
import type { JobState, Jobs } from './jobs.js';

/**
 * Queues the job of `queue` for the row `key` (a job of that key still waiting is reused), inside
 * `tx` when given (the job exists only if it commits): the job's id.
 */
export async function enqueueFor(
  jobs: Jobs,
  queue: string,
  key: string,
  payload: unknown,
  tx?: Queryable,
): Promise<string> {
  const { id } = await jobs.enqueue(queue, payload, { dedupeKey: key, ...(tx ? { tx } : {}) });
  return id;
}

/** A row no job works on any more, with how its last job ended (null: it never had one). */
export type RowWithoutJob<Columns> = Columns & {
  id: string;
  job_state: JobState | null;
  last_error: string | null;
};

/**
 * The rows of `table` (as `t`) that match `where` but have no job of `queue` waiting or running, each
 * with its `columns` (`t.id` always) and the state and last error of its latest job. `table`,
 * `where` and `columns` are the caller's SQL, never input.
 */
export async function rowsWithoutLiveJob<Columns extends object = object>(
  db: Queryable,
  queue: string,
  { table, where, columns = [] }: { table: string; where: string; columns?: string[] },
): Promise<Array<RowWithoutJob<Columns>>> {
  const { rows } = await db.query<RowWithoutJob<Columns>>(
    `SELECT ${['t.id', ...columns].join(', ')}, last.state AS job_state, last.last_error
     FROM ${table} t
     LEFT JOIN LATERAL (
       SELECT j.state, j.last_error FROM jobs j
       WHERE j.queue = $1 AND j.dedupe_key = t.id::text
       ORDER BY j.created_at DESC LIMIT 1
     ) last ON true
     WHERE ${where}
       AND NOT EXISTS (
         SELECT 1 FROM jobs live WHERE live.queue = $1 AND live.dedupe_key = t.id::text
           AND live.state IN ('queued', 'running'))`,
    [queue],
  );
  return rows;
}
