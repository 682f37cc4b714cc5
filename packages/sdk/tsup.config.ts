import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/features.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
});
