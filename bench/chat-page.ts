// The chat as a person sees it: the built web app on the built server, in Debian's Chromium, the AI
// chat answered by the project's stand-in model (apps/server/src/test/llm-standin.ts) over real HTTP.
//
// Printed side by side, in one run:
//   1. Long answers: for 2,000 and 5,000 words sent at once and 2,000 words at 15 ms a word (the
//      stand-in's `words=N` and `delay=MS` directives), the time from pressing Enter to the frame
//      that shows the whole answer, beside the raw transfer (the same request read to its end by
//      fetch in the page, nothing drawn), how long after the answer's last byte reached the page
//      (its resource timing) its last word was drawn, and the reopened draw (the same
//      conversation opened from History: click to the frame showing it, the target being at most
//      twice the time after the last byte); the worst gap between two frames while it streams;
//      how far from the bottom the view was at worst (it follows the answer); and Stop pressed while
//      the answer streams: from the press to the frame showing the answer stopped, and whether any
//      word was drawn after that.
//   2. Time to the first visible word: Enter to the frame showing the answer's first word, minus
//      the model's own wait before its first token (`ttft`, 400 ms here).
//   3. Lighthouse (the npm package, in the same Chromium, signed in) performance and accessibility
//      scores of /chat and /codereview with its desktop and mobile presets (target >= 95 each).
//
// Frames are the page's requestAnimationFrame callbacks: Chromium runs them once per frame it
// produces, so a gap between two of them is time the page showed nothing new and took no input.
//
// Run: pnpm --filter @digital-assistant/bench run bench:chat-page (builds the app and the server
// first) or bench:chat-page:no-build. Environment: BENCH_WEB_DIST (the build of apps/web measured;
// default apps/web/dist), BENCH_WEB_DIST_BEFORE (another build, e.g. an earlier commit's: both are
// measured in the same run, each on a server of its own (the long answers one build after the
// other, Lighthouse's runs interleaved), and every table shows them row by row, before then
// after), BENCH_LIGHTHOUSE_RUNS (default 1; with more, the run of median performance score is
// shown), BENCH_LIGHTHOUSE_PRESETS (default desktop,mobile), BENCH_WORDS (default 2000,5000),
// BENCH_PACED_WORDS (default 2000; 0 skips), BENCH_LIGHTHOUSE=0 skips Lighthouse,
// BENCH_ONLY=lighthouse runs only Lighthouse, BENCH_PROFILE=dir writes a CPU profile of each
// answer's draw there and prints where its time went, BENCH_LIGHTHOUSE_REPORTS=dir keeps
// Lighthouse's reports (JSON) there, CHROMIUM_PATH (default /usr/bin/chromium).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { freePort, serverArgs, serverEnvironment, startServer } from './lib/processes.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const webDist = process.env.BENCH_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const webDistBefore = process.env.BENCH_WEB_DIST_BEFORE;
const lighthouseRunCount = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const lighthousePresets = (process.env.BENCH_LIGHTHOUSE_PRESETS ?? 'desktop,mobile')
  .split(',')
  .filter((preset): preset is 'desktop' | 'mobile' => preset === 'desktop' || preset === 'mobile');
const wordCounts = (process.env.BENCH_WORDS ?? '2000,5000').split(',').map(Number).filter(Boolean);
const pacedWords = Number(process.env.BENCH_PACED_WORDS ?? 2000);
const PACE_MS = 15;
const TTFT_MS = 400;
const only = process.env.BENCH_ONLY;
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
const profileDir = process.env.BENCH_PROFILE;
const lighthouseReports = process.env.BENCH_LIGHTHOUSE_REPORTS;
const SCENARIO_TIMEOUT_MS = 15 * 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;

// ---------------------------------------------------------------------------------------------
// In the page: a frame recorder. Each animation frame it notes the time and looks at the last
// answer: when its first and last words first showed, its state, and (every 200 ms, so that the
// recorder does not force a layout every frame) how far the conversation is from its bottom.

