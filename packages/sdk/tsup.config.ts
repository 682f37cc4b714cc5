import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', features: 'src/features.ts', testing: 'src/testing/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  // The testing entry loads node:http only when asked to listen; Ajv is its optional peer dependency.
  external: [/^node:/, 'ajv', 'ajv-formats'],
});
