import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Alias, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run against the sibling packages' sources (no build of them needed first).
const siblings: Alias[] = [
  { find: /^@digital-assistant\/ui\/(.+\.css)/, replacement: `${source('../ui/src/')}$1` },
  { find: /^@digital-assistant\/ui$/, replacement: source('../ui/src/index.ts') },
  { find: /^@digital-assistant\/react$/, replacement: source('../react/src/index.ts') },
  { find: /^@digital-assistant\/react\/chat$/, replacement: source('../react/src/chat.ts') },
  { find: /^@digital-assistant\/core$/, replacement: source('../core/src/index.ts') },
  { find: /^@digital-assistant\/sdk$/, replacement: source('../sdk/src/index.ts') },
  { find: /^@digital-assistant\/sdk\/testing$/, replacement: source('../sdk/src/testing/index.ts') },
  { find: /^@digital-assistant\/sdk\/([\w-]+)$/, replacement: source('../sdk/src/$1.ts') },
];

// The script-tag build (widget.js) runs on Preact's React compatibility layer (see tsup.config.ts):
// the `preact` project runs the same component tests with React aliased to it, as widget.js has it.
const preactCompat: Alias[] = [
  // Testing Library's React renderer is CommonJS (no aliasing inside it): the same calls on Preact.
  { find: /^@testing-library\/react$/, replacement: source('src/test/preact-testing-library.ts') },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react(-dom)?\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-$1runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** `react-dom` with the adapter widget.js has for React Aria's collections (src/preact/react-dom.ts). */
const reactDomForPreact: Plugin = {
  name: 'react-dom-for-preact',
  enforce: 'pre',
  resolveId: (id) => (id === 'react-dom' ? source('src/preact/react-dom.ts') : undefined),
};

const test = {
  environment: 'jsdom' as const,
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['./src/test/setup.ts'],
  testTimeout: 20_000,
  // The stylesheets are read as text (?raw) into the shadow root; tests check they are there.
  css: true,
};

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      { extends: true, resolve: { alias: siblings }, test: { ...test, name: 'react' } },
      {
        extends: true,
        // One Preact, resolved from here (the sibling packages' sources have none of their own); every
        // dependency runs through Vite (not Node), so that its `react` imports are aliased too.
        resolve: { alias: [...siblings, ...preactCompat], dedupe: ['preact'] },
        plugins: [reactDomForPreact],
        test: {
          ...test,
          name: 'preact',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test/preact-setup.ts', ...test.setupFiles],
          server: { deps: { inline: true } },
        },
      },
    ],
  },
});
