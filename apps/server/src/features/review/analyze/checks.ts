// The project's own performance checks on the syntax tree, for classic patterns ruff does not flag,
// each with a concrete rewrite of the lines involved:
//
// DA101 a string built with `+=` in a loop            -> collect the pieces in a list, ''.join once
//       (bytes: b''.join)
// DA102 `for i in range(len(seq))` indexing `seq[i]`   -> enumerate(seq) (or iterate seq directly)
// DA103 `x in <list>` / `x in list(...)` / `x in [... for ...]` inside a loop -> a set built once
//       before the loop
// DA104 sorted(seq)[0] / sorted(seq)[-1]              -> min(seq) / max(seq) (O(n), no copy)
// DA105 work inside a loop that no iteration changes  -> computed once before the loop
//
// They stay conservative: a rewrite is suggested only when the names involved are not reassigned
// (or, for DA105 and a comprehension of DA103, mutated, given to a call that is not known to be
// pure, or read by a while loop's condition) inside the loop, and DA102 keeps the index wherever it
// is used besides the lookups. A module the file imports (`re`) is not taken to change under a call,
// unless the function declares it `global`. checks-corpus.test.ts holds the textbook cases, found
// and left alone.
import { descendants, type PythonFunction } from './python.js';
import type { SyntaxNode as Node } from './tree.js';
import type { Finding } from './types.js';

const LOOP_TYPES = new Set(['for_statement', 'while_statement']);
/** Targets whose elements are assigned one by one (assignedNames). */
const DESTRUCTURING_TYPES = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'tuple',
  'list',
  'list_splat_pattern',
]);
/** Statements and clauses that bind names (assignedNames). */
const BINDING_TYPES = new Set([
  'assignment',
  'augmented_assignment',
  'for_statement',
  'for_in_clause',
  'named_expression',
  'as_pattern',
  'delete_statement',
  'import_statement',
  'import_from_statement',
]);
const CONSTANT_TYPES = new Set(['integer', 'float', 'string', 'true', 'false', 'none']);
/** What makes a call's result differ between iterations, or hides what it reads (for DA105). */
const NOT_INVARIANT_TYPES = new Set([
  'lambda',
  'await',
  'yield',
  'named_expression',
  'list_comprehension',
  'generator_expression',
]);
const STRING_TYPES = new Set(['string', 'concatenated_string']);
/** Calls whose result depends only on their arguments (for DA105). */
const PURE_CALLS = new Set([
  'len',
  'sorted',
  'set',
  'frozenset',
  'tuple',
  'list',
  'dict',
  'min',
  'max',
  'sum',
  'abs',
  'str',
  'repr',
  're.compile',
  'os.path.join',
  'os.path.abspath',
  'os.path.dirname',
  'os.path.basename',
]);
/** String methods whose result depends only on the receiver and arguments (for DA105). */
const PURE_METHODS = new Set([
  'lower',
  'upper',
  'strip',
  'lstrip',
  'rstrip',
  'split',
  'casefold',
  'keys',
  'values',
  'items',
]);
/** Methods that change their receiver: a name used so in the loop is not loop-invariant. */
export const MUTATING_METHODS: ReadonlySet<string> = new Set([
  'append',
  'extend',
  'insert',
  'pop',
  'remove',
  'clear',
  'sort',
  'reverse',
  'add',
  'discard',
  'update',
  'setdefault',
  'popitem',
  'difference_update',
  'intersection_update',
  'symmetric_difference_update',
  '__setitem__',
  '__delitem__',
]);

function line(node: Node): number {
  return node.startRow + 1;
}

/** The whole source line(s) of a node, as written. */
function linesOf(source: string, node: Node): string {
  const start = source.lastIndexOf('\n', node.startIndex - 1) + 1;
  let end = source.indexOf('\n', node.endIndex);
  if (end < 0) end = source.length;
  return source.slice(start, end);
}

function indentOf(source: string, node: Node): string {
  const start = source.lastIndexOf('\n', node.startIndex - 1) + 1;
  return /^[ \t]*/.exec(source.slice(start, node.startIndex))![0];
}

/** The loop's header line (`for ... in ...:` / `while ...:`). */
function header(source: string, loop: Node): string {
  const body = loop.childForFieldName('body');
  const end = body ? body.startIndex : loop.endIndex;
  const start = source.lastIndexOf('\n', loop.startIndex - 1) + 1;
  const text = source.slice(start, end).replace(/\s+$/, '');
  return text.endsWith(':') ? text : `${text.split('\n')[0]}`;
}

