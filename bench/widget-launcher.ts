// What a page pays for the chat widget before anyone opens it: the script-tag build served by the
// built server, on a host page of another origin, in Debian's Chromium.
//
// Printed side by side with the targets (the launcher: at most 15 kB gzipped and 20 ms of the page's
// main thread), in one run:
//   1. At load, before anyone goes near it: the bytes of what loads (gzipped, as a compressing proxy
//      would send them, and as this server sends them) and the main thread's time: from a Chromium
//      trace of each load, what the events that name widget.js took (the parser fetching it,
//      compiling and running it, its DOMContentLoaded callback, with the style and layout they ran);
//      beside it the renderer's script, style-and-layout and task times (CDP Performance.getMetrics)
//      of the page with the script tag minus the same page without it. Medians of BENCH_RUNS fresh
//      contexts each, loaded in turns. Every task's time includes the page's own first layout, which
//      on a busy machine varies by tens of milliseconds from one load to the next: context, not the
//      widget's figure.
//   2. On the first hover: what loads then (widget-panel.js, which then draws the widget closed and
//      asks for the session) and the main-thread time that adds.
//   3. Pressing the launcher: from the press to the animation frame with the panel's Sign in (signed
//      out), timed in the page, after a hover (the widget drawn closed) and cold.
// BENCH_WIDGET_DIST=/path/to/dist adds a column for another build of the widget (an earlier commit's
// one-file widget.js, say), served the same way.
//
// Run: pnpm --filter @digital-assistant/bench run bench:widget (builds the widget and the server
// first) or bench:widget:no-build. Environment: BENCH_RUNS (default 10), BENCH_WIDGET_DIST,
// CHROMIUM_PATH (default /usr/bin/chromium).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { freePort, serverArgs, serverEnvironment, startServer } from './lib/processes.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const runs = Number(process.env.BENCH_RUNS ?? 10);
const thisBuild = fileURLToPath(new URL('../packages/widget/dist', import.meta.url));
const builds = [
  { name: 'this build', dist: thisBuild },
  ...(process.env.BENCH_WIDGET_DIST
    ? [{ name: 'BENCH_WIDGET_DIST', dist: process.env.BENCH_WIDGET_DIST }]
    : []),
];
const TARGET_BYTES = 15_000;
const TARGET_MS = 20;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const millis = (ms: number) => `${ms.toFixed(1)} ms`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The host page: some text and a fixed bar, with or without the widget's script tag. */
function hostPage(scriptSrc: string | null, baseUrl: string) {
  const script = scriptSrc
    ? `<script src="${scriptSrc}" data-base-url="${baseUrl}" data-department="IT" async></script>`
    : '';
  const paragraphs = Array.from(
    { length: 20 },
    (_, index) => `<p>Paragraph ${index + 1} of the team's handbook.</p>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Handbook</title></head>
<body><h1>Team Handbook</h1>${paragraphs.join('')}${script}</body></html>`;
}

interface Measure {
  loadBytes: { gzip: number; sent: number; files: string[] };
  /** The main-thread time of what names widget.js in a trace (fetch, compile, run, callbacks, with what they ran). */
  loadMainThreadMs: number;
  loadScriptMs: number;
  loadStyleAndLayoutMs: number;
  /** Every main-thread task of the page with it minus without it: the page's own work's noise included. */
  loadAllTasksMs: number;
  hoverBytes: { gzip: number; sent: number; files: string[] };
  hoverMainThreadMs: number;
  openAfterHoverMs: number;
  openColdMs: number;
}

/** The renderer's cumulative main-thread times (CDP Performance.getMetrics), in milliseconds. */
async function mainThread(page: import('playwright-core').Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const ms = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
    return {
      tasks: ms('TaskDuration'),
      script: ms('ScriptDuration') + ms('V8CompileDuration'),
      styleAndLayout: ms('RecalcStyleDuration') + ms('LayoutDuration'),
    };
  };
}

type MainThread = Awaited<ReturnType<Awaited<ReturnType<typeof mainThread>>>>;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: Record<string, unknown>;
}

/**
 * The page's main-thread time spent on the widget's script, from a Chromium trace of the load: the
 * events on the renderer's main thread that name widget.js (fetching it for the parser, compiling,
 * running it, its DOMContentLoaded and other callbacks) with whatever they ran, style and layout
 * included; nested events counted once.
 */
function widgetTraceTime(traceEvents: TraceEvent[], file: string): number {
  // The page's main thread: where the script ran (the browser's own pages trace too).
  const names = (event: TraceEvent) => JSON.stringify(event.args ?? {}).includes(file);
  const run = traceEvents.find((event) => event.name === 'EvaluateScript' && names(event));
  if (!run) throw new Error(`No trace of ${file} running: did the page load it?`);
  const onMainThread = traceEvents
    .filter((event) => event.pid === run.pid && event.tid === run.tid && event.ph === 'X')
    .filter(names)
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let coveredUntil = 0;
  for (const event of onMainThread) {
    const end = event.ts + (event.dur ?? 0);
    if (end <= coveredUntil) continue;
    total += end - Math.max(event.ts, coveredUntil);
    coveredUntil = end;
  }
  return total / 1000;
}

