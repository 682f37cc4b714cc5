// Test support: runs one example of the guide as a developer would (`node examples/NAME.ts`, here with
// tsx so the SDK comes from its source), with DA_BASE_URL and DA_TOKEN, and reads what it printed.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TSX } from './processes';

const docsDir = fileURLToPath(new URL('..', import.meta.url));

export interface ExampleRun {
  stdout: string;
  stderr: string;
  /** Where it ran (files it writes land here). */
  cwd: string;
}

export async function runExample(
  file: string,
  env: { DA_BASE_URL: string; DA_TOKEN: string },
  args: string[] = [],
): Promise<ExampleRun> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'da-example-'));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', TSX, path.join(docsDir, file), ...args],
      {
        cwd,
        env: { ...process.env, ...env, TSX_TSCONFIG_PATH: path.join(docsDir, 'tsconfig.json') },
        timeout: 90_000,
      },
    );
    return { stdout, stderr, cwd };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} failed: ${failure.message}\n${failure.stdout ?? ''}\n${failure.stderr ?? ''}`);
  }
}

/**
 * Whether printed output is what the guide shows: line by line, where `…` in the guide stands for
 * any text within its line (an id, a time).
 */
export function matchesGuideOutput(printed: string, expected: string): boolean {
  const pattern = expected
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^\\n]*?');
  return new RegExp(`^${pattern}$`).test(printed);
}
