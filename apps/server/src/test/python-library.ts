// The machine's Python standard library as real code no one here wrote: located through `python3`
// at test time, read where it is (nothing copied into the repository).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the standard library's modules (where `os.py` is). */
export function pythonLibraryDir(): string {
  return execFileSync('python3', ['-c', 'import os; print(os.path.dirname(os.__file__))']).toString().trim();
}

/** The Python files of one of its packages (`email`), as paths from the library's folder. */
export function pythonPackageFiles(libraryDir: string, name: string): string[] {
  return readdirSync(join(libraryDir, name), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.py') && !path.includes('__pycache__'))
    .map((path) => join(name, path));
}
