import { copyFileSync, mkdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'react-aria-components',
    'react-markdown',
    /^mdast-util-/,
    'micromark-extension-gfm',
    /^highlight\.js/,
    /^@digital-assistant\//,
  ],
  // The package ships one stylesheet next to the JS; consumers import '@digital-assistant/ui/styles.css'.
  async onSuccess() {
    mkdirSync('dist', { recursive: true });
    copyFileSync('src/styles.css', 'dist/styles.css');
  },
});
