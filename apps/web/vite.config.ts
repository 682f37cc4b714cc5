import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The reference server serves dist/ and /api on one origin; in `vite dev` the API is proxied to it.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // The UI package's published build is one module, which a bundler cannot split: everything the
    // app uses of it (the markdown renderer of the chat included) would load up front. Built from its
    // sources, each component lands in the chunk of the screens that use it.
    alias: [
      {
        find: /^@digital-assistant\/ui$/,
        replacement: fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url)),
      },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/oidc': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: true },
});
