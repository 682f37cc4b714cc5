// The Node.js versions the server runs on. Checked before anything else is loaded: on an older Node
// the server would start, then fail later in front of users (Node 20 lacks Promise.withResolvers,
// which the code review's WebAssembly tools need). No imports: this must run on any Node.

/** The oldest major version of Node.js the server supports (the repository pins Node 24 LTS). */
export const MIN_NODE_MAJOR = 24;

/** One line saying why this Node cannot run the server, or undefined when it can. */
export function unsupportedNodeMessage(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return undefined;
  return (
    `Digital Assistant needs Node.js ${MIN_NODE_MAJOR} or later; this is Node.js ${version}. ` +
    'Run it with `pnpm serve` (the repository pins Node 24) or install Node 24 LTS.'
  );
}

/** Ends the process with that line when this Node cannot run the server. */
export function refuseUnsupportedNode(): void {
  const message = unsupportedNodeMessage();
  if (message === undefined) return;
  console.error(message);
  process.exit(1);
}
