// Google-style docstrings for functions and classes without one, written from what the code says
// and nothing else: a summary line (from the name, or the language model's when one is configured:
// docstring-summaries.ts), what the function changes besides its result (arguments changed in place,
// attributes of `self` set, the module's names changed, output printed), `Args:` when something is
// known of every argument (how the function uses it, its default), `Returns:`/`Yields:` with the
// type (annotated, or the literals' type) and the expression when there is one, and `Raises:` with
// when (the `if` condition, the `except` it is in, always). What the code does not say is left out:
// no "d: The d.", no "The result of report".
import { MUTATING_METHODS } from './checks.js';
import {
  descendants,
  type Parameter,
  type PythonClass,
  type PythonFunction,
  type RaiseCase,
} from './python.js';
import type { SyntaxNode as Node } from './tree.js';

/**
 * The nodes of a function's own body by type (nested functions and classes left out), sorted once:
 * every part of its docstring asks for a few types, and one walk serves them all.
 */
const nodesByType = new WeakMap<Node, Map<string, Node[]>>();

function nodesOf(fn: PythonFunction, type: string): readonly Node[] {
  let byType = nodesByType.get(fn.body);
  if (!byType) {
    byType = new Map();
    for (const node of descendants(fn.body, () => true)) {
      const list = byType.get(node.type);
      if (list) list.push(node);
      else byType.set(node.type, [node]);
    }
    nodesByType.set(fn.body, byType);
  }
  return byType.get(type) ?? NONE;
}

/** The nodes of several types (not in source order). */
function nodesOfTypes(fn: PythonFunction, types: readonly string[]): Node[] {
  return types.flatMap((type) => nodesOf(fn, type));
}

const NONE: readonly Node[] = [];

/** words() of the names seen lately: parameter names come back across a package, a function's name thrice. */
const wordsOf = new Map<string, string>();

/** `get_user_name` / `getUserName` -> `get user name`. */
export function words(name: string): string {
  let result = wordsOf.get(name);
  if (result === undefined) {
    result = name
      .replace(/^_+|_+$/g, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_+/g, ' ')
      .toLowerCase()
      .trim();
    if (wordsOf.size >= 10_000) wordsOf.clear();
    wordsOf.set(name, result);
  }
  return result;
}

/** The function's name as words, or as written when it has none (`__`). */
function nameWords(fn: PythonFunction): string {
  return words(fn.name) || fn.name;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return `${trimmed[0]!.toUpperCase()}${trimmed.slice(1)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
}

/** `a`, `a and b`, `a, b and c` (at most `max`, then "and N more"). */
function list(items: readonly string[], max = 4): string {
  const shown = items.length > max ? [...items.slice(0, max), `${items.length - max} more`] : [...items];
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/**
 * Code quoted in the docstring, on one line and shortened; undefined when it holds a backslash or
 * three double quotes: the docstring then leaves it out, so it never needs escapes (a backslash in a
 * docstring is ruff's D301) and stays a valid string literal by construction.
 */
function code(text: string, max = 60): string | undefined {
  const flat = oneLine(text, max);
  return flat === undefined ? undefined : `\`${flat}\``;
}

const SPECIAL_SUMMARIES: Record<string, (className: string | undefined) => string> = {
  __init__: (className) => `Initialize the ${className ?? 'instance'}.`,
  __repr__: (className) => `Return the developer representation of the ${className ?? 'object'}.`,
  __str__: (className) => `Return the string form of the ${className ?? 'object'}.`,
  __eq__: () => 'Return whether this object equals another.',
  __hash__: () => 'Return the hash of the object.',
  __len__: () => 'Return the number of items.',
  __iter__: () => 'Iterate over the items.',
  __enter__: () => 'Enter the context.',
  __exit__: () => 'Exit the context.',
  __call__: (className) => `Call the ${className ?? 'object'}.`,
};

