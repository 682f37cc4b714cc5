// ruff through its WebAssembly build (@astral-sh/ruff-wasm-nodejs): one check per file with the
// rule families the review reports, sorted into the two sections the screen shows.
//
// Performance: PERF (Perflint), C4 (comprehensions), the UP (pyupgrade) rules whose idiom is faster
// (literals instead of calls, `yield from`, f-strings) and the SIM rules that remove work (any/all
// loops, `in dict.keys()`, dict.get...).
// Readability: D (pydocstyle, Google convention), N (naming), E/W (pycodestyle), the other UP and SIM
// rules, PL (Pylint), B (bugbear), F (pyflakes), RET, PIE.
//
// The WASM build does not say whether a fix is safe; the download applies only the fixes of rules
// whose fixes ruff documents as always safe (SAFE_FIX_RULES), and only when the result still parses.
//
// ruff's parser and checks recurse: code nested a few thousand levels deep (an expression of
// thousands of operators, brackets inside brackets) exhausts the thread's stack inside WebAssembly.
// The call throws, but leaves ruff's instance as it was mid-call (its stack pointer not restored,
// what it allocated not freed), and the next deep file reads out of bounds. So every call goes
// through `guarded`: a throw becomes a RuffFailure for that file alone, and the next call gets a
// fresh instance of the module (~50-100 ms, only after such a file).
//
// ruff's memory grows with its findings, which a file can make as many as its bytes (`x;x;x;...`:
// 390,000 findings and about 1 GB for 256 KB), and a WebAssembly memory is never given back. So its
// module is compiled with a maximum memory (RUFF_MEMORY_MB): past it ruff's allocation fails, the
// call traps, and the file is reported as needing more memory than the review gives it.
import { createRequire } from 'node:module';
import type { Workspace } from '@astral-sh/ruff-wasm-nodejs';
import type { Finding, Section } from './types.js';

type RuffModule = typeof import('@astral-sh/ruff-wasm-nodejs');

/** Most WebAssembly memory one instance of ruff may take (a 1 MB file of ordinary code takes ~25 MB). */
export const RUFF_MEMORY_MB = 128;
const WASM_PAGE_BYTES = 64 * 1024;

const require = createRequire(import.meta.url);
const RUFF_MODULE_PATH = require.resolve('@astral-sh/ruff-wasm-nodejs');
let loaded: { module: RuffModule; memory: () => number } | undefined;

/**
 * ruff's module. Its glue compiles and instantiates the WebAssembly when it is loaded, so for that
 * moment WebAssembly.Module gives the bytes a memory maximum (withMemoryMaximum) and
 * WebAssembly.Instance lets us keep the instance (to read its memory's size after a failure).
 */
function loadRuff(): { module: RuffModule; memory: () => number } {
  if (!loaded) {
    const api = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
    const { Module, Instance } = api;
    let instance: WasmInstance | undefined;
    const pages = (RUFF_MEMORY_MB * 1024 * 1024) / WASM_PAGE_BYTES;
    api.Module = class extends Module {
      constructor(bytes: Uint8Array) {
        super(withMemoryMaximum(bytes, pages));
      }
    };
    api.Instance = class extends Instance {
      constructor(module: object, imports?: object) {
        super(module, imports);
        instance = this;
      }
    };
    try {
      const module = require(RUFF_MODULE_PATH) as RuffModule;
      const memory = instance?.exports.memory as { buffer?: ArrayBuffer } | undefined;
      loaded = { module, memory: () => memory?.buffer?.byteLength ?? 0 };
    } finally {
      api.Module = Module;
      api.Instance = Instance;
    }
  }
  return loaded;
}

/** What loadRuff uses of the WebAssembly global (Node's types leave its constructors out). */
interface WasmInstance {
  exports: Record<string, unknown>;
}
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports?: object) => WasmInstance;
}

/**
 * `bytes` of a WebAssembly module whose own memory (section 5) gets `pages` as its maximum, when it
 * has none or a larger one; the bytes as they are otherwise (an imported or shared memory).
 */
