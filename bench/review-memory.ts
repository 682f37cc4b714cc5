// Code review: the memory a review takes on the largest inputs the limits allow, as the built
// server runs it. For each input a fresh server (apps/server/dist/main.js with the node flags of its
// `start` script, on a fresh PostgreSQL schema) reviews one zip uploaded through the API while its
// process and its analyzer process are sampled every 20 ms; the table shows each one's peak resident
// size, the two added up and their proportional set sizes (pages they share counted once), how long
// the review took and what it said of the files.
//
// The inputs: the code-review benchmark's package of 1,000 generated modules; REVIEW_ANALYZERS files
// of ordinary code just under the per-file limit (REVIEW_MAX_FILE_KB), so every analysis thread holds
// one at once; as many findings bombs (`x;` repeated: a finding per byte, each thread stopped at its
// heap limit, REVIEW_ANALYZER_MEMORY_MB); a data file just under the limit (one list literal: a
// syntax tree of 700,000 nodes); and the nesting bombs of the hostile tests (50,000 parentheses,
// 20,000 operators), refused before any parser runs.
//
// Run (after `pnpm --filter @digital-assistant/server run build`):
//   pnpm --filter @digital-assistant/bench exec tsx review-memory.ts
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), REVIEW_ANALYZERS,
// REVIEW_MAX_FILE_KB, REVIEW_ANALYZER_MEMORY_MB (passed on to the server; its defaults otherwise),
// BENCH_MEMORY_INPUTS (names of the inputs to run, comma-separated).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Zippable, zipSync } from 'fflate';
import { defaultReviewAnalyzers, loadConfig } from '../apps/server/src/platform/config/config.js';
import { signInWithBuiltinProvider } from './lib/oidc-session.mjs';
import { freePort, serverArgs, serverEnvironment, startServer } from './lib/processes.mjs';
import { createSchema } from './lib/schema.mjs';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reviewConfig = loadConfig({ ...process.env, DATA_DIR: tmpdir() }).review;
const analyzers = Number(process.env.REVIEW_ANALYZERS || defaultReviewAnalyzers());
const builtServerMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

