// PGlite is single-process: two processes opening one data folder would corrupt it. Whoever opens
// the folder (server or admin CLI) holds a lock file with its pid; a lock whose process is gone is
// stale and taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite data folder ${path.dirname(lockFile)} is in use by another process (pid ${pid}, usually the running server). ` +
        'PGlite allows one process at a time: stop the server first, or run server and CLI against PostgreSQL (DATABASE_URL). ' +
        `If no such process exists, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Returns the pid of a live process other than this one holding the lock, if any. */
export function lockHolder(dataDir: string): number | undefined {
  const pid = readPid(path.join(dataDir, 'pglite.lock'));
  return pid !== undefined && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/**
 * Takes the lock on `dataDir` for this process. Throws DataDirLockedError when a live process holds
 * it. Returns a function that releases it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        if (readPid(lockFile) === process.pid) {
          try {
            unlinkSync(lockFile);
          } catch {
            // Already gone.
          }
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(lockFile);
      if (pid !== undefined && pid !== process.pid && isAlive(pid))
        throw new DataDirLockedError(lockFile, pid);
      // Stale (or our own from an earlier open in this process): take it over.
      try {
        unlinkSync(lockFile);
      } catch {
        // Someone else removed it first; retry.
      }
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
