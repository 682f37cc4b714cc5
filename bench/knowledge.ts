// Knowledge base: what ingestion and retrieval cost, each next to what it compares against.
//
// 1. Ingestion throughput of the real pipeline (the built server on PGlite and on PostgreSQL:
//    multipart upload, blobs in the database, durable job, parse, chunk, index) for a mixed set
//    generated here, in documents and MB per second, next to the bare parse + chunk time of the same
//    files in this process (warmer with every run) and in a fresh parse thread of the server's build
//    warmed like the server's. The ratio pipeline / bare parse is the pipeline's overhead (target <= 2x).
// 2. Retrieval latency p50/p95 of searchKnowledge at 1k and 10k chunks, on PGlite and on PostgreSQL
//    (targets at 10k: p95 <= 20 ms on PGlite, <= 10 ms on PostgreSQL), asked the evaluation set's
//    questions.
// 3. Recall@5 and MRR of the evaluation set over the demo documents: full text, and hybrid (full
//    text + vectors) where pgvector is available, with the embedding model of LLM_BASE_URL +
//    LLM_EMBEDDING_MODEL, else the project's stand-in (hashed words and trigrams: it exercises the
//    machinery, it is not a semantic model, so its figure says nothing of a real model's).
//
// Run: pnpm --filter @digital-assistant/bench run bench:knowledge (builds the server first).
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; skipped if
// unreachable), BENCH_QUERIES (timed searches per cell, default 300), BENCH_FILES (files of each
// kind in the ingestion set, default 8), BENCH_INGEST_RUNS (default 1, fastest kept), BENCH_ONLY=ingestion,
// BENCH_INGEST_DATABASES (pglite,postgres), BENCH_SERVER_NODE_OPTIONS (NODE_OPTIONS of the
// ingesting server, e.g. --cpu-prof).
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { demoDirectory } from '../apps/server/src/features/knowledge/demo/demo-set.js';
import type { Department } from '../apps/server/src/features/knowledge/departments.js';
import { chunkSections } from '../apps/server/src/features/knowledge/ingestion/chunk.js';
import { parseDocument } from '../apps/server/src/features/knowledge/ingestion/parse/parse-document.js';
import type {
  ParseReply,
  ParseRequest,
} from '../apps/server/src/features/knowledge/ingestion/parse-worker.js';
import { titleFromName } from '../apps/server/src/features/knowledge/ingestion/prepare.js';
import {
  type SearchOptions,
  searchKnowledge,
} from '../apps/server/src/features/knowledge/retrieval/search.js';
import { KnowledgeVectors } from '../apps/server/src/features/knowledge/retrieval/vectors.js';
import { recordOutcome, upsertDocument } from '../apps/server/src/features/knowledge/store.js';
import { addDemoDocuments } from '../apps/server/src/features/knowledge/test-support.js';
import { MODULES } from '../apps/server/src/modules.js';
import { loadConfig } from '../apps/server/src/platform/config/config.js';
import { type Db, openPglite, openPostgres } from '../apps/server/src/platform/db/db.js';
import { migrate } from '../apps/server/src/platform/db/migrations.js';
import { Jobs } from '../apps/server/src/platform/jobs/jobs.js';
import { createConfiguredEmbedder } from '../apps/server/src/platform/llm/index.js';
import { startLlmStandin } from '../apps/server/src/test/llm-standin.js';
import { random, sentence } from './lib/corpus.js';
import { signInWithBuiltinProvider } from './lib/oidc-session.mjs';
import { freePort, serverArgs, serverEnvironment, startServer } from './lib/processes.mjs';
import { createSchema } from './lib/schema.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
/** BENCH_SERVER_MAIN: another build's main.js, e.g. of an earlier commit, to compare against. */
const serverMain =
  process.env.BENCH_SERVER_MAIN ?? path.join(benchDir, '..', 'apps', 'server', 'dist', 'main.js');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const queriesPerCell = Number(process.env.BENCH_QUERIES ?? 300);
