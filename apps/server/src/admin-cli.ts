// The admin command line (`pnpm admin ...` from the repository root): bootstrap users and mint
// personal access tokens for scripts, against the same DATA_DIR / DATABASE_URL as the server.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { recordAudit } from './features/audit/index.js';
import { seedDemoUsers } from './features/identity/demo-accounts.js';
import { createToken } from './features/tokens/index.js';
import { createUser, findUserByEmail, listProfiles } from './features/users/store.js';
import { MODULES } from './modules.js';
import { type Config, invocationDir, loadConfig } from './platform/config/config.js';
import { BackupError, backupDataDir, restoreDataDir } from './platform/db/backup.js';
import type { Db } from './platform/db/db.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { openDatabase } from './platform/db/open.js';
import { HttpError } from './platform/http/errors.js';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE = `Usage: pnpm admin <command>

  user add EMAIL NAME ROLE        add a user to an existing role group (e.g. CORE_ADMINS, STAFF, PGA)
  user list                       list users (e-mail, role, name)
  user import FILE                add every user of FILE, one per line as \`user list\` prints them:
                                  EMAIL<tab>ROLE<tab>NAME (blank lines and # comments skipped);
                                  all or none: any bad line adds nobody
  token EMAIL [--name NAME] [--days N]
                                  create a personal access token for the user and print it (only it)
  backup FILE                     write the PGlite database (DATA_DIR) to FILE, a new file (the server stopped)
  restore FILE                    replace the PGlite database with the backup in FILE (the server stopped);
                                  the previous one is kept beside it

Uses the server's DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).`;

const CLI_ACTOR = 'cli';
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+$/;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  args.splice(index, 2);
  return value;
}

