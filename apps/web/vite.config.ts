import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every script, stylesheet, page and SVG of
 * the build, which the reference server sends to browsers that accept them (@fastify/static's
 * `preCompressed`): a phone on a slow network downloads a third of the bytes, compressed once here
 * at the highest levels rather than on every request.
 */
function precompress(): Plugin {
  return {
    name: 'digital-assistant:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!/\.(?:js|css|html|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : Buffer.from(source);
        if (bytes.length < 1024) continue;
        const target = path.join(outDir, file.fileName);
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${target}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * index.html draws a first screen of its own (inline styles); the app's stylesheet would hold that
 * screen back until it arrived, so its link becomes a preload, which `src/early-loads.ts` applies
 * before React draws anything.
 */
function stylesheetWithoutBlocking(): Plugin {
  return {
    name: 'digital-assistant:stylesheet-without-blocking',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href=/g,
          '<link rel="preload" as="style"$1 href=',
        ),
    },
  };
}

/**
 * `src/main.tsx` evaluates the app's modules a part per task through `import()`; without help the
 * browser would fetch each part only when the one before it has run. The page preloads them all
 * (`modulepreload`: fetched and compiled, not run), as it would the static imports of its entry.
 */
function preloadStagedImports(): Plugin {
  const staged = [
    /\/react-dom\/client\.js$/,
    /\/src\/screens\/Shell\.tsx$/,
    /\/src\/screens\/chat\/ChatHeader\.tsx$/,
    /\/src\/boot\.tsx$/,
  ];
  return {
    name: 'digital-assistant:preload-staged-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const add = (fileName: string) => {
          if (preloaded.has(fileName)) return;
          preloaded.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported);
          files.push(fileName);
        };
        const holds = (chunk: (typeof chunks)[number], pattern: RegExp) =>
          chunk.moduleIds.some((id) => pattern.test(id));
        for (const chunk of chunks) {
          if (
            entry.dynamicImports.includes(chunk.fileName) &&
            staged.some((pattern) => holds(chunk, pattern))
          )
            add(chunk.fileName);
        }
        const missing = staged.filter((pattern) => chunks.every((chunk) => !holds(chunk, pattern)));
        if (missing.length > 0) throw new Error(`No chunk of main.tsx's staged import ${missing.join(', ')}`);
        const links = files
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        return html.replace('</head>', `  ${links}\n  </head>`);
      },
    },
  };
}

// The reference server serves dist/ and /api on one origin; in `vite dev` the API is proxied to it.
export default defineConfig({
  plugins: [react(), stylesheetWithoutBlocking(), preloadStagedImports(), precompress()],
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
