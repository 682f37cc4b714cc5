// Test support: a real server (buildApp) on a fresh database per test file: PGlite in memory
// always, and PostgreSQL in a throw-away schema when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { createSession } from '../features/identity/index.js';
import { createToken } from '../features/tokens/index.js';
import { findUserByEmail } from '../features/users/store.js';
import { MODULES } from '../modules.js';
import { SESSION_COOKIE, XSRF_COOKIE } from '../platform/auth/authorize.js';
import { type Config, loadConfig } from '../platform/config/config.js';
import { type Db, openPglite, openPostgres } from '../platform/db/db.js';
import { migrate } from '../platform/db/migrations.js';
import { errorAnswerProblem } from './error-answers.js';
import { TEMPLATE_ENV } from './pglite-template.js';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDb {
  db: Db;
  cleanup: () => Promise<void>;
}

/**
 * A fresh database: PGlite in memory, or a throw-away PostgreSQL schema. The `modules`' migrations are
 * applied (every module by default; `[]` leaves it empty, without even the migrations' table).
 */
export async function openTestDb(
  backend: Backend,
  modules: Parameters<typeof migrate>[1] = MODULES,
): Promise<TestDb> {
  if (backend === 'pglite') {
    const template = modules === MODULES ? await migratedTemplate() : undefined;
    const db = await openPglite(undefined, template ? { loadDataDir: template } : {});
    // On the template every migration is recorded already: this only checks that.
    if (modules.length > 0) await migrate(db, modules);
    return { db, cleanup: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { schema, max: 4 });
  if (modules.length > 0) await migrate(db, modules);
  return {
    db,
    async cleanup() {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated database the run's global setup wrote (`pglite-template.ts`), if there is one. */
function migratedTemplate(): Promise<Blob | undefined> {
  const file = process.env[TEMPLATE_ENV];
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return template;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ DATA_DIR: '/nonexistent-test-data-dir' });
  return {
    ...base,
    publicUrl: undefined,
    webDist: null,
    // Tests that want the demo documents ask for them.
    seedDemoKnowledge: false,
    // Likewise the ELK agent's demo metrics (seeding them takes seconds).
    elk: { ...base.elk, demoMetrics: false },
    ...overrides,
  };
}

/**
 * The chat model's settings for a server talking to the LLM stand-in (`startLlmStandin`): its URL
 * and model, a 2 s time limit and one retry, then `overrides`.
 */
export function standinLlmConfig(
  standin: { url: string },
  overrides: Partial<Config['llm']> = {},
): Config['llm'] {
  return {
    ...testConfig().llm,
    baseUrl: standin.url,
    model: 'standin',
    timeoutMs: 2000,
    maxRetries: 1,
    ...overrides,
  };
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  close: () => Promise<void>;
}

export async function startTestServer(
  backend: Backend,
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  const { db, cleanup } = await openTestDb(backend);
  const app = await buildApp({ config: testConfig(overrides), db });
  return {
    app,
    db,
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

export interface Caller {
  /** Headers proving the identity (cookies + XSRF header, or Authorization). */
  headers: Record<string, string>;
  email: string;
}

/** A browser session for an existing user, as the SSO callback would open it. */
export async function sessionFor(db: Db, email: string): Promise<Caller> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  const session = await createSession(db, user.id, { sessionIdleMinutes: 60, sessionAbsoluteHours: 1 });
  return {
    email,
    headers: {
      cookie: `${SESSION_COOKIE}=${session.sessionId}; ${XSRF_COOKIE}=${session.xsrfToken}`,
      'x-xsrf-token': session.xsrfToken,
    },
  };
}

/** `startTestServer` with browser sessions for the demo administrator and staff member. */
export async function startWithAdminAndStaff(
  backend: Backend,
  overrides: Partial<Config> = {},
): Promise<{ server: TestServer; admin: Caller; staff: Caller }> {
  const server = await startTestServer(backend, overrides);
  const admin = await sessionFor(server.db, 'admin@example.com');
  const staff = await sessionFor(server.db, 'staff@example.com');
  return { server, admin, staff };
}

/** A personal access token caller for an existing user. */
export async function tokenFor(
  db: Db,
  email: string,
  expiresInDays = 30,
): Promise<Caller & { token: string }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  const { token } = await createToken(db, user.id, { name: 'test', expiresInDays });
  return { email, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * app.inject with a caller's headers. Throws when an error answer breaks the contract (code outside
 * `ErrorCode`, status the operation does not list, no error body): see test/error-answers.ts.
 */
export async function call(
  app: FastifyInstance,
  caller: Caller | undefined,
  options: InjectOptions & { method: string; url: string },
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    ...options,
    headers: { ...caller?.headers, ...options.headers },
  } as InjectOptions);
  const problem = errorAnswerProblem(options.method, options.url, response);
  if (problem) throw new Error(problem);
  return response;
}

/** Adds a user straight into the database. */
export async function addUser(
  db: Db,
  email: string,
  role: string,
  name = email.split('@')[0]!,
): Promise<void> {
  await db.query('INSERT INTO users (email, name, role) VALUES ($1, $2, $3)', [email, name, role]);
}
