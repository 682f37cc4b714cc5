// Vitest global setup: one PGlite database with every module's migrations, written once per run as a
// tar that each test file's fresh PGlite database starts from (`openTestDb`). Creating a PGlite
// database runs initdb in WASM, several times the cost of loading a finished data folder: on two
// busy cores 15-35 s against about 5 s, paid by nearly every server test file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MODULES } from '../modules.js';
import { dumpPglite, openPglite } from '../platform/db/db.js';
import { migrate } from '../platform/db/migrations.js';

export const TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

export default async function setup() {
  const folder = await mkdtemp(path.join(tmpdir(), 'da-pglite-template-'));
  const db = await openPglite();
  await migrate(db, MODULES);
  const file = path.join(folder, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
  await db.close();
  process.env[TEMPLATE_ENV] = file;
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