/** Names bound inside `node`: assignment targets, loop targets, `with ... as`, walrus, del, imports. */
function assignedNames(node: Node): Set<string> {
  const names = new Set<string>();
  const addTargets = (target: Node | null) => {
    if (!target) return;
    if (target.type === 'identifier') names.add(target.text);
    else if (DESTRUCTURING_TYPES.has(target.type)) {
      for (const child of target.namedChildren) addTargets(child);
    } else if (target.type === 'subscript' || target.type === 'attribute') {
      // obj[k] = v or obj.attr = v changes obj.
      const root = rootName(target);
      if (root) names.add(root);
    }
  };
  for (const found of descendants(node, (candidate) => BINDING_TYPES.has(candidate.type))) {
    switch (found.type) {
      case 'assignment':
      case 'augmented_assignment':
        addTargets(found.childForFieldName('left'));
        break;
      case 'for_statement':
      case 'for_in_clause':
        addTargets(found.childForFieldName('left'));
        break;
      case 'named_expression':
        addTargets(found.childForFieldName('name'));
        break;
      case 'as_pattern':
        addTargets(found.childForFieldName('alias')?.namedChildren[0] ?? found.childForFieldName('alias'));
        break;
      case 'delete_statement':
        for (const child of found.namedChildren) addTargets(child);
        break;
      default:
        for (const child of found.namedChildren)
          if (child?.type === 'dotted_name') names.add(child.text.split('.')[0]!);
    }
  }
  // Receivers of mutating method calls.
  for (const call of descendants(node, (candidate) => candidate.type === 'call')) {
    const fn = call.childForFieldName('function');
    if (fn?.type === 'attribute') {
      const method = fn.childForFieldName('attribute')?.text ?? '';
      const root = rootName(fn.childForFieldName('object'));
      if (root && MUTATING_METHODS.has(method)) names.add(root);
    }
  }
  return names;
}

/** `a` of `a`, `a.b.c`, `a[1].b`. */
function rootName(node: Node | null): string | undefined {
  let current = node;
  while (current) {
    if (current.type === 'identifier') return current.text;
    if (current.type === 'attribute') current = current.childForFieldName('object');
    else if (current.type === 'subscript') current = current.childForFieldName('value');
    else return undefined;
  }
  return undefined;
}

/** The function's parameters and every name it binds: its local names. */
function localNames(fn: PythonFunction): Set<string> {
  const names = assignedNames(fn.body);
  for (const parameter of fn.parameters) names.add(parameter.identifier);
  return names;
}

/**
 * The names whose values may change while `loop` runs, for DA105: those it binds or visibly mutates
 * (`changed`), and those it may change unseen. A while loop's condition must change for it to end,
 * so every name there does; a call that is not known to be pure may change what it is given (its
 * arguments, the object of a method) and, as any call may, the names that are not the function's
 * own (module globals).
 */
function mayChange(
  loop: Node,
  changed: Set<string>,
  locals: Set<string>,
  imported: Set<string>,
): Set<string> {
  const names = new Set(changed);
  if (loop.type === 'while_statement') {
    const condition = loop.childForFieldName('condition');
    if (condition) for (const name of identifiersIn(condition)) names.add(name);
  }
  const calls = descendants(loop, (candidate) => candidate.type === 'call').filter(
    (call) => !isPureCall(call),
  );
  if (calls.length === 0) return names;
  for (const call of calls) {
    const fn = call.childForFieldName('function');
    if (fn?.type === 'attribute') {
      const root = rootName(fn.childForFieldName('object'));
      if (root) names.add(root);
    }
    const args = call.childForFieldName('arguments');
    if (args) for (const name of givenNames(args)) names.add(name);
  }
  for (const name of variablesIn(loop)) if (!locals.has(name) && !imported.has(name)) names.add(name);
  return names;
}

/** The module's imported names per file (the tree's root), found once. */
const importsOfModule = new WeakMap<Node, Set<string>>();

/**
 * The names the file binds by importing at module level (`import re`, `import os.path` -> `os`,
 * `import numpy as np` -> `np`, `from re import compile`): a call does not rebind them (short of a
 * `global` statement, which the function's own names account for), so they keep their value
 * through a loop.
 */
function moduleImports(fn: PythonFunction): Set<string> {
  let root = fn.node;
  while (root.parent) root = root.parent;
  let names = importsOfModule.get(root);
  if (names) return names;
  names = new Set();
  for (const statement of descendants(
    root,
    (candidate) => candidate.type === 'import_statement' || candidate.type === 'import_from_statement',
  )) {
    for (const child of statement.namedChildren) {
      if (statement.type === 'import_from_statement' && child.fieldName === 'module_name') continue;
      if (child.type === 'dotted_name') {
        const parts = child.text.split('.');
        names.add(statement.type === 'import_statement' ? parts[0]! : parts.at(-1)!);
      } else if (child.type === 'aliased_import') {
        const alias = child.childForFieldName('alias');
        if (alias) names.add(alias.text);
      }
    }
  }
  importsOfModule.set(root, names);
  return names;
}

