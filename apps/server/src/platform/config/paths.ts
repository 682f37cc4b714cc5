// Locating files of the repository from wherever the server runs: `src/` under tsx/vitest or
// `dist/` after the build. Both sit inside apps/server, so walking up from this module finds them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const moduleDir = path.dirname(fileURLToPath(import.meta.url));

/** Walks up from `start` and returns the first directory containing `relative`, or undefined. */
export function findUp(relative: string, start: string = moduleDir): string | undefined {
  let directory = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(directory, relative))) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/** The apps/server package directory. */
export function serverPackageDir(): string {
  const found = findUp('package.json');
  if (!found) throw new Error('Cannot find the package.json of @digital-assistant/server');
  return found;
}

/** The workspace root (the directory holding pnpm-workspace.yaml), if the server runs from a checkout. */
export function repoRoot(): string | undefined {
  return findUp('pnpm-workspace.yaml');
}

/** Absolute path of openapi/openapi.yaml: OPENAPI_PATH, else found by walking up from this module. */
export function openapiPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OPENAPI_PATH) return path.resolve(env.OPENAPI_PATH);
  const directory = findUp(path.join('openapi', 'openapi.yaml'));
  if (!directory)
    throw new Error('Cannot find openapi/openapi.yaml above the server package; set OPENAPI_PATH');
  return path.join(directory, 'openapi', 'openapi.yaml');
}