/** Deterministic pseudo-random numbers, so every run reviews the same code. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const NAMES = ['order', 'item', 'price', 'user', 'record', 'line', 'token', 'entry', 'value', 'batch'];

/** Functions of the shapes the code-review benchmark generates (loops, async, decorators, classes). */
function ordinaryCode(next: () => number, bytes: number): string {
  const parts: string[] = ['"""Generated module."""\nimport os\n\n\n'];
  let size = parts[0]!.length;
  for (let index = 0; size < bytes; index++) {
    const name = NAMES[Math.floor(next() * NAMES.length)]!;
    const part = [
      `def build_${name}_report_${index}(${name}s, limit=10):\n    report = ''\n    for i in range(len(${name}s)):\n        if ${name}s[i] not in [None, '']:\n            report += str(${name}s[i])\n    return report[:limit]\n\n\n`,
      `async def fetch_${name}_${index}(client, ids: list[int]) -> dict:\n    results = {}\n    for key in ids:\n        if key < 0:\n            raise ValueError(f"bad id {key}")\n        results[key] = await client.get(key)\n    return results\n\n\n`,
      `class Service${index}:\n    def __init__(self, store):\n        self.store = store\n\n    @staticmethod\n    def cheapest_${name}(${name}s):\n        ordered = sorted(${name}s, key=lambda x: x.price)\n        return ordered[0] if ordered else None\n\n\n`,
      `def filter_${name}_${index}(${name}s, banned):\n    kept = []\n    for ${name} in ${name}s:\n        if ${name}.id not in list(banned):\n            kept.append(${name})\n    return kept\n\n\n`,
    ][Math.floor(next() * 4)]!;
    if (size + part.length > bytes) break;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

interface Input {
  name: string;
  label: string;
  files: () => Record<string, string>;
}

const limit = reviewConfig.maxFileBytes;
const underLimit = limit - 1024;

const INPUTS: Input[] = [
  {
    name: 'package',
    label: 'package of 1,000 modules (the code-review benchmark)',
    files: () => {
      const next = random(7);
      const files: Record<string, string> = {};
      for (let index = 0; index < 1000; index++)
        files[`pkg/sub${index % 20}/module_${index}.py`] = ordinaryCode(
          next,
          800 + Math.floor(next() * 2400),
        );
      return files;
    },
  },
  {
    name: 'largest',
    label: `${analyzers} file(s) of ordinary code just under the ${Math.round(limit / 1024)} KB limit`,
    files: () => {
      const next = random(11);
      const files: Record<string, string> = {};
      for (let index = 0; index < analyzers; index++)
        files[`large_${index}.py`] = ordinaryCode(next, underLimit);
      return files;
    },
  },
  {
    name: 'findings',
    label: `${analyzers} findings bomb(s) of 256 KB (\`x;\` repeated)`,
    files: () => {
      const files: Record<string, string> = { 'ordinary.py': ordinaryCode(random(3), 4096) };
      for (let index = 0; index < analyzers; index++)
        files[`bomb_${index}.py`] = `${'x;'.repeat(128 * 1024)}\n`;
      return files;
    },
  },
  {
    name: 'data',
    label: `a list literal just under the ${Math.round(limit / 1024)} KB limit`,
    files: () => ({ 'data.py': `DATA = [\n${'    1,\n'.repeat(Math.floor((underLimit - 12) / 7))}]\n` }),
  },
  {
    name: 'nesting',
    label: 'nesting bombs (50,000 parentheses, 20,000 operators)',
    files: () => ({
      'ordinary.py': ordinaryCode(random(5), 4096),
      'parentheses.py': `x = ${'('.repeat(50_000)}1${')'.repeat(50_000)}\n`,
      'operators.py': `x = ${Array.from({ length: 20_000 }, () => 'a').join(' + ')}\n`,
    }),
  },
];

function zipOf(files: Record<string, string>): Uint8Array {
  const entries: Zippable = {};
  for (const [path, text] of Object.entries(files)) entries[path] = new TextEncoder().encode(text);
  return zipSync(entries);
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

/** The processes `parent` started (the review's analyzer process among them). */
function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

const MB = 1024 * 1024;

interface Row {
  input: string;
  zipMb: number;
  seconds: number;
  status: string;
  reviewed: number;
  notReviewed: string[];
  idleMb: number;
  serverPeakMb: number;
  analyzerPeakMb: number;
  totalPeakMb: number;
  totalPssMb: number;
}

async function measure(input: Input): Promise<Row> {
  const schema = await createSchema(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-review-memory-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = serverEnvironment({ port, dataDir, databaseUrl: schema.url });
  env.REVIEW_ANALYZERS = String(analyzers);
  const server = await startServer({
    name: 'server',
    args: serverArgs(builtServerMain),
    env,
    readyUrl: `${baseUrl}/api/ping`,
  });
  try {
    const session = await signInWithBuiltinProvider(baseUrl, 'staff@example.com');
    const headers = {
      cookie: `da_session=${session.sessionId}; XSRF-TOKEN=${session.xsrfToken}`,
      'x-xsrf-token': session.xsrfToken,
    };
    const zip = zipOf(input.files());
    const pid = server.pid!;
    const idleMb = procBytes(pid, 'status', 'VmRSS') / MB;
    let serverPeak = 0;
    let analyzerPeak = 0;
    let totalPeak = 0;
    let totalPss = 0;
    const sample = () => {
      const server = procBytes(pid, 'status', 'VmRSS');
      const children = childPids(pid);
      const analyzer = children.reduce((sum, child) => sum + procBytes(child, 'status', 'VmRSS'), 0);
      serverPeak = Math.max(serverPeak, server);
      analyzerPeak = Math.max(analyzerPeak, analyzer);
      totalPeak = Math.max(totalPeak, server + analyzer);
      totalPss = Math.max(
        totalPss,
        [pid, ...children].reduce((sum, each) => sum + procBytes(each, 'smaps_rollup', 'Pss'), 0),
      );
    };
    const timer = setInterval(sample, 20);
    const started = Date.now();
    const form = new FormData();
    form.append('files', new Blob([zip]), `${input.name}.zip`);
    const uploaded = await fetch(`${baseUrl}/api/file/code_analysis`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (!uploaded.ok) throw new Error(`The upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const { fileId } = (await uploaded.json()) as { fileId: string };
    let status = 'pending';
    while (status === 'pending') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const listed = await fetch(`${baseUrl}/api/file/files`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      });
      const { files } = (await listed.json()) as {
        files: Array<{ fileId: string; status: string; reason: string | null }>;
      };
      const file = files.find((entry) => entry.fileId === fileId)!;
      status = file.status === 'failed' ? `failed: ${file.reason}` : file.status;
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(timer);
    sample();
    let reviewed = 0;
    const notReviewed: string[] = [];
    if (status === 'success') {
      const view = await fetch(`${baseUrl}/api/file/file`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ fileId }),
      });
      type Item = { type: 'folder'; contents: Item[] } | { type: 'file'; name: string; error?: string };
      const walk = (items: Item[]) => {
        for (const item of items) {
          if (item.type === 'folder') walk(item.contents);
          else if (item.error) notReviewed.push(`${item.name}: ${item.error.slice(0, 60)}…`);
          else reviewed++;
        }
      };
      walk(((await view.json()) as { contents: Item[] }).contents);
    }
    return {
      input: input.label,
      zipMb: zip.length / MB,
      seconds,
      status,
      reviewed,
      notReviewed,
      idleMb,
      serverPeakMb: serverPeak / MB,
      analyzerPeakMb: analyzerPeak / MB,
      totalPeakMb: totalPeak / MB,
      totalPssMb: totalPss / MB,
    };
  } finally {
    await server.stop();
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync(builtServerMain)) {
  console.error('Build the server first: pnpm --filter @digital-assistant/server run build');
  process.exit(1);
}
const only = process.env.BENCH_MEMORY_INPUTS?.split(',');
console.log(
  `Review memory, built server on PostgreSQL: REVIEW_ANALYZERS=${analyzers}, REVIEW_MAX_FILE_KB=${Math.round(limit / 1024)}, REVIEW_ANALYZER_MEMORY_MB=${reviewConfig.analyzerMemoryMb}; load average ${loadavg()[0]!.toFixed(1)}`,
);
const rows: Row[] = [];
for (const input of INPUTS.filter((each) => !only || only.includes(each.name)))
  rows.push(await measure(input));
const f = (value: number) => value.toFixed(0);
console.log(
  '\n| Input | Zip MB | Review s | Outcome | Server idle / peak MB | Analyzer peak MB | Both peak RSS / PSS MB |',
);
console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: |');
for (const row of rows) {
  const outcome =
    row.status === 'success'
      ? `${row.reviewed} reviewed${row.notReviewed.length > 0 ? `, ${row.notReviewed.length} not` : ''}`
      : row.status;
  console.log(
    `| ${row.input} | ${row.zipMb.toFixed(2)} | ${row.seconds.toFixed(1)} | ${outcome} | ${f(row.idleMb)} / ${f(row.serverPeakMb)} | ${f(row.analyzerPeakMb)} | ${f(row.totalPeakMb)} / ${f(row.totalPssMb)} |`,
  );
}
for (const row of rows) for (const reason of row.notReviewed) console.log(`- ${row.input}: ${reason}`);
console.log(`\nLoad average at the end: ${loadavg()[0]!.toFixed(1)}`);