const filesPerKind = Number(process.env.BENCH_FILES ?? 8);
/** Ingestion runs (each on a fresh server), the fastest kept; `BENCH_ONLY=ingestion` skips retrieval. */
const ingestionRuns = Math.max(1, Number(process.env.BENCH_INGEST_RUNS ?? 1));
const onlyIngestion = process.env.BENCH_ONLY === 'ingestion';
/** Where the pipeline runs: `pglite`, `postgres` or both (default), comma-separated. */
const ingestionDatabases = (process.env.BENCH_INGEST_DATABASES ?? 'pglite,postgres').split(',');

// ------------------------------------------------------------------ generated documents

function paragraphs(next: () => number, count: number): string[] {
  return Array.from({ length: count }, () => Array.from({ length: 5 }, () => sentence(next)).join(' '));
}

async function docxFile(next: () => number, sections: number): Promise<Uint8Array> {
  const children: Paragraph[] = [new Paragraph({ text: 'Operations guide', heading: HeadingLevel.TITLE })];
  for (let index = 0; index < sections; index++) {
    children.push(new Paragraph({ text: `Section ${index + 1}`, heading: HeadingLevel.HEADING_1 }));
    for (const text of paragraphs(next, 3)) children.push(new Paragraph({ text }));
  }
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

async function pdfFile(next: () => number, pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = pdf.addPage([595, 842]);
    let y = 800;
    for (let line = 0; line < 40; line++) {
      page.drawText(sentence(next, 11), { x: 40, y, size: 10, font });
      y -= 18;
    }
  }
  return pdf.save();
}

const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

function pptxFile(next: () => number, slides: number): Uint8Array {
  const shape = (id: number, placeholder: string, line: string) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr>${placeholder}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:t>${line}</a:t></a:r></a:p></p:txBody></p:sp>`;
  const files: Record<string, Uint8Array> = {};
  const ids: string[] = [];
  const rels: string[] = [];
  const overrides: string[] = [];
  for (let index = 1; index <= slides; index++) {
    ids.push(`<p:sldId id="${255 + index}" r:id="rId${index}"/>`);
    rels.push(`<Relationship Id="rId${index}" Type="${REL}/slide" Target="slides/slide${index}.xml"/>`);
    overrides.push(
      `<Override PartName="/ppt/slides/slide${index}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
    );
    files[`ppt/slides/slide${index}.xml`] = xml(
      `<p:sld ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, '<p:ph type="title"/>', `Slide ${index}`)}${shape(3, '<p:ph idx="1"/>', paragraphs(next, 1)[0]!)}</p:spTree></p:cSld></p:sld>`,
    );
  }
  files['[Content_Types].xml'] = xml(
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${overrides.join('')}</Types>`,
  );
  files['_rels/.rels'] = xml(
    `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId100" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
  );
  files['ppt/presentation.xml'] = xml(
    `<p:presentation ${NS}><p:sldIdLst>${ids.join('')}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>`,
  );
  files['ppt/_rels/presentation.xml.rels'] = xml(
    `<Relationships xmlns="${PKG_REL}">${rels.join('')}</Relationships>`,
  );
  return zipSync(files);
}

function markdownFile(next: () => number, sections: number): Uint8Array {
  const parts = ['# Team handbook'];
  for (let index = 0; index < sections; index++) parts.push(`## Topic ${index + 1}`, ...paragraphs(next, 3));
  return strToU8(parts.join('\n\n'));
}

function htmlFile(next: () => number, sections: number): Uint8Array {
  const parts = ['<html><body><h1>FAQ</h1>'];
  for (let index = 0; index < sections; index++) {
    parts.push(`<h2>Question ${index + 1}</h2>`, ...paragraphs(next, 2).map((text) => `<p>${text}</p>`));
  }
  return strToU8(`${parts.join('')}</body></html>`);
}

interface BenchFile {
  name: string;
  bytes: Uint8Array;
}