/** Names the function declares `global` or `nonlocal`: any call may rebind those. */
function declaredGlobal(fn: PythonFunction): Set<string> {
  const names = new Set<string>();
  for (const statement of descendants(
    fn.body,
    (candidate) => candidate.type === 'global_statement' || candidate.type === 'nonlocal_statement',
  ))
    for (const child of statement.namedChildren) if (child.type === 'identifier') names.add(child.text);
  return names;
}

/** Containers and wrappers through which an argument hands over the objects in it (givenNames). */
const HANDING_TYPES = new Set([
  'argument_list',
  'tuple',
  'list',
  'set',
  'dictionary',
  'pair',
  'parenthesized_expression',
  'keyword_argument',
  'list_splat',
  'dictionary_splat',
  'expression_list',
]);

/**
 * The names whose objects an expression hands to a call (`f(a, (b, c), key=d, *e)`, `f(a.b)`,
 * `f(a[0])`): a call may change those. A computed value (`f(a + 1)`, `f(a.strip())`) is a new
 * object; a lambda hands over whatever it reads.
 */
function givenNames(node: Node): string[] {
  if (node.type === 'identifier') return [node.text];
  if (node.type === 'attribute' || node.type === 'subscript') {
    const root = rootName(node);
    return root ? [root] : [];
  }
  if (node.type === 'lambda') return identifiersIn(node);
  if (!HANDING_TYPES.has(node.type)) return [];
  return node.namedChildren.flatMap((child) =>
    node.type === 'keyword_argument' && child.fieldName === 'name' ? [] : givenNames(child),
  );
}

/** The names `node` reads as variables (not the `b` of `a.b`, not keyword names). */
function variablesIn(node: Node): string[] {
  return descendants(
    node,
    (candidate) =>
      candidate.type === 'identifier' &&
      !(candidate.fieldName === 'attribute' && candidate.parent?.type === 'attribute') &&
      !(candidate.fieldName === 'name' && candidate.parent?.type === 'keyword_argument'),
  ).map((found) => found.text);
}

function identifiersIn(node: Node): string[] {
  return descendants(node, (candidate) => candidate.type === 'identifier').map((found) => found.text);
}

/** The loops directly in this function (not in nested functions). */
function loopsOf(fn: PythonFunction): Node[] {
  return descendants(fn.body, (candidate) => LOOP_TYPES.has(candidate.type));
}

/** Runs every check on one function. */
export function runChecks(fn: PythonFunction, source: string): Finding[] {
  const findings: Finding[] = [];
  const loops = loopsOf(fn);
  const reported = new Set<string>();
  const add = (finding: Omit<Finding, 'section' | 'source'>) => {
    const key = `${finding.code}:${finding.line}:${finding.before}`;
    if (reported.has(key)) return;
    reported.add(key);
    findings.push({ section: 'performance', source: 'check', ...finding });
  };
  const stringNames = stringVariables(fn);
  const listNames = listVariables(fn);
  let locals: Set<string> | undefined;
  let imported: Set<string> | undefined;
  /** Comparisons reported for an outer loop already (DA103 names the outermost loop it can). */
  const membershipReported = new Set<number>();
  for (const loop of loops) {
    const body = loop.childForFieldName('body');
    if (!body) continue;
    checkStringConcatenation(loop, body, source, stringNames, add);
    if (loop.type === 'for_statement') checkRangeLen(fn, loop, body, source, add);
    const changed = assignedNames(loop);
    locals ??= localNames(fn);
    if (!imported) {
      imported = new Set(moduleImports(fn));
      for (const name of declaredGlobal(fn)) imported.delete(name);
    }
    const changing = mayChange(loop, changed, locals, imported);
    checkListMembership(loop, source, listNames, changed, changing, locals, membershipReported, add);
    checkLoopInvariant(loop, source, changing, locals, add);
  }
  checkSortedFirstLast(fn, source, add);
  return findings.sort((left, right) => left.line - right.line);
}

type Add = (finding: Omit<Finding, 'section' | 'source'>) => void;

type TextKind = 'str' | 'bytes';

