// Starts the server on PORT/HOST with the configuration from the environment (loaded by main.ts).
import { buildApp } from './app.js';
import { DEMO_ACCOUNTS } from './features/identity/demo-accounts.js';
import { ConfigError, loadConfig } from './platform/config/config.js';
import { widgetSiteWarnings } from './platform/config/widget-sites.js';
import { shutDownGracefully } from './platform/operations/shutdown.js';

let config: ReturnType<typeof loadConfig>;
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  // A malformed setting (WIDGET_ORIGINS, COOKIE_SAMESITE...) is one line saying what to fix, not a stack.
  config = loadConfig();
  app = await buildApp({ config, logger: { level: config.logLevel } });
} catch (error) {
  if (error instanceof ConfigError) {
    // Every wrong setting at once, one line each, so one restart fixes them all.
    const count = error.problems.length;
    console.error(
      `The server could not start: ${count === 1 ? 'a setting is' : `${count} settings are`} wrong:`,
    );
    for (const problem of error.problems) console.error(`  ${problem}`);
  } else {
    console.error(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}

await app.listen({ port: config.port, host: config.host });

const lines = [
  '',
  `Digital Assistant is running at ${config.publicUrl}`,
  `  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
];
if (config.oidc.issuer) {
  lines.push(`  sign-in: ${config.oidc.issuer}`);
} else {
  lines.push('  sign-in: built-in development identity provider with demo accounts:');
  for (const account of DEMO_ACCOUNTS)
    lines.push(`    ${account.email.padEnd(20)} ${account.name} (${account.role})`);
  if (config.host !== '127.0.0.1' && config.host !== 'localhost' && config.host !== '::1') {
    lines.push(
      `  WARNING: HOST=${config.host} exposes the demo accounts (anyone can sign in as admin). Set OIDC_ISSUER for real use.`,
    );
  }
}
// A widget page on another site than the server, with SameSite=Lax cookies, can sign in but never
// stays signed in: said here, once, naming the page (widget-sites.ts).
for (const warning of widgetSiteWarnings(config)) lines.push(`  WARNING: ${warning}`);
console.log(`${lines.join('\n')}\n`);

// SIGTERM (an orchestrator) or SIGINT (Ctrl+C): a graceful shutdown (platform/operations/shutdown.ts);
// a second signal ends the process at once.
let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (isStopping) process.exit(1);
    isStopping = true;
    shutDownGracefully(app, { graceMs: config.shutdownGraceMs }).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(
          `The server did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`,
        );
        process.exit(1);
      },
    );
  });
}
