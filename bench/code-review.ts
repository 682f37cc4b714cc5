// Code review: what reviewing a zip costs, next to what it is built on.
//
// For two generated inputs, a 1,000-file package and one 20,000-line file:
// - the baseline: ruff's own bare check of every file (the same WASM build and rules) plus a
//   tree-sitter parse of every file, nothing else;
// - the same baseline under the analyzer's engine configuration: ruff's bare check plus the
//   tree-sitter parse in a fresh process started with exactly the node flags of the review's analyzer
//   process (V8's baseline WebAssembly compiler only), as the review's analysis runs, and the
//   analysis with its rendering in that same process (what the analyzer process does per file);
// - the analysis: the review of every file as the job does it (ruff mapped to functions, the own
//   checks, docstrings, the enhanced text checked to parse);
// - the built server: the whole review as a deployment runs it (apps/server/dist/main.js on
//   PostgreSQL, the zip uploaded through the API, the time the server recorded from upload to success).
// Files/s and functions/s for each, the ratios analysis / baseline and review / baseline (the
// project's overhead, target <= 2x), the whole review against the same-engine baseline too, and the
// peak memory of the server and its analyzer (target < 512 MB on the package). Target throughput:
// >= 1,500 functions/s.
//
// Run: pnpm --filter @digital-assistant/bench run bench:code-review
// Environment: DATABASE_URL (the built server's database, default
// postgres://postgres@127.0.0.1:5432/test), BENCH_REVIEW_FILES (files in the package, default 1000),
// BENCH_REVIEW_LINES (lines of the single file, default 20000), BENCH_REVIEW_ROUNDS (rounds of each
// in-process step and timed reviews of the server, default 5), REVIEW_ANALYZERS (the server's analysis
// threads, default the server's own), BENCH_SERVER_NODE_OPTIONS (the server's NODE_OPTIONS, e.g. to
// profile it).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Zippable, zipSync } from 'fflate';
import {
  ANALYZER_V8_FLAGS,
  analyzerExecArgv,
  BATCH_BYTES,
  BATCH_FILES,
} from '../apps/server/src/features/review/analyze/analyzer.js';
import { defaultReviewAnalyzers } from '../apps/server/src/platform/config/config.js';
import { openPostgres } from '../apps/server/src/platform/db/db.js';
import { signInWithBuiltinProvider } from './lib/oidc-session.mjs';
import { freePort, serverArgs, serverEnvironment, startServer } from './lib/processes.mjs';
import { createSchema } from './lib/schema.mjs';

const packageFiles = Number(process.env.BENCH_REVIEW_FILES ?? 1000);
const singleFileLines = Number(process.env.BENCH_REVIEW_LINES ?? 20_000);
/**
 * Rounds of each in-process step and timed reviews of the built server, the fastest kept
 * (BENCH_REVIEW_ROUNDS, default 5): the analysis's
 * own JavaScript is still being optimised by V8 in the third round, as it is not in a server that
 * has reviewed a while, while ruff's check and the parse are warm from the second.
 */
const ROUNDS = Number(process.env.BENCH_REVIEW_ROUNDS ?? 5);

/** Deterministic pseudo-random numbers, so every run reviews the same code. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const NAMES = ['order', 'item', 'price', 'user', 'record', 'line', 'token', 'entry', 'value', 'batch'];

/** One function of realistic shape, drawn from a few templates (loops, classes, async, decorators). */
function functionSource(next: () => number, index: number, indent: string): string {
  const name = NAMES[Math.floor(next() * NAMES.length)]!;
  const body = [
    `def build_${name}_report_${index}(${name}s, limit=10):\n    report = ''\n    for i in range(len(${name}s)):\n        if ${name}s[i] not in [None, '']:\n            report += str(${name}s[i])\n    return report[:limit]\n`,
    `async def fetch_${name}_${index}(client, ids: list[int]) -> dict:\n    results = {}\n    for key in ids:\n        if key < 0:\n            raise ValueError(f"bad id {key}")\n        results[key] = await client.get(key)\n    return results\n`,
    `@staticmethod\ndef cheapest_${name}_${index}(${name}s):\n    ordered = sorted(${name}s, key=lambda x: x.price)\n    return ordered[0] if ordered else None\n`,
    `def total_${name}_${index}(${name}s, tax):\n    total = 0\n    for ${name} in ${name}s:\n        total += ${name}.amount * (1 + tax.rate)\n    return total\n`,
    `def filter_${name}_${index}(${name}s, banned):\n    kept = []\n    for ${name} in ${name}s:\n        if ${name}.id not in list(banned):\n            kept.append(${name})\n    return kept\n`,
  ][Math.floor(next() * 5)]!;
  return body
    .split('\n')
    .map((line) => (line ? `${indent}${line}` : line))
    .join('\n');
}

