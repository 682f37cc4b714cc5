// The review of one Python file: ruff's findings mapped to the innermost function whose lines hold
// them, the project's own checks, a generated docstring where one is missing, and the enhanced text
// (docstrings inserted, ruff's safe fixes applied) checked to still parse.
import iconv from 'iconv-lite';
import { runChecks } from './checks.js';
import { generateClassDocstring, generateDocstring, indentDocstring } from './docstring.js';
import { nestingProblem } from './nesting.js';
import { findFunctions, type PythonClass, type PythonFunction, parsePython } from './python.js';
import {
  applyEdits,
  checkSyntax,
  checkWithRuff,
  fixEdits,
  isSyntaxError,
  lineStarts,
  RUFF_MEMORY_MB,
  type RuffDiagnostic,
  RuffFailure,
  SAFE_FIX_RULES,
  type TextEdit,
  toFinding,
} from './ruff.js';
import { MAX_TREE_DEPTH, type PlainTree, type SyntaxNode, TreeTooDeepError } from './tree.js';
import type { ClassReview, FileReview, Finding, FunctionReview } from './types.js';

const DOCSTRING_RULES = /^D10[0-7]$/;
/** Most of a class's text a review keeps (for the language model's summary line). */
const MAX_CLASS_SOURCE = 4000;
/**
 * Most of ruff's findings listed for one file: a file of ordinary code has far fewer (one or two per
 * function), and past it the review's texts would be megabytes no one reads (`x;` written 100,000
 * times gives 150,000).
 */
const MAX_RUFF_FINDINGS = 10_000;
/**
 * One decoder for every file: a decode without `stream` starts afresh, fatal or not. `ignoreBOM`
 * keeps a byte order mark in the text (the decoder would drop it), so the enhanced file keeps it too.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

interface CheckedFile {
  path: string;
  /** The byte order mark the file started with ('' when none): kept in the enhanced text. */
  bom: string;
  source: string;
  /** The declared encoding when it is not UTF-8. */
  encoding?: string;
  /** The file's lines end with `\r` alone (DecodedFile). */
  crLineEnds?: boolean;
  diagnostics: RuffDiagnostic[];
  /** The language model's summary lines for its docstrings, if any. */
  summaries?: SummaryLines;
}

/**
 * Reviews files of the zip together: ruff's check of every file first, then each file parsed by
 * tree-sitter and reviewed. ruff's checks one after the other keep its code and memory in the
 * processor's caches: ~15-20 % less time for the whole review than checking and parsing file by file
 * (measured under the analyzer's flags), for no more memory (parsing the whole batch before
 * reviewing any file, every tree held, was no faster and peaked ~65 MB higher). Never throws for
 * bad input: a file that is not Python, or that cannot be reviewed (nested too deeply), says why,
 * and the others are reviewed.
 */
export async function reviewPythonFiles(
  files: ReadonlyArray<{ path: string; bytes: Uint8Array; summaries?: SummaryLines }>,
): Promise<FileReview[]> {
  const checked = files.map(({ path, bytes, summaries }) => {
    try {
      const file = checkFile(path, bytes);
      return summaries && 'source' in file ? { ...file, summaries } : file;
    } catch (error) {
      return notReviewable(path, error);
    }
  });
  const reviews: FileReview[] = [];
  for (const file of checked) {
    if (!('source' in file)) {
      reviews.push(file);
      continue;
    }
    try {
      reviews.push(reviewParsed(file, await parsePython(file.source)));
    } catch (error) {
      reviews.push(notReviewable(file.path, error));
    }
  }
  return reviews;
}

/**
 * The review of a file whose analysis threw: what it says depends on why. The file alone is not
 * reviewed; the other files of its batch are.
 */
