import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { defineConfig } from 'tsup';

export default defineConfig({
  // styles.css @imports the tokens and every component's stylesheet: esbuild bundles them into
  // dist/styles.css, in that order (the cascade).
  entry: { index: 'src/index.ts', styles: 'src/styles.css' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
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
  // Consumers import '@digital-assistant/ui/styles.css' (all of it) or the parts they use, each
  // beside its component as in src/ ('@digital-assistant/ui/tokens.css', '.../Chat/ChatScreen.css').
  async onSuccess() {
    const parts = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.css') && file !== 'styles.css',
    );
    for (const file of parts) {
      mkdirSync(dirname(`dist/${file}`), { recursive: true });
      copyFileSync(`src/${file}`, `dist/${file}`);
    }
  },
});
