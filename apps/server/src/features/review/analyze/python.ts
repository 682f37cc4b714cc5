// Python syntax trees through tree-sitter (web-tree-sitter with tree-sitter-python's WebAssembly
// grammar: no native build), and the functions of a file as the review sees them: plain, async,
// nested and decorated functions and methods, each with its class, signature, docstring, return,
// yield and raise statements.
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { bracketLineBreaks } from './ruff.js';
import {
  type CursorBinding,
  cursorBinding,
  type SyntaxNode as Node,
  type PlainTree,
  toPlainTree,
} from './tree.js';

let loading: Promise<Parser> | undefined;
/**
 * web-tree-sitter's WebAssembly module, for the tree copy's direct cursor calls (tree.ts): the
 * options object given to `Parser.init` becomes the module (Emscripten's `Module = moduleArg`), so
 * it holds the exports afterwards. Undefined when tree-sitter was initialised elsewhere first or the
 * exports are not there: the copy then goes through web-tree-sitter's TreeCursor.
 */
let binding: CursorBinding | undefined;

/** The shared Python parser (loaded once per process). */
export function pythonParser(): Promise<Parser> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const module = {};
    await Parser.init(module);
    binding = cursorBinding(module);
    const language = await Language.load(require.resolve('tree-sitter-python/tree-sitter-python.wasm'));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  return loading;
}

/** The cursor binding the tree copy uses (undefined: web-tree-sitter's TreeCursor), once loaded. */
export async function pythonCursorBinding(): Promise<CursorBinding | undefined> {
  await pythonParser();
  return binding;
}

/** The syntax tree of `source`, as plain objects (see tree.ts). */
export async function parsePython(source: string): Promise<PlainTree> {
  const parser = await pythonParser();
  const plain = parseWith(parser, source, source);
  if (!plain.hasError) return plain;
  // tree-sitter's grammar stumbles on a continuation line inside brackets indented less than its
  // block (valid Python: the standard library's test_compile.py). Parsed again with the line breaks
  // inside brackets as spaces (same length: every node's offsets hold).
  const breaks = bracketLineBreaks(source);
  if (breaks.length === 0) return plain;
  const chars = source.split('');
  for (const index of breaks) chars[index] = ' ';
  // toPlainTree takes rows from the offsets in the file's own text, so they are the file's lines.
  const joined = parseWith(parser, chars.join(''), source);
  return joined.hasError ? plain : joined;
}

/** Parses `text`, copying the tree with `source` (the same length) as the nodes' text. */
function parseWith(parser: Parser, text: string, source: string): PlainTree {
  const tree = parser.parse(text);
  if (!tree) throw new Error('The Python parser gave no tree.');
  try {
    return toPlainTree(tree, source, binding);
  } finally {
    tree.delete();
  }
}

export interface Parameter {
  /** As written for documentation: `name`, `*args`, `**kwargs`. */
  name: string;
  /** The bare identifier. */
  identifier: string;
  annotation?: string;
  defaultValue?: string;
  kind: 'plain' | 'args' | 'kwargs';
}

export interface RaiseInfo {
  exception: string;
  /**
   * When it is raised, as far as the code says: each place's `if` condition (`else`: that it is
   * false), the exception caught by the `except` it sits in, or `always` when it is directly in the
   * function's body; places that say nothing of it are left out.
   */
  when: RaiseCase[];
}

export type RaiseCase =
  | { kind: 'if'; condition: string }
  | { kind: 'else'; condition: string }
  | { kind: 'except'; caught: string }
  | { kind: 'always' };

/** A class, as its docstring is written (class docstrings, D101). */
export interface PythonClass {
  name: string;
  /** With the enclosing classes and functions (`Outer.Inner`). */
  qualifiedName: string;
  decorators: string[];
  /** The superclasses as written (`Exception`, `enum.Enum`), keyword arguments left out. */
  bases: string[];
  /** 1-based lines, decorators included. */
  startLine: number;
  endLine: number;
  /** The line of `class`. */
  defLine: number;
  /** Source text, decorators included. */
  source: string;
  docstring?: string;
  docstringSlot?: PythonFunction['docstringSlot'];
  /** The class_definition node (valid while its tree is). */
  node: Node;
  body: Node;
}

