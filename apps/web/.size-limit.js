// Size budget of the reference app's initial JavaScript, gzipped: the entry script of index.html and
// the chunks it preloads (everything a first visit downloads before any screen's own chunk). Screens
// are split with React.lazy (src/AppRoutes.tsx). `pnpm run check:size` builds into build-size/ first,
// so the check never touches the dist/ a running server may be serving.
import { readFileSync } from 'node:fs';

const outDir = 'build-size';
const html = readFileSync(`${outDir}/index.html`, 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((match) => `${outDir}/${match[1]}`);
if (initial.length === 0) throw new Error(`No entry script found in ${outDir}/index.html`);

export default [
  {
    name: 'initial JavaScript of the reference app (gzip)',
    path: initial,
    gzip: true,
    limit: '200 kB',
  },
];