interface FrameReport {
  frames: number;
  worstGapMs: number;
  gapsOver50: number;
  startedAt: number;
  firstWordAt: number | null;
  lastWordAt: number | null;
  stoppedAt: number | null;
  wordsAtStop: number | null;
  wordsAtEnd: number;
  worstDistanceFromBottom: number;
  /** The longest task of the page's (0 when none took over 50 ms). */
  longestTaskMs: number;
  distanceAtEnd: number;
  /** When the first pointer press and Enter were made (the events' own time stamps). */
  pressAt: number | null;
  enterAt: number | null;
  /** When the page's handler got the press (`pressAt` plus the input delay). */
  pressHandledAt: number | null;
  /** When the answer was first seen done. */
  doneAt: number | null;
  lastByteAt: number | null;
}

function installRecorder() {
  const win = window as unknown as { __bench?: unknown };
  if (win.__bench) return;
  const state = {
    running: false,
    times: [] as number[],
    firstWord: '',
    lastWord: '',
    startedAt: 0,
    firstWordAt: null as number | null,
    lastWordAt: null as number | null,
    stoppedAt: null as number | null,
    wordsAtStop: null as number | null,
    pressAt: null as number | null,
    enterAt: null as number | null,
    pressHandledAt: null as number | null,
    doneAt: null as number | null,
    /** Where the Stop button was seen first (the middle of it). */
    stopAt: null as { x: number; y: number } | null,
    lastDistanceCheck: 0,
    worstDistanceFromBottom: 0,
    longestTaskMs: 0,
  };
  // The page's long tasks (over 50 ms): how long at worst it ran without taking input or painting.
  new PerformanceObserver((list) => {
    if (!state.running) return;
    for (const entry of list.getEntries())
      state.longestTaskMs = Math.max(state.longestTaskMs, entry.duration);
  }).observe({ type: 'longtask' });
  const answer = () => {
    const all = document.querySelectorAll('article[aria-label="Assistant"]');
    return all[all.length - 1] as HTMLElement | undefined;
  };
  const countWords = (text: string) => (text.match(/\bword\d+\b/g) ?? []).length;
  const log = () => document.querySelector('[role="log"]') as HTMLElement | null;
  const distance = () => {
    const element = log();
    return element ? element.scrollHeight - element.scrollTop - element.clientHeight : 0;
  };
  // The callback's own time: the argument is when the frame was due, which a blocked page passed long ago.
  const frame = () => {
    if (!state.running) return;
    const time = performance.now();
    state.times.push(time);
    if (!state.stopAt) {
      const button = document.querySelector('button[aria-label="Stop"]');
      const rect = button?.getBoundingClientRect();
      if (rect) state.stopAt = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    }
    const element = answer();
    if (element) {
      const text = element.textContent ?? '';
      if (state.firstWordAt === null && state.firstWord && text.includes(state.firstWord))
        state.firstWordAt = time;
      if (state.lastWordAt === null && state.lastWord && text.includes(state.lastWord))
        state.lastWordAt = time;
      if (state.stoppedAt === null && element.dataset.state === 'stopped') {
        state.stoppedAt = time;
        state.wordsAtStop = countWords(text);
      }
      if (state.doneAt === null && element.dataset.state === 'done') state.doneAt = time;
      if (state.firstWordAt !== null && time - state.lastDistanceCheck > 200) {
        state.lastDistanceCheck = time;
        state.worstDistanceFromBottom = Math.max(state.worstDistanceFromBottom, distance());
      }
    }
    requestAnimationFrame(frame);
  };
  // Where a press or Enter was first seen by the page (the event's own time stamp, from the input).
  addEventListener(
    'keydown',
    (event) => {
      if (state.running && state.enterAt === null && event.key === 'Enter') state.enterAt = event.timeStamp;
    },
    true,
  );
  addEventListener(
    'pointerdown',
    (event) => {
      if (state.running && state.pressAt === null) {
        state.pressAt = event.timeStamp;
        state.pressHandledAt = performance.now();
      }
    },
    true,
  );
  win.__bench = {
    start(firstWord: string, lastWord: string) {
      Object.assign(state, {
        running: true,
        times: [],
        firstWord,
        lastWord,
        startedAt: performance.now(),
        firstWordAt: null,
        lastWordAt: null,
        stoppedAt: null,
        wordsAtStop: null,
        pressAt: null,
        enterAt: null,
        pressHandledAt: null,
        doneAt: null,
        stopAt: null,
        lastDistanceCheck: 0,
        worstDistanceFromBottom: 0,
        longestTaskMs: 0,
      });
      requestAnimationFrame(frame);
    },
    stop(): FrameReport {
      state.running = false;
      let worstGapMs = 0;
      let gapsOver50 = 0;
      for (let index = 1; index < state.times.length; index++) {
        const gap = state.times[index]! - state.times[index - 1]!;
        worstGapMs = Math.max(worstGapMs, gap);
        if (gap > 50) gapsOver50++;
      }
      return {
        frames: state.times.length,
        worstGapMs,
        gapsOver50,
        startedAt: state.startedAt,
        firstWordAt: state.firstWordAt,
        lastWordAt: state.lastWordAt,
        stoppedAt: state.stoppedAt,
        wordsAtStop: state.wordsAtStop,
        wordsAtEnd: countWords(answer()?.textContent ?? ''),
        worstDistanceFromBottom: state.worstDistanceFromBottom,
        longestTaskMs: state.longestTaskMs,
        distanceAtEnd: distance(),
        pressAt: state.pressAt,
        enterAt: state.enterAt,
        pressHandledAt: state.pressHandledAt,
        doneAt: state.doneAt,
        // When the answer's last byte reached the page (resource timing of the chat request).
        lastByteAt:
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => entry.name.endsWith('/api/chat/gpt') && entry.startTime >= state.startedAt)
            .at(-1)?.responseEnd ?? null,
      };
    },
    state,
  };
}