/**
 * Loading the page without the widget and with it, in turns, `runs` fresh contexts each (the same
 * wait for both, nothing of Playwright's in the page until the figures are read): the widget's own
 * main-thread time from a trace, and the medians' differences of the renderer's metrics.
 */
async function loadTimes(browser: Browser, blankUrl: string, pageUrl: string) {
  const samples: Record<'blank' | 'widget', MainThread[]> = { blank: [], widget: [] };
  const traced: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const kind of ['blank', 'widget'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const read = await mainThread(page);
      if (kind === 'widget') {
        await browser.startTracing(page, {
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
        });
      }
      await page.goto(kind === 'blank' ? blankUrl : pageUrl, { waitUntil: 'load' });
      await page.waitForTimeout(1000);
      samples[kind].push(await read());
      if (kind === 'widget') {
        const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
          traceEvents: TraceEvent[];
        };
        traced.push(widgetTraceTime(traceEvents, 'widget.js'));
        await page.getByRole('button', { name: 'Chat with Digital Assistant' }).waitFor();
      }
      await context.close();
    }
  }
  const medianOf = (kind: 'blank' | 'widget', key: keyof MainThread) =>
    median(samples[kind].map((sample) => sample[key]));
  const delta = (key: keyof MainThread) => Math.max(0, medianOf('widget', key) - medianOf('blank', key));
  return {
    traced: median(traced),
    script: delta('script'),
    styleAndLayout: delta('styleAndLayout'),
    tasks: delta('tasks'),
  };
}

/**
 * In the page (a string: tsx's helpers are not there): presses the launcher and answers the time to
 * the animation frame in which the panel shows its Sign in (signed out).
 */