function summary(fn: PythonFunction): string {
  // The names with their own sentence (own properties only: a method named `constructor` or
  // `toString` is summarised from its words like any other).
  if (Object.hasOwn(SPECIAL_SUMMARIES, fn.name)) return SPECIAL_SUMMARIES[fn.name]!(fn.className);
  // A property is documented as the attribute it reads as (Google style): "The total." /
  // "Whether the Cart is empty."; its setter as what it does.
  const kind = propertyKind(fn);
  if (kind === 'getter') {
    const question = predicate(fn);
    return sentence(question ? `Whether ${question}` : `The ${nameWords(fn)}`);
  }
  if (kind === 'setter') return sentence(`Set the ${nameWords(fn)}`);
  // `is_empty(text)` -> "Return whether the text is empty."
  const question = predicate(fn);
  if (question) return sentence(`Return whether ${question}`);
  // A name without words (`_`): what it returns, when that is one thing.
  if (!words(fn.name)) {
    const returned = fn.returnsValue && !fn.yields ? returnsEntry(fn).replace(/^[^`]*: /, '') : '';
    return /^`[^`]*`\.$/.test(returned) ? `Return ${returned}` : sentence(fn.name);
  }
  const [verb, ...rest] = nameWords(fn).split(' ');
  // `get_user_name` -> "Return the user name."; `compute_total` without a result -> "Compute total."
  if (verb && PRODUCING_VERBS.has(verb) && rest.length > 0 && fn.returnsValue && !fn.yields)
    return sentence(`Return the ${rest.join(' ')}`);
  // A verb, or a word that is not a noun (`to_dict`, `as_text`): the name's words as they are.
  if (verb && (VERBS.has(verb) || PREPOSITIONS.has(verb))) return sentence(nameWords(fn));
  // An accessor, named after what it gives (`Cart.total(self)` -> "Return the total."); any other
  // name may be a verb the list does not know (`shout(words)`): its words as they are.
  const isAccessor = fn.parameters.every((_, index) => isSelfLike(fn, index)) && fn.isMethod;
  if (isAccessor && fn.returnsValue && !fn.yields) return sentence(`Return the ${nameWords(fn)}`);
  return sentence(nameWords(fn));
}

const PREDICATE_VERBS = new Set(['is', 'has', 'can', 'should']);
/** Verbs whose function returns the thing its name goes on to say: `get_user_name` -> "Return the user name." */
const PRODUCING_VERBS = new Set([
  'get',
  'fetch',
  'load',
  'find',
  'compute',
  'calculate',
  'build',
  'make',
  'create',
  'read',
  'parse',
]);
/** Words a function name starts with when it says what the function does ("Send message."). */
const VERBS = new Set([
  ...PRODUCING_VERBS,
  'add',
  'apply',
  'check',
  'accept',
  'append',
  'assert',
  'attach',
  'bind',
  'call',
  'cancel',
  'change',
  'clean',
  'collect',
  'compare',
  'compile',
  'configure',
  'connect',
  'count',
  'declare',
  'dedent',
  'define',
  'detach',
  'disable',
  'dispatch',
  'download',
  'drop',
  'enable',
  'enter',
  'escape',
  'evaluate',
  'execute',
  'exit',
  'expand',
  'export',
  'extend',
  'extract',
  'fill',
  'filter',
  'finish',
  'fix',
  'flush',
  'group',
  'hide',
  'import',
  'indent',
  'install',
  'invoke',
  'join',
  'keep',
  'list',
  'lookup',
  'map',
  'mark',
  'match',
  'move',
  'notify',
  'pack',
  'patch',
  'pop',
  'post',
  'prepare',
  'push',
  'quote',
  'raise',
  'receive',
  'record',
  'reduce',
  'refresh',
  'release',
  'reload',
  'rename',
  'replace',
  'report',
  'request',
  'restore',
  'retry',
  'return',
  'scan',
  'search',
  'select',
  'serialize',
  'skip',
  'strip',
  'submit',
  'swap',
  'sync',
  'take',
  'test',
  'tokenize',
  'track',
  'transform',
  'translate',
  'trim',
  'truncate',
  'try',
  'unpack',
  'unquote',
  'unregister',
  'upload',
  'use',
  'visit',
  'wait',
  'walk',
  'warn',
  'wrap',
  'clear',
  'close',
  'convert',
  'copy',
  'delete',
  'do',
  'dump',
  'emit',
  'encode',
  'decode',
  'ensure',
  'format',
  'generate',
  'handle',
  'init',
  'initialize',
  'insert',
  'iter',
  'log',
  'merge',
  'normalize',
  'open',
  'print',
  'process',
  'put',
  'register',
  'remove',
  'render',
  'reset',
  'resolve',
  'run',
  'save',
  'send',
  'set',
  'setup',
  'show',
  'sort',
  'split',
  'start',
  'stop',
  'update',
  'validate',
  'write',
]);

const PREPOSITIONS = new Set(['to', 'as', 'from', 'with', 'for', 'of', 'by', 'into', 'on', 'in']);

/**
 * What a predicate's name asks (`is_empty(text)` -> "the text is empty", `Cart.has_items(self)` ->
 * "the Cart has items"), of its object, its first argument, or "it".
 */
function predicate(fn: PythonFunction): string | undefined {
  const [verb, ...rest] = nameWords(fn).split(' ');
  if (!verb || !PREDICATE_VERBS.has(verb) || rest.length === 0) return undefined;
  const first = fn.parameters.find(
    (parameter, index) => !isSelfLike(fn, index) && parameter.kind === 'plain',
  );
  const subject =
    fn.className && isSelfLike(fn, 0)
      ? `the ${fn.className}`
      : first
        ? `the ${words(first.identifier) || first.identifier}`
        : 'it';
  return `${subject} ${verb} ${rest.join(' ')}`;
}

const PROPERTY_DECORATORS = new Set(['property', 'cached_property', 'functools.cached_property']);

/** Whether the method is a property's getter (`@property`) or setter (`@name.setter`). */
function propertyKind(fn: PythonFunction): 'getter' | 'setter' | undefined {
  if (!fn.isMethod) return undefined;
  if (fn.decorators.some((decorator) => PROPERTY_DECORATORS.has(decorator))) return 'getter';
  if (fn.decorators.some((decorator) => decorator === `${fn.name}.setter`)) return 'setter';
  return undefined;
}

function isSelfLike(fn: PythonFunction, index: number): boolean {
  if (index !== 0 || !fn.isMethod) return false;
  if (fn.decorators.some((decorator) => decorator === 'staticmethod')) return false;
  const first = fn.parameters[0];
  return (
    first?.kind === 'plain' &&
    (first.identifier === 'self' || first.identifier === 'cls' || fn.decorators.includes('classmethod'))
  );
}

/** How the function uses one of its parameters, as its body shows (parameterUses). */
interface Use {
  isUsed: boolean;
  /** How it is changed in place: `append()`, item assignment, its `x` set. */
  changed: Set<string>;
  isCalled: boolean;
  isIterated: boolean;
  /** Its methods called (other than those that change it). */
  methods: Set<string>;
  /** Its attributes read. */
  attributes: Set<string>;
  /** The calls it is given to (not the built-ins that only read it). */
  passedTo: Set<string>;
}

/** Built-ins that only read what they are given (a parameter given to them is not "passed to"). */
const READING_CALLS = new Set([
  'len',
  'str',
  'repr',
  'int',
  'float',
  'bool',
  'isinstance',
  'issubclass',
  'hasattr',
  'getattr',
  'callable',
  'type',
  'id',
  'hash',
  'format',
  'print',
  'min',
  'max',
  'sum',
  'any',
  'all',
  'sorted',
  'list',
  'tuple',
  'set',
  'frozenset',
  'dict',
  'enumerate',
  'zip',
  'iter',
  'reversed',
  'range',
  'abs',
  'round',
]);
const ASSIGNMENT_TYPES = new Set(['assignment', 'augmented_assignment']);

/** The uses of the function's parameters in its own body (nested functions are not walked). */
function parameterUses(fn: PythonFunction): Map<string, Use> {
  const uses = new Map<string, Use>();
  for (const parameter of fn.parameters) {
    uses.set(parameter.identifier, {
      isUsed: false,
      changed: new Set(),
      isCalled: false,
      isIterated: false,
      methods: new Set(),
      attributes: new Set(),
      passedTo: new Set(),
    });
  }
  for (const identifier of nodesOf(fn, 'identifier')) {
    if (!uses.has(identifier.text)) continue;
    const parent = identifier.parent;
    if (!parent) continue;
    // The `b` of `a.b` and keyword names are not the parameter.
    if (parent.type === 'attribute' && identifier.fieldName === 'attribute') continue;
    if (parent.type === 'keyword_argument' && identifier.fieldName === 'name') continue;
    const use = uses.get(identifier.text)!;
    use.isUsed = true;
    const holder = parent.parent;
    if (parent.type === 'attribute' && identifier.fieldName === 'object') {
      const attribute = parent.childForFieldName('attribute')?.text ?? '';
      if (holder?.type === 'call' && parent.fieldName === 'function') {
        if (MUTATING_METHODS.has(attribute)) use.changed.add(`\`${attribute}()\``);
        else use.methods.add(attribute);
      } else if (
        (holder && ASSIGNMENT_TYPES.has(holder.type) && parent.fieldName === 'left') ||
        holder?.type === 'delete_statement'
      ) {
        use.changed.add(`its \`${attribute}\` set`);
      } else use.attributes.add(attribute);
    } else if (parent.type === 'subscript' && identifier.fieldName === 'value') {
      if (holder && ASSIGNMENT_TYPES.has(holder.type) && parent.fieldName === 'left')
        use.changed.add('item assignment');
      else if (holder?.type === 'delete_statement') use.changed.add('item deletion');
    } else if (parent.type === 'call' && identifier.fieldName === 'function') {
      use.isCalled = true;
    } else if (
      (parent.type === 'for_statement' || parent.type === 'for_in_clause') &&
      identifier.fieldName === 'right'
    ) {
      use.isIterated = true;
    } else {
      const callee = calleeGiven(identifier);
      if (callee && !READING_CALLS.has(callee) && callee.length <= 40) use.passedTo.add(callee);
    }
  }
  return uses;
}

/**
 * The function a name is given to as an argument (`f(x)`, `f(*x)`, `f(key=x)`), if it is; not the
 * exception a `raise` builds (`raise ValueError(x)` says nothing of what `x` is for).
 */
function calleeGiven(identifier: Node): string | undefined {
  let node = identifier;
  if (node.parent && ['list_splat', 'dictionary_splat', 'keyword_argument'].includes(node.parent.type))
    node = node.parent;
  if (node.parent?.type !== 'argument_list') return undefined;
  const call = node.parent.parent;
  if (call?.type !== 'call' || call.parent?.type === 'raise_statement') return undefined;
  return call.childForFieldName('function')?.text;
}

/** Whether the body is a stub (`pass`, `...`, `raise NotImplementedError`): its arguments are for overriders. */
function isStub(fn: PythonFunction): boolean {
  return fn.body.namedChildren.every(
    (statement) =>
      statement.type === 'pass_statement' ||
      statement.type === 'comment' ||
      (statement.type === 'expression_statement' &&
        ['ellipsis', 'string'].includes(statement.namedChildren[0]?.type ?? '')) ||
      (statement.type === 'raise_statement' &&
        /^NotImplemented(Error)?\b/.test(statement.namedChildren[0]?.text ?? '')),
  );
}

/** What is known of one parameter, as the sentences of its `Args:` entry ('' when nothing). */
function describeParameter(
  parameter: Parameter,
  use: Use | undefined,
  fn: PythonFunction,
  nestedNames: () => Set<string>,
): string {
  const parts: string[] = [];
  if (use) {
    if (use.changed.size > 0) parts.push(`Changed in place (${list([...use.changed], 3)}).`);
    if (use.isCalled) parts.push('Called.');
    if (use.isIterated) parts.push('Iterated over.');
    if (use.changed.size === 0 && use.methods.size > 0) {
      const methods = [...use.methods].map((method) => `\`${method}()\``);
      parts.push(`Its ${list(methods, 3)} ${methods.length === 1 ? 'is' : 'are'} called.`);
    }
    if (use.attributes.size > 0) {
      const attributes = [...use.attributes].map((attribute) => `\`${attribute}\``);
      parts.push(`Its ${list(attributes, 3)} ${attributes.length === 1 ? 'is' : 'are'} read.`);
    }
    if (use.passedTo.size > 0)
      parts.push(
        `Passed to ${list(
          [...use.passedTo].map((callee) => `\`${callee}()\``),
          2,
        )}.`,
      );
  }
  const said = parts.slice(0, 2);
  if (said.length === 0) {
    if (parameter.kind === 'args') said.push('Additional positional arguments.');
    else if (parameter.kind === 'kwargs') said.push('Additional keyword arguments.');
    else if (use && !use.isUsed && !isStub(fn) && !nestedNames().has(parameter.identifier))
      said.push('Not used.');
  }
  const defaultValue = parameter.defaultValue === undefined ? undefined : code(parameter.defaultValue, 40);
  if (defaultValue) said.push(`Defaults to ${defaultValue}.`);
  return said.join(' ');
}

/** A literal's or simple expression's type, when the code says it (`0` -> int, `a == b` -> bool). */
function typeOf(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'integer':
      return 'int';
    case 'float':
      return 'float';
    case 'true':
    case 'false':
    case 'comparison_operator':
    case 'not_operator':
      return 'bool';
    case 'string':
    case 'concatenated_string': {
      const text = node.type === 'concatenated_string' ? (node.namedChildren[0]?.text ?? '') : node.text;
      return /[bB]/.test(text.slice(0, text.search(/['"]/))) ? 'bytes' : 'str';
    }
    case 'list':
    case 'list_comprehension':
      return 'list';
    case 'dictionary':
    case 'dictionary_comprehension':
      return 'dict';
    case 'set':
    case 'set_comprehension':
      return 'set';
    case 'tuple':
    case 'expression_list':
      return 'tuple';
    case 'none':
      return 'None';
    case 'parenthesized_expression':
      return typeOf(node.namedChildren[0]);
    case 'call': {
      const callee = node.childForFieldName('function')?.text ?? '';
      if (['bool', 'isinstance', 'issubclass', 'hasattr', 'callable', 'any', 'all'].includes(callee))
        return 'bool';
      if (['str', 'repr', 'format'].includes(callee)) return 'str';
      if (['int', 'len'].includes(callee)) return 'int';
      if (['list', 'sorted'].includes(callee)) return 'list';
      if (['dict', 'set', 'tuple', 'float', 'bytes', 'frozenset'].includes(callee)) return callee;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The one type of several expressions (`T`, or `T or None`), when each has a known type. */
function commonType(nodes: readonly Node[]): string | undefined {
  const types = new Set<string>();
  for (const node of nodes) {
    const type = typeOf(node);
    if (!type) return undefined;
    types.add(type);
  }
  const hasNone = types.delete('None');
  if (types.size !== 1) return undefined;
  return `${[...types][0]}${hasNone ? ' or None' : ''}`;
}

/** An expression as the docstring shows it (a bare tuple in parentheses). */
function shown(node: Node): string {
  return node.type === 'expression_list' ? `(${node.text})` : node.text;
}

/** What several expressions are, quoted: "`a`.", "`a` or `b`." (and ", or None"); '' when too long or not quotable. */
function valuesSentence(values: readonly Node[], hasNone: boolean): string {
  const distinct = [...new Set(values.map((value) => shown(value).replace(/\s+/g, ' ').trim()))];
  const quoted = distinct.map((text) =>
    text.length <= (distinct.length === 1 ? 60 : 30) ? code(text) : undefined,
  );
  if (distinct.length === 0 || distinct.length > 3 || quoted.some((text) => text === undefined)) return '';
  return `${list(quoted as string[], 3).replace(/ and ([^,]*)$/, ' or $1')}${hasNone ? ', or None' : ''}.`;
}

/** The `Returns:` entry ('' when nothing is known): the type and what is returned. */
function returnsEntry(fn: PythonFunction): string {
  const values: Node[] = [];
  let hasNone = false;
  for (const statement of nodesOf(fn, 'return_statement')) {
    const value = statement.namedChildren.find((child) => child.type !== 'comment');
    if (!value || value.type === 'none') hasNone = true;
    else values.push(value);
  }
  const annotation =
    fn.returnAnnotation && fn.returnAnnotation !== 'None' ? oneLine(fn.returnAnnotation, 60) : undefined;
  const question = predicate(fn);
  const inferred = commonType(values);
  const type =
    annotation ??
    (question
      ? 'bool'
      : inferred && hasNone && !inferred.endsWith(' or None')
        ? `${inferred} or None`
        : inferred);
  const description = question ? sentence(`Whether ${question}`) : valuesSentence(values, hasNone);
  if (!type && !description) return '';
  return type && description ? `${type}: ${description}` : (type ?? description);
}

/** The item type of an iterator's annotation (`Iterator[int]` -> `int`), when it says one. */
function itemType(annotation: string | undefined): string | undefined {
  const match = /^(?:typing\.|collections\.abc\.)?(?:Async)?(?:Iterator|Iterable|Generator)\[(.+)\]$/s.exec(
    annotation?.trim() ?? '',
  );
  if (!match) return undefined;
  // Generator[Yield, Send, Return]: the first argument at the top level.
  let depth = 0;
  const inner = match[1]!;
  for (let index = 0; index < inner.length; index++) {
    const char = inner[index]!;
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ',' && depth === 0) return inner.slice(0, index).trim();
  }
  return inner.trim();
}

/** The `Yields:` entry ('' when nothing is known): the items' type and what is yielded. */
function yieldsEntry(fn: PythonFunction): string {
  const yields = nodesOf(fn, 'yield');
  const values: Node[] = [];
  const delegated: Node[] = [];
  for (const node of yields) {
    const value = node.namedChildren[0];
    if (!value) continue;
    if (node.children.some((child) => child.type === 'from')) delegated.push(value);
    else values.push(value);
  }
  const type =
    (fn.returnAnnotation ? itemType(fn.returnAnnotation) : undefined) ??
    (delegated.length === 0 ? commonType(values) : undefined);
  let description = '';
  // One thing yielded (in one place or several): what it is.
  if (delegated.length === 0 && values.length > 0 && new Set(values.map((value) => value.text)).size === 1)
    description = valuesSentence(values.slice(0, 1), false);
  else if (values.length === 0 && delegated.length === 1) {
    const from = code(delegated[0]!.text);
    if (from) description = `The items of ${from}.`;
  }
  const itemTypeText = type ? oneLine(type, 60) : undefined;
  if (!itemTypeText && !description) return '';
  return itemTypeText && description ? `${itemTypeText}: ${description}` : (itemTypeText ?? description);
}

/** When an exception is raised, as a sentence ('' when its code cannot be quoted). */
function raiseSentence(when: RaiseCase): string {
  const quoted = when.kind === 'always' ? '' : code(when.kind === 'except' ? when.caught : when.condition);
  if (quoted === undefined) return '';
  switch (when.kind) {
    case 'if':
      return `If ${quoted}.`;
    case 'else':
      return `If ${quoted} is false.`;
    case 'except':
      return `When ${quoted} is caught.`;
    default:
      return 'Always.';
  }
}

/**
 * What the function changes besides its result, as sentences: attributes of `self` set or changed,
 * names of the module changed, output printed.
 */
function effects(fn: PythonFunction): string[] {
  const selfName = fn.isMethod && isSelfLike(fn, 0) ? fn.parameters[0]!.identifier : undefined;
  // What `__init__` sets is the class's attributes (its docstring lists them).
  const isInit = fn.name === '__init__';
  const parameters = new Set(fn.parameters.map((parameter) => parameter.identifier));
  const locals = localNames(fn);
  const setOnSelf = new Set<string>();
  const changedOnSelf = new Set<string>();
  const changedGlobals = new Set<string>();
  let prints = false;
  const noteChange = (target: Node, how: 'set' | 'changed') => {
    // `self.x` (set), `self.x[k]`/`self.x.append()` (changed), `NAME[k]`/`NAME.append()` of the module.
    let root: Node | null = target;
    let path: Node = target;
    while (root && (root.type === 'attribute' || root.type === 'subscript')) {
      path = root;
      root = root.type === 'attribute' ? root.childForFieldName('object') : root.childForFieldName('value');
    }
    if (root?.type !== 'identifier') return;
    if (selfName && root.text === selfName && path.type === 'attribute') {
      if (isInit) return;
      const attribute = path.childForFieldName('attribute')?.text ?? '';
      const isSet = how === 'set' && target.type === 'attribute' && target.id === path.id;
      (isSet ? setOnSelf : changedOnSelf).add(`\`${selfName}.${attribute}\``);
    } else if (!parameters.has(root.text) && !locals.has(root.text) && root.text !== selfName) {
      changedGlobals.add(`\`${root.text}\``);
    }
  };
  for (const node of nodesOfTypes(fn, ['assignment', 'augmented_assignment', 'call', 'delete_statement'])) {
    if (node.type === 'call') {
      const callee = node.childForFieldName('function');
      if (callee?.type === 'identifier' && callee.text === 'print') {
        const args = node.childForFieldName('arguments');
        if (
          !args?.namedChildren.some(
            (arg) => arg.type === 'keyword_argument' && arg.childForFieldName('name')?.text === 'file',
          )
        )
          prints = true;
      }
      if (
        callee?.type === 'attribute' &&
        MUTATING_METHODS.has(callee.childForFieldName('attribute')?.text ?? '')
      ) {
        const object = callee.childForFieldName('object');
        if (object) noteChange(object, 'changed');
      }
      continue;
    }
    const targets =
      node.type === 'delete_statement'
        ? node.namedChildren
        : [node.childForFieldName('left')].filter((target): target is Node => !!target);
    for (const target of targets) {
      if (target.type === 'attribute' || target.type === 'subscript')
        noteChange(target, node.type === 'delete_statement' ? 'changed' : 'set');
    }
  }
  // A `global` name rebound is the module's too.
  for (const name of globalNames(fn)) {
    const rebound = nodesOfTypes(fn, [...ASSIGNMENT_TYPES]).some(
      (assignment) => assignment.childForFieldName('left')?.text === name,
    );
    if (rebound) changedGlobals.add(`\`${name}\``);
  }
  const sentences: string[] = [];
  if (setOnSelf.size > 0) sentences.push(`Sets ${list([...setOnSelf])}.`);
  const changedOnly = [...changedOnSelf].filter((name) => !setOnSelf.has(name));
  if (changedOnly.length > 0) sentences.push(`Changes ${list(changedOnly)} in place.`);
  if (changedGlobals.size > 0) sentences.push(`Changes the module's ${list([...changedGlobals])}.`);
  if (prints) sentences.push('Prints to standard output.');
  return sentences;
}