/** A module of about `functions` functions, some of them methods of a class. */
function moduleSource(next: () => number, functions: number): string {
  let source = '"""Generated module."""\nimport os\n\n\n';
  let index = 0;
  while (index < functions) {
    if (next() < 0.3) {
      source += `class Service${index}:\n    def __init__(self, store):\n        self.store = store\n\n`;
      index++;
      for (let method = 0; method < 3 && index < functions; method++, index++) {
        source += `${functionSource(next, index, '    ').replace(/\((\w)/, '(self, $1')}\n`;
      }
      source += '\n';
    } else {
      source += `${functionSource(next, index, '')}\n\n`;
      index++;
    }
  }
  return source;
}

interface Corpus {
  label: string;
  files: Array<{ path: string; text: string }>;
}

function packageCorpus(): Corpus {
  const next = random(7);
  const files = [];
  for (let index = 0; index < packageFiles; index++) {
    files.push({
      path: `pkg/sub${index % 20}/module_${index}.py`,
      text: moduleSource(next, 4 + Math.floor(next() * 8)),
    });
  }
  return { label: `package of ${packageFiles} files`, files };
}

function singleFileCorpus(): Corpus {
  const next = random(11);
  let text = '';
  while (text.split('\n').length < singleFileLines)
    text += moduleSource(next, 50).replace(/^"""Generated module."""\nimport os\n/, '');
  return {
    label: `one file of ${text.split('\n').length} lines`,
    files: [{ path: 'big.py', text: `"""Big."""\n${text}` }],
  };
}

/**
 * The corpus's files as the job sends them to the analyzer: UTF-8 bytes, in batches of up to
 * BATCH_FILES files and about BATCH_BYTES (pipeline.ts), which the analysis reviews stage by stage.
 */