export function withMemoryMaximum(bytes: Uint8Array, pages: number): Uint8Array {
  let at = 8;
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const encode = (value: number): number[] => {
    const out: number[] = [];
    let rest = value;
    do {
      const byte = rest % 128;
      rest = Math.floor(rest / 128);
      out.push(rest > 0 ? byte | 0x80 : byte);
    } while (rest > 0);
    return out;
  };
  while (at < bytes.length) {
    const sectionStart = at;
    const id = bytes[at++]!;
    const size = leb();
    const payloadStart = at;
    if (id === 5) {
      if (leb() !== 1) return bytes;
      const flags = bytes[at++]!;
      if (flags > 1) return bytes;
      const minimum = leb();
      const maximum = flags === 1 ? leb() : undefined;
      if ((maximum !== undefined && maximum <= pages) || minimum > pages) return bytes;
      // One memory, flags 1 (a maximum follows), its minimum, the maximum.
      const payload = [1, 1, ...encode(minimum), ...encode(pages)];
      const section = Uint8Array.from([5, ...encode(payload.length), ...payload]);
      const rest = bytes.subarray(payloadStart + size);
      const patched = new Uint8Array(sectionStart + section.length + rest.length);
      patched.set(bytes.subarray(0, sectionStart), 0);
      patched.set(section, sectionStart);
      patched.set(rest, sectionStart + section.length);
      return patched;
    }
    at = payloadStart + size;
  }
  return bytes;
}

/** ruff's module (its glue instantiates the WebAssembly when it is loaded). */
function ruffModule(): RuffModule {
  return loadRuff().module;
}

/** ruff could not check a file (see the header): the file is not reviewable. */
export class RuffFailure extends Error {
  constructor(
    /** Why: its code nests too deeply (the thread's stack ran out), it needed more memory, other. */
    readonly cause: 'too deep' | 'memory' | 'other',
    message: string,
  ) {
    super(message);
    this.name = 'RuffFailure';
  }
}

/** Runs a call into ruff; a throw drops the instance (see the header) and becomes a RuffFailure. */
function guarded<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    // Within 1 MB of the maximum: its allocation failed.
    const isOutOfMemory = (loaded?.memory() ?? 0) > (RUFF_MEMORY_MB - 1) * 1024 * 1024;
    workspaces.clear();
    syntaxOnlyWorkspace = undefined;
    loaded = undefined;
    delete require.cache[RUFF_MODULE_PATH];
    const message = error instanceof Error ? error.message : String(error);
    throw new RuffFailure(
      error instanceof RangeError ? 'too deep' : isOutOfMemory ? 'memory' : 'other',
      message,
    );
  }
}

export interface RuffDiagnostic {
  code: string | null;
  message: string;
  start_location: { row: number; column: number };
  end_location: { row: number; column: number };
  fix: {
    message: string | null;
    edits: Array<{
      content: string | null;
      location: { row: number; column: number };
      end_location: { row: number; column: number };
    }>;
  } | null;
}

export const RUFF_SELECT = ['PERF', 'C4', 'UP', 'SIM', 'D', 'N', 'E', 'W', 'PL', 'B', 'F', 'RET', 'PIE'];
/** Rules left out: noise for a review (line length is the formatter's business; magic values everywhere). */
const RUFF_IGNORE = ['E501', 'PLR2004', 'D100', 'D104', 'W191', 'D206'];

/** SIM rules that save work at run time (the rest of SIM is about readability). */
const PERFORMANCE_SIM = new Set(['SIM101', 'SIM110', 'SIM111', 'SIM118', 'SIM401', 'SIM904', 'SIM910']);

/**
 * UP rules whose rewrite does less work at run time: a literal instead of a call (`b"x"` for
 * `"x".encode()`, `"x"` for `str("x")`), `yield from`, f-strings (faster than `%` and `format`). The
 * rest of UP modernises syntax (`%` to `format`, typing, aliases): readability.
 */
const PERFORMANCE_UP = new Set(['UP012', 'UP018', 'UP027', 'UP028', 'UP032']);

/** Rules whose fixes ruff marks safe in every case. */
export const SAFE_FIX_RULES = new Set([
  'UP004',
  'UP009',
  'UP010',
  'UP012',
  'UP015',
  'UP018',
  'UP024',
  'UP025',
  'UP034',
  'UP039',
  'E703',
  'F541',
  'PIE790',
  'W292',
]);