/** Names the function binds (assignment and loop targets, `with ... as`, imports), `global` ones aside. */
function localNames(fn: PythonFunction): Set<string> {
  const names = new Set<string>();
  const add = (target: Node | null) => {
    if (!target) return;
    if (target.type === 'identifier') names.add(target.text);
    else if (
      ['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list', 'list_splat_pattern'].includes(
        target.type,
      )
    )
      for (const child of target.namedChildren) add(child);
  };
  for (const node of nodesOfTypes(fn, [
    'assignment',
    'augmented_assignment',
    'for_statement',
    'named_expression',
    'as_pattern_target',
    'import_statement',
    'import_from_statement',
  ])) {
    if (node.type === 'named_expression') add(node.childForFieldName('name'));
    else if (node.type === 'as_pattern_target') add(node.namedChildren[0] ?? null);
    else if (node.type === 'import_statement' || node.type === 'import_from_statement') {
      for (const child of node.namedChildren) {
        if (child.fieldName === 'module_name') continue;
        if (child.type === 'dotted_name') names.add(child.text.split('.')[0]!);
        else if (child.type === 'aliased_import') add(child.childForFieldName('alias'));
      }
    } else add(node.childForFieldName('left'));
  }
  for (const name of globalNames(fn)) names.delete(name);
  return names;
}