async function generateFiles(): Promise<BenchFile[]> {
  const next = random(42);
  const files: BenchFile[] = [];
  for (let index = 0; index < filesPerKind; index++) {
    files.push({ name: `guide-${index}.docx`, bytes: await docxFile(next, 12) });
    files.push({ name: `report-${index}.pdf`, bytes: await pdfFile(next, 6) });
    files.push({ name: `deck-${index}.pptx`, bytes: pptxFile(next, 15) });
    files.push({ name: `handbook-${index}.md`, bytes: markdownFile(next, 15) });
    files.push({ name: `faq-${index}.html`, bytes: htmlFile(next, 15) });
  }
  return files;
}

// ------------------------------------------------------------------ ingestion

const megabytes = (bytes: number) => bytes / 1024 / 1024;

async function bareParse(files: BenchFile[]): Promise<number> {
  // Once unmeasured, so the parsers are loaded and compiled as they are in a running server.
  for (const file of files.slice(0, 5)) await parseDocument({ name: file.name, bytes: file.bytes });
  const started = performance.now();
  for (const file of files) {
    const parsed = await parseDocument({ name: file.name, bytes: file.bytes });
    if (parsed.kind !== 'text') throw new Error(`${file.name} did not parse: ${JSON.stringify(parsed)}`);
    chunkSections(parsed.sections);
  }
  return performance.now() - started;
}

/**
 * The same bare parse in a fresh parse thread of the server's build (`knowledge-parse-worker.js`
 * beside `serverMain`), warmed with the same five files the server gets before it is timed: the
 * parse under the conditions of the server's own parse thread (code as built, compiled as far as a
 * fresh server's is), where the in-process bare parse gets warmer with each run of the benchmark.
 */
async function bareParseFreshThread(files: BenchFile[]): Promise<number> {
  const worker = new Worker(path.join(path.dirname(serverMain), 'knowledge-parse-worker.js'));
  try {
    // The thread says it is ready first (`{ ready: true }`), before any reply.
    await once(worker, 'message');
    let id = 0;
    // One file at a time, as the server's pool sends them; `once` rejects if the thread dies.
    const prepare = async (file: BenchFile) => {
      const request: ParseRequest = { id: id++, name: file.name, bytes: file.bytes, options: {} };
      worker.postMessage(request);
      const [reply] = (await once(worker, 'message')) as [ParseReply];
      if ('error' in reply || reply.prepared.kind !== 'text') {
        throw new Error(`${file.name} did not parse: ${JSON.stringify(reply)}`);
      }
    };
    for (const file of files.slice(0, 5)) await prepare(file);
    const started = performance.now();
    for (const file of files) await prepare(file);
    return performance.now() - started;
  } finally {
    await worker.terminate();
  }
}

/**
 * The built server ingesting `files` on PGlite (a fresh data folder) or on PostgreSQL (a fresh
 * schema of DATABASE_URL, dropped after), with its default INGEST_CONCURRENCY unless set here.
 */