const startRecording = (page: Page, firstWord: string, lastWord: string) =>
  page.evaluate(
    ([first, last]) =>
      (window as unknown as { __bench: { start(a: string, b: string): void } }).__bench.start(first!, last!),
    [firstWord, lastWord],
  );
const stopRecording = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: { stop(): FrameReport } }).__bench.stop());

/** Waits (polling from Node, so a frozen page does not stall the check itself) for `predicate`. */
async function waitFor(page: Page, predicate: string, timeoutMs = SCENARIO_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const isMet = await page.evaluate(predicate).catch(() => false);
    if (isMet) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${predicate}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const recorderState = '(window.__bench.state)';

// ---------------------------------------------------------------------------------------------

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: /staff@example\.com/ }).click();
  await page.waitForURL(/\/chat\/Knowledge$/);
}

async function openAiChat(page: Page) {
  await page.getByRole('button', { name: 'OpenAI GPT' }).click();
  await page.waitForURL(/\/chat$/);
  await page.getByRole('textbox', { name: 'Message to OpenAI GPT' }).waitFor();
}

async function newTopic(page: Page) {
  await page.getByRole('button', { name: 'New Topic' }).first().click();
  await waitFor(page, `document.querySelectorAll('article').length === 0`, 30_000);
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Message to OpenAI GPT' });
  await box.fill(question);
  await box.press('Enter');
}

const answerState = `(() => { const all = document.querySelectorAll('article[aria-label="Assistant"]'); return all[all.length - 1]?.dataset.state; })()`;

/** The same request the chat makes, read to its end by fetch in the page; nothing is drawn. */
async function rawTransfer(page: Page, question: string): Promise<number> {
  return page.evaluate(async (message) => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const started = performance.now();
    const response = await fetch('/api/chat/gpt', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ Message: message }),
    });
    const reader = response.body!.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    return performance.now() - started;
  }, question);
}