/** The oldest Python the review assumes (ruff's `target-version`) and the newest ruff knows. */
const OLDEST_MINOR = 9;
const NEWEST_MINOR = 14;
/** ruff's settings per Python 3 minor version checked against, made when first needed. */
const workspaces = new Map<number, Workspace>();

function ruff(minor: number): Workspace {
  let workspace = workspaces.get(minor);
  if (!workspace) {
    const { PositionEncoding, Workspace } = ruffModule();
    workspace = new Workspace(
      {
        'line-length': 100,
        'target-version': `py3${minor}`,
        lint: {
          select: RUFF_SELECT,
          ignore: RUFF_IGNORE,
          pydocstyle: { convention: 'google' },
        },
      },
      PositionEncoding.Utf16,
    );
    workspaces.set(minor, workspace);
  }
  return workspace;
}

/** ruff's version (for the summary). */
export function ruffVersion(): string {
  return ruffModule().Workspace.version();
}

/**
 * ruff's syntax error for syntax newer than the version checked against ("Cannot use `match`
 * statement on Python 3.9 (syntax was added in Python 3.10)"): the minor version it needs.
 */
const NEWER_SYNTAX = /on Python 3\.\d+ \(syntax was added in (?:Python )?3\.(\d+)\)/;

/**
 * ruff's diagnostics for one file (syntax errors come as code `invalid-syntax`). Checked as Python
 * 3.9 code; a file using syntax of a later version (`match`, `except*`, type parameters...) is
 * written for that version, so it is checked again as such: valid (unless it has other errors), with
 * the suggestions that fit it (`X | None` from 3.10 on, say). Throws a RuffFailure when ruff cannot
 * check the file at all.
 */
export function checkWithRuff(source: string): RuffDiagnostic[] {
  const diagnostics = guarded(() => ruff(OLDEST_MINOR).check(source) as RuffDiagnostic[]);
  // Checked again even beside a real syntax error, so that the error reported is that one.
  let needed = 0;
  for (const diagnostic of diagnostics) {
    const newer = isSyntaxError(diagnostic) ? NEWER_SYNTAX.exec(diagnostic.message) : null;
    if (newer) needed = Math.max(needed, Number(newer[1]));
  }
  if (needed <= OLDEST_MINOR) return diagnostics;
  return guarded(() => ruff(Math.min(needed, NEWEST_MINOR)).check(source) as RuffDiagnostic[]);
}

let syntaxOnlyWorkspace: Workspace | undefined;

/** ruff with no rules: its parser and tokens only. */
function syntaxOnly(): Workspace {
  if (!syntaxOnlyWorkspace) {
    const { PositionEncoding, Workspace } = ruffModule();
    syntaxOnlyWorkspace = new Workspace({ lint: { select: [] } }, PositionEncoding.Utf16);
  }
  return syntaxOnlyWorkspace;
}

/** True when ruff's parser reads `source` as valid Python (no rules run); false when it cannot tell. */
export function checkSyntax(source: string): boolean {
  try {
    return !guarded(() => syntaxOnly().check(source) as RuffDiagnostic[]).some(isSyntaxError);
  } catch (error) {
    if (error instanceof RuffFailure) return false;
    throw error;
  }
}

const OPENING = new Set(['Lpar', 'Lsqb', 'Lbrace']);
const CLOSING = new Set(['Rpar', 'Rsqb', 'Rbrace']);

/**
 * The line breaks of `source` inside brackets (ruff's tokens: a NonLogicalNewline at bracket depth
 * above 0), as UTF-16 indices of their `\r`/`\n`, except those ending a comment (joining the next
 * line would comment it out). Python ignores them; replaced by spaces, the lines they continue are
 * one line, whatever their indentation.
 */
export function bracketLineBreaks(source: string): number[] {
  const bytes = new Set<number>();
  let depth = 0;
  let previous = '';
  const tokens = guarded(() => String(syntaxOnly().tokens(source)));
  for (const match of tokens.matchAll(/^\s*(\w+) (\d+)\.\.(\d+),$/gm)) {
    const kind = match[1]!;
    if (OPENING.has(kind)) depth++;
    else if (CLOSING.has(kind)) depth = Math.max(0, depth - 1);
    else if (kind === 'NonLogicalNewline' && depth > 0 && previous !== 'Comment') {
      for (let byte = Number(match[2]); byte < Number(match[3]); byte++) bytes.add(byte);
    }
    previous = kind;
  }
  // ruff's ranges count UTF-8 bytes.
  const indices: number[] = [];
  let byte = 0;
  for (let index = 0; index < source.length && bytes.size > 0; index++) {
    const code = source.charCodeAt(index);
    if ((code === 10 || code === 13) && bytes.has(byte)) indices.push(index);
    if (code < 0x80) byte += 1;
    else if (code < 0x800) byte += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      byte += 4;
      index++;
    } else byte += 3;
  }
  return indices;
}