function batchesOf(corpus: Corpus): Array<Array<{ path: string; bytes: Uint8Array }>> {
  const batches: Array<Array<{ path: string; bytes: Uint8Array }>> = [];
  let batch: Array<{ path: string; bytes: Uint8Array }> = [];
  let bytes = 0;
  for (const file of corpus.files) {
    if (batch.length === BATCH_FILES || bytes >= BATCH_BYTES) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    const encoded = Buffer.from(file.text);
    batch.push({ path: file.path, bytes: encoded });
    bytes += encoded.length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

function zipOf(corpus: Corpus): Uint8Array {
  const entries: Zippable = {};
  for (const file of corpus.files) entries[file.path] = new TextEncoder().encode(file.text);
  return zipSync(entries);
}

interface Row {
  corpus: string;
  step: string;
  seconds: number;
  files: number;
  functions: number;
  ratio?: number;
  /** Seconds / the same-engine baseline's seconds. */
  sameEngineRatio?: number;
  peakMb?: number;
  /** The peak of the processes' proportional set sizes (pages they share counted once). */
  peakPssMb?: number;
  /** Of the peak, the analyzer's child process. */
  childrenMb?: number;
  /** Resident memory of the server's process before the review (idle, signed in). */
  beforeMb?: number;
}

/** A size in kB from one of a process's /proc files, in bytes (0 once the process is gone). */
function procBytes(pid: number, file: 'status' | 'smaps_rollup', field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/${file}`, 'utf8'),
    );
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of a process. */
const rssOf = (pid: number) => procBytes(pid, 'status', 'VmRSS');
/** Proportional set size of a process: shared pages divided among their sharers. */
const pssOf = (pid: number) => procBytes(pid, 'smaps_rollup', 'Pss');

/** The processes `parent` (this one by default) started (the review's analyzer process among them). */
function childPids(parent = process.pid): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** CPU time (user + system, seconds, all its threads) a process has used (0 once it is gone). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the state).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const builtServerMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

/**
 * The review as a deployment runs it: the built server (`apps/server/dist/main.js`, what `npm start`
 * runs) on a fresh PostgreSQL schema, a zip of the corpus uploaded to `POST /api/file/code_analysis`
 * as the signed-in staff user, `POST /api/file/files` asked every 20 ms until it is no longer
 * pending. The first review gives the peak memory (the server and its analyzer process, sampled every
 * 20 ms: the sum of their resident sizes, and of their proportional set sizes, which count the pages
 * they share, Node's own code, once); then ROUNDS reviews are timed, from the row's creation to its
 * end as the server recorded them, and the fastest is kept with the CPU time the server's process and
 * its analyzer process used during it (all their threads; the database server's not counted).
 * Undefined when the server is not built or PostgreSQL is not there.
 */
async function builtServerReview(corpus: Corpus): Promise<
  | {
      seconds: number;
      functions: number;
      peakMb: number;
      peakPssMb: number;
      childrenMb: number;
      beforeMb: number;
      analyzers: number;
      serverCpuSeconds: number;
      analyzerCpuSeconds: number;
    }
  | undefined
> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!existsSync(builtServerMain)) return undefined;
  const schema = await createSchema(url).catch(() => undefined);
  if (!schema) return undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-review-server-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const analyzers = Number(process.env.REVIEW_ANALYZERS || defaultReviewAnalyzers());
  const env = serverEnvironment({ port, dataDir, databaseUrl: schema.url });
  env.REVIEW_ANALYZERS = String(analyzers);
  // e.g. BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/profiles' to profile the server
  // (and its analyzer process, which inherits the environment).
  if (process.env.BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
  const db = await openPostgres(url, { schema: schema.name, max: 1 });
  const cleanUp = async () => {
    await db.close();
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const server = await startServer({
    name: 'server',
    args: serverArgs(builtServerMain),
    env,
    readyUrl: `${baseUrl}/api/ping`,
  }).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  try {
    const session = await signInWithBuiltinProvider(baseUrl, 'staff@example.com');
    const headers = {
      cookie: `da_session=${session.sessionId}; XSRF-TOKEN=${session.xsrfToken}`,
      'x-xsrf-token': session.xsrfToken,
    };
    const zip = zipOf(corpus);
    const review = async (): Promise<{ id: string }> => {
      const form = new FormData();
      form.append('files', new Blob([zip]), 'bench.zip');
      const uploaded = await fetch(`${baseUrl}/api/file/code_analysis`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (!uploaded.ok) throw new Error(`The upload answered ${uploaded.status}: ${await uploaded.text()}`);
      const { fileId } = (await uploaded.json()) as { fileId: string };
      for (;;) {
        const listed = await fetch(`${baseUrl}/api/file/files`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
        const { files } = (await listed.json()) as { files: Array<{ fileId: string; status: string }> };
        const status = files.find((file) => file.fileId === fileId)?.status;
        if (status === 'success') return { id: fileId };
        if (status !== 'pending') throw new Error(`The review ended ${status}.`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const pid = server.pid!;
    const beforeMb = rssOf(pid) / 1024 / 1024;
    let peak = 0;
    let peakPss = 0;
    let peakChildren = 0;
    const sample = () => {
      const pids = [pid, ...childPids(pid)];
      const rss = pids.map(rssOf);
      const total = rss.reduce((sum, value) => sum + value, 0);
      if (total > peak) {
        peak = total;
        peakChildren = total - rss[0]!;
      }
      peakPss = Math.max(
        peakPss,
        pids.reduce((sum, each) => sum + pssOf(each), 0),
      );
    };
    const timer = setInterval(sample, 20);
    await review();
    clearInterval(timer);
    sample();
    let fastest: { seconds: number; functions: number; serverCpu: number; analyzerCpu: number } | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const serverCpuBefore = cpuSecondsOf(pid);
      const analyzerCpuBefore = childPids(pid).reduce((sum, child) => sum + cpuSecondsOf(child), 0);
      const { id } = await review();
      const serverCpu = cpuSecondsOf(pid) - serverCpuBefore;
      const analyzerCpu =
        childPids(pid).reduce((sum, child) => sum + cpuSecondsOf(child), 0) - analyzerCpuBefore;
      const { rows } = await db.query<{ seconds: number; functions: number }>(
        `SELECT extract(epoch FROM finished_at - created_at)::float8 AS seconds, function_count AS functions
         FROM review_files WHERE id = $1`,
        [id],
      );
      const { seconds, functions } = rows[0]!;
      if (!fastest || seconds < fastest.seconds) fastest = { seconds, functions, serverCpu, analyzerCpu };
    }
    return {
      seconds: fastest!.seconds,
      functions: fastest!.functions,
      peakMb: peak / 1024 / 1024,
      peakPssMb: peakPss / 1024 / 1024,
      childrenMb: peakChildren / 1024 / 1024,
      beforeMb,
      analyzers,
      serverCpuSeconds: fastest!.serverCpu,
      analyzerCpuSeconds: fastest!.analyzerCpu,
    };
  } finally {
    await server.stop();
    await cleanUp();
  }
}

/** Best of `runs` timings of `work`, in seconds (the first run also warms the WebAssembly up). */
async function best(runs: number, work: () => Promise<void> | void): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    fastest = Math.min(fastest, (performance.now() - started) / 1000);
  }
  return fastest;
}

interface SameEngineBaseline {
  ruffSeconds: number;
  parseSeconds: number;
  /**
   * The analysis as the analyzer process does it (reviewPythonFiles, renderFile, the texts encoded
   * and the JSON part written), same flags.
   */
  analysisSeconds: number;
  /** The first round's ruff + parse, cold (ruff's module compiled by Liftoff as it starts). */
  firstRoundSeconds: number;
  /** The child's peak resident memory (VmHWM): ruff and tree-sitter alone under these flags. */
  peakMb: number;
  execArgv: string[];
}

/**
 * ruff's bare check and the tree-sitter parse in a fresh process started with the analyzer's own node
 * flags (`analyzerExecArgv()`, the same environment), timed like the other rows: ROUNDS rounds of
 * the steps in turn, the fastest of each kept (the first round is also the cold start).
 */
function sameEngineBaselineInChild(which: 'package' | 'file'): Promise<SameEngineBaseline> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...analyzerExecArgv(), fileURLToPath(import.meta.url), '--same-engine', which],
      { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('exit', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (code !== 0 || !line) reject(new Error(`The same-engine baseline failed (${code}): ${output}`));
      else resolve(JSON.parse(line));
    });
  });
}

async function runSameEngineBaseline(corpus: Corpus): Promise<void> {
  const { pythonParser } = await import('../apps/server/src/features/review/analyze/python.js');
  const { checkWithRuff } = await import('../apps/server/src/features/review/analyze/ruff.js');
  const { reviewPythonFiles } = await import('../apps/server/src/features/review/analyze/file.js');
  const { encodeRendered, renderFile } = await import('../apps/server/src/features/review/report.js');
  const parser = await pythonParser();
  // Where the rendered JSON parts go, as the analyzer writes them into the review's folder.
  const partsDir = mkdtempSync(join(tmpdir(), 'bench-review-parts-'));
  let ruffSeconds = Number.POSITIVE_INFINITY;
  let parseSeconds = Number.POSITIVE_INFINITY;
  let analysisSeconds = Number.POSITIVE_INFINITY;
  let firstRoundSeconds = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const ruff = await best(1, () => {
      for (const file of corpus.files) checkWithRuff(file.text);
    });
    const parse = await best(1, () => {
      for (const file of corpus.files) parser.parse(file.text)?.delete();
    });
    const analysis = await best(1, async () => {
      for (const batch of batchesOf(corpus))
        encodeRendered((await reviewPythonFiles(batch)).map(renderFile), partsDir);
    });
    rmSync(partsDir, { recursive: true, force: true });
    mkdirSync(partsDir);
    if (round === 0) firstRoundSeconds = ruff + parse;
    ruffSeconds = Math.min(ruffSeconds, ruff);
    parseSeconds = Math.min(parseSeconds, parse);
    analysisSeconds = Math.min(analysisSeconds, analysis);
  }
  rmSync(partsDir, { recursive: true, force: true });
  const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  console.log(
    JSON.stringify({
      ruffSeconds,
      parseSeconds,
      analysisSeconds,
      firstRoundSeconds,
      peakMb: match ? Number(match[1]) / 1024 : 0,
      execArgv: process.execArgv,
    }),
  );
}

async function measure(corpus: Corpus, which: 'package' | 'file'): Promise<Row[]> {
  // Imported here, not at the top: the same-engine child (the same file) loads them under its own flags.
  const { reviewPythonFiles } = await import('../apps/server/src/features/review/analyze/file.js');
  const { pythonParser } = await import('../apps/server/src/features/review/analyze/python.js');
  const { checkWithRuff } = await import('../apps/server/src/features/review/analyze/ruff.js');
  const parser = await pythonParser();
  // ROUNDS rounds of the three steps in turn, the fastest of each kept: a busy machine slows whichever
  // step runs while it is busy, and alternating spreads that over all three.
  let ruffSeconds = Number.POSITIVE_INFINITY;
  let parseSeconds = Number.POSITIVE_INFINITY;
  let analysisSeconds = Number.POSITIVE_INFINITY;
  let functions = 0;
  for (let round = 0; round < ROUNDS; round++) {
    ruffSeconds = Math.min(
      ruffSeconds,
      await best(1, () => {
        for (const file of corpus.files) checkWithRuff(file.text);
      }),
    );
    parseSeconds = Math.min(
      parseSeconds,
      await best(1, () => {
        for (const file of corpus.files) parser.parse(file.text)?.delete();
      }),
    );
    analysisSeconds = Math.min(
      analysisSeconds,
      await best(1, async () => {
        functions = 0;
        for (const batch of batchesOf(corpus))
          for (const review of await reviewPythonFiles(batch)) functions += review.functions.length;
      }),
    );
  }
  const baseline = ruffSeconds + parseSeconds;
  const same = await sameEngineBaselineInChild(which);
  const sameBaseline = same.ruffSeconds + same.parseSeconds;
  const server = await builtServerReview(corpus);
  if (!server)
    notes.push(
      `${corpus.label}: the built server's row is left out (run \`pnpm run build\` first; it needs PostgreSQL).`,
    );
  const files = corpus.files.length;
  const engine = `fresh process, ${ANALYZER_V8_FLAGS.join(' ')}`;
  notes.push(
    `${corpus.label}: same-engine child started with \`${same.execArgv.join(' ')}\`; its first (cold) round of ruff + tree-sitter took ${same.firstRoundSeconds.toFixed(2)} s, its peak RSS ${same.peakMb.toFixed(0)} MB.${server ? ` The built server's fastest review used ${server.serverCpuSeconds.toFixed(2)} s of CPU in the server's process and ${server.analyzerCpuSeconds.toFixed(2)} s in its analyzer process (all their threads; the database server's not counted).` : ''}`,
  );
  return [
    { corpus: corpus.label, step: 'ruff bare check', seconds: ruffSeconds, files, functions },
    { corpus: corpus.label, step: 'tree-sitter parse', seconds: parseSeconds, files, functions },
    {
      corpus: corpus.label,
      step: 'baseline (ruff + tree-sitter)',
      seconds: baseline,
      files,
      functions,
      ratio: 1,
    },
    {
      corpus: corpus.label,
      step: `ruff bare check, same engine (${engine})`,
      seconds: same.ruffSeconds,
      files,
      functions,
    },
    {
      corpus: corpus.label,
      step: `tree-sitter parse, same engine (${engine})`,
      seconds: same.parseSeconds,
      files,
      functions,
    },
    {
      corpus: corpus.label,
      step: 'same-engine baseline (ruff + tree-sitter)',
      seconds: sameBaseline,
      files,
      functions,
      ratio: sameBaseline / baseline,
      sameEngineRatio: 1,
    },
    {
      corpus: corpus.label,
      step: `analysis and rendering, same engine (${engine})`,
      seconds: same.analysisSeconds,
      files,
      functions,
      ratio: same.analysisSeconds / baseline,
      sameEngineRatio: same.analysisSeconds / sameBaseline,
    },
    {
      corpus: corpus.label,
      step: 'analysis',
      seconds: analysisSeconds,
      files,
      functions,
      ratio: analysisSeconds / baseline,
    },
    ...(server
      ? [
          {
            corpus: corpus.label,
            step: `built server on PostgreSQL, ${server.analyzers} analysis thread(s): upload -> success`,
            seconds: server.seconds,
            files,
            functions: server.functions,
            ratio: server.seconds / baseline,
            sameEngineRatio: server.seconds / sameBaseline,
            peakMb: server.peakMb,
            peakPssMb: server.peakPssMb,
            childrenMb: server.childrenMb,
            beforeMb: server.beforeMb,
          },
        ]
      : []),
  ];
}

function print(rows: Row[]): void {
  console.log(
    '| Input | Step | Seconds | Files/s | Functions/s | x baseline | x same-engine baseline | Peak RSS (MB) | Peak PSS (MB) | of which analyzer processes | RSS before (MB) |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.corpus} | ${row.step} | ${row.seconds.toFixed(2)} | ${(row.files / row.seconds).toFixed(0)} | ${(row.functions / row.seconds).toFixed(0)} | ${row.ratio === undefined ? '' : row.ratio.toFixed(2)} | ${row.sameEngineRatio === undefined ? '' : row.sameEngineRatio.toFixed(2)} | ${row.peakMb === undefined ? '' : row.peakMb.toFixed(0)} | ${row.peakPssMb === undefined ? '' : row.peakPssMb.toFixed(0)} | ${row.childrenMb === undefined ? '' : row.childrenMb.toFixed(0)} | ${row.beforeMb === undefined ? '' : row.beforeMb.toFixed(0)} |`,
    );
  }
}

const sameEngineArg = process.argv.indexOf('--same-engine');
if (sameEngineArg >= 0) {
  await runSameEngineBaseline(
    process.argv[sameEngineArg + 1] === 'file' ? singleFileCorpus() : packageCorpus(),
  );
  process.exit(0);
}

// `--server package|file`: only the built server's review (its row's figures as JSON).
const serverArg = process.argv.indexOf('--server');
if (serverArg >= 0) {
  const corpus = process.argv[serverArg + 1] === 'file' ? singleFileCorpus() : packageCorpus();
  console.log(JSON.stringify(await builtServerReview(corpus)));
  process.exit(0);
}

const { ruffVersion } = await import('../apps/server/src/features/review/analyze/ruff.js');
console.log(
  `Code review benchmark (ruff ${ruffVersion()}, Node ${process.version}, fastest of ${ROUNDS} rounds; load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} at the start)\n`,
);
const notes: string[] = [];
const rows: Row[] = [];
rows.push(...(await measure(packageCorpus(), 'package')));
rows.push(...(await measure(singleFileCorpus(), 'file')));
print(rows);
console.log(`\n${notes.join('\n')}`);
console.log(
  "\nTargets: >= 1500 functions/s, <= 2x baseline (x baseline: warm optimised WebAssembly in this process; x same-engine baseline: the analyzer's flags), peak memory < 512 MB on the package.",
);
console.log(
  `Load average (1, 5, 15 min) at the end: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`,
);
