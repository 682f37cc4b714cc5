/**
 * The core is what any host builds on, whatever its framework: nothing under src/ may import React,
 * React DOM or TanStack Query (`@digital-assistant/react` binds the core to them).
 */
import { describe, expect, it } from 'vitest';

interface Entry {
  name: string;
  parentPath: string;
  isFile(): boolean;
}
interface FileSystem {
  readdirSync(path: string, options: { recursive: true; withFileTypes: true }): Entry[];
  readFileSync(path: string, encoding: 'utf8'): string;
}

const FRAMEWORK = /^(react|react-dom)(\/|$)|^@tanstack\//;

/** Every module specifier a file imports or re-exports, statically or dynamically. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

async function sourceFiles(): Promise<{ path: string; text: string }[]> {
  // Typed here: the core is compiled without Node's types, and only this test reads the disk.
  const fs = (await import(/* @vite-ignore */ 'node:fs' as string)) as FileSystem;
  const root = new URL('.', import.meta.url).pathname;
  return (
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      // This file is left out: its sample above names the packages on purpose.
      .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|js|mjs)$/.test(entry.name))
      .filter((entry) => entry.name !== 'framework-free.test.ts')
      .map((entry) => {
        const path = `${entry.parentPath}/${entry.name}`;
        return { path: path.slice(root.length), text: fs.readFileSync(path, 'utf8') };
      })
  );
}

describe('the core package', () => {
  it('finds the imports of a module, so the check below can fail', () => {
    const sample = [
      "import { useState } from 'react';",
      "import type { QueryClient } from '@tanstack/react-query';",
      "export { createRoot } from 'react-dom/client';",
      "const lazy = import('react-dom');",
      "import 'react/jsx-runtime';",
    ].join('\n');
    expect(specifiers(sample).filter((specifier) => FRAMEWORK.test(specifier))).toEqual([
      'react',
      '@tanstack/react-query',
      'react-dom/client',
      'react/jsx-runtime',
      'react-dom',
    ]);
    expect(FRAMEWORK.test('react-markdown')).toBe(false);
  });

  it('imports neither React, React DOM nor TanStack Query anywhere under src/', async () => {
    const files = await sourceFiles();
    expect(files.map((file) => file.path)).toContain('chat/chat-store.ts');
    const offending = files.flatMap((file) =>
      specifiers(file.text)
        .filter((specifier) => FRAMEWORK.test(specifier))
        .map((specifier) => `${file.path} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
