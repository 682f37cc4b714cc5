import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { FeatureContext } from '../features/context.js';
import { MODULES } from '../modules.js';
import { BACKENDS, openTestDb, testConfig } from '../test/harness.js';
import type { Db } from './db/db.js';
import { migrate } from './db/migrations.js';
import { Jobs } from './jobs/jobs.js';
import { collectHandlers, type FeatureModule } from './modules.js';

describe.each(BACKENDS)('feature modules on %s', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb(backend));
  });
  afterAll(() => cleanup());

  it('start with the server, run their workers, and stop first when it closes, after running jobs finish', async () => {
    const events: string[] = [];
    const probe: FeatureModule = {
      name: 'probe',
      migrations: [{ version: 1, name: 'runs', sql: 'CREATE TABLE probe_runs (job_id uuid PRIMARY KEY)' }],
      async start(context) {
        context.jobs.work('probe', async (job) => {
          events.push('job started');
          await sleep(500);
          await context.db.query('INSERT INTO probe_runs (job_id) VALUES ($1)', [job.id]);
          events.push('job finished');
        });
        events.push('start');
      },
      async stop() {
        events.push('stop');
      },
    };
    await migrate(db, [...MODULES, probe]);
    const app = await buildApp({ config: testConfig(), db, modules: [...MODULES, probe] });
    expect(events).toEqual(['start']);

    // Enqueued by another instance on the same database: the server's worker picks it up.
    const elsewhere = new Jobs(db);
    const { id } = await elsewhere.enqueue('probe', {});
    for (let waited = 0; !events.includes('job started'); waited += 20) {
      if (waited > 10_000) throw new Error('the server never ran the job');
      await sleep(20);
    }
    await app.close();
    expect(events).toEqual(['start', 'job started', 'stop', 'job finished']);
    expect(await elsewhere.status(id)).toMatchObject({ state: 'succeeded' });
    const { rows } = await db.query('SELECT job_id FROM probe_runs');
    expect(rows).toEqual([{ job_id: id }]);
  });

  it('a module that cannot start fails start-up by name, and the modules started before it are stopped', async () => {
    const events: string[] = [];
    const first: FeatureModule = {
      name: 'first',
      async start() {
        events.push('first start');
      },
      async stop() {
        events.push('first stop');
      },
    };
    const broken: FeatureModule = {
      name: 'broken',
      async start() {
        throw new Error('LLM_EMBEDDING_MODEL is set but the endpoint does not answer');
      },
    };
    await expect(
      buildApp({ config: testConfig(), db, modules: [...MODULES, first, broken] }),
    ).rejects.toThrow(
      'Module broken could not start: LLM_EMBEDDING_MODEL is set but the endpoint does not answer',
    );
    expect(events).toEqual(['first start', 'first stop']);
  });

  it('an operation handled by two modules is refused', () => {
    const handler = async () => ({});
    const context = {} as FeatureContext;
    expect(() =>
      collectHandlers(
        [
          { name: 'a', handlers: () => ({ ping: handler }) },
          { name: 'b', handlers: () => ({ ping: handler }) },
        ],
        context,
      ),
    ).toThrow('Operation ping has handlers in modules a and b');
  });
});