const PRESS_TO_PANEL = `new Promise((resolve) => {
  const shadow = document.querySelector('[data-digital-assistant-widget]').shadowRoot;
  const start = performance.now();
  shadow.querySelector('.da-widget-launcher').click();
  const check = () => {
    const signIn = [...shadow.querySelectorAll('button')].find(
      (button) => button.textContent === 'Sign in' && button.checkVisibility(),
    );
    if (signIn) resolve(performance.now() - start);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

async function measure(browser: Browser, pageUrl: string, blankUrl: string, dist: string): Promise<Measure> {
  const gzipOf = (file: string) =>
    existsSync(join(dist, file)) ? gzipSync(readFileSync(join(dist, file))).length : 0;
  const sizes = (files: string[]) => ({
    gzip: files.reduce((sum, file) => sum + gzipOf(file), 0),
    sent: 0,
    files,
  });
  const atLoad = await loadTimes(browser, blankUrl, pageUrl);

  const hoverTimes: number[] = [];
  const openAfterHover: number[] = [];
  const openCold: number[] = [];
  let loadBytes = sizes([]);
  let hoverBytes = sizes([]);
  for (let run = 0; run < runs; run++) {
    for (const isHovered of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const loaded: { file: string; bytes: number }[] = [];
      page.on('requestfinished', async (request) => {
        const file = new URL(request.url()).pathname.split('/').pop() ?? '';
        if (!request.url().includes('/widget/')) return;
        const sent = (await request.sizes().catch(() => null))?.responseBodySize ?? 0;
        loaded.push({ file, bytes: sent });
      });
      const read = await mainThread(page);
      await page.goto(pageUrl, { waitUntil: 'load' });
      const launcher = page.getByRole('button', { name: 'Chat with Digital Assistant' });
      await launcher.waitFor();
      await page.waitForTimeout(500);
      const loadedFirst = loaded.splice(0);
      if (run === 0 && isHovered) {
        loadBytes = {
          ...sizes(loadedFirst.map((load) => load.file)),
          sent: loadedFirst.reduce((sum, load) => sum + load.bytes, 0),
        };
      }
      if (isHovered) {
        const before = (await read()).tasks;
        await launcher.hover();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        hoverTimes.push((await read()).tasks - before);
        const onHover = loaded.splice(0);
        if (run === 0) {
          hoverBytes = {
            ...sizes(onHover.map((load) => load.file)),
            sent: onHover.reduce((sum, load) => sum + load.bytes, 0),
          };
        }
      }
      if (isHovered) {
        // Drawn closed in the early launcher's place, the session asked for and answered.
        await page.locator('.da-widget-launcher[aria-controls]').waitFor();
        await page.waitForLoadState('networkidle');
      }
      // Timed in the page: the press to the animation frame that has the panel's Sign in drawn.
      (isHovered ? openAfterHover : openCold).push(await page.evaluate(PRESS_TO_PANEL));
      await context.close();
    }
  }
  return {
    loadBytes,
    loadMainThreadMs: atLoad.traced,
    loadScriptMs: atLoad.script,
    loadStyleAndLayoutMs: atLoad.styleAndLayout,
    loadAllTasksMs: atLoad.tasks,
    hoverBytes,
    hoverMainThreadMs: median(hoverTimes),
    openAfterHoverMs: median(openAfterHover),
    openColdMs: median(openCold),
  };
}

// ---------------------------------------------------------------------------------------------

const started: Array<{ stop: () => Promise<void> }> = [];
const folders: string[] = [];
let pages: Server | undefined;
let browser: Browser | undefined;
const results: Record<string, unknown> = {
  environment: { date: new Date().toISOString(), node: process.version, chromium: chromiumPath, runs },
};
try {
  const pagePort = await freePort();
  const pageOrigin = `http://127.0.0.1:${pagePort}`;
  const servers: { name: string; dist: string; baseUrl: string }[] = [];
  for (const build of builds) {
    if (!readdirSync(build.dist).includes('widget.js'))
      throw new Error(`${build.dist} has no widget.js: build it first`);
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'da-bench-widget-'));
    folders.push(dataDir);
    const baseUrl = `http://localhost:${port}`;
    started.push(
      await startServer({
        name: `server (${build.name})`,
        args: serverArgs(),
        env: {
          ...serverEnvironment({ port, dataDir }),
          PUBLIC_URL: baseUrl,
          WIDGET_DIST: build.dist,
          WIDGET_ORIGINS: pageOrigin,
        },
        readyUrl: `${baseUrl}/api/ping`,
        timeoutMs: 120_000,
      }),
    );
    servers.push({ ...build, baseUrl });
  }
  pages = createServer((request, response) => {
    const path = new URL(request.url ?? '/', pageOrigin).pathname;
    const server = servers.find((candidate) => path === `/${servers.indexOf(candidate)}`);
    const html = server
      ? hostPage(`${server.baseUrl}/widget/v0/widget.js`, server.baseUrl)
      : hostPage(null, '');
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(html);
  }).listen(pagePort, '127.0.0.1');

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const measures: Measure[] = [];
  for (const [index, server] of servers.entries()) {
    console.log(`Measuring ${server.name} (${server.dist}), ${runs} runs...`);
    measures.push(await measure(browser, `${pageOrigin}/${index}`, `${pageOrigin}/blank`, server.dist));
  }
  results.measures = servers.map((server, index) => ({
    name: server.name,
    dist: server.dist,
    ...measures[index],
  }));

  const rows: string[][] = [
    ['', ...servers.map((server) => server.name), 'target'],
    ['At load (before anyone goes near it)', ...servers.map(() => ''), ''],
    ['  files', ...measures.map((m) => m.loadBytes.files.join(', ')), ''],
    ['  gzipped', ...measures.map((m) => kB(m.loadBytes.gzip)), `≤ ${kB(TARGET_BYTES)}`],
    ['  as this server sends them', ...measures.map((m) => kB(m.loadBytes.sent)), ''],
    [
      '  main thread, its own (trace: what names widget.js)',
      ...measures.map((m) => millis(m.loadMainThreadMs)),
      `≤ ${TARGET_MS} ms`,
    ],
    ['  over the page without it: script', ...measures.map((m) => millis(m.loadScriptMs)), ''],
    [
      '  over the page without it: style and layout',
      ...measures.map((m) => millis(m.loadStyleAndLayoutMs)),
      '',
    ],
    ['  over the page without it: every task (noisy)', ...measures.map((m) => millis(m.loadAllTasksMs)), ''],
    ['On the first hover', ...servers.map(() => ''), ''],
    ['  files', ...measures.map((m) => m.hoverBytes.files.join(', ') || 'none'), ''],
    ['  gzipped', ...measures.map((m) => kB(m.hoverBytes.gzip)), ''],
    ['  main thread', ...measures.map((m) => millis(m.hoverMainThreadMs)), ''],
    ['Press to the panel shown', ...servers.map(() => ''), ''],
    ['  after a hover', ...measures.map((m) => millis(m.openAfterHoverMs)), ''],
    ['  cold (no hover first)', ...measures.map((m) => millis(m.openColdMs)), ''],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log(`\nWhat a page pays for the chat widget (medians of ${runs} fresh contexts, Chromium)\n`);
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('   '));
  const out = fileURLToPath(new URL('./results/widget-launcher.json', import.meta.url));
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten to ${out}`);
} finally {
  await browser?.close();
  await new Promise((resolve) => (pages ? pages.close(resolve) : resolve(null)));
  for (const server of started.reverse()) await server.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
