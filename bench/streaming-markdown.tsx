// Streaming markdown: what each update of a streaming answer costs to render, early and late in the
// stream, for this project's renderer next to a plain react-markdown re-render and Streamdown.
//
// A generated 20 KB answer (headings, paragraphs with inline markup and links, lists, code blocks,
// tables, quotes; the same text for every renderer) arrives in 400 chunks. After each chunk the
// renderer is given the whole text so far, as a chat store's snapshot would, and the time until React
// has rendered and committed it to the DOM (jsdom) is measured. Reported per renderer: the mean time
// per chunk early in the stream (chunks 2-41; chunk 1 also mounts) and late (chunks 361-400), their
// ratio (target for this project's renderer: late/early <= 1.3), and the total over the 400 chunks
// (target: below Streamdown's).
//
//   1. `MarkdownContent` (@digital-assistant/ui, from source): react-markdown + GFM per top-level
//      block, blocks cut by marked's lexer incrementally, settled blocks memoised.
//   2. `react-markdown` + remark-gfm re-rendering the whole text on every chunk.
//   3. `Streamdown` (npm `streamdown`), defaults (mode 'streaming', `isAnimating` while streaming),
//      no plugins (no syntax highlighting, math or mermaid), like the other two.
//
// Run: pnpm --filter @digital-assistant/bench run bench:markdown
// Environment: BENCH_RUNS (measured streams per renderer, interleaved, default 5), BENCH_CHUNKS
// (default 400), BENCH_SIZE (answer length in characters, default 20480).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { JSDOM } from 'jsdom';
import type { ComponentType, ReactElement } from 'react';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 400);
const SIZE = Number(process.env.BENCH_SIZE ?? 20 * 1024);
const EARLY = [1, 41] as const; // chunk indexes [from, to): chunks 2-41
const LATE = [CHUNKS - 40, CHUNKS] as const; // chunks 361-400

// A DOM for React before react-dom is loaded (it looks for one when its module is evaluated).
const dom = new JSDOM('<!doctype html><html><body></body></html>', {
  pretendToBeVisual: true,
  url: 'http://localhost/',
});
const globals = globalThis as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key in globalThis) continue;
  try {
    globals[key] = (dom.window as unknown as Record<string, unknown>)[key];
  } catch {
    // A getter jsdom refuses outside a page (none React needs).
  }
}
// React's production build, as users get it (the development build checks and records far more).
process.env.NODE_ENV = 'production';
// jsdom has no scrolling; Streamdown scrolls its caret into view.
dom.window.Element.prototype.scrollTo = () => {};
dom.window.Element.prototype.scrollIntoView = () => {};

// The JSX below compiles to React.createElement (classic runtime).
// biome-ignore lint/correctness/noUnusedVariables: used by the compiled JSX
const React = await import('react');
const { flushSync } = await import('react-dom');
const { createRoot } = await import('react-dom/client');
const { default: Markdown } = await import('react-markdown');
const { default: remarkGfm } = await import('remark-gfm');
const { Streamdown } = await import('streamdown');
const { MarkdownContent } = await import('../packages/ui/src/Markdown/MarkdownContent.tsx');

// ---------- The answer ----------

/** Deterministic pseudo-random numbers (mulberry32), so every run streams the same answer. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (
  'the service desk rotates passwords every quarter while deployment pipelines check each environment ' +
  'before release and the database replicas follow the primary within seconds so that tenants see ' +
  'consistent metrics across regions when operators restart pods during maintenance windows agreed ' +
  'with customers and documented in the runbook alongside escalation contacts'
).split(' ');

function generateAnswer(seed: number, size: number): string {
  const next = random(seed);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const sentence = () => {
    const length = 8 + Math.floor(next() * 12);
    const parts = Array.from({ length }, () => pick(words));
    const markup = next();
    const at = Math.floor(next() * (length - 2)) + 1;
    if (markup < 0.2) parts[at] = `**${parts[at]}**`;
    else if (markup < 0.35) parts[at] = `\`${parts[at]}_${Math.floor(next() * 100)}\``;
    else if (markup < 0.5) parts[at] = `[${parts[at]}](https://docs.example.com/${parts[at]})`;
    else if (markup < 0.6) parts[at] = `*${parts[at]}*`;
    const text = parts.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 2 + Math.floor(next() * 4) }, sentence).join(' ');
  const blocks: string[] = [];
  let length = 0;
  while (length < size) {
    const kind = next();
    let block: string;
    if (blocks.length === 0 || kind < 0.08) {
      block = `## ${sentence().slice(0, -1)}`;
    } else if (kind < 0.45) {
      block = paragraph();
    } else if (kind < 0.6) {
      block = Array.from({ length: 3 + Math.floor(next() * 4) }, () => `- ${sentence()}`).join('\n');
    } else if (kind < 0.7) {
      block = Array.from(
        { length: 3 + Math.floor(next() * 3) },
        (_, index) => `${index + 1}. ${sentence()}`,
      ).join('\n');
    } else if (kind < 0.82) {
      const lines = Array.from(
        { length: 4 + Math.floor(next() * 10) },
        (_, index) => `  const ${pick(words)}${index} = await client.${pick(words)}({ id: ${index} });`,
      );
      block = `\`\`\`ts\nasync function ${pick(words)}() {\n${lines.join('\n')}\n}\n\`\`\``;
    } else if (kind < 0.92) {
      const rows = Array.from(
        { length: 3 + Math.floor(next() * 4) },
        (_, index) => `| ${pick(words)}_${index} | ${pick(words)} | ${Math.floor(next() * 1000)} ms |`,
      );
      block = ['| Environment | Owner | Latency |', '| --- | --- | ---: |', ...rows].join('\n');
    } else {
      block = `> ${sentence()} ${sentence()}`;
    }
    blocks.push(block);
    length += block.length + 2;
  }
  return blocks.join('\n\n');
}

// ---------- Renderers ----------

interface Renderer {
  name: string;
  render: (text: string, isStreaming: boolean) => ReactElement;
}

const PlainMarkdown = Markdown as unknown as ComponentType<{ children: string; remarkPlugins: unknown[] }>;
const plugins = [remarkGfm];

const allRenderers: Renderer[] = [
  {
    name: 'MarkdownContent (this project)',
    render: (text) => <MarkdownContent>{text}</MarkdownContent>,
  },
  {
    name: 'react-markdown, full re-render',
    render: (text) => <PlainMarkdown remarkPlugins={plugins}>{text}</PlainMarkdown>,
  },
  {
    name: 'Streamdown',
    render: (text, isStreaming) => <Streamdown isAnimating={isStreaming}>{text}</Streamdown>,
  },
];

// BENCH_ONLY=0,2 measures only some of them (e.g. to profile one).
const renderers = process.env.BENCH_ONLY
  ? process.env.BENCH_ONLY.split(',').map((index) => allRenderers[Number(index)]!)
  : allRenderers;

/** Streams `answer` into a fresh root in `CHUNKS` updates; the time of each update in ms. */
async function stream(renderer: Renderer, answer: string): Promise<{ times: number[]; text: string }> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const size = Math.ceil(answer.length / CHUNKS);
  const times: number[] = [];
  for (let chunk = 1; chunk <= CHUNKS; chunk++) {
    const text = answer.slice(0, Math.min(answer.length, chunk * size));
    const element = renderer.render(text, chunk < CHUNKS);
    const start = performance.now();
    // flushSync returns once React has rendered and committed this update; an update this urgent
    // also runs its effects before returning.
    flushSync(() => root.render(element));
    times.push(performance.now() - start);
    // Let timers and idle callbacks the renderer scheduled run before the next chunk, unmeasured
    // for all three alike (a real stream leaves tens of milliseconds between chunks).
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const rendered = container.textContent ?? '';
  flushSync(() => root.unmount());
  container.remove();
  return { times, text: rendered };
}