export interface PythonFunction {
  name: string;
  /** With the enclosing classes and functions, e.g. `Parser.feed` or `outer.<locals>.inner` as `outer.inner`. */
  qualifiedName: string;
  /** The innermost enclosing class when the function is a method. */
  className?: string;
  isAsync: boolean;
  isMethod: boolean;
  decorators: string[];
  /** 1-based lines, decorators included. */
  startLine: number;
  endLine: number;
  /** The line of `def`. */
  defLine: number;
  /** Source text, decorators included. */
  source: string;
  /** Character offsets of that text in the file. */
  startIndex: number;
  endIndex: number;
  parameters: Parameter[];
  returnAnnotation?: string;
  docstring?: string;
  /** Returns a value somewhere (not counting nested functions). */
  returnsValue: boolean;
  yields: boolean;
  raises: RaiseInfo[];
  /**
   * Where a docstring goes: before this 0-based row, indented so. `beforeStatement`: the row starts
   * with the body's first statement (not a comment, whose indentation Python ignores), so the row's
   * indentation is the block's. `onDefLine`: the body follows the signature's colon on its line
   * (`def f(): return 1`); the docstring replaces the blanks from the colon to the body
   * (`start`..`end`), and the body moves to a line of its own after it, at `indent`.
   */
  docstringSlot?: {
    row: number;
    indent: string;
    beforeStatement: boolean;
    /** The blank rows from `row` up to this one are replaced by the docstring. */
    replacesRowsTo?: number;
    onDefLine?: { start: number; end: number };
  };
  /** The function_definition node (valid while its tree is). */
  node: Node;
  /** The body block. */
  body: Node;
  depth: number;
}

const FUNCTION_TYPES = new Set(['function_definition']);
const SCOPE_TYPES = new Set(['function_definition', 'class_definition', 'lambda']);

type Scope = Array<{ kind: 'class' | 'function'; name: string }>;

/**
 * Every function of the tree, in source order, nested ones after their parent; and, into `classes`
 * when given, every class.
 */
export function findFunctions(tree: PlainTree, source: string, classes?: PythonClass[]): PythonFunction[] {
  const found: PythonFunction[] = [];
  // Nodes still to look at with their scope, the next on top: a loop, not a recursion, so the
  // tree's depth never meets the stack's.
  const pending: Array<{ node: Node; scope: Scope }> = [];
  const visitChildren = (node: Node, scope: Scope) => {
    for (let index = node.namedChildren.length - 1; index >= 0; index--)
      pending.push({ node: node.namedChildren[index]!, scope });
  };
  visitChildren(tree.rootNode, []);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node: child, scope } = next;
    let definition: Node | null = child;
    const outer: Node = child;
    const decorators: string[] = [];
    if (child.type === 'decorated_definition') {
      definition = child.childForFieldName('definition');
      for (const decorator of child.namedChildren) {
        if (decorator?.type === 'decorator') decorators.push(decorator.text.replace(/^@\s*/, ''));
      }
    }
    if (definition && FUNCTION_TYPES.has(definition.type)) {
      const described = describeFunction(definition, outer, decorators, scope, source);
      found.push(described);
      visitChildren(described.body, [...scope, { kind: 'function', name: described.name }]);
      continue;
    }
    if (definition?.type === 'class_definition') {
      const name = definition.childForFieldName('name')?.text ?? '?';
      const body = definition.childForFieldName('body');
      if (body && classes) classes.push(describeClass(definition, body, outer, decorators, scope, source));
      if (body) visitChildren(body, [...scope, { kind: 'class', name }]);
      continue;
    }
    visitChildren(child, scope);
  }
  return found;
}

