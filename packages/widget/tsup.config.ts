import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** `import css from './x.css?raw'` (as Vite has it): the file's text as a string (minified CSS). */
const rawText: Plugin = {
  name: 'raw-text',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => {
      const specifier = args.path.slice(0, -'?raw'.length);
      // Resolved here, not by build.resolve: the external-dependency rule would keep a package's file out.
      const path = specifier.startsWith('.')
        ? resolve(args.resolveDir, specifier)
        : createRequire(args.importer).resolve(specifier);
      // The query stays on, so tsup's own stylesheet loader (which matches /\.css$/) leaves it to us.
      return { path: `${path}?raw`, namespace: 'raw-text' };
    });
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => {
      const file = args.path.slice(0, -'?raw'.length);
      let css = readFileSync(file, 'utf8');
      // Minified (no comments or spaces): theme.ts reads it either way.
      if (file.endsWith('.css'))
        css = (await build.esbuild.transform(css, { loader: 'css', minify: true })).code;
      return { contents: css, loader: 'text' };
    });
  },
};

/**
 * The panel runs on Preact's React compatibility layer: `react` is `preact/compat`, `react-dom` is
 * `preact/compat` with one adapter for React Aria's collections (src/preact/react-dom.ts), and the
 * `use-sync-external-store` shim (for React 17) is Preact's own `useSyncExternalStore`. No file of
 * React Aria is changed; the rest is Preact's option hooks (src/preact/options.ts).
 */
const preactForReact: Plugin = {
  name: 'preact-for-react',
  setup(build) {
    build.onResolve({ filter: /^react-dom$/ }, () => ({
      path: resolve(import.meta.dirname, 'src/preact/react-dom.ts'),
    }));
    build.onResolve({ filter: /^react-dom\// }, (args) =>
      build.resolve(args.path.replace(/^react-dom/, 'preact/compat'), {
        kind: args.kind,
        resolveDir: import.meta.dirname,
      }),
    );
    build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({
      path: resolve(import.meta.dirname, 'src/preact/use-sync-external-store.ts'),
    }));
  },
};

/**
 * The browser's `structuredClone` instead of its polyfill (src/replacements/structured-clone.ts). A
 * replacement of a whole package at its public entry (`@ungap/structured-clone`, whose default export
 * is `structuredClone`'s polyfill) by a module with the same API, as an alias would: no file of that
 * package or of its importers is rewritten or substituted. Nothing inside another package is
 * replaced here (the markdown renderer's property-information keeps its SVG schema, 3 kB gzipped).
 */
const builtInStructuredClone: Plugin = {
  name: 'built-in-structured-clone',
  setup(build) {
    build.onResolve({ filter: /^@ungap\/structured-clone$/ }, () => ({
      path: resolve(import.meta.dirname, 'src/replacements/structured-clone.ts'),
    }));
  },
};

const isSizeCheck = process.env.WIDGET_SIZE_CHECK === '1';

const builds: Options[] = [
  // The React component for bundlers: React, the SDK, the headless core and the UI stay imports.
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    // The stylesheets go in as text (for the shadow root), the UI's too.
    noExternal: [/\.css\?raw$/],
    loader: { '.css': 'text' },
    external: [
      /^react($|\/)/,
      /^react-dom($|\/)/,
      /^react-aria/,
      /^react-stately/,
      /^@digital-assistant\/(core|react|sdk)/,
      /^@digital-assistant\/ui$/,
    ],
    esbuildPlugins: [rawText],
  },
  // The script-tag build, two files. widget.js: the launcher alone (plain DOM, a few kilobytes), what
  // every page that embeds the widget pays; it imports the rest when the launcher is hovered, focused
  // or pressed. `check:size` builds both alone into build-size/, never touching the dist/ a server
  // may be serving.
  {
    entry: { widget: 'src/script.ts' },
    format: 'iife',
    outExtension: () => ({ js: '.js' }),
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    clean: false,
    dts: false,
    noExternal: [/.*/],
    metafile: process.env.ANALYZE === '1',
    define: { __WIDGET_VERSION__: JSON.stringify(version) },
    esbuildPlugins: [rawText],
    ...(isSizeCheck ? { outDir: 'build-size', sourcemap: false } : {}),
  },
  // widget-panel.js: an ES module with everything else (the UI, the markdown renderer, Preact).
  {
    entry: { 'widget-panel': 'src/panel.tsx' },
    format: 'esm',
    outExtension: () => ({ js: '.js' }),
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    // One file: the panel is fetched as a whole, once.
    splitting: false,
    clean: false,
    dts: false,
    noExternal: [/.*/],
    // ANALYZE=1 writes dist/metafile-esm.json: what each package weighs in widget-panel.js.
    metafile: process.env.ANALYZE === '1',
    loader: { '.css': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    esbuildPlugins: [rawText, preactForReact, builtInStructuredClone],
    esbuildOptions(options) {
      // Preact's React compatibility layer instead of React (react-dom alone is 210 kB minified;
      // react-dom by the preact-for-react plugin); the React component build above keeps React, its host's.
      options.alias = { react: 'preact/compat' };
    },
    ...(isSizeCheck ? { outDir: 'build-size', sourcemap: false } : {}),
  },
];

export default defineConfig(isSizeCheck ? builds.slice(1) : builds);
