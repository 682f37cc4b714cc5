// What a person reads: the review JSON of the screen (spec section 3: folders, files, functions
// with their performance and readability markdown), the REVIEW.md written next to each file in the
// download, and the summary at its root.
import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import iconv from 'iconv-lite';
import type { components } from '../../generated/contract.js';
import type { FileReview, Finding, FunctionReview, Section } from './analyze/types.js';

type ReviewFileItem = components['schemas']['ReviewFileItem'];

const EMPTY: Record<Section, string> = {
  performance: 'No performance improvements found for this function.',
  readability: 'No readability improvements found for this function.',
};

function fence(code: string): string {
  // A loop, not Math.max(...runs): a function holding hundreds of thousands of backtick runs would
  // exceed the arguments a call can take.
  let longest = 2;
  for (const match of code.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}python\n${code}\n${ticks}`;
}

function findingMarkdown(finding: Finding): string {
  const origin = finding.source === 'ruff' ? 'ruff' : finding.source === 'model' ? 'model' : 'review check';
  const lines = [`- **${finding.code}** (line ${finding.line}, ${origin}): ${finding.message}`];
  if (finding.before !== undefined && finding.after !== undefined) {
    lines.push(
      '',
      '  Before:',
      '',
      indent(fence(finding.before)),
      '',
      '  After:',
      '',
      indent(fence(finding.after)),
    );
  }
  return lines.join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}

/** One section of a function as markdown. */
export function sectionMarkdown(fn: FunctionReview, section: Section): string {
  const findings = fn.findings.filter((finding) => finding.section === section);
  if (findings.length === 0) return EMPTY[section];
  return findings.map(findingMarkdown).join('\n\n');
}

/** Both sections of every function of a file, in order (the JSON and the REVIEW.md show the same). */
type FileSections = ReadonlyArray<Record<Section, string>>;

function sectionsOf(file: FileReview): FileSections {
  return file.functions.map((fn) => ({
    performance: sectionMarkdown(fn, 'performance'),
    readability: sectionMarkdown(fn, 'readability'),
  }));
}

/** One file of the review tree (`ReviewFileItem`) as JSON text. */
export function fileItemJson(file: FileReview, sections: FileSections = sectionsOf(file)): string {
  const slash = file.path.lastIndexOf('/');
  const item: ReviewFileItem = {
    type: 'file',
    name: file.path.slice(slash + 1),
    path: file.path,
    functions: file.functions.map((fn, index) => ({
      name: fn.name,
      function: fn.source,
      performance: sections[index]!.performance,
      readability: sections[index]!.readability,
      qualifiedName: fn.qualifiedName,
      line: fn.line,
      endLine: fn.endLine,
      findings: fn.findings,
    })),
    ...(file.error ? { error: file.error } : {}),
  };
  return JSON.stringify(item);
}

/**
 * The review JSON of the screen (`ReviewFileJson`) as pieces of text or UTF-8 bytes, from each
 * file's JSON (fileItemJson, fetched by `load` when its turn comes): folders first, then files, each
 * by name. Assembled piece by piece and streamed, so a large review is never held whole, as objects
 * or as text.
 */
export async function* reviewJsonPieces<File extends { path: string }>(
  name: string,
  files: ReadonlyArray<File>,
  load: (file: File) => Promise<string | Uint8Array> | string | Uint8Array,
): AsyncGenerator<string | Uint8Array> {
  interface Tree {
    name: string;
    folders: Map<string, Tree>;
    files: Array<{ name: string; file: File }>;
  }
  const root: Tree = { name, folders: new Map(), files: [] };
  for (const file of files) {
    const segments = file.path.split('/');
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      let next = folder.folders.get(segment);
      if (!next) {
        next = { name: segment, folders: new Map(), files: [] };
        folder.folders.set(segment, next);
      }
      folder = next;
    }
    folder.files.push({ name: segments.at(-1)!, file });
  }
  const byName = (left: { name: string }, right: { name: string }) => left.name.localeCompare(right.name);
  async function* contents(folder: Tree): AsyncGenerator<string | Uint8Array> {
    let first = true;
    for (const child of [...folder.folders.values()].sort(byName)) {
      yield `${first ? '' : ','}{"type":"folder","name":${JSON.stringify(child.name)},"contents":[`;
      yield* contents(child);
      yield ']}';
      first = false;
    }
    for (const entry of [...folder.files].sort(byName)) {
      if (!first) yield ',';
      yield await load(entry.file);
      first = false;
    }
  }
  yield `{"name":${JSON.stringify(name)},"contents":[`;
  yield* contents(root);
  yield ']}';
}

export interface FileSummary {
  path: string;
  error?: string;
  functionCount: number;
  docstringsAdded: number;
  findings: Array<{ code: string; section: Section }>;
}

export function summarizeFile(file: FileReview): FileSummary {
  return {
    path: file.path,
    ...(file.error ? { error: file.error } : {}),
    functionCount: file.functions.length,
    docstringsAdded: file.docstringsAdded,
    findings: [...file.moduleFindings, ...file.functions.flatMap((fn) => fn.findings)].map((finding) => ({
      code: finding.code,
      section: finding.section,
    })),
  };
}

/** What the job keeps of one reviewed file: its texts for the download and the JSON, and its summary. */
export interface RenderedFile {
  /** The enhanced text (absent when the file was not reviewed: the download keeps its bytes). */
  enhanced?: string;
  /** The encoding the enhanced text is written in when it is not UTF-8 (FileReview.encoding). */
  encoding?: string;
  /** Its REVIEW.md. */
  markdown: string;
  /** Its item of the review JSON (fileItemJson). */
  json: string;
  summary: FileSummary;
}

/**
 * Where a file's part of the review JSON waits until the review ends: written by the process that
 * rendered it to a file of the review's temporary folder (see writeJsonParts), read back by the job
 * when it stores the review JSON.
 */
export interface JsonPart {
  file: string;
  offset: number;
  length: number;
}

/**
 * A rendered file as it crosses from the analyzer process to the job: the texts of the download as
 * UTF-8 bytes (the job deflates and writes bytes, and bytes arrive outside its JavaScript heap), and
 * where its JSON part was written. The JSON (60 % of a review's texts) never crosses at all: the job
 * does nothing with it until the end, and 15 MB a review of 1,000 files through the channel and the
 * job's memory had kept the job's garbage collector busy.
 */
export interface EncodedFile {
  enhanced?: Uint8Array;
  markdown: Uint8Array;
  json: JsonPart;
  summary: FileSummary;
}

const encoder = new TextEncoder();

/** Encodes rendered files and writes their JSON parts into `partsDir` (see writeJsonParts). */
export function encodeRendered(files: readonly RenderedFile[], partsDir: string): EncodedFile[] {
  const parts = writeJsonParts(
    partsDir,
    files.map((file) => encoder.encode(file.json)),
  );
  return files.map((rendered, index) => ({
    ...(rendered.enhanced === undefined
      ? {}
      : {
          // iconv's Buffer may be a slice of Node's shared pool: copied into bytes of its own, which
          // an analysis thread can move (not copy) to the job.
          enhanced: rendered.encoding
            ? new Uint8Array(iconv.encode(rendered.enhanced, rendered.encoding))
            : encoder.encode(rendered.enhanced),
        }),
    markdown: encoder.encode(rendered.markdown),
    json: parts[index]!,
    summary: rendered.summary,
  }));
}

/**
 * Appends JSON parts (a batch's) to this thread's file in `partsDir` in one write (one file per
 * process and thread, so the analysis threads of a review never write into the same file; within a
 * thread the write is synchronous, so batches never interleave). Opened and closed for each batch: no
 * handle outlives the review's temporary folder, whichever process wrote into it.
 */
export function writeJsonParts(partsDir: string, parts: readonly Uint8Array[]): JsonPart[] {
  const file = join(partsDir, `review-parts-${process.pid}-${threadId}.json`);
  const bytes = Buffer.concat(parts);
  const fd = openSync(file, 'a');
  try {
    let offset = fstatSync(fd).size;
    for (let written = 0; written < bytes.length; )
      written += writeSync(fd, bytes, written, bytes.length - written);
    return parts.map((part) => {
      const located = { file, offset, length: part.length };
      offset += part.length;
      return located;
    });
  } finally {
    closeSync(fd);
  }
}

/** Renders a file's review into what the job writes (done where the file was analysed). */
export function renderFile(file: FileReview): RenderedFile {
  const sections = sectionsOf(file);
  return {
    ...(file.enhanced === undefined ? {} : { enhanced: file.enhanced }),
    ...(file.encoding ? { encoding: file.encoding } : {}),
    markdown: fileReviewMarkdown(file, sections),
    json: fileItemJson(file, sections),
    summary: summarizeFile(file),
  };
}

/** The REVIEW.md written next to a Python file in the download. */
export function fileReviewMarkdown(file: FileReview, sections: FileSections = sectionsOf(file)): string {
  const lines = [`# Review of \`${file.path}\``, ''];
  if (file.error) {
    lines.push(file.error, '', 'The file is in the download as it was uploaded.');
    return `${lines.join('\n')}\n`;
  }
  const changes: string[] = [];
  if (file.docstringsAdded > 0) changes.push(`${file.docstringsAdded} generated docstring(s) inserted`);
  if (file.appliedFixes.length > 0)
    changes.push(`ruff's safe fixes applied (${file.appliedFixes.join(', ')})`);
  lines.push(
    changes.length > 0
      ? `The file in this download is the enhanced version: ${changes.join('; ')}. The other suggestions below are for you to apply.`
      : 'The file in this download is unchanged; the suggestions below are for you to apply.',
    '',
  );
  if (file.moduleFindings.length > 0) {
    lines.push('## Module level', '', file.moduleFindings.map(findingMarkdown).join('\n\n'), '');
  }
  if (file.functions.length === 0) lines.push('The file defines no functions.', '');
  file.functions.forEach((fn, index) => {
    lines.push(
      `## Function: ${fn.name} (lines ${fn.line}-${fn.endLine})`,
      '',
      '### Performance Enhancement',
      '',
      sections[index]!.performance,
      '',
      '### Readability Enhancement',
      '',
      sections[index]!.readability,
      '',
    );
  });
  return `${lines.join('\n')}\n`;
}

export interface ReviewSummary {
  name: string;
  files: readonly FileSummary[];
  otherFiles: number;
  ruffVersion: string;
}

/** The summary at the root of the download. */
export function summaryMarkdown(summary: ReviewSummary): string {
  const reviewed = summary.files.filter((file) => !file.error);
  const unparsed = summary.files.filter((file) => file.error);
  const functions = reviewed.reduce((total, file) => total + file.functionCount, 0);
  const findings = reviewed.flatMap((file) => file.findings);
  const byCode = new Map<string, number>();
  for (const finding of findings) byCode.set(finding.code, (byCode.get(finding.code) ?? 0) + 1);
  const top = [...byCode.entries()]
    .sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))
    .slice(0, 15);
  const count = (section: Section) => findings.filter((finding) => finding.section === section).length;
  const lines = [
    `# Code review of ${summary.name}`,
    '',
    `- Python files reviewed: ${reviewed.length}`,
    `- Functions reviewed: ${functions}`,
    `- Performance suggestions: ${count('performance')}`,
    `- Readability suggestions: ${count('readability')}`,
    `- Docstrings generated: ${reviewed.reduce((total, file) => total + file.docstringsAdded, 0)}`,
    `- Other files (carried through untouched): ${summary.otherFiles}`,
    `- Checked with ruff ${summary.ruffVersion} (as Python 3.9 code, or as the later version whose syntax a file uses) and the review's own syntax-tree checks (DA1xx)`,
    '',
  ];
  if (unparsed.length > 0) {
    lines.push(
      '## Files not reviewed',
      '',
      ...unparsed.map((file) => `- \`${file.path}\`: ${file.error}`),
      '',
    );
  }
  if (top.length > 0) {
    lines.push(
      '## Most frequent findings',
      '',
      '| Rule | Count |',
      '| --- | --- |',
      ...top.map(([code, n]) => `| ${code} | ${n} |`),
      '',
    );
  }
  lines.push('Each Python file has its review next to it (`<file>.REVIEW.md`).', '');
  return lines.join('\n');
}
