import path from 'node:path';
import type { Config } from '../config/config.js';
import type { FeatureModule } from '../modules.js';
import { type Db, openPglite, openPostgres } from './db.js';
import { acquireDataDirLock } from './lock.js';
import { migrate } from './migrations.js';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in the data
 * folder under its lock) and applies the modules' migrations. Closing the Db releases the lock.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  modules: readonly FeatureModule[],
): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl);
  } else {
    const release = acquireDataDirLock(config.dataDir);
    try {
      const opened = await openPglite(path.join(config.dataDir, 'pglite'));
      db = {
        ...opened,
        async close() {
          try {
            await opened.close();
          } finally {
            release();
          }
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    await migrate(db, modules);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