interface LongAnswerRow {
  label: string;
  words: number;
  drawMs: number;
  /** From the answer's last byte reaching the page to the frame showing its last word. */
  afterLastByteMs: number;
  transferMs: number;
  reopenedMs: number;
  worstGapMs: number;
  gapsOver50: number;
  longestTaskMs: number;
  worstDistance: number;
  distanceAtEnd: number;
  stop: StopResult;
}

type StopResult =
  | { stopped: true; pressToStoppedMs: number; inputDelayMs: number; wordsAfterStop: number }
  | { stopped: false; inputDelayMs: number | null; finishedBeforeHandled: boolean };

function describeStop(stop: StopResult): string {
  if (!stop.stopped && stop.inputDelayMs === null) return 'Stop never seen';
  if (stop.stopped) return `${millis(stop.pressToStoppedMs)} (input delay ${millis(stop.inputDelayMs)})`;
  const delay = stop.inputDelayMs === null ? '?' : millis(stop.inputDelayMs);
  if (stop.finishedBeforeHandled) return `answer ended first (press handled after ${delay})`;
  return `not stopped (press handled after ${delay})`;
}

async function longAnswer(
  page: Page,
  words: number,
  paceMs: number,
  stopPlace: { x: number; y: number },
): Promise<LongAnswerRow> {
  const directives = `[[standin:words=${words}]]${paceMs ? ` [[standin:delay=${paceMs}]]` : ''}`;
  const label = paceMs
    ? `${words.toLocaleString('en-US')} words, ${paceMs} ms a word`
    : `${words.toLocaleString('en-US')} words at once`;
  const last = `word${words}`;

  const transferMs = await rawTransfer(page, `Raw transfer ${directives}`);

  await newTopic(page);
  const profiler = profileDir ? await startProfile(page) : null;
  await startRecording(page, 'word1', last);
  await ask(page, `A long answer please ${directives}`);
  await waitFor(page, `${answerState} === 'done' && ${recorderState}.lastWordAt !== null`);
  const drawn = await stopRecording(page);
  if (profiler) await profiler.stop(`${words}-words${paceMs ? `-${paceMs}ms` : ''}`);
  if (drawn.enterAt === null || drawn.lastWordAt === null)
    throw new Error(`${label}: Enter or the last word not seen`);
  const drawMs = drawn.lastWordAt - drawn.enterAt;
  if (drawn.lastByteAt === null) throw new Error(`${label}: the chat request's timing was not found`);
  const afterLastByteMs = drawn.lastWordAt - drawn.lastByteAt;

  // Reopened from History: a new topic, then the conversation (the newest in History).
  await newTopic(page);
  // A History entry by its label (the question's first words), whatever its role (button or row).
  const historyItem = page
    .getByRole('region', { name: 'History' })
    .getByText(/^A long answer please/)
    .first();
  await startRecording(page, 'word1', last);
  await historyItem.click();
  await waitFor(page, `${recorderState}.lastWordAt !== null`);
  const reopened = await stopRecording(page);
  const reopenedMs = reopened.lastWordAt! - reopened.pressAt!;

  // Stop, pressed while the answer streams: 150 ms after Enter for one sent at once (while it
  // arrives), a third of the way through a paced one. The press goes in as real input at Stop's
  // place (seen by the recorder on an earlier answer) on a timer of its own, without asking the page
  // anything first: a page that is not painting takes it late, as it would a person's.
  await newTopic(page);
  await startRecording(page, 'word1', last);
  const asked = Date.now();
  await ask(page, `Interrupted answer ${directives}`);
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, asked + (paceMs ? (words * paceMs) / 3 : 150) - Date.now())),
  );
  await page.mouse.click(stopPlace.x, stopPlace.y);
  await waitFor(page, `${answerState} === 'stopped' || ${answerState} === 'done'`);
  await page.waitForTimeout(500);
  const stopped = await stopRecording(page);
  const stop: StopResult =
    stopped.stoppedAt !== null && stopped.pressAt !== null
      ? {
          stopped: true,
          pressToStoppedMs: stopped.stoppedAt - stopped.pressAt,
          inputDelayMs: stopped.pressHandledAt! - stopped.pressAt,
          wordsAfterStop: stopped.wordsAtEnd - (stopped.wordsAtStop ?? 0),
        }
      : {
          stopped: false,
          inputDelayMs:
            stopped.pressHandledAt !== null && stopped.pressAt !== null
              ? stopped.pressHandledAt - stopped.pressAt
              : null,
          finishedBeforeHandled:
            stopped.doneAt !== null &&
            stopped.pressHandledAt !== null &&
            stopped.doneAt <= stopped.pressHandledAt,
        };

  return {
    label,
    words,
    drawMs,
    afterLastByteMs,
    transferMs,
    reopenedMs,
    worstGapMs: drawn.worstGapMs,
    gapsOver50: drawn.gapsOver50,
    longestTaskMs: drawn.longestTaskMs,
    worstDistance: drawn.worstDistanceFromBottom,
    distanceAtEnd: drawn.distanceAtEnd,
    stop,
  };
}

