// The baseline: a bare Fastify server with no plugins, in its own process, on the same database
// the reference server used (the same PGlite data folder after the reference server has closed it,
// or the same PostgreSQL schema with a pool of the same size). Started by api-throughput.mjs.
//
//   GET /hello  {"hello":"world"}
//   GET /user   one parameterised query: the benchmark user's e-mail, name and role
//
// Environment: PORT, BARE_DATABASE (pglite | postgres), PGLITE_DIR or DATABASE_URL, BENCH_EMAIL.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const USER_QUERY = 'SELECT email, name, role FROM users WHERE email = $1';
// The reference server's pg pool size (apps/server/src/platform/db/db.ts).
const POOL_SIZE = 10;

const { PORT, BARE_DATABASE, PGLITE_DIR, DATABASE_URL, BENCH_EMAIL } = process.env;
if (!PORT || !BENCH_EMAIL || (BARE_DATABASE !== 'pglite' && BARE_DATABASE !== 'postgres')) {
  console.error('bare-server.mjs needs PORT, BENCH_EMAIL and BARE_DATABASE=pglite|postgres');
  process.exit(2);
}

/** @type {(sql: string, params: unknown[]) => Promise<{ rows: any[] }>} */
let query;
/** @type {() => Promise<void>} */
let closeDatabase;
if (BARE_DATABASE === 'pglite') {
  if (!PGLITE_DIR) throw new Error('PGLITE_DIR is required with BARE_DATABASE=pglite');
  const database = await PGlite.create(PGLITE_DIR);
  query = (sql, params) => database.query(sql, params);
  closeDatabase = () => database.close();
} else {
  if (!DATABASE_URL) throw new Error('DATABASE_URL is required with BARE_DATABASE=postgres');
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE });
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  query = (sql, params) => pool.query(sql, params);
  closeDatabase = () => pool.end();
}

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/user', async (_request, reply) => {
  const { rows } = await query(USER_QUERY, [BENCH_EMAIL]);
  if (!rows[0]) return reply.code(404).send({ error: 'No such user', code: 'not_found' });
  return rows[0];
});
app.addHook('onClose', async () => closeDatabase());

await app.listen({ port: Number(PORT), host: '127.0.0.1' });

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