function describeFunction(
  definition: Node,
  outer: Node,
  decorators: string[],
  scope: Scope,
  source: string,
): PythonFunction {
  const name = definition.childForFieldName('name')?.text ?? '?';
  const body = definition.childForFieldName('body')!;
  const enclosing = scope.at(-1);
  const isMethod = enclosing?.kind === 'class';
  const isAsync = definition.children.some((child) => child?.type === 'async');
  const parameters = readParameters(definition.childForFieldName('parameters'));
  const returnType = definition.childForFieldName('return_type');
  const facts = { returnsValue: false, yields: false, raises: [] as RaiseInfo[] };
  collectFlow(body, facts);
  const { docstring, docstringSlot } = docstringOf(definition, body, source);
  const startIndex = lineStartOf(source, outer.startIndex);
  return {
    name,
    qualifiedName: [...scope.map((entry) => entry.name), name].join('.'),
    ...(isMethod ? { className: enclosing.name } : {}),
    isAsync,
    isMethod,
    decorators,
    startLine: outer.startRow + 1,
    endLine: outer.endRow + 1,
    defLine: definition.startRow + 1,
    source: source.slice(startIndex, outer.endIndex),
    startIndex,
    endIndex: outer.endIndex,
    parameters,
    ...(returnType ? { returnAnnotation: returnType.text } : {}),
    ...(docstring ? { docstring } : {}),
    ...facts,
    ...(docstringSlot ? { docstringSlot } : {}),
    node: definition,
    body,
    depth: scope.filter((entry) => entry.kind === 'function').length,
  };
}

function describeClass(
  definition: Node,
  body: Node,
  outer: Node,
  decorators: string[],
  scope: Scope,
  source: string,
): PythonClass {
  const name = definition.childForFieldName('name')?.text ?? '?';
  const superclasses = definition.childForFieldName('superclasses');
  const bases = (superclasses?.namedChildren ?? [])
    .filter((child) => child.type !== 'keyword_argument' && child.type !== 'comment')
    .map((child) => child.text);
  const { docstring, docstringSlot } = docstringOf(definition, body, source);
  const startIndex = lineStartOf(source, outer.startIndex);
  return {
    name,
    qualifiedName: [...scope.map((entry) => entry.name), name].join('.'),
    decorators,
    bases,
    startLine: outer.startRow + 1,
    endLine: outer.endRow + 1,
    defLine: definition.startRow + 1,
    source: source.slice(startIndex, outer.endIndex),
    ...(docstring ? { docstring } : {}),
    ...(docstringSlot ? { docstringSlot } : {}),
    node: definition,
    body,
  };
}

/** The docstring a function's or class's body starts with, and where one goes when it has none. */
function docstringOf(
  definition: Node,
  body: Node,
  source: string,
): { docstring?: string; docstringSlot?: PythonFunction['docstringSlot'] } {
  const first = body.namedChildren[0];
  let docstring: string | undefined;
  const literal = first?.type === 'expression_statement' ? first.namedChildren[0] : undefined;
  if (literal && first!.namedChildren.length === 1 && isDocstringLiteral(literal)) docstring = literal.text;
  let docstringSlot: PythonFunction['docstringSlot'];
  if (first) {
    // Comments between the def line and the first statement stay where they are: the docstring
    // goes right before the first statement.
    const lineStart = source.lastIndexOf('\n', first.startIndex - 1) + 1;
    const indent = source.slice(lineStart, first.startIndex);
    if (first.startRow > definition.startRow && /^[ \t]*$/.test(indent)) {
      // Right under the header when blank lines part it from the body: no blank line goes before
      // a docstring (D201, D211), nor, in a function, after it (D202: the docstring takes their place).
      let row = first.startRow;
      let start = lineStart;
      while (row - 1 > definition.startRow) {
        const previous = source.lastIndexOf('\n', start - 2) + 1;
        if (!/^[ \t\f]*\r?$/.test(source.slice(previous, start - 1))) break;
        row--;
        start = previous;
      }
      docstringSlot = {
        row,
        indent,
        beforeStatement: first.type !== 'comment',
        ...(definition.type === 'function_definition' && row < first.startRow
          ? { replacesRowsTo: first.startRow }
          : {}),
      };
    } else docstringSlot = defLineSlot(definition, first, source);
  }
  return { ...(docstring ? { docstring } : {}), ...(docstringSlot ? { docstringSlot } : {}) };
}

/** The start of the line holding `index` (so a method's text keeps its indentation). */
function lineStartOf(source: string, index: number): number {
  const lineStart = source.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*$/.test(source.slice(lineStart, index)) ? lineStart : index;
}