function notReviewable(path: string, error: unknown): FileReview {
  if (error instanceof TreeTooDeepError) {
    return failed(
      path,
      `The file's code is nested more than ${MAX_TREE_DEPTH.toLocaleString('en')} levels deep (near line ${error.row + 1}: an expression of that many operators, or brackets and blocks inside each other), more than the review reads, so it was not reviewed.`,
    );
  }
  if (error instanceof RuffFailure) {
    return failed(
      path,
      error.cause === 'too deep'
        ? "The file's code is nested too deeply for the review's Python parser (ruff ran out of stack), so it was not reviewed."
        : error.cause === 'memory'
          ? `The file needs more memory than the review gives ruff (${RUFF_MEMORY_MB} MB): it is too large, or has too many findings, to review, so it was not reviewed.`
          : `ruff could not check the file (${error.message}), so it was not reviewed.`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return failed(
    path,
    error instanceof RangeError
      ? `The file is too large or nested too deeply to review (${message}), so it was not reviewed.`
      : `The review could not read the file (${message}), so it was not reviewed.`,
  );
}

/** Reviews one file of the zip (see reviewPythonFiles). */
export async function reviewPythonFile(path: string, bytes: Uint8Array): Promise<FileReview> {
  return (await reviewPythonFiles([{ path, bytes }]))[0]!;
}

interface DecodedFile {
  bom: string;
  source: string;
  /** The declared encoding when it is not UTF-8 (FileReview.encoding). */
  encoding?: string;
  /** The file's lines end with `\r` alone: `source` has `\n` instead (withLineEnds). */
  crLineEnds?: boolean;
}

/**
 * The file's text (decodeFile), or the review of a file that is not text or that nests deeper than
 * Python allows (nesting.ts: refused before any parser works on it).
 */
function sourceOf(path: string, bytes: Uint8Array): DecodedFile | FileReview {
  const decoded = decodeFile(path, bytes);
  if (!('source' in decoded)) return decoded;
  const problem = nestingProblem(decoded.source);
  return problem ? failed(path, problem) : decoded;
}

/**
 * The file's text without its byte order mark, or the review of a file that is not text. UTF-8
 * unless the file declares another encoding as Python reads it (PEP 263: a `coding[:=]name` comment
 * on the first line, or on the second after a comment or blank line).
 */
function decodeFile(path: string, bytes: Uint8Array): DecodedFile | FileReview {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? '\uFEFF' : '';
  const declared = declaredEncoding(bytes, bom ? 3 : 0);
  // After a BOM Python takes only a declaration it names utf-8 itself (`utf-8`, `UTF_8`, `utf-8-*`).
  const normal = declared?.slice(0, 12).toLowerCase().replaceAll('_', '-');
  if (bom && normal && normal !== 'utf-8' && !normal.startsWith('utf-8-')) {
    return failed(
      path,
      `The file starts with a UTF-8 byte order mark but declares the encoding '${declared}', which Python refuses, so it was not reviewed.`,
    );
  }
  if (declared && !UTF8_NAMES.has(declared.toLowerCase().replace(/[^0-9a-z]/g, ''))) {
    if (!iconv.encodingExists(declared)) {
      return failed(
        path,
        `The file declares the encoding '${declared}', which the review does not know, so it was not reviewed.`,
      );
    }
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const source = iconv.decode(buffer, declared, { stripBOM: false });
    // The download writes the text back in the encoding: it must give the file's bytes again (a
    // byte that is not text in the encoding decodes to a replacement character and does not).
    if (!iconv.encode(source, declared).equals(buffer)) {
      return failed(
        path,
        source.includes('\uFFFD')
          ? `The file is not ${declared} text, as it declares, so it was not reviewed.`
          : `The file's ${declared} text does not encode back to the same bytes, so it was not reviewed.`,
      );
    }
    return withLineEnds({ bom: '', source, encoding: declared });
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return failed(path, 'The file is not UTF-8 text, so it was not reviewed.');
  }
  return withLineEnds({ bom, source: bom ? text.slice(1) : text });
}

/**
 * A file whose lines end with a carriage return alone (old Mac files; Python reads them) is reviewed
 * with `\n` line ends, which tree-sitter needs, and written back with `\r` (same length: every offset
 * holds).
 */
function withLineEnds(decoded: DecodedFile): DecodedFile {
  if (!decoded.source.includes('\r') || decoded.source.includes('\n')) return decoded;
  return { ...decoded, source: decoded.source.replaceAll('\r', '\n'), crLineEnds: true };
}

/** Python's names of UTF-8 (and of ASCII, which UTF-8 reads alike), letters and digits only. */
const UTF8_NAMES = new Set(['utf8', 'utf8sig', 'u8', 'utf', 'cp65001', 'ascii', 'usascii', '646']);
/** Python's encoding declaration (tokenize's cookie_re and blank_re). */
const CODING = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/;
const BLANK_OR_COMMENT = /^[ \t\f]*(?:[#\r\n]|$)/;

/** The encoding named by the file's PEP 263 declaration (after its BOM: `start`), if it has one. */
function declaredEncoding(bytes: Uint8Array, start: number): string | undefined {
  const firstEnd = bytes.indexOf(0x0a);
  const first = latin1(bytes, start, firstEnd < 0 ? bytes.length : firstEnd);
  const onFirst = CODING.exec(first);
  if (onFirst) return onFirst[1];
  if (firstEnd < 0 || !BLANK_OR_COMMENT.test(first)) return undefined;
  const secondEnd = bytes.indexOf(0x0a, firstEnd + 1);
  return CODING.exec(latin1(bytes, firstEnd + 1, secondEnd < 0 ? bytes.length : secondEnd))?.[1];
}

/** Bytes as Latin-1 text (each byte one character): the declaration is ASCII in every encoding. */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(end, start + 1024) - start).toString(
    'latin1',
  );
}

/** The file's text and ruff's findings, or the review of a file that is not valid Python. */
function checkFile(path: string, bytes: Uint8Array): CheckedFile | FileReview {
  const decoded = sourceOf(path, bytes);
  if (!('source' in decoded)) return decoded;
  const verdict = ruffVerdict(path, decoded.source);
  return 'diagnostics' in verdict ? { path, ...decoded, diagnostics: verdict.diagnostics } : verdict;
}

/** What ruff says of a file: its findings, or the review of a file that is not valid Python. */
export type RuffVerdict = { diagnostics: RuffDiagnostic[] } | FileReview;

function ruffVerdict(path: string, source: string): RuffVerdict {
  let diagnostics: RuffDiagnostic[];
  try {
    diagnostics = checkWithRuff(source);
  } catch (error) {
    return notReviewable(path, error);
  }
  const syntax = diagnostics.find(isSyntaxError);
  if (syntax) {
    const row = syntax.start_location.row;
    const starts = lineStarts(source);
    const line = source.slice(starts[row - 1] ?? source.length, (starts[row] ?? source.length + 1) - 1);
    const hint = PYTHON2.test(line)
      ? ' The line looks like Python 2, which the review does not read (it reads Python 3).'
      : '';
    return failed(
      path,
      `The file is not valid Python (line ${row}, column ${syntax.start_location.column}: ${syntax.message}), so its functions were not reviewed.${hint}`,
    );
  }
  return { diagnostics };
}

/**
 * What only Python 2 wrote: a print or exec statement, `raise E, "message"`, backticks, `<>`,
 * `0777`, `10L`, `ur"..."` (`except E, e:` is Python 3.14's `except (E, e):`, read as such).
 */
const PYTHON2 =
  /^\s*(?:print\s+[^\s(=.,)\]]|exec\s+["'\w]|raise\s+[\w.]+\s*,)|`|<>|\b0\d+\b|\b\d+[lL]\b|\bur["']/;

/**
 * ruff's half of reviewPythonFileAlongside, run on another analysis thread at the same time as the
 * tree's half: ruff's verdict on the file.
 */
export function ruffVerdictOf(path: string, bytes: Uint8Array): RuffVerdict {
  const decoded = sourceOf(path, bytes);
  return 'source' in decoded ? ruffVerdict(path, decoded.source) : decoded;
}

/**
 * Reviews one (large) file with ruff's check running elsewhere at the same time (`verdict`, from
 * ruffVerdictOf on another analysis thread): the syntax tree is parsed, its functions found, checked
 * and given docstrings meanwhile, and ruff's findings are joined in when they come. The same review as
 * reviewPythonFiles gives, in about the time of the longer half instead of both.
 */
export async function reviewPythonFileAlongside(
  path: string,
  bytes: Uint8Array,
  verdict: Promise<RuffVerdict>,
  summaries?: SummaryLines,
): Promise<FileReview> {
  const decoded = sourceOf(path, bytes);
  if (!('source' in decoded)) return decoded;
  let tree: TreeReview | undefined;
  let treeError: unknown;
  try {
    tree = reviewTree(decoded.source, await parsePython(decoded.source), summaries);
  } catch (error) {
    // ruff's verdict may explain it (a file that is not Python); if not, the error stands.
    treeError = error;
  }
  let ruff: RuffVerdict;
  try {
    ruff = await verdict;
  } catch (error) {
    return notReviewable(path, error);
  }
  if (!('diagnostics' in ruff)) return ruff;
  if (!tree) return notReviewable(path, treeError);
  try {
    return joinRuff({ path, ...decoded, diagnostics: ruff.diagnostics }, tree);
  } catch (error) {
    return notReviewable(path, error);
  }
}

/** A function or class without a docstring, and the one written for it. */
interface DocstringTarget {
  kind: 'function' | 'class';
  /** Its index in TreeReview.functions or .classes. */
  index: number;
  /** The line of `def` or `class`. */
  defLine: number;
  slot?: PythonFunction['docstringSlot'];
  /** Written from the code alone. */
  docstring: string;
  /** With the language model's summary line, when the review was given one for it. */
  modelDocstring?: string;
}

/** What the syntax tree alone gives of a file: its functions and classes, checks and docstrings. */
interface TreeReview {
  functions: PythonFunction[];
  classes: PythonClass[];
  starts: number[];
  /** Per function, the project's own checks' findings. */
  checks: Finding[][];
  /** The functions and classes without a docstring, in source order. */
  docstrings: DocstringTarget[];
  /** Whether every docstring insertion is valid Python by construction (see isSafeInsertion). */
  docstringsProvenSafe: boolean;
  /** The 1-based line near which tree-sitter could not read the file, if it could not. */
  unreadFrom?: number;
}

/**
 * Summary lines for docstrings, by the first line (decorators included) of the function or class
 * they are for (the language model's, model.ts): they take the place of the ones written from the name.
 */
export type SummaryLines = Readonly<Record<number, string>>;

function reviewTree(source: string, tree: PlainTree, summaries?: SummaryLines): TreeReview {
  const classes: PythonClass[] = [];
  const functions = findFunctions(tree, source, classes);
  const starts = lineStarts(source);
  let docstringsProvenSafe = !tree.hasError;
  const docstrings: DocstringTarget[] = [];
  const target = (
    kind: DocstringTarget['kind'],
    index: number,
    slot: PythonFunction['docstringSlot'],
    defLine: number,
    startLine: number,
    write: (summaryLine?: string) => string,
  ) => {
    if (slot && docstringsProvenSafe && !isSafeInsertion(slot, source, starts)) docstringsProvenSafe = false;
    const summaryLine = summaries?.[startLine];
    docstrings.push({
      kind,
      index,
      defLine,
      ...(slot ? { slot } : {}),
      docstring: write(),
      ...(summaryLine ? { modelDocstring: write(summaryLine) } : {}),
    });
  };
  functions.forEach((fn, index) => {
    if (!fn.docstring)
      target('function', index, fn.docstringSlot, fn.defLine, fn.startLine, (line) =>
        generateDocstring(fn, line),
      );
  });
  if (classes.length > 0) {
    const byName = new Map(functions.map((fn) => [fn.qualifiedName, fn]));
    classes.forEach((cls, index) => {
      if (cls.docstring) return;
      const init = byName.get(`${cls.qualifiedName}.__init__`);
      target('class', index, cls.docstringSlot, cls.defLine, cls.startLine, (line) =>
        generateClassDocstring(cls, init, line),
      );
    });
    docstrings.sort((left, right) => left.defLine - right.defLine);
  }
  return {
    functions,
    classes,
    starts,
    checks: functions.map((fn) => runChecks(fn, source)),
    docstrings,
    docstringsProvenSafe,
    ...(tree.hasError ? { unreadFrom: firstErrorLine(tree.rootNode) } : {}),
  };
}

/**
 * The line of the first syntax error tree-sitter found under `root` (ERROR nodes, innermost): the
 * first ERROR in source order, then the first ERROR inside that one, and so on. A loop over the
 * nodes in source order (ids run in that order, a node's descendants are `id..lastId`).
 */
function firstErrorLine(root: SyntaxNode): number | undefined {
  let found: SyntaxNode | undefined;
  const pending = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    // Past the error's last descendant: nothing further is inside it.
    if (found && node.id > found.lastId) break;
    if (node.type === 'ERROR') found = node;
    for (let index = node.children.length - 1; index >= 0; index--) pending.push(node.children[index]!);
  }
  return found ? found.startRow + 1 : undefined;
}

/** The review of one file from ruff's findings and its syntax tree. */
function reviewParsed(file: CheckedFile, tree: PlainTree): FileReview {
  return joinRuff(file, reviewTree(file.source, tree, file.summaries));
}

/** ruff's findings joined with what the tree gave: the file's review and its enhanced text. */
function joinRuff(
  { path, bom, source, encoding, crLineEnds, diagnostics }: CheckedFile,
  tree: TreeReview,
): FileReview {
  const { functions, starts } = tree;
  const owner = lineOwners(functions, starts.length);
  const reviews: FunctionReview[] = functions.map((fn) => ({
    name: fn.qualifiedName,
    qualifiedName: fn.qualifiedName,
    ...(fn.className ? { className: fn.className } : {}),
    line: fn.startLine,
    endLine: fn.endLine,
    source: fn.source,
    findings: [],
  }));
  const moduleFindings: Finding[] = [];
  const safeEdits: TextEdit[] = [];
  const appliedCodes = new Set<string>();
  for (const diagnostic of diagnostics.length > MAX_RUFF_FINDINGS
    ? diagnostics.slice(0, MAX_RUFF_FINDINGS)
    : diagnostics) {
    const finding = toFinding(diagnostic, source, starts);
    const index = owner[diagnostic.start_location.row] ?? -1;
    if (index >= 0) reviews[index]!.findings.push(finding);
    else moduleFindings.push(finding);
    if (diagnostic.code && SAFE_FIX_RULES.has(diagnostic.code) && diagnostic.fix) {
      for (const edit of fixEdits(diagnostic, starts, source.length))
        safeEdits.push({ ...edit, code: diagnostic.code } as TextEdit);
    }
  }
  if (diagnostics.length > MAX_RUFF_FINDINGS) {
    moduleFindings.push({
      section: 'readability',
      source: 'check',
      code: 'DA203',
      message: `ruff found ${diagnostics.length.toLocaleString('en')} things to improve in this file: the review lists the first ${MAX_RUFF_FINDINGS.toLocaleString('en')} (and applies only their fixes).`,
      line: 1,
    });
  }
  if (tree.unreadFrom !== undefined) {
    moduleFindings.push({
      section: 'readability',
      source: 'check',
      code: 'DA202',
      message: `The syntax-tree parser (tree-sitter's Python grammar) could not read part of this file, which is valid Python, near line ${tree.unreadFrom}: functions there may be missing from this review.`,
      line: tree.unreadFrom,
    });
  }
  const docstringEdits: TextEdit[] = [];
  // A file written with CRLF line ends gets them in what is inserted too.
  const newline = source[source.indexOf('\n') - 1] === '\r' ? '\r\n' : '\n';
  functions.forEach((_, index) => {
    for (const finding of tree.checks[index]!) reviews[index]!.findings.push(finding);
  });
  // The model's summary lines are kept only if the file with their docstrings still parses.
  const isModelWritten =
    tree.docstrings.some((target) => target.modelDocstring) &&
    checkSyntax(
      applyEdits(
        source,
        tree.docstrings.flatMap((target) =>
          target.slot
            ? [
                docstringEdit(
                  target.slot,
                  indentDocstring(target.modelDocstring ?? target.docstring, target.slot.indent),
                  source,
                  starts,
                  newline,
                ),
              ]
            : [],
        ),
      ).text,
    );
  const classes: ClassReview[] = [];
  for (const target of tree.docstrings) {
    const docstring = (isModelWritten ? target.modelDocstring : undefined) ?? target.docstring;
    const byModel = docstring !== target.docstring;
    let indented: string;
    if (target.kind === 'function') {
      const fn = functions[target.index]!;
      const review = reviews[target.index]!;
      review.generatedDocstring = docstring;
      indented = attachDocstring(
        fn.defLine,
        fn.docstringSlot,
        review.findings,
        docstring,
        byModel,
        source,
        starts,
        fn,
      );
    } else {
      const cls = tree.classes[target.index]!;
      // The class's D101/D106 is the module's finding, or its enclosing function's.
      const ownerIndex = owner[cls.defLine] ?? -1;
      const findings = ownerIndex >= 0 ? reviews[ownerIndex]!.findings : moduleFindings;
      indented = attachDocstring(
        cls.defLine,
        cls.docstringSlot,
        findings,
        docstring,
        byModel,
        source,
        starts,
      );
      classes.push({
        name: cls.qualifiedName,
        line: cls.startLine,
        source:
          cls.source.length > MAX_CLASS_SOURCE ? `${cls.source.slice(0, MAX_CLASS_SOURCE)}\n...` : cls.source,
        generatedDocstring: docstring,
      });
    }
    if (target.slot) docstringEdits.push(docstringEdit(target.slot, indented, source, starts, newline));
  }
  for (const review of reviews)
    review.findings.sort((left, right) => left.line - right.line || left.code.localeCompare(right.code));
  moduleFindings.sort((left, right) => left.line - right.line || left.code.localeCompare(right.code));
  let enhanced = enhance(source, safeEdits, docstringEdits, tree.docstringsProvenSafe);
  // In a declared encoding, what was inserted must be writable in it (a docstring quoting a default
  // value's text always is: it comes from the file).
  if (encoding && iconv.decode(iconv.encode(enhanced.text, encoding), encoding) !== enhanced.text)
    enhanced = { text: source, applied: [], docstrings: 0 };
  for (const edit of enhanced.applied) {
    const code = (edit as TextEdit & { code?: string }).code;
    if (code) appliedCodes.add(code);
  }
  return {
    path,
    functions: reviews,
    ...(classes.length > 0 ? { classes } : {}),
    moduleFindings,
    enhanced: bom + (crLineEnds ? enhanced.text.replaceAll('\n', '\r') : enhanced.text),
    ...(encoding ? { encoding } : {}),
    appliedFixes: [...appliedCodes].sort(),
    docstringsAdded: enhanced.docstrings,
  };
}

function failed(path: string, error: string): FileReview {
  return { path, error, functions: [], moduleFindings: [], appliedFixes: [], docstringsAdded: 0 };
}

/** For each 1-based line, the index of the innermost function holding it (-1: none). */
function lineOwners(functions: PythonFunction[], lineCount: number): Int32Array {
  const owner = new Int32Array(lineCount + 2).fill(-1);
  // Parents come before their nested functions: the innermost one writes last.
  functions.forEach((fn, index) => {
    owner.fill(index, fn.startLine, Math.min(fn.endLine, lineCount + 1) + 1);
  });
  return owner;
}

/**
 * Gives ruff's missing-docstring finding (D10x on the `def` or `class` line) the generated docstring,
 * or adds the project's own (DA201). Returns the docstring indented for the body (at the slot's
 * indentation when there is a slot).
 */
function attachDocstring(
  defLine: number,
  slot: PythonFunction['docstringSlot'],
  findings: Finding[],
  docstring: string,
  byModel: boolean,
  source: string,
  starts: number[],
  fn?: PythonFunction,
): string {
  const defLineStart = starts[defLine - 1] ?? 0;
  const indent = slot?.indent ?? `${/^[ \t]*/.exec(source.slice(defLineStart))![0]}    `;
  const indented = indentDocstring(docstring, indent);
  // What the header (the def or class line to the body, signature lines and comments included)
  // was and becomes, as the finding shows it.
  const lineEnd = (at: number) => {
    const end = source.indexOf('\n', at);
    return end < 0 ? source.length : end;
  };
  const text = (start: number, end: number) => source.slice(start, end).replaceAll('\r', '');
  let before: string;
  let after: string;
  if (slot?.onDefLine) {
    const { start, end } = slot.onDefLine;
    before = text(defLineStart, lineEnd(end));
    after = `${text(defLineStart, start)}\n${indented}\n${indent}${text(end, lineEnd(end))}`;
  } else {
    before = text(defLineStart, slot ? (starts[slot.row] ?? source.length + 1) - 1 : lineEnd(defLineStart));
    after = `${before}\n${indented}`;
  }
  const written = `a Google-style docstring was written${byModel ? ' (its summary line by the language model)' : ''} from what the code says${fn ? docstringSources(fn, docstring) : ' (its attributes)'}`;
  const ruffFinding = findings.find(
    (finding) => DOCSTRING_RULES.test(finding.code) && finding.line === defLine,
  );
  if (ruffFinding) {
    ruffFinding.before = before;
    ruffFinding.after = after;
    ruffFinding.message = `${ruffFinding.message}: ${written}.`;
    return indented;
  }
  findings.push({
    section: 'readability',
    source: 'check',
    code: 'DA201',
    message: `The ${fn ? 'function' : 'class'} has no docstring: ${written}.`,
    line: defLine,
    before,
    after,
  });
  return indented;
}

/** What a function's generated docstring was written from, as the finding says it. */
function docstringSources(fn: PythonFunction, docstring: string): string {
  const sources = [
    /\nArgs:\n/.test(docstring) ? 'the arguments and their use' : undefined,
    /\nReturns:\n/.test(docstring) ? 'the return' : undefined,
    /\nYields:\n/.test(docstring) ? 'what it yields' : undefined,
    fn.raises.length > 0 ? 'the raised exceptions' : undefined,
  ].filter((entry): entry is string => !!entry);
  if (sources.length === 0) return '';
  return ` (${sources.length === 1 ? sources[0] : `${sources.slice(0, -1).join(', ')} and ${sources.at(-1)}`})`;
}

/** The edit that inserts a docstring (indented for its slot) into the file. */
function docstringEdit(
  slot: NonNullable<PythonFunction['docstringSlot']>,
  indented: string,
  source: string,
  starts: number[],
  newline: string,
): TextEdit {
  const lines = indented.replaceAll('\n', newline);
  if (slot.onDefLine) {
    return { ...slot.onDefLine, content: `${newline}${lines}${newline}${slot.indent}` };
  }
  const at = starts[slot.row] ?? source.length;
  const end = slot.replacesRowsTo === undefined ? at : (starts[slot.replacesRowsTo] ?? at);
  return { start: at, end, content: `${lines}${newline}` };
}

/**
 * Whether inserting a generated docstring at `slot` keeps a valid file valid, without parsing it
 * again. The docstring is a valid string literal by construction (generateDocstring escapes
 * backslashes and triple quotes in what it copies from the code, and ends with a period or on its
 * own line). It goes on a new line right before the body's first statement, with that statement's
 * indentation, which is the block's: Python then reads it as the block's first statement. That
 * holds when the row starts with the statement itself, not with a comment (whose indentation does
 * not count), and the line before does not end with a backslash (which would join the two lines).
 * Anything else is left to the second parse.
 */
function isSafeInsertion(
  slot: NonNullable<PythonFunction['docstringSlot']>,
  source: string,
  starts: number[],
): boolean {
  // After the def line's colon, the body moved to a line of its own at the block's indentation.
  if (slot.onDefLine) return true;
  if (!slot.beforeStatement) return false;
  const at = starts[slot.row];
  if (at === undefined || at === 0 || source[at - 1] !== '\n') return false;
  let end = at - 1;
  if (source[end - 1] === '\r') end--;
  return source[end - 1] !== '\\';
}

/**
 * Applies the docstrings and ruff's safe fixes; when the result does not parse, the docstrings
 * alone; when even that fails, nothing. ruff parses the result again unless only docstrings were
 * inserted and every insertion is valid by construction (`docstringsProvenSafe`).
 */
function enhance(
  source: string,
  safeEdits: TextEdit[],
  docstringEdits: TextEdit[],
  docstringsProvenSafe: boolean,
): { text: string; applied: TextEdit[]; docstrings: number } {
  const attempts: TextEdit[][] = [[...docstringEdits, ...safeEdits], docstringEdits];
  for (const edits of attempts) {
    if (edits.length === 0) continue;
    const { text, applied } = applyEdits(source, edits);
    const isDocstringsOnly = edits === docstringEdits || safeEdits.length === 0;
    if ((isDocstringsOnly && docstringsProvenSafe) || checkSyntax(text)) {
      return { text, applied, docstrings: applied.filter((edit) => docstringEdits.includes(edit)).length };
    }
  }
  return { text: source, applied: [], docstrings: 0 };
}