async function pipeline(files: BenchFile[], kind: 'pglite' | 'postgres'): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'da-bench-knowledge-'));
  const schema = kind === 'postgres' ? await createSchema(databaseUrl) : undefined;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = serverEnvironment({ port, dataDir, ...(schema ? { databaseUrl: schema.url } : {}) });
  // e.g. BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/profiles' to profile the server.
  if (process.env.BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
  const server = await startServer({
    name: 'server',
    args: serverArgs(serverMain),
    env,
    readyUrl: `${baseUrl}/api/ping`,
  }).catch(async (error: unknown) => {
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const session = await signInWithBuiltinProvider(baseUrl, 'admin@example.com');
    const headers = { cookie: `da_session=${session.sessionId}; XSRF-TOKEN=${session.xsrfToken}` };
    const upload = async (batch: BenchFile[]) => {
      const form = new FormData();
      for (const file of batch) form.append('files[]', new Blob([file.bytes]), file.name);
      form.append('department', 'it');
      const response = await fetch(`${baseUrl}/api/file/success`, {
        method: 'POST',
        headers: { ...headers, 'x-xsrf-token': session.xsrfToken },
        body: form,
      });
      if (!response.ok) throw new Error(`Upload answered ${response.status}: ${await response.text()}`);
    };
    // File Status every 100 ms on PGlite: each look is a query on PGlite's thread, the one ingesting
    // (every 20 ms, the looks took ~0.5 s of that thread over a run). On PostgreSQL a look costs the
    // ingesting server little, so it looks every 20 ms. The end is read from the documents' times.
    const lookEveryMs = kind === 'pglite' ? 100 : 20;
    const untilReady = async (count: number) => {
      for (;;) {
        const response = await fetch(`${baseUrl}/api/knowledge/documents`, { headers });
        const { documents } = (await response.json()) as {
          documents: { status: string; document: string; updated_at: string }[];
        };
        const inProgress = documents.filter((row) => row.status === 'Queued' || row.status === 'Parsing');
        if (documents.length >= count && inProgress.length === 0) {
          const notReady = documents.filter((row) => row.status !== 'Ready');
          if (notReady.length) throw new Error(`Not ready: ${JSON.stringify(notReady.slice(0, 3))}`);
          return documents;
        }
        await new Promise((resolve) => setTimeout(resolve, lookEveryMs));
      }
    };
    // One file of each kind first, unmeasured, as the bare parse warms up: the server then has its
    // parsers loaded and compiled, as a running server has.
    const warmUp = files.slice(0, 5).map((file) => ({ ...file, name: `warm-up-${file.name}` }));
    await upload(warmUp);
    await untilReady(warmUp.length);
    const started = Date.now();
    // Uploads of ten files each, as the Train Bot window sends them.
    for (let start = 0; start < files.length; start += 10) await upload(files.slice(start, start + 10));
    const documents = await untilReady(warmUp.length + files.length);
    // The end is when the last document turned Ready as the server recorded it (its updated time,
    // the same clock), not when File Status was next looked at: the looks are 20-100 ms apart.
    const lastReady = Math.max(
      ...documents
        .filter((row) => !row.document.startsWith('warm-up-'))
        .map((row) => Date.parse(row.updated_at)),
    );
    return lastReady - started;
  } finally {
    await server.stop();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ retrieval

interface Question {
  question: string;
  department: string | null;
  document: string;
  section: string | null;
}

const questions: Question[] = JSON.parse(
  readFileSync(path.join(demoDirectory(), 'eval.json'), 'utf8'),
).questions;

async function openDatabase(kind: 'pglite' | 'postgres'): Promise<{ db: Db; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'da-bench-search-'));
    const db = await openPglite(dataDir);
    return {
      db,
      close: async () => {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = await openPostgres(databaseUrl, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(databaseUrl, { schema, max: 4 });
  return {
    db,
    close: async () => {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

const DEPARTMENTS: Department[] = ['it', 'devops_preprod', 'cs_preprod', 'education', 'pga', 'knowledge'];

/** Adds generated documents of 50 chunks each (about 300 tokens per chunk) until `total` chunks. */
async function fillChunks(db: Db, total: number, already: number): Promise<void> {
  const next = random(total);
  for (let count = already, index = 0; count < total; index++) {
    const { document } = await upsertDocument(db, {
      name: `generated-${total}-${index}.md`,
      extension: 'md',
      departments: [DEPARTMENTS[index % DEPARTMENTS.length]!],
      size: 1,
      sha256: randomBytes(32).toString('hex'),
    });
    const chunks = Array.from({ length: Math.min(50, total - count) }, (_, ordinal) => ({
      ordinal,
      headingPath: ['Generated', `Topic ${ordinal}`],
      text: paragraphs(next, 3).join('\n\n'),
      tokens: 300,
    }));
    await recordOutcome(db, {
      documentId: document.id,
      version: document.version,
      status: 'ready',
      reason: null,
      chunks,
      title: titleFromName(document.name),
    });
    count += chunks.length;
  }
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

async function timeSearches(db: Db): Promise<{ p50: number; p95: number }> {
  const ask = (index: number) => {
    const item = questions[index % questions.length]!;
    return searchKnowledge(db, {
      query: item.question,
      viewer: { role: 'STAFF' },
      department: (item.department ?? undefined) as Department | undefined,
      k: 5,
    });
  };
  for (let index = 0; index < 50; index++) await ask(index);
  const times: number[] = [];
  for (let index = 0; index < queriesPerCell; index++) {
    const started = performance.now();
    await ask(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function evaluate(db: Db, options: SearchOptions = {}): Promise<{ recall: number; mrr: number }> {
  let found = 0;
  let reciprocal = 0;
  for (const item of questions) {
    const hits = await searchKnowledge(
      db,
      {
        query: item.question,
        viewer: { role: 'CORE_ADMINS' },
        department: (item.department ?? undefined) as Department | undefined,
        k: 5,
      },
      options,
    );
    const rank = hits.findIndex(
      (hit) =>
        hit.documentName === item.document &&
        (item.section === null || hit.location.headingPath.includes(item.section)),
    );
    if (rank >= 0) {
      found++;
      reciprocal += 1 / (rank + 1);
    }
  }
  return { recall: found / questions.length, mrr: reciprocal / questions.length };
}

/**
 * The evaluation with vectors fused in, or why it cannot run: the configured embedding model
 * (LLM_BASE_URL + LLM_EMBEDDING_MODEL) or the stand-in's, on a database with pgvector.
 */
async function evaluateHybrid(db: Db): Promise<string> {
  const configured = process.env.LLM_BASE_URL && process.env.LLM_EMBEDDING_MODEL;
  const standin = configured ? undefined : await startLlmStandin();
  const embeddingModel = configured ? process.env.LLM_EMBEDDING_MODEL! : 'standin-embedding';
  const llm = loadConfig({
    LLM_BASE_URL: configured ? process.env.LLM_BASE_URL : standin!.url,
    LLM_EMBEDDING_MODEL: embeddingModel,
    ...(process.env.LLM_API_KEY ? { LLM_API_KEY: process.env.LLM_API_KEY } : {}),
  }).llm;
  const jobs = new Jobs(db);
  const warnings: string[] = [];
  // The stand-in's similarities are low (hashed features): its floor is too.
  const vectors = new KnowledgeVectors(createConfiguredEmbedder(llm)!, {
    minSimilarity: configured ? llm.embeddingMinSimilarity : 0.05,
    log: { warn: (_object, message) => void warnings.push(message) },
  });
  try {
    if (!(await vectors.start(db, jobs))) return `| hybrid | skipped: ${warnings.join('; ')} | | |`;
    await jobs.stop();
    await vectors.embedMissing(db);
    const { recall, mrr } = await evaluate(db, { vectors });
    const label = configured ? embeddingModel : 'stand-in hashed embeddings';
    return `| hybrid (${label}) | ${questions.length} | ${fmt(recall, 3)} | ${fmt(mrr, 3)} |`;
  } finally {
    await jobs.stop();
    await db.exec('DROP TABLE IF EXISTS knowledge_chunk_vectors');
    await standin?.close();
  }
}

// ------------------------------------------------------------------ run

const fmt = (value: number, digits = 1) => value.toFixed(digits);

async function main() {
  console.log(
    `Knowledge benchmark on Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((value) => fmt(value, 2))
      .join(' ')}\n`,
  );

  const files = await generateFiles();
  const totalBytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
  console.log(
    `## Ingestion: ${files.length} generated files (docx, pdf, pptx, md, html), ${fmt(megabytes(totalBytes), 2)} MB\n`,
  );
  let bare = Number.POSITIVE_INFINITY;
  let bareFresh = Number.POSITIVE_INFINITY;
  const piped = { pglite: Number.POSITIVE_INFINITY, postgres: Number.POSITIVE_INFINITY };
  const skipped: { pglite?: string; postgres?: string } = {};
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!ingestionDatabases.includes(kind)) skipped[kind] = 'not in BENCH_INGEST_DATABASES';
  }
  for (let run = 0; run < ingestionRuns; run++) {
    const times: string[] = [];
    const bareRun = await bareParse(files);
    bare = Math.min(bare, bareRun);
    const bareFreshRun = await bareParseFreshThread(files);
    bareFresh = Math.min(bareFresh, bareFreshRun);
    times.push(`bare parse ${fmt(bareRun / 1000, 2)} s (fresh thread ${fmt(bareFreshRun / 1000, 2)} s)`);
    for (const kind of ['pglite', 'postgres'] as const) {
      if (skipped[kind]) continue;
      try {
        const pipedRun = await pipeline(files, kind);
        piped[kind] = Math.min(piped[kind], pipedRun);
        times.push(`${kind} ${fmt(pipedRun / 1000, 2)} s`);
      } catch (error) {
        skipped[kind] = (error as Error).message;
      }
    }
    console.log(`Run ${run + 1}: ${times.join(', ')}; load average ${os.loadavg()[0]!.toFixed(2)}`);
  }
  const row = (label: string, milliseconds: number, ratio: string) => {
    const seconds = milliseconds / 1000;
    console.log(
      `| ${label} | ${fmt(seconds, 2)} | ${fmt(files.length / seconds)} | ${fmt(megabytes(totalBytes) / seconds, 2)} | ${ratio} |`,
    );
  };
  console.log('\n| Path | Time s | Documents/s | MB/s | x bare parse (in process / fresh thread) |');
  console.log('| --- | --: | --: | --: | --: |');
  row('Bare parse + chunk, in process (warmer with every run)', bare, '1.00');
  row(
    "Bare parse + chunk, fresh thread of the server's build, warmed like the server",
    bareFresh,
    fmt(bareFresh / bare, 2),
  );
  const ratios: string[] = [];
  for (const [kind, label] of [
    ['pglite', 'PGlite'],
    ['postgres', 'PostgreSQL'],
  ] as const) {
    const rowLabel = `Pipeline: upload, blobs, job, parse, chunk, index (server on ${label})`;
    if (skipped[kind]) {
      console.log(`| ${rowLabel} | skipped: ${skipped[kind]} | | | |`);
      continue;
    }
    row(rowLabel, piped[kind], `${fmt(piped[kind] / bare, 2)} / ${fmt(piped[kind] / bareFresh, 2)}`);
    ratios.push(`${label} ${fmt(piped[kind] / bare, 2)}x / ${fmt(piped[kind] / bareFresh, 2)}x`);
  }
  console.log(
    `\nPipeline overhead (target <= 2x the bare parse; in process / fresh thread): ${ratios.join(', ')}; load average ${os
      .loadavg()
      .map((value) => fmt(value, 2))
      .join(' ')}\n`,
  );
  if (onlyIngestion) return;

  console.log(`## Retrieval: searchKnowledge, k=5, ${queriesPerCell} evaluation questions per cell\n`);
  console.log('| Database | Chunks | p50 ms | p95 ms | Target p95 ms |');
  console.log('| --- | --: | --: | --: | --: |');
  const quality: string[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    let opened: Awaited<ReturnType<typeof openDatabase>>;
    try {
      opened = await openDatabase(kind);
    } catch (error) {
      console.log(`| ${kind} | - | skipped: ${(error as Error).message} | | |`);
      continue;
    }
    const { db, close } = opened;
    try {
      await migrate(db, MODULES);
      const demo = await addDemoDocuments(db);
      const { recall, mrr } = await evaluate(db);
      quality.push(`| ${kind} | full text | ${questions.length} | ${fmt(recall, 3)} | ${fmt(mrr, 3)} |`);
      quality.push(`| ${kind} ${await evaluateHybrid(db)}`);
      let chunks = demo.reduce((sum, added) => sum + added.result.chunkCount, 0);
      for (const target of [1000, 10000]) {
        await fillChunks(db, target, chunks);
        chunks = target;
        await db.exec('ANALYZE');
        const { p50, p95 } = await timeSearches(db);
        const goal = target === 10000 ? (kind === 'pglite' ? '20' : '10') : '-';
        console.log(`| ${kind} | ${target} | ${fmt(p50, 2)} | ${fmt(p95, 2)} | ${goal} |`);
      }
    } finally {
      await close();
    }
  }
  console.log('\n## Retrieval quality over the demo documents (evaluation set)\n');
  console.log('| Database | Retrieval | Questions | recall@5 | MRR |');
  console.log('| --- | --- | --: | --: | --: |');
  for (const line of quality) console.log(line);
}

await main();