function readParameters(node: Node | null): Parameter[] {
  if (!node) return [];
  const parameters: Parameter[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    switch (child.type) {
      case 'identifier':
        parameters.push({ name: child.text, identifier: child.text, kind: 'plain' });
        break;
      case 'typed_parameter': {
        const inner = child.namedChildren[0];
        const annotation = child.childForFieldName('type')?.text;
        if (inner?.type === 'list_splat_pattern' || inner?.type === 'dictionary_splat_pattern') {
          const identifier = inner.text.replace(/^\*+/, '');
          const isArgs = inner.type === 'list_splat_pattern';
          parameters.push({
            name: `${isArgs ? '*' : '**'}${identifier}`,
            identifier,
            kind: isArgs ? 'args' : 'kwargs',
            ...(annotation ? { annotation } : {}),
          });
        } else if (inner) {
          parameters.push({
            name: inner.text,
            identifier: inner.text,
            kind: 'plain',
            ...(annotation ? { annotation } : {}),
          });
        }
        break;
      }
      case 'default_parameter':
      case 'typed_default_parameter': {
        const identifier = child.childForFieldName('name')?.text ?? '?';
        const annotation = child.childForFieldName('type')?.text;
        const defaultValue = child.childForFieldName('value')?.text;
        parameters.push({
          name: identifier,
          identifier,
          kind: 'plain',
          ...(annotation ? { annotation } : {}),
          ...(defaultValue !== undefined ? { defaultValue } : {}),
        });
        break;
      }
      case 'list_splat_pattern': {
        const identifier = child.text.replace(/^\*/, '');
        parameters.push({ name: `*${identifier}`, identifier, kind: 'args' });
        break;
      }
      case 'dictionary_splat_pattern': {
        const identifier = child.text.replace(/^\*\*/, '');
        parameters.push({ name: `**${identifier}`, identifier, kind: 'kwargs' });
        break;
      }
      default:
        // keyword_separator (*), positional_separator (/), comments.
        break;
    }
  }
  return parameters;
}

/**
 * Returns, yields and raises of a function body, not descending into nested scopes: the body's scope
 * nodes (which the checks walk again, so they are kept) in source order, the body itself excepted.
 */
function collectFlow(
  body: Node,
  facts: { returnsValue: boolean; yields: boolean; raises: RaiseInfo[] },
): void {
  const nodes = scopeNodes(body);
  for (let index = 1; index < nodes.length; index++) {
    const child = nodes[index]!;
    if (child.type === 'return_statement' && child.namedChildren.length > 0) facts.returnsValue = true;
    if (child.type === 'yield') facts.yields = true;
    if (child.type === 'raise_statement') {
      const raised = child.namedChildren[0];
      if (raised) {
        const target = raised.type === 'call' ? raised.childForFieldName('function') : raised;
        const exception = target?.text ?? raised.text;
        if (/^[A-Za-z_][\w.]*$/.test(exception)) {
          let entry = facts.raises.find((known) => known.exception === exception);
          if (!entry) {
            entry = { exception, when: [] };
            facts.raises.push(entry);
          }
          const when = raiseCase(child, body);
          if (when && !entry.when.some((known) => JSON.stringify(known) === JSON.stringify(when)))
            entry.when.push(when);
        }
      }
    }
  }
}

/** When a raise statement raises, from the block it sits directly in (RaiseInfo.when). */
function raiseCase(statement: Node, body: Node): RaiseCase | undefined {
  const block = statement.parent;
  if (block?.type !== 'block') return undefined;
  if (block.id === body.id) return { kind: 'always' };
  const owner = block.parent;
  if (owner?.type === 'if_statement' || owner?.type === 'elif_clause') {
    const condition = owner.childForFieldName('condition')?.text;
    return condition ? { kind: 'if', condition } : undefined;
  }
  if (owner?.type === 'else_clause' && owner.parent?.type === 'if_statement') {
    // Only a plain if/else: after elifs, "else" means that none of them held either.
    if (owner.parent.namedChildren.some((child) => child.type === 'elif_clause')) return undefined;
    const condition = owner.parent.childForFieldName('condition')?.text;
    return condition ? { kind: 'else', condition } : undefined;
  }
  if (owner?.type === 'except_clause') {
    const caught = owner.namedChildren.find((child) => child.type !== 'block' && child.type !== 'comment');
    const type = caught?.type === 'as_pattern' ? caught.namedChildren[0] : caught;
    return type ? { kind: 'except', caught: type.text } : undefined;
  }
  return undefined;
}