async function firstVisibleWord(page: Page): Promise<{ ms: number; stopPlace: { x: number; y: number } }> {
  const runs: number[] = [];
  let stopPlace: { x: number; y: number } | null = null;
  for (let run = 0; run < 5; run++) {
    await newTopic(page);
    await startRecording(page, 'word1', 'word20');
    await ask(page, `Quick one ${run} [[standin:words=20]] [[standin:ttft=${TTFT_MS}]]`);
    await waitFor(page, `${answerState} === 'done' && ${recorderState}.lastWordAt !== null`, 60_000);
    stopPlace ??= (await page.evaluate(`${recorderState}.stopAt`)) as { x: number; y: number } | null;
    const report = await stopRecording(page);
    runs.push(report.firstWordAt! - report.enterAt! - TTFT_MS);
  }
  if (!stopPlace) throw new Error('The Stop button was never seen');
  return { ms: runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!, stopPlace };
}

// ---------------------------------------------------------------------------------------------
// Where the time goes (BENCH_PROFILE=dir): a Chromium performance trace of the page while an
// answer is drawn, written as dir/<answer>.json (open it in DevTools' Performance panel), and
// summarised from the page's main thread: how long its tasks ran in all, the longest one, and the
// time inside them by kind (script, style, layout, paint, garbage collection).

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const TRACE_KINDS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  'v8.run': 'script',
  RunMicrotasks: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  MajorGC: 'garbage collection',
  MinorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