function globalNames(fn: PythonFunction): string[] {
  return nodesOf(fn, 'global_statement').flatMap((statement) =>
    statement.namedChildren.filter((child) => child.type === 'identifier').map((child) => child.text),
  );
}

/**
 * The docstring (quotes included, not indented) for a function that has none. `summaryLine`, when
 * given (the language model's, checked by the caller), takes the place of the one from the name.
 */
export function generateDocstring(fn: PythonFunction, summaryLine?: string): string {
  const lines: string[] = [summaryLine ?? summary(fn)];
  const said = effects(fn);
  const documented = fn.parameters.filter((_, index) => !isSelfLike(fn, index));
  const args: string[] = [];
  if (documented.length > 0) {
    const uses = parameterUses(fn);
    let nested: Set<string> | undefined;
    const nestedNames = () => {
      nested ??= nestedScopeNames(fn);
      return nested;
    };
    const entries = documented.map((parameter) => {
      const what = describeParameter(parameter, uses.get(parameter.identifier), fn, nestedNames);
      const type = parameter.annotation
        ? oneLine(parameter.annotation, 60)
        : parameter.defaultValue !== undefined
          ? defaultType(parameter.defaultValue)
          : undefined;
      const kinds = [type, parameter.defaultValue !== undefined ? 'optional' : undefined].filter(Boolean);
      return { name: parameter.name, kinds: kinds.length > 0 ? ` (${kinds.join(', ')})` : '', what };
    });
    // Every argument or none: an `Args:` section missing one says it has no description (D417).
    if (entries.every((entry) => entry.what)) {
      args.push('', 'Args:');
      for (const entry of entries) args.push(`    ${entry.name}${entry.kinds}: ${entry.what}`);
    } else {
      // Without the section, what the function changes of its arguments is said with its effects.
      const changedArguments = documented.flatMap((parameter) => {
        const changed = uses.get(parameter.identifier)?.changed;
        return changed && changed.size > 0
          ? [`Changes \`${parameter.identifier}\` in place (${list([...changed], 3)}).`]
          : [];
      });
      said.unshift(...changedArguments);
    }
  }
  if (said.length > 0) lines.push('', ...wrap(said.join(' ')));
  lines.push(...args);
  if (fn.yields) {
    const entry = yieldsEntry(fn);
    if (entry) lines.push('', 'Yields:', `    ${entry}`);
  } else if (
    (fn.returnsValue || (fn.returnAnnotation && fn.returnAnnotation !== 'None')) &&
    !propertyKind(fn)
  ) {
    const entry = returnsEntry(fn);
    if (entry) lines.push('', 'Returns:', `    ${entry}`);
  }
  if (fn.raises.length > 0) {
    lines.push('', 'Raises:');
    for (const raised of fn.raises) {
      const when = raised.when.map(raiseSentence).filter(Boolean).slice(0, 3).join(' ');
      lines.push(`    ${raised.exception}${when ? `: ${when}` : ''}`);
    }
  }
  return quoted(lines);
}

