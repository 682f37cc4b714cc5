import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The reference server serves dist/ and /api on one origin; in `vite dev` the API is proxied to it.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:8080', '/oidc': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: true },
});