/** Whether a string literal is text or bytes (`b"..."`, `rb'...'`). */
function literalKind(node: Node): TextKind {
  const literal = node.type === 'concatenated_string' ? node.namedChildren[0] : node;
  const text = literal?.text ?? '';
  return /[bB]/.test(text.slice(0, text.search(/['"]/))) ? 'bytes' : 'str';
}

/** Names assigned a string or bytes literal (or an f-string) in the function, with which. */
function stringVariables(fn: PythonFunction): Map<string, TextKind> {
  const names = new Map<string, TextKind>();
  for (const assignment of descendants(fn.body, (candidate) => candidate.type === 'assignment')) {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left?.type === 'identifier' && right && STRING_TYPES.has(right.type))
      names.set(left.text, literalKind(right));
  }
  for (const parameter of fn.parameters) {
    if (parameter.annotation === 'str') names.set(parameter.identifier, 'str');
    if (parameter.annotation === 'bytes') names.set(parameter.identifier, 'bytes');
  }
  return names;
}

/** Names assigned a list (literal, comprehension or list(...)) in the function, with that expression. */
function listVariables(fn: PythonFunction): Map<string, Node> {
  const names = new Map<string, Node>();
  for (const assignment of descendants(fn.body, (candidate) => candidate.type === 'assignment')) {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left?.type === 'identifier' && right && isListExpression(right)) names.set(left.text, right);
  }
  return names;
}

function isListExpression(node: Node): boolean {
  if (node.type === 'list' || node.type === 'list_comprehension') return true;
  return node.type === 'call' && node.childForFieldName('function')?.text === 'list';
}

function checkStringConcatenation(
  loop: Node,
  body: Node,
  source: string,
  strings: Map<string, TextKind>,
  add: Add,
): void {
  for (const statement of descendants(body, (candidate) => candidate.type === 'augmented_assignment')) {
    if (statement.childForFieldName('operator')?.text !== '+=') continue;
    const left = statement.childForFieldName('left');
    const right = statement.childForFieldName('right');
    if (left?.type !== 'identifier' || !right) continue;
    const kind = strings.get(left.text) ?? (STRING_TYPES.has(right.type) ? literalKind(right) : undefined);
    if (!kind) continue;
    const name = left.text;
    // Read inside the loop (besides being added to): joining once at the end would change what it reads.
    const isReadInLoop = descendants(
      loop,
      (candidate) => candidate.type === 'identifier' && candidate.text === name,
    ).some((use) => !(use.parent?.type === 'augmented_assignment' && use.fieldName === 'left'));
    if (isReadInLoop) continue;
    const parts = `${name}_parts`;
    const loopIndent = indentOf(source, loop);
    const statementIndent = indentOf(source, statement);
    add({
      code: 'DA101',
      message: `\`${name}\` is built with \`+=\` inside a loop, copying the whole ${kind === 'bytes' ? 'bytes object' : 'string'} on every iteration (quadratic time); collect the pieces in a list and join them once.`,
      line: line(statement),
      before: `${header(source, loop)}\n${statementIndent}${statement.text}`,
      after: `${loopIndent}${parts} = [${name}]\n${header(source, loop)}\n${statementIndent}${parts}.append(${right.text})\n${loopIndent}${name} = ${kind === 'bytes' ? "b''" : "''"}.join(${parts})`,
    });
  }
}

function checkRangeLen(fn: PythonFunction, loop: Node, body: Node, source: string, add: Add): void {
  const target = loop.childForFieldName('left');
  const iterable = loop.childForFieldName('right');
  if (target?.type !== 'identifier' || iterable?.type !== 'call') return;
  if (iterable.childForFieldName('function')?.text !== 'range') return;
  const rangeArgs = iterable.childForFieldName('arguments')?.namedChildren ?? [];
  if (rangeArgs.length !== 1 || rangeArgs[0]?.type !== 'call') return;
  const lenCall = rangeArgs[0];
  if (lenCall.childForFieldName('function')?.text !== 'len') return;
  const lenArgs = lenCall.childForFieldName('arguments')?.namedChildren ?? [];
  if (lenArgs.length !== 1 || !lenArgs[0]) return;
  const sequence = lenArgs[0].text;
  const index = target.text;
  const uses = descendants(body, (candidate) => candidate.type === 'identifier' && candidate.text === index);
  const indexing = descendants(
    body,
    (candidate) =>
      candidate.type === 'subscript' &&
      candidate.childForFieldName('value')?.text === sequence &&
      candidate.childForFieldName('subscript')?.text === index,
  );
  if (indexing.length === 0) return;
  // range(len(seq)) is fixed when the loop starts; enumerate(seq) would follow a seq that grows or
  // shrinks in the loop.
  if (isResized(loop, sequence)) return;
  // Writes through seq[i] need the index, and so does a use of it outside the body (in the loop's
  // `else`, after the loop): enumerate still gives it.
  const item = singular(sequence);
  const isUsedOutsideBody = descendants(
    fn.body,
    (candidate) =>
      candidate.type === 'identifier' &&
      candidate.text === index &&
      (candidate.startIndex < body.startIndex || candidate.startIndex >= body.endIndex),
  ).some((use) => use.id !== target.id);
  const isIndexOnlyForReads =
    uses.length === indexing.length && !isWrittenThrough(indexing) && !isUsedOutsideBody;
  const newHeader = isIndexOnlyForReads
    ? header(source, loop).replace(
        /for\s+\w+\s+in\s+range\(\s*len\(.*\)\s*\)\s*:$/,
        `for ${item} in ${sequence}:`,
      )
    : header(source, loop).replace(
        /for\s+\w+\s+in\s+range\(\s*len\(.*\)\s*\)\s*:$/,
        `for ${index}, ${item} in enumerate(${sequence}):`,
      );
  const firstUse = indexing[0]!;
  add({
    code: 'DA102',
    message: isIndexOnlyForReads
      ? `The loop goes through \`${sequence}\` by index only to read \`${sequence}[${index}]\`: iterate over \`${sequence}\` directly.`
      : `The loop indexes \`${sequence}[${index}]\` through \`range(len(${sequence}))\`: \`enumerate(${sequence})\` gives the index and the item without the lookups.`,
    line: line(loop),
    before: `${header(source, loop)}\n${linesOf(source, firstUse)}`,
    after: `${newHeader}\n${isWrittenThroughNode(firstUse) ? linesOf(source, firstUse) : linesOf(source, firstUse).split(`${sequence}[${index}]`).join(item)}`,
  });
}

/** Whether the loop rebinds `sequence`, changes its length through a method, or deletes from it. */
function isResized(loop: Node, sequence: string): boolean {
  for (const found of descendants(loop, (candidate) =>
    ['assignment', 'augmented_assignment', 'delete_statement', 'call'].includes(candidate.type),
  )) {
    if (found.type === 'call') {
      const fn = found.childForFieldName('function');
      const method = fn?.childForFieldName('attribute')?.text;
      if (
        fn?.type === 'attribute' &&
        fn.childForFieldName('object')?.text === sequence &&
        method !== '__setitem__' &&
        MUTATING_METHODS.has(method ?? '')
      )
        return true;
    } else if (found.type === 'delete_statement') {
      if (found.namedChildren.some((target) => target.text.startsWith(`${sequence}[`))) return true;
    } else if (found.childForFieldName('left')?.text === sequence) return true;
  }
  return false;
}

function isWrittenThroughNode(subscript: Node): boolean {
  const parent = subscript.parent;
  return (
    (parent?.type === 'assignment' || parent?.type === 'augmented_assignment') &&
    parent.childForFieldName('left')?.id === subscript.id
  );
}

function isWrittenThrough(subscripts: Node[]): boolean {
  return subscripts.some(isWrittenThroughNode);
}

function singular(name: string): string {
  const base = name.split('.').at(-1)!.replace(/[^\w]/g, '');
  if (base.endsWith('ies') && base.length > 3) return `${base.slice(0, -3)}y`;
  if (base.endsWith('s') && base.length > 1 && !base.endsWith('ss')) return base.slice(0, -1);
  return 'item';
}

function checkListMembership(
  loop: Node,
  source: string,
  lists: Map<string, Node>,
  assignedInLoop: Set<string>,
  changing: Set<string>,
  locals: Set<string>,
  reported: Set<number>,
  add: Add,
): void {
  const comparisons = descendants(loop, (candidate) => candidate.type === 'comparison_operator');
  for (const comparison of comparisons) {
    if (reported.has(comparison.id)) continue;
    const operators = comparison.children.filter(
      (child) => child && (child.type === 'in' || child.type === 'not in'),
    );
    if (operators.length !== 1) continue;
    const operands = comparison.namedChildren;
    if (operands.length !== 2) continue;
    const container = operands[1]!;
    let set: string | undefined;
    let setup: string | undefined;
    const loopIndent = indentOf(source, loop);
    if (container.type === 'list' && container.namedChildren.every((item) => item && isConstant(item))) {
      set = `{${container.namedChildren.map((item) => item!.text).join(', ')}}`;
      if (container.namedChildren.length === 0) continue;
    } else if (container.type === 'call' && container.childForFieldName('function')?.text === 'list') {
      const argument = container.childForFieldName('arguments')?.namedChildren[0];
      if (!argument || identifiersIn(argument).some((name) => assignedInLoop.has(name))) continue;
      set = `${safeName(argument.text)}_set`;
      setup = `${loopIndent}${set} = set(${argument.text})`;
    } else if (
      container.type === 'identifier' &&
      lists.has(container.text) &&
      !assignedInLoop.has(container.text)
    ) {
      set = `${container.text}_set`;
      setup = `${loopIndent}${set} = set(${container.text})`;
    } else if (COMPREHENSION_TYPES.has(container.type)) {
      // Built again on every iteration; once before the loop gives the same items when nothing it
      // reads changes in the loop and it calls nothing that may have effects.
      if (!isHoistableComprehension(container, changing)) continue;
      set = comprehensionSetName(container, locals);
      setup = `${loopIndent}${set} = {${container.text.slice(1, -1)}}`;
    }
    if (!set) continue;
    reported.add(comparison.id);
    const loopHeader = header(source, loop);
    const isInHeader = comparison.startIndex < (loop.childForFieldName('body')?.startIndex ?? loop.endIndex);
    const statementLine = isInHeader ? loopHeader : linesOf(source, comparison);
    const replaced = statementLine.split(container.text).join(set);
    add({
      code: 'DA103',
      message: COMPREHENSION_TYPES.has(container.type)
        ? `\`${comparison.text}\` builds ${container.type === 'generator_expression' ? 'and scans the items' : container.type === 'set_comprehension' ? 'a set' : 'a list'} again on every iteration and ${container.type === 'set_comprehension' ? 'uses it once' : 'scans it'} (O(n) each time), though nothing it reads changes in the loop: build a set once before the loop and test membership in it (O(1); its items must be hashable).`
        : setup
          ? `\`${comparison.text}\` scans a list on every iteration (O(n) each time); test membership against a set built once before the loop (O(1)).`
          : `\`${comparison.text}\` scans a list on every iteration (O(n) each time); a set literal tests membership in O(1), and Python builds it once, when the code is compiled.`,
      line: line(comparison),
      before: isInHeader ? loopHeader : `${loopHeader}\n${statementLine}`,
      after: `${setup ? `${setup}\n` : ''}${isInHeader ? replaced : `${loopHeader}\n${replaced}`}`,
    });
  }
}

const COMPREHENSION_TYPES = new Set(['list_comprehension', 'set_comprehension', 'generator_expression']);

/**
 * Whether a comprehension in a loop gives the same items on every iteration: it reads nothing the
 * loop may change (its own loop names aside) and calls only what is known to be pure.
 */
function isHoistableComprehension(comprehension: Node, changing: Set<string>): boolean {
  if (
    descendants(
      comprehension,
      (candidate) => NOT_INVARIANT_TYPES.has(candidate.type) && candidate.id !== comprehension.id,
    ).length > 0
  )
    return false;
  const calls = descendants(comprehension, (candidate) => candidate.type === 'call');
  if (!calls.every(isPureCall)) return false;
  const own = new Set<string>();
  for (const clause of descendants(comprehension, (candidate) => candidate.type === 'for_in_clause'))
    for (const name of identifiersIn(clause.childForFieldName('left')!)) own.add(name);
  const reads = variablesIn(comprehension).filter((name) => !own.has(name));
  if (reads.includes('self')) return false;
  return reads.every((name) => PURE_CALLS.has(name) || !changing.has(name));
}

/**
 * A name for the set a comprehension becomes: `[u.id for u in users]` -> `user_ids`,
 * `[n for n in names]` -> `names_set`, else after what it goes through; never one the function uses.
 */
function comprehensionSetName(comprehension: Node, locals: Set<string>): string {
  const body = comprehension.childForFieldName('body');
  const clause = comprehension.namedChildren.find((child) => child.type === 'for_in_clause');
  const target = clause?.childForFieldName('left');
  const iterable = clause?.childForFieldName('right');
  const over = iterable ? safeName(iterable.text) : 'values';
  let name = `${over}_set`;
  if (
    body?.type === 'attribute' &&
    target?.type === 'identifier' &&
    body.childForFieldName('object')?.text === target.text &&
    iterable?.type === 'identifier'
  ) {
    const attribute = body.childForFieldName('attribute')!.text;
    name = `${singular(iterable.text) === 'item' ? iterable.text : singular(iterable.text)}_${attribute}s`;
  }
  while (locals.has(name)) name = `${name}_set`;
  return name;
}

function isConstant(node: Node): boolean {
  return (
    CONSTANT_TYPES.has(node.type) || (node.type === 'unary_operator' && isConstant(node.namedChildren[0]!))
  );
}

function safeName(text: string): string {
  const name = text
    .replace(/[^\w]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
  return /^[A-Za-z_]/.test(name) ? name : `values_${name}`;
}

function checkSortedFirstLast(fn: PythonFunction, source: string, add: Add): void {
  const subscripts = descendants(fn.body, (candidate) => candidate.type === 'subscript');
  for (const subscript of subscripts) {
    const value = subscript.childForFieldName('value');
    const index = subscript.childForFieldName('subscript');
    if (value?.type !== 'call' || !index) continue;
    if (value.childForFieldName('function')?.text !== 'sorted') continue;
    const isFirst = index.text === '0';
    const isLast = index.text === '-1';
    if (!isFirst && !isLast) continue;
    const args = value.childForFieldName('arguments')?.namedChildren ?? [];
    const sequence = args.find((arg) => arg?.type !== 'keyword_argument');
    if (!sequence) continue;
    const keywords = args.filter((arg) => arg?.type === 'keyword_argument');
    const reverse = keywords.find((arg) => arg?.childForFieldName('name')?.text === 'reverse');
    const isReversed = reverse?.childForFieldName('value')?.text === 'True';
    if (reverse && !isReversed && reverse.childForFieldName('value')?.text !== 'False') continue;
    const key = keywords.find((arg) => arg?.childForFieldName('name')?.text === 'key');
    const takesMax = isLast !== isReversed;
    const replacement = `${takesMax ? 'max' : 'min'}(${sequence.text}${key ? `, ${key.text}` : ''})`;
    const statement = linesOf(source, subscript);
    add({
      code: 'DA104',
      message: `\`${subscript.text}\` sorts a whole copy of the sequence (O(n log n)) to take one item; \`${replacement}\` finds it in one pass.`,
      line: line(subscript),
      before: statement,
      after: statement.split(subscript.text).join(replacement),
    });
  }
}

function checkLoopInvariant(
  loop: Node,
  source: string,
  changed: Set<string>,
  locals: Set<string>,
  add: Add,
): void {
  // Whether a call is invariant, once per call: every call below asks it of its enclosing calls.
  const invariant = new Map<Node, boolean>();
  const isInvariantCall = (call: Node) => {
    let known = invariant.get(call);
    if (known === undefined) {
      known = isInvariant(call, changed);
      invariant.set(call, known);
    }
    return known;
  };
  const parts =
    loop.type === 'while_statement'
      ? [loop.childForFieldName('condition'), loop.childForFieldName('body')]
      : [loop.childForFieldName('body')];
  for (const part of parts) {
    if (!part) continue;
    const calls = descendants(part, (candidate) => candidate.type === 'call');
    for (const call of calls) {
      if (!isPureCall(call)) continue;
      // Report the outermost invariant call only.
      let parent = call.parent;
      let isInsideReported = false;
      while (parent && parent.id !== loop.id) {
        if (parent.type === 'call' && isPureCall(parent) && isInvariantCall(parent)) isInsideReported = true;
        if (LOOP_TYPES.has(parent.type) && parent.id !== loop.id) isInsideReported = true;
        parent = parent.parent;
      }
      if (isInsideReported || !isInvariantCall(call)) continue;
      // A new list, set or dict each time: hoisted, every iteration would share one object.
      if (FRESH_OBJECT_CALLS.has(call.childForFieldName('function')?.text ?? '')) continue;
      if (isFreshObjectMethod(call)) continue;
      // Nothing read but constants (`len('abc')`): nothing to gain.
      const args = call.childForFieldName('arguments');
      const fn = call.childForFieldName('function');
      const reads = [
        ...(args ? variablesIn(args) : []),
        ...(fn?.type === 'attribute' ? [rootName(fn) ?? ''] : []),
      ];
      if (reads.filter(Boolean).length === 0) continue;
      if (isPolled(call, loop, changed)) continue;
      const loopIndent = indentOf(source, loop);
      const statement = linesOf(source, call);
      const loopHeader = header(source, loop);
      const isInHeader = call.startIndex < (loop.childForFieldName('body')?.startIndex ?? loop.endIndex);
      const isCompile = call.childForFieldName('function')?.text === 're.compile';
      const why = isCompile
        ? `\`${call.text}\` compiles the same pattern on every iteration (re keeps a cache of compiled patterns, but each call still looks it up, and compiles it again once other patterns have pushed it out): compile it once before the loop.`
        : `\`${call.text}\` gives the same result on every iteration (nothing it reads changes in the loop): compute it once before the loop.`;
      // `name = <call>` as a statement of its own in the loop: the statement itself moves.
      const assigned = movableAssignment(call, loop, changed);
      if (assigned) {
        add({
          code: 'DA105',
          message: `${why.slice(0, why.lastIndexOf(':'))}: assign \`${assigned}\` once, before the loop.`,
          line: line(call),
          before: `${loopHeader}\n${statement}`,
          after: `${loopIndent}${statement.trimStart()}\n${loopHeader}`,
        });
        continue;
      }
      const variable = invariantName(call, locals);
      const replaced = (text: string) => text.split(call.text).join(variable);
      add({
        code: 'DA105',
        message: why,
        line: line(call),
        before: isInHeader ? loopHeader : `${loopHeader}\n${statement}`,
        after: isInHeader
          ? `${loopIndent}${variable} = ${call.text}\n${replaced(loopHeader)}`
          : `${loopIndent}${variable} = ${call.text}\n${loopHeader}\n${replaced(statement)}`,
      });
    }
  }
}

/**
 * The name `call` is assigned to when the call is the whole right side of a statement of its own,
 * directly in the loop's body, that is the loop's only binding of the name and comes before any
 * use of it in the loop: then the statement can move before the loop as it is.
 */
function movableAssignment(call: Node, loop: Node, changed: Set<string>): string | undefined {
  const assignment = call.parent;
  if (assignment?.type !== 'assignment' || assignment.childForFieldName('right')?.id !== call.id)
    return undefined;
  const target = assignment.childForFieldName('left');
  if (target?.type !== 'identifier' || !changed.has(target.text)) return undefined;
  const statement = assignment.parent;
  if (
    statement?.type !== 'expression_statement' ||
    statement.parent?.id !== loop.childForFieldName('body')?.id
  )
    return undefined;
  // The call reads the name it is assigned to (`x = len(x)`): not the same once moved.
  if (identifiersIn(call).includes(target.text)) return undefined;
  const name = target.text;
  // Every other use in the loop comes after it and only reads the name.
  const uses = descendants(
    loop,
    (candidate) => candidate.type === 'identifier' && candidate.text === name && candidate.id !== target.id,
  );
  return uses.every((use) => use.startIndex > assignment.endIndex && !isWrite(use)) ? name : undefined;
}

/** Whether this use of a name binds it or changes its object (`x = ...`, `x[0] = ...`, `x.append()`). */
function isWrite(identifier: Node): boolean {
  let node = identifier;
  while (node.parent && DESTRUCTURING_TYPES.has(node.parent.type)) node = node.parent;
  const parent = node.parent;
  if (!parent) return false;
  if (BINDING_TYPES.has(parent.type) && ['left', 'name', 'alias'].includes(node.fieldName ?? '')) return true;
  if (parent.type === 'delete_statement' || parent.type === 'as_pattern_target') return true;
  if (parent.type === 'attribute' || parent.type === 'subscript') {
    const holder = parent.parent;
    if (
      (holder?.type === 'assignment' || holder?.type === 'augmented_assignment') &&
      parent.fieldName === 'left'
    )
      return true;
    if (holder?.type === 'delete_statement') return true;
    const method = parent.type === 'attribute' ? parent.childForFieldName('attribute')?.text : undefined;
    if (holder?.type === 'call' && method && MUTATING_METHODS.has(method)) return true;
  }
  return false;
}

/** Pure calls that return a new mutable object each time (not hoisted by DA105). */
const FRESH_OBJECT_CALLS = new Set(['sorted', 'set', 'list', 'dict']);

function isFreshObjectMethod(call: Node): boolean {
  const fn = call.childForFieldName('function');
  return fn?.type === 'attribute' && fn.childForFieldName('attribute')?.text === 'split';
}

/**
 * Whether `call` is part of a condition inside the loop (an `if`, `elif` or `while`) that reads
 * nothing the loop changes: a loop testing what never changes would be pointless, so what it tests
 * changes unseen (another thread, a file, a clock) and is polled, not loop-invariant.
 */
function isPolled(call: Node, loop: Node, changed: Set<string>): boolean {
  for (let node: Node | null = call; node && node.id !== loop.id; node = node.parent) {
    if (node.fieldName !== 'condition') continue;
    if (!['if_statement', 'elif_clause', 'while_statement'].includes(node.parent?.type ?? '')) continue;
    return variablesIn(node).every((name) => PURE_CALLS.has(name) || !changed.has(name));
  }
  return false;
}

function isPureCall(call: Node): boolean {
  const fn = call.childForFieldName('function');
  if (!fn) return false;
  if (PURE_CALLS.has(fn.text)) return true;
  if (fn.type === 'attribute') {
    const method = fn.childForFieldName('attribute')?.text ?? '';
    const object = fn.childForFieldName('object');
    return PURE_METHODS.has(method) && object?.type === 'identifier';
  }
  return false;
}

function isInvariant(call: Node, changed: Set<string>): boolean {
  // Nested calls must be pure too; every name read must keep its value through the loop.
  const nested = descendants(call, (candidate) => candidate.type === 'call' && candidate.id !== call.id);
  if (!nested.every(isPureCall)) return false;
  if (descendants(call, (candidate) => NOT_INVARIANT_TYPES.has(candidate.type)).length > 0) return false;
  const names = identifiersIn(call);
  if (names.includes('self')) return false;
  return names.every((name) => PURE_CALLS.has(name) || !changed.has(name));
}

/** A name for the hoisted value, after what it computes; never one the function uses already. */
function invariantName(call: Node, locals: Set<string>): string {
  let name = baseInvariantName(call);
  for (let n = 2; locals.has(name); n++) name = `${baseInvariantName(call)}_${n}`;
  return name;
}

function baseInvariantName(call: Node): string {
  const fn = call.childForFieldName('function')?.text ?? 'value';
  const argument = call.childForFieldName('arguments')?.namedChildren[0]?.text ?? '';
  if (fn === 'len') return `${safeName(argument)}_count`;
  if (fn === 're.compile') return 'pattern';
  if (fn.includes('.')) {
    const [object, method] = [fn.slice(0, fn.lastIndexOf('.')), fn.slice(fn.lastIndexOf('.') + 1)];
    return safeName(`${object}_${method}`);
  }
  return safeName(`${fn}_${argument}`);
}