/** The names read in the function's nested functions, classes and lambdas (a parameter read only there is used). */
function nestedScopeNames(fn: PythonFunction): Set<string> {
  const names = new Set<string>();
  const pending: Node[] = [];
  // The nested definitions themselves are not in the function's own nodes: their parents are.
  for (const node of descendants(fn.body, () => true))
    for (const child of node.namedChildren) if (NESTED_SCOPE_TYPES.has(child.type)) pending.push(child);
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'identifier') names.add(node.text);
    for (const child of node.namedChildren) pending.push(child);
  }
  return names;
}

const NESTED_SCOPE_TYPES = new Set([
  'function_definition',
  'class_definition',
  'decorated_definition',
  'lambda',
]);

/** The type a default value says (`0` -> int, `''` -> str), when it is a literal of one. */
function defaultType(value: string): string | undefined {
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return 'int';
  if (/^-?\d*\.\d+(e-?\d+)?$/i.test(text)) return 'float';
  if (text === 'True' || text === 'False') return 'bool';
  if (/^[rRuU]?(['"]).*\1$/s.test(text) || /^[rRuU]?('''|""")[\s\S]*\1$/.test(text)) return 'str';
  if (/^[bB][rR]?['"]/.test(text)) return 'bytes';
  if (/^\[.*\]$/s.test(text)) return 'list';
  if (/^\{\s*\}$/.test(text) || /^\{.*:.*\}$/s.test(text)) return 'dict';
  if (/^\(.*\)$/s.test(text)) return 'tuple';
  return undefined;
}

/** Lines of at most about 72 characters (a paragraph of the docstring). */
function wrap(text: string, width = 72): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

function quoted(lines: string[]): string {
  const body = lines.join('\n');
  return lines.length === 1 ? `"""${body}"""` : `"""${body}\n"""`;
}

const ENUM_BASES = /^(?:enum\.)?(?:Enum|IntEnum|StrEnum|Flag|IntFlag)$/;
const DATACLASS_DECORATORS =
  /^(?:dataclasses\.)?dataclass\b|^(?:attr\.s|attr\.attrs|attrs\.define|attr\.define|define|frozen)\b/;

/**
 * The docstring (quotes included, not indented) for a class that has none: a summary (the model's
 * `summaryLine` when given), and `Attributes:` with the public attributes its body and `__init__`
 * set, each with its type and where its value comes from, when the code says it.
 */
export function generateClassDocstring(
  cls: PythonClass,
  init: PythonFunction | undefined,
  summaryLine?: string,
): string {
  const statements = cls.body.namedChildren;
  const assignments = statements
    .filter((statement) => statement.type === 'expression_statement')
    .map((statement) => statement.namedChildren[0])
    .filter(
      (node): node is Node =>
        node?.type === 'assignment' && node.childForFieldName('left')?.type === 'identifier',
    );
  const isEnum = cls.bases.some((base) => ENUM_BASES.test(base));
  if (isEnum) {
    const members = assignments
      .map((assignment) => assignment.childForFieldName('left')!.text)
      .filter((name) => !name.startsWith('_'));
    const line =
      summaryLine ??
      (members.length > 0
        ? `Enumeration of ${list(
            members.map((member) => `\`${member}\``),
            6,
          )}.`
        : sentence(words(cls.name) || cls.name));
    return quoted([line]);
  }
  const isDataclass = cls.decorators.some((decorator) => DATACLASS_DECORATORS.test(decorator));
  const attributes = new Map<string, { type?: string; what: string }>();
  for (const assignment of assignments) {
    const name = assignment.childForFieldName('left')!.text;
    if (name.startsWith('_')) continue;
    const annotation = assignment.childForFieldName('type')?.text;
    const value = assignment.childForFieldName('right');
    const type = annotation ? oneLine(annotation, 60) : typeOf(value);
    const quoted = value ? code(value.text, 40) : undefined;
    const what = value
      ? quoted
        ? `Defaults to ${quoted}.`
        : 'Set in the class body.'
      : isDataclass
        ? 'Required when the object is created.'
        : 'Declared with its type only.';
    attributes.set(name, { ...(type && type !== 'None' ? { type } : {}), what });
  }
  if (init) {
    const selfName = init.parameters[0]?.identifier;
    const parameters = new Map(init.parameters.map((parameter) => [parameter.identifier, parameter]));
    for (const assignment of descendants(init.body, (candidate) => candidate.type === 'assignment')) {
      const left = assignment.childForFieldName('left');
      if (left?.type !== 'attribute' || left.childForFieldName('object')?.text !== selfName) continue;
      const name = left.childForFieldName('attribute')?.text ?? '';
      if (!name || name.startsWith('_') || attributes.get(name)?.what.startsWith('Set')) continue;
      const value = assignment.childForFieldName('right');
      const parameter = value?.type === 'identifier' ? parameters.get(value.text) : undefined;
      const known = attributes.get(name);
      const type =
        (parameter?.annotation ? oneLine(parameter.annotation, 60) : undefined) ??
        (parameter?.defaultValue !== undefined ? defaultType(parameter.defaultValue) : undefined) ??
        (parameter ? undefined : typeOf(value)) ??
        known?.type;
      const start = value && typeOf(value) && value.text.length <= 40 ? code(value.text, 40) : undefined;
      const what = parameter
        ? `Set from the \`${parameter.identifier}\` argument.`
        : start
          ? `Starts as ${start}.`
          : 'Set by `__init__`.';
      attributes.set(name, { ...(type && type !== 'None' ? { type } : {}), what });
    }
  }
  const lines = [summaryLine ?? classSummary(cls)];
  if (attributes.size > 0) {
    lines.push('', 'Attributes:');
    const entries = [...attributes].slice(0, 15);
    for (const [name, { type, what }] of entries)
      lines.push(`    ${name}${type ? ` (${type})` : ''}: ${what}`);
  }
  return quoted(lines);
}

function classSummary(cls: PythonClass): string {
  return sentence(words(cls.name) || cls.name);
}

/** Text of the code on one line, shortened to `max`; undefined when it cannot go in a docstring as it is (code). */
function oneLine(text: string, max = 60): string | undefined {
  if (text.includes('\\') || text.includes('"""')) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

/** The docstring indented to sit as the first statement of the body (empty lines stay empty). */
export function indentDocstring(docstring: string, indent: string): string {
  let indented = '';
  let start = 0;
  for (;;) {
    const end = docstring.indexOf('\n', start);
    const line = end < 0 ? docstring.slice(start) : docstring.slice(start, end);
    if (line) indented += indent + line;
    if (end < 0) return indented;
    indented += '\n';
    start = end + 1;
  }
}