async function run(db: Db, config: Config, args: string[], io: CliIo): Promise<number> {
  const [command, subcommand, ...rest] = args;
  if (command === 'user' && subcommand === 'add') {
    if (rest.length !== 3) {
      io.stderr(`user add needs EMAIL NAME ROLE (quote a name with spaces).\n\n${USAGE}`);
      return 2;
    }
    const [email, name, role] = rest as [string, string, string];
    if (!EMAIL_PATTERN.test(email)) {
      io.stderr(`"${email}" is not an e-mail address.`);
      return 2;
    }
    if (!name.trim()) {
      io.stderr('The name must not be empty.');
      return 2;
    }
    const user = await db.transaction(async (tx) => {
      const created = await createUser(tx, { email, name, role });
      await recordAudit(tx, {
        actor: CLI_ACTOR,
        action: 'user.create',
        target: created.email,
        details: { name: created.name, role: created.role },
      });
      return created;
    });
    io.stdout(`Added ${user.email} (${user.name}) to ${user.role}.`);
    return 0;
  }
  if (command === 'user' && subcommand === 'import') {
    if (rest.length !== 1) {
      io.stderr(`user import needs one FILE.\n\n${USAGE}`);
      return 2;
    }
    const file = path.resolve(invocationDir(io.env), rest[0]!);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      io.stderr(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    const entries: Array<{ line: number; email: string; role: string; name: string }> = [];
    for (const [index, raw] of text.split(/\r?\n/).entries()) {
      if (!raw.trim() || raw.trimStart().startsWith('#')) continue;
      const [email = '', role = '', ...nameParts] = raw.split('\t').map((part) => part.trim());
      const name = nameParts.join(' ').trim();
      if (!EMAIL_PATTERN.test(email) || !role || !name) {
        io.stderr(`${file}:${index + 1}: expected EMAIL<tab>ROLE<tab>NAME, got "${raw}". Nobody was added.`);
        return 2;
      }
      entries.push({ line: index + 1, email, role, name });
    }
    await db.transaction(async (tx) => {
      for (const entry of entries) {
        try {
          const created = await createUser(tx, entry);
          await recordAudit(tx, {
            actor: CLI_ACTOR,
            action: 'user.create',
            target: created.email,
            details: { name: created.name, role: created.role },
          });
        } catch (error) {
          if (error instanceof HttpError) {
            throw new HttpError(
              error.statusCode,
              error.code,
              `${file}:${entry.line}: ${error.message} Nobody was added.`,
            );
          }
          throw error;
        }
      }
    });
    io.stdout(`Added ${entries.length} ${entries.length === 1 ? 'user' : 'users'}.`);
    return 0;
  }
  if (command === 'user' && subcommand === 'list') {
    for (const profile of await listProfiles(db, '*')) {
      io.stdout(`${profile.email}\t${profile.role}\t${profile.name}`);
    }
    return 0;
  }
  if (command === 'token') {
    const tail = [subcommand, ...rest].filter((value): value is string => value !== undefined);
    const name = option(tail, '--name') ?? 'cli';
    const daysText = option(tail, '--days');
    const days = daysText === undefined ? config.tokenDefaultDays : Number(daysText);
    if (!Number.isInteger(days) || days < 1 || days > 365) {
      io.stderr('--days must be a whole number from 1 to 365.');
      return 2;
    }
    if (tail.length !== 1) {
      io.stderr(`token needs exactly one EMAIL.\n\n${USAGE}`);
      return 2;
    }
    const user = await findUserByEmail(db, tail[0]!);
    if (!user) {
      io.stderr(`No user with the e-mail ${tail[0]}. Add one first: pnpm admin user add EMAIL NAME ROLE`);
      return 1;
    }
    const token = await db.transaction(async (tx) => {
      const created = await createToken(tx, user.id, { name, expiresInDays: days });
      await recordAudit(tx, {
        actor: CLI_ACTOR,
        action: 'token.create',
        target: user.email,
        details: { id: created.id, name, expires_at: created.expiresAt?.toISOString() ?? null },
      });
      return created;
    });
    io.stdout(token.token);
    return 0;
  }
  io.stderr(USAGE);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

/** Runs one CLI command; answers the process exit code. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const known = ['user', 'token', 'backup', 'restore'];
  if (!known.includes(args[0] ?? '')) {
    io.stderr(USAGE);
    return args.length === 0 || args[0] === 'help' || args[0] === '--help' ? 0 : 2;
  }
  if (args[0] === 'backup' || args[0] === 'restore') return runBackup(args, io);
  let db: Db;
  let config: Config;
  try {
    config = loadConfig(io.env);
    db = await openDatabase(config, MODULES);
    // Same embedded defaults as the server: with the built-in provider the demo accounts exist.
    if (!config.oidc.issuer) await seedDemoUsers(db);
  } catch (error) {
    io.stderr(error instanceof Error ? error.message : String(error));
    return error instanceof DataDirLockedError ? 3 : 1;
  }
  try {
    return await run(db, config, [...args], io);
  } catch (error) {
    if (error instanceof HttpError) {
      io.stderr(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

/** `backup FILE` and `restore FILE` of the PGlite data folder (platform/db/backup.ts). */
async function runBackup(args: string[], io: CliIo): Promise<number> {
  const [command, file, ...rest] = args;
  if (!file || rest.length > 0) {
    io.stderr(`${command} needs one FILE.\n\n${USAGE}`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    io.stderr(error instanceof Error ? error.message : String(error));
    return 1;
  }
  if (config.databaseUrl) {
    io.stderr(
      `DATABASE_URL is set: back up and restore PostgreSQL with its own tools, e.g. pg_dump --format=custom --file=${file} "$DATABASE_URL" and pg_restore --clean --if-exists --dbname="$DATABASE_URL" ${file} (see apps/server/README.md).`,
    );
    return 2;
  }
  const target = path.resolve(invocationDir(io.env), file);
  try {
    if (command === 'backup') {
      const { bytes } = await backupDataDir(config.dataDir, target);
      io.stdout(
        `Backed up ${path.join(config.dataDir, 'pglite')} to ${target} (${(bytes / 1024 / 1024).toFixed(1)} MB).`,
      );
    } else {
      const { previous } = await restoreDataDir(config.dataDir, target);
      io.stdout(
        `Restored ${target} into ${path.join(config.dataDir, 'pglite')}.` +
          (previous
            ? ` The previous database is kept in ${previous}: delete it once the server runs well.`
            : ''),
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.stderr(`${error.message} A ${command} needs the server stopped.`);
      return 3;
    }
    if (error instanceof BackupError) {
      io.stderr(error.message);
      return 1;
    }
    throw error;
  }
}
