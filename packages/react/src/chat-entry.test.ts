/**
 * The chat entry (`@digital-assistant/react/chat`) is what a host that only chats loads: no module it
 * reaches, through this package's own files, may import TanStack Query (an optional peer dependency,
 * needed only by the main entry's query-based hooks and providers).
 */
import { describe, expect, it } from 'vitest';

interface FileSystem {
  readFileSync(path: string, encoding: 'utf8'): string;
  existsSync(path: string): boolean;
}

const IMPORT = /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** Every file of this package `entry` reaches and the packages each one imports. */
async function reach(entry: string): Promise<Map<string, string[]>> {
  // Typed here: the package is compiled without Node's types, and only this test reads the disk.
  const fs = (await import(/* @vite-ignore */ 'node:fs' as string)) as FileSystem;
  const root = new URL('.', import.meta.url).pathname;
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const imported: string[] = [];
    seen.set(file, imported);
    const source = fs.readFileSync(`${root}${file}`, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (!specifier.startsWith('.')) {
        imported.push(specifier);
        continue;
      }
      const base = new URL(specifier, `file://${root}${file}`).pathname.slice(root.length);
      const next = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) =>
        fs.existsSync(`${root}${path}`),
      );
      if (next) visit(next);
    }
  };
  visit(entry);
  return seen;
}

describe('the chat entry', () => {
  it('reaches the chat hooks and the chat provider, and no module that imports TanStack Query', async () => {
    const files = await reach('chat.ts');
    expect([...files.keys()]).toEqual(
      expect.arrayContaining(['chat/chat-hooks.ts', 'core/chat-provider.tsx', 'core/context.ts']),
    );
    const tanstack = [...files].filter(([, imported]) =>
      imported.some((name) => name.startsWith('@tanstack/')),
    );
    expect(tanstack.map(([file]) => file)).toEqual([]);
  });

  it('would notice TanStack Query: the main entry reaches it', async () => {
    const files = await reach('index.ts');
    const tanstack = [...files].filter(([, imported]) =>
      imported.some((name) => name.startsWith('@tanstack/')),
    );
    expect(tanstack.map(([file]) => file)).toContain('core/provider.tsx');
  });
});
