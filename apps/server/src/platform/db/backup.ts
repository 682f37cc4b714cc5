// Backups of the embedded database (`pnpm admin backup FILE`, `pnpm admin restore FILE`): the PGlite
// data folder as one gzipped tar (PGlite's own dumpDataDir/loadDataDir), taken under the data
// folder's lock, so never while a server holds it (the lock's refusal says to stop it). A restore
// opens the backup in a folder of its own first, checks it is a database of this server, then
// swaps it in and keeps the previous folder beside it. PostgreSQL is backed up with its own tools
// (pg_dump; apps/server/README.md).
import { existsSync, renameSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { acquireDataDirLock } from './lock.js';

/** A backup or restore that cannot be done, with what to do about it. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Writes the PGlite database of `dataDir` to `file` (a new file). Throws DataDirLockedError while a server runs. */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (existsSync(file)) throw new BackupError(`${file} exists already: name a new file, or delete it first.`);
  const folder = pgliteFolder(dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`There is no PGlite database in ${folder}: nothing to back up (check DATA_DIR).`);
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const database = await PGlite.create({ dataDir: folder, extensions: { vector } });
    try {
      const bytes = Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer());
      // Written beside the file and renamed: an interrupted backup never looks like a whole one.
      const partial = `${file}.partial-${process.pid}`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, file);
      return { bytes: bytes.length };
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces the PGlite database of `dataDir` with the backup in `file`; the previous folder is kept as
 * `pglite.before-restore-<time>` (returned). Throws DataDirLockedError while a server runs.
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<{ previous?: string }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  const release = acquireDataDirLock(dataDir);
  const incoming = path.join(dataDir, `pglite.restoring-${process.pid}`);
  try {
    rmSync(incoming, { recursive: true, force: true });
    let database: PGlite | undefined;
    try {
      database = await PGlite.create({
        dataDir: incoming,
        loadDataDir: new Blob([bytes]),
        extensions: { vector },
      });
      await database.query('SELECT count(*) FROM schema_migrations');
    } catch (error) {
      throw new BackupError(
        `${file} is not a backup made by \`pnpm admin backup\` (${error instanceof Error ? error.message : String(error)}); nothing was changed.`,
      );
    } finally {
      await database?.close().catch(() => {});
    }
    const folder = pgliteFolder(dataDir);
    let previous: string | undefined;
    if (existsSync(folder)) {
      previous = path.join(
        dataDir,
        `pglite.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      );
      renameSync(folder, previous);
    }
    renameSync(incoming, folder);
    return previous ? { previous } : {};
  } finally {
    rmSync(incoming, { recursive: true, force: true });
    release();
  }
}
