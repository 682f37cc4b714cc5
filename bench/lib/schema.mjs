// A fresh PostgreSQL schema for a reference server a benchmark starts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs one statement on its own connection to `databaseUrl`.
 * @param {string} databaseUrl
 * @param {string} sql
 */
async function run(databaseUrl, sql) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh schema on `databaseUrl`: its name, a URL whose connections use it (search_path set), and
 * how to drop it.
 * @param {string} databaseUrl
 * @returns {Promise<{ name: string, url: string, drop: () => Promise<void> }>}
 */
export async function createSchema(databaseUrl) {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await run(databaseUrl, `CREATE SCHEMA ${name}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return { name, url: url.href, drop: () => run(databaseUrl, `DROP SCHEMA IF EXISTS ${name} CASCADE`) };
}