export function isSyntaxError(diagnostic: RuffDiagnostic): boolean {
  return (
    diagnostic.code === null || diagnostic.code === 'invalid-syntax' || diagnostic.code === 'syntax-error'
  );
}

export function sectionOf(code: string): Section {
  if (code.startsWith('PERF') || code.startsWith('C4')) return 'performance';
  if (PERFORMANCE_SIM.has(code) || PERFORMANCE_UP.has(code)) return 'performance';
  return 'readability';
}

/** Line starts of `source` (UTF-16 offsets), for ruff's 1-based row/column locations. */
export function lineStarts(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf('\n'); index >= 0; index = source.indexOf('\n', index + 1))
    starts.push(index + 1);
  return starts;
}

export function offsetOf(
  starts: number[],
  location: { row: number; column: number },
  length: number,
): number {
  const lineStart = starts[location.row - 1];
  if (lineStart === undefined) return length;
  return Math.min(length, lineStart + location.column - 1);
}

export interface TextEdit {
  start: number;
  end: number;
  content: string;
}

export function fixEdits(diagnostic: RuffDiagnostic, starts: number[], length: number): TextEdit[] {
  return (diagnostic.fix?.edits ?? []).map((edit) => ({
    start: offsetOf(starts, edit.location, length),
    end: offsetOf(starts, edit.end_location, length),
    content: edit.content ?? '',
  }));
}

/** Applies non-overlapping edits (later ones first); overlapping ones are skipped. */
export function applyEdits(source: string, edits: TextEdit[]): { text: string; applied: TextEdit[] } {
  const sorted = [...edits].sort((left, right) => left.start - right.start || left.end - right.end);
  const kept: TextEdit[] = [];
  let lastEnd = -1;
  for (const edit of sorted) {
    if (
      edit.start < lastEnd ||
      (edit.start === lastEnd && edit.start === edit.end && kept.at(-1)?.start === edit.start)
    )
      continue;
    kept.push(edit);
    lastEnd = edit.end;
  }
  // One pass, front to back: rebuilding the string per edit is quadratic on large files.
  const pieces: string[] = [];
  let position = 0;
  for (const edit of kept) {
    pieces.push(source.slice(position, edit.start), edit.content);
    position = edit.end;
  }
  pieces.push(source.slice(position));
  return { text: pieces.join(''), applied: kept };
}

/** The finding of one diagnostic, with the lines it touches before and after ruff's fix. */
export function toFinding(diagnostic: RuffDiagnostic, source: string, starts: number[]): Finding {
  const code = diagnostic.code ?? 'invalid-syntax';
  const finding: Finding = {
    section: sectionOf(code),
    source: 'ruff',
    code,
    message: diagnostic.fix?.message
      ? `${diagnostic.message} (fix: ${diagnostic.fix.message})`
      : diagnostic.message,
    line: diagnostic.start_location.row,
  };
  const edits = fixEdits(diagnostic, starts, source.length);
  if (edits.length > 0) {
    let first = source.length;
    let last = 0;
    for (const edit of edits) {
      first = Math.min(first, edit.start);
      last = Math.max(last, edit.end);
    }
    const from = source.lastIndexOf('\n', first - 1) + 1;
    let to = source.indexOf('\n', Math.max(first, last - 1));
    if (to < 0) to = source.length;
    const before = source.slice(from, to);
    const after = applyEdits(
      before,
      edits.map((edit) => ({ ...edit, start: edit.start - from, end: Math.min(edit.end, to) - from })),
    ).text;
    if (before.length <= 4000 && after.length <= 4000) {
      finding.before = before;
      finding.after = after.replace(/\n$/, '');
    }
  }
  return finding;
}
