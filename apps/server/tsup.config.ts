import { defineConfig } from 'tsup';

// The server is an application: two entry points (server and admin CLI), dependencies stay external
// so PGlite and oidc-provider load their own assets from node_modules.
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  clean: true,
  dts: false,
});
