import { defineConfig } from 'tsup';

export default defineConfig({
  // chat: the chat bindings alone, without TanStack Query (shared code goes in common chunks, so
  // both entries use one React context).
  entry: { index: 'src/index.ts', chat: 'src/chat.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  external: ['react', 'react/jsx-runtime', '@tanstack/react-query', /^@digital-assistant\/(core|sdk)/],
});
