// Test support: the real server in a process of its own, so a test can kill it with SIGKILL and
// start it again on the same database. Configured by the environment like `pnpm serve` (DATA_DIR
// or DATABASE_URL...), it listens on a free port of 127.0.0.1, opens a personal access token for
// the demo administrator, and prints `{ "port": ..., "token": ... }` as one line on stdout.
import { buildApp } from '../app.js';
import { DEMO_ACCOUNTS } from '../features/identity/demo-accounts.js';
import { createToken } from '../features/tokens/index.js';
import { findUserByEmail } from '../features/users/store.js';
import { MODULES } from '../modules.js';
import { loadConfig } from '../platform/config/config.js';
import { openDatabase } from '../platform/db/open.js';
import { shutDownGracefully } from '../platform/operations/shutdown.js';

const config = { ...loadConfig(), publicUrl: undefined };
const db = await openDatabase(config, MODULES);
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const admin = await findUserByEmail(
  db,
  DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email,
);
const { token } = await createToken(db, admin!.id, { name: 'server-process', expiresInDays: 1 });
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' ? address?.port : 0, token })}\n`);

// As serve.ts: a graceful shutdown (jobs handed back, answers given SHUTDOWN_GRACE_SECONDS).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    shutDownGracefully(app, { graceMs: config.shutdownGraceMs })
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