/**
 * Whether a literal statement is a docstring as Python reads it: a string, or strings written next to
 * each other, none of them an f-string or bytes (`f"..."` and `b"..."` are not docstrings).
 */
function isDocstringLiteral(node: Node): boolean {
  if (node.type === 'concatenated_string') return node.namedChildren.every(isDocstringLiteral);
  if (node.type !== 'string') return false;
  const text = node.text;
  const quote = text.search(/['"]/);
  return !/[fFbBtT]/.test(text.slice(0, quote));
}

/**
 * The docstring's place in a function whose body follows the signature's colon on its line: after
 * the colon, at the def's indentation plus one level (a tab where the def's is indented with tabs).
 * Undefined when the def does not start its line or the body does not follow the colon.
 */
function defLineSlot(definition: Node, first: Node, source: string): PythonFunction['docstringSlot'] {
  let colon = first.startIndex;
  while (colon > 0 && (source[colon - 1] === ' ' || source[colon - 1] === '\t')) colon--;
  if (source[colon - 1] !== ':') return undefined;
  const lineStart = source.lastIndexOf('\n', definition.startIndex - 1) + 1;
  const defIndent = source.slice(lineStart, definition.startIndex);
  if (!/^[ \t]*$/.test(defIndent)) return undefined;
  return {
    row: definition.startRow,
    indent: `${defIndent}${defIndent.includes('\t') ? '\t' : '    '}`,
    beforeStatement: true,
    onDefLine: { start: colon, end: first.startIndex },
  };
}

/** Nodes under `node` (itself included) matching `test`, not descending into nested scopes. */
export function descendants(node: Node, test: (node: Node) => boolean): Node[] {
  return scopeNodes(node).filter(test);
}

/**
 * Every node under `node` (itself included) in source order, not descending into nested scopes:
 * walked once and kept on the node, as the checks ask about the same loops and calls many times.
 */
function scopeNodes(node: Node): readonly Node[] {
  if (!node.scopeNodes) {
    let nodes = scopeNodesFromAncestor(node);
    if (!nodes) {
      nodes = [];
      collectScope(node, nodes);
    }
    node.scopeNodes = nodes;
  }
  return node.scopeNodes;
}

/**
 * `node`'s scope nodes taken from the nearest ancestor that has its own, without walking again: when
 * `node` is among them, the nodes under it (ids `node.id..node.lastId`) follow it there, with the
 * same nested scopes left out. Undefined when no ancestor in the same scope has them.
 */
function scopeNodesFromAncestor(node: Node): Node[] | undefined {
  for (let ancestor = node.parent; ancestor; ancestor = ancestor.parent) {
    const nodes = ancestor.scopeNodes;
    if (!nodes) {
      if (SCOPE_TYPES.has(ancestor.type) || ancestor.type === 'decorated_definition') return undefined;
      continue;
    }
    let low = 0;
    let high = nodes.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const id = nodes[middle]!.id;
      if (id < node.id) low = middle + 1;
      else if (id > node.id) high = middle - 1;
      else {
        let end = middle + 1;
        while (end < nodes.length && nodes[end]!.id <= node.lastId) end++;
        return nodes.slice(middle, end);
      }
    }
    return undefined;
  }
  return undefined;
}

/** `node` and the nodes under it in source order, nested scopes left out, into `nodes` (a loop). */
function collectScope(node: Node, nodes: Node[]): void {
  const pending = [node];
  for (let next = pending.pop(); next; next = pending.pop()) {
    nodes.push(next);
    const children = next.namedChildren;
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]!;
      if (!SCOPE_TYPES.has(child.type) && child.type !== 'decorated_definition') pending.push(child);
    }
  }
}
