// Runs the admin command line (loaded by cli.ts once the Node.js version is known to be supported).
import { runCli } from './admin-cli.js';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
});
process.exitCode = code;