async function startProfile(page: Page) {
  const browser = page.context().browser()!;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'disabled-by-default-v8.cpu_profiler',
    ],
  });
  return {
    async stop(name: string) {
      const buffer = await browser.stopTracing();
      const { profile } = (await session.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      await session.detach();
      mkdirSync(profileDir!, { recursive: true });
      writeFileSync(join(profileDir!, `${name}.json`), buffer);
      const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
      const main = traceEvents.find(
        (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      );
      const onMain = traceEvents.filter(
        (event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur,
      );
      const tasks = onMain.filter((event) => event.name === 'RunTask').map((event) => event.dur! / 1000);
      const kinds = new Map<string, number>();
      for (const event of onMain) {
        const kind = TRACE_KINDS[event.name];
        if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + event.dur! / 1000);
      }
      const busy = tasks.reduce((sum, ms) => sum + ms, 0);
      console.log(
        `  trace of ${name}: main thread busy ${millis(busy)} in ${tasks.length} tasks, the longest ${millis(Math.max(0, ...tasks))}; ${[
          ...kinds.entries(),
        ]
          .sort((a, b) => b[1] - a[1])
          .map(([kind, ms]) => `${kind} ${millis(ms)}`)
          .join(', ')}`,
      );
      // JavaScript functions by time of their own (a build with --minify false names them).
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const self = new Map<string, number>();
      profile.samples.forEach((id, index) => {
        const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
        if (['(idle)', '(program)', '(garbage collector)', '(root)'].includes(functionName)) return;
        const key = `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
      });
      const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
      console.log(
        `    script by function: ${top.map(([key, ms]) => `${key.trim()} ${millis(ms)}`).join('; ')}`,
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse, in its own Chromium (it drives the browser over the DevTools protocol through
// Puppeteer), signed in on that browser before it navigates.

interface LighthouseRow {
  build: string;
  path: string;
  preset: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  transferKiB: number;
  unusedJsKiB: number;
  failedAudits: string[];
  finalUrl: string;
  /** Why Lighthouse could not measure the page, when it could not. */
  runtimeError?: string;
}

/** Each page and preset on each build, the builds interleaved; with several runs, the median one. */
async function lighthouseRuns(builds: readonly Build[]): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const preset of lighthousePresets) {
    for (const path of ['/chat', '/codereview']) {
      const runs = new Map<string, LighthouseRow[]>(builds.map((build) => [build.label, []]));
      for (let run = 0; run < lighthouseRunCount; run++) {
        // The order alternates, so neither build always goes first on a machine whose load drifts.
        const order = run % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          runs.get(build.label)!.push(await lighthouseRun(build, path, preset, run));
        }
      }
      for (const build of builds) {
        const sorted = runs.get(build.label)!.sort((a, b) => a.performance - b.performance);
        rows.push(sorted[Math.floor(sorted.length / 2)]!);
      }
    }
  }
  return rows;
}

/** One Lighthouse run; one whose trace could not be read (e.g. NO_NAVSTART on a loaded machine) is run again. */
async function lighthouseRun(
  build: Build,
  path: string,
  preset: 'desktop' | 'mobile',
  run: number,
): Promise<LighthouseRow> {
  for (let attempt = 1; ; attempt++) {
    const row = await lighthouseAttempt(build, path, preset, run);
    if (!row.runtimeError || attempt === 3) return row;
    console.log(`  Lighthouse ${build.label} ${path} ${preset}: ${row.runtimeError}; again`);
  }
}

async function lighthouseAttempt(
  build: Build,
  path: string,
  preset: 'desktop' | 'mobile',
  run: number,
): Promise<LighthouseRow> {
  const { baseUrl } = build;
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, '--headless=new'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((button) =>
        button.textContent?.includes('staff@example.com'),
      ),
    );
    await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .find((button) => button.textContent?.includes('staff@example.com'))
        ?.click(),
    );
    await page.waitForFunction(() => location.pathname === '/chat/Knowledge', { timeout: 30_000 });
    const result = await lighthouse(
      `${baseUrl}${path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      preset === 'desktop' ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr } = result;
    if (lighthouseReports) {
      mkdirSync(lighthouseReports, { recursive: true });
      writeFileSync(
        join(lighthouseReports, `${build.label}-${path.slice(1)}-${preset}-${run + 1}.json`),
        JSON.stringify(lhr),
      );
    }
    const audit = (id: string) => lhr.audits[id];
    const failedAudits = Object.values(lhr.audits)
      .filter(
        (item) =>
          item.score !== null &&
          item.score < 0.9 &&
          (item.scoreDisplayMode === 'binary' ||
            item.scoreDisplayMode === 'metricSavings' ||
            item.scoreDisplayMode === 'numeric'),
      )
      .map((item) => item.id);
    return {
      build: build.label,
      path,
      preset,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint')?.displayValue ?? '',
      lcp: audit('largest-contentful-paint')?.displayValue ?? '',
      tbt: audit('total-blocking-time')?.displayValue ?? '',
      cls: audit('cumulative-layout-shift')?.displayValue ?? '',
      transferKiB: Math.round(((audit('total-byte-weight')?.numericValue as number) ?? 0) / 1024),
      unusedJsKiB: Math.round(
        (((audit('unused-javascript')?.details as { overallSavingsBytes?: number } | undefined)
          ?.overallSavingsBytes ?? 0) as number) / 1024,
      ),
      failedAudits,
      finalUrl: lhr.finalDisplayedUrl,
      runtimeError: lhr.runtimeError?.code,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------

/** A build of the web app under test, on a server of its own. */
interface Build {
  /** `before` or `after` when two builds are compared, else `this build`. */
  label: string;
  webDist: string;
  baseUrl: string;
}

const dataDirs: string[] = [];
const standinPort = await freePort();
const started: Array<{ stop: () => Promise<void> }> = [];
let browser: Browser | undefined;
const results: Record<string, unknown> = {
  environment: {
    date: new Date().toISOString(),
    node: process.version,
    webDist,
    webDistBefore,
    chromium: chromiumPath,
  },
};

/** The built server serving `dist`, answered by the stand-in model. */
async function startBuild(label: string, dist: string): Promise<Build> {
  const dataDir = mkdtempSync(join(tmpdir(), 'da-bench-chat-page-'));
  dataDirs.push(dataDir);
  const serverPort = await freePort();
  const baseUrl = `http://127.0.0.1:${serverPort}`;
  started.push(
    await startServer({
      name: `server (${label})`,
      args: serverArgs(),
      env: {
        ...serverEnvironment({ port: serverPort, dataDir }),
        WEB_DIST: dist,
        LLM_BASE_URL: `http://127.0.0.1:${standinPort}/v1`,
        LLM_MODEL: 'standin',
        CHAT_RATE_LIMIT: '0',
      },
      readyUrl: `${baseUrl}/api/ping`,
      timeoutMs: 120_000,
    }),
  );
  return { label, webDist: dist, baseUrl };
}

/** Time to the first word and the long answers of one build, in a fresh browser context. */
async function chatRuns(build: Build): Promise<{ firstWordMs: number; rows: LongAnswerRow[] }> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // tsx keeps function names with a helper (`__name`) that the page does not have.
    const recorder = `globalThis.__name ??= (target) => target; (${installRecorder.toString()})();`;
    await page.addInitScript({ content: recorder });
    await signIn(page, build.baseUrl);
    await openAiChat(page);
    await page.evaluate(recorder);

    const { ms: firstWordMs, stopPlace } = await firstVisibleWord(page);
    console.log(
      `${build.label}: time to the first visible word, minus the model's own wait (${TTFT_MS} ms), median of 5: ${millis(firstWordMs)}`,
    );
    const rows: LongAnswerRow[] = [];
    const scenarios = [
      ...wordCounts.map((words) => [words, 0] as const),
      ...(pacedWords ? [[pacedWords, PACE_MS] as const] : []),
    ];
    for (const [words, pace] of scenarios) {
      const row = await longAnswer(page, words, pace, stopPlace);
      rows.push(row);
      console.log(
        `  ${build.label}, ${row.label}: drawn in ${seconds(row.drawMs)}, reopened in ${seconds(row.reopenedMs)}, worst frame gap ${millis(row.worstGapMs)}`,
      );
    }
    return { firstWordMs, rows };
  } finally {
    await context.close();
  }
}

try {
  started.push(
    await startServer({
      name: 'LLM stand-in',
      args: [join(serverDir, 'dist/llm-standin.js'), '--port', String(standinPort), '--host', '127.0.0.1'],
      env: process.env,
      readyUrl: `http://127.0.0.1:${standinPort}/v1/models`,
    }),
  );
  const builds = webDistBefore
    ? [await startBuild('before', webDistBefore), await startBuild('after', webDist)]
    : [await startBuild('this build', webDist)];
  const hasBuildColumn = builds.length > 1;
  for (const build of builds) console.log(`Chat page in Chromium: ${build.label} = ${build.webDist}`);
  console.log('on the built server, the stand-in model\n');

  if (only !== 'lighthouse') {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const measured = new Map<string, { firstWordMs: number; rows: LongAnswerRow[] }>();
    for (const build of builds) measured.set(build.label, await chatRuns(build));

    const header = [
      'Answer',
      ...(hasBuildColumn ? ['Build'] : []),
      'Drawn (Enter to last word)',
      'Raw transfer',
      'Last word drawn after the last byte',
      'Reopened from History',
      'After last byte / reopened',
      'Worst frame gap',
      'Gaps > 50 ms',
      'Longest task',
      'Furthest from bottom',
      'Stop: press to stopped frame',
      'Words drawn after Stop',
    ];
    const scenarioCount = measured.get(builds[0]!.label)!.rows.length;
    const lines: string[] = [];
    for (let index = 0; index < scenarioCount; index++) {
      for (const build of builds) {
        const row = measured.get(build.label)!.rows[index]!;
        lines.push(
          `| ${[
            row.label,
            ...(hasBuildColumn ? [build.label] : []),
            seconds(row.drawMs),
            seconds(row.transferMs),
            seconds(row.afterLastByteMs),
            seconds(row.reopenedMs),
            `${(row.afterLastByteMs / row.reopenedMs).toFixed(2)}x`,
            millis(row.worstGapMs),
            String(row.gapsOver50),
            row.longestTaskMs ? millis(row.longestTaskMs) : '< 50 ms',
            `${Math.round(row.worstDistance)} px`,
            describeStop(row.stop),
            row.stop.stopped ? String(row.stop.wordsAfterStop) : '-',
          ].join(' | ')} |`,
        );
      }
    }
    const firstColumns = hasBuildColumn ? 2 : 1;
    const table = [
      `| ${header.join(' | ')} |`,
      `| ${header.map((_, index) => (index < firstColumns ? '---' : '---:')).join(' | ')} |`,
      ...lines,
    ].join('\n');
    console.log(`\n${table}\n`);
    console.log(
      `Time to the first visible word minus the model's wait: ${builds
        .map((build) => `${build.label} ${millis(measured.get(build.label)!.firstWordMs)}`)
        .join(', ')}\n`,
    );
    results.firstVisibleWordMs = Object.fromEntries(
      builds.map((build) => [build.label, measured.get(build.label)!.firstWordMs]),
    );
    results.longAnswers = Object.fromEntries(
      builds.map((build) => [build.label, measured.get(build.label)!.rows]),
    );
  }

  if (withLighthouse) {
    const rows = await lighthouseRuns(builds);
    const header = [
      'Page',
      'Preset',
      ...(hasBuildColumn ? ['Build'] : []),
      'Performance',
      'Accessibility',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'Loaded',
      'Unused JS',
      'Audits under 0.9',
    ];
    const textColumns = hasBuildColumn ? 3 : 2;
    const table = [
      `| ${header.join(' | ')} |`,
      `| ${header.map((_, index) => (index < textColumns || index === header.length - 1 ? '---' : '---:')).join(' | ')} |`,
      ...rows.map(
        (row) =>
          `| ${[
            row.path +
              (new URL(row.finalUrl).pathname === row.path
                ? ''
                : ` (ended on ${new URL(row.finalUrl).pathname})`),
            row.preset,
            ...(hasBuildColumn ? [row.build] : []),
            String(row.performance),
            String(row.accessibility),
            row.fcp,
            row.lcp,
            row.tbt,
            row.cls,
            `${row.transferKiB} KiB`,
            `${row.unusedJsKiB} KiB`,
            row.failedAudits.join(', ') || '-',
          ].join(' | ')} |`,
      ),
    ].join('\n');
    const runs = lighthouseRunCount > 1 ? `, the run of median performance of ${lighthouseRunCount}` : '';
    console.log(`Lighthouse (target 95 or more each${runs}):\n\n${table}\n`);
    results.lighthouse = rows;
  }
  const out = fileURLToPath(new URL('./results/chat-page.json', import.meta.url));
  mkdirSync(join(out, '..'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await browser?.close();
  for (const server of started.reverse()) await server.stop();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}