// ---------- Measure ----------

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface RunFigures {
  earlyMs: number;
  lateMs: number;
  totalMs: number;
  maxMs: number;
}

function figures(times: number[]): RunFigures {
  return {
    earlyMs: mean(times.slice(...EARLY)),
    lateMs: mean(times.slice(...LATE)),
    totalMs: times.reduce((sum, value) => sum + value, 0),
    maxMs: Math.max(...times),
  };
}

const answer = generateAnswer(20_26, SIZE);
const warmUp = generateAnswer(7, SIZE);
const gc = (globalThis as { gc?: () => void }).gc;
console.log(
  `Streaming a ${(answer.length / 1024).toFixed(1)} KB answer in ${CHUNKS} chunks of ${Math.ceil(answer.length / CHUNKS)} characters, ` +
    `${RUNS} runs per renderer (interleaved), after one warm-up stream each. Node ${process.version}, ` +
    `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}.`,
);

for (const renderer of renderers) await stream(renderer, warmUp);

const runs = new Map<string, RunFigures[]>(renderers.map((renderer) => [renderer.name, []]));
const renderedLength = new Map<string, number>();
for (let run = 0; run < RUNS; run++) {
  // A different renderer goes first in each run, so none always pays for a cold cache or a GC.
  const order = renderers.map((_, index) => renderers[(index + run) % renderers.length]!);
  for (const renderer of order) {
    gc?.();
    const { times, text } = await stream(renderer, answer);
    runs.get(renderer.name)!.push(figures(times));
    renderedLength.set(renderer.name, text.length);
  }
}

const rows = renderers.map((renderer) => {
  const all = runs.get(renderer.name)!;
  const early = median(all.map((run) => run.earlyMs));
  const late = median(all.map((run) => run.lateMs));
  return {
    renderer: renderer.name,
    earlyMs: early,
    lateMs: late,
    lateOverEarly: median(all.map((run) => run.lateMs / run.earlyMs)),
    totalMs: median(all.map((run) => run.totalMs)),
    maxMs: median(all.map((run) => run.maxMs)),
    renderedCharacters: renderedLength.get(renderer.name) ?? 0,
  };
});

const format = (value: number) => value.toFixed(value < 10 ? 2 : 0);
console.log('');
console.log('| Renderer | early ms/chunk | late ms/chunk | late/early | total ms | slowest chunk ms |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.renderer} | ${format(row.earlyMs)} | ${format(row.lateMs)} | ${row.lateOverEarly.toFixed(2)} | ${format(row.totalMs)} | ${format(row.maxMs)} |`,
  );
}
const ours = rows[0]!;
const streamdown = rows[2]!;
console.log('');
console.log(
  `This project's renderer: late/early ${ours.lateOverEarly.toFixed(2)} (target <= 1.3: ${ours.lateOverEarly <= 1.3 ? 'met' : 'NOT met'}), ` +
    `total ${format(ours.totalMs)} ms vs Streamdown's ${format(streamdown.totalMs)} ms ` +
    `(target below: ${ours.totalMs < streamdown.totalMs ? 'met' : 'NOT met'}).`,
);
console.log(
  `Rendered text (characters, sanity check that each renderer drew the whole answer): ${rows
    .map((row) => `${row.renderer} ${row.renderedCharacters}`)
    .join(', ')}.`,
);

mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./results/streaming-markdown.json', import.meta.url),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      answerCharacters: answer.length,
      chunks: CHUNKS,
      runs: RUNS,
      rows,
      perRun: Object.fromEntries(runs),
    },
    null,
    2,
  )}\n`,
);
