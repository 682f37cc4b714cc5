// Google-style docstrings for functions without one, written from what the code says: a summary
// from the name, `Args:` from the signature (annotations and defaults), `Returns:`/`Yields:` when
// the function returns or yields a value, `Raises:` from its raise statements (with the condition
// of the `if` they sit in).
import type { PythonFunction } from './python.js';

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

function summary(fn: PythonFunction): string {
  // The names with their own sentence (own properties only: a method named `constructor` or
  // `toString` is summarised from its words like any other).
  if (fn.name.startsWith('__')) {
    const special: Record<string, string> = {
      __init__: `Initialize the ${fn.className ?? 'instance'}.`,
      __repr__: `Return the developer representation of the ${fn.className ?? 'object'}.`,
      __str__: `Return the string form of the ${fn.className ?? 'object'}.`,
      __eq__: 'Return whether this object equals another.',
      __hash__: 'Return the hash of the object.',
      __len__: 'Return the number of items.',
      __iter__: 'Iterate over the items.',
      __enter__: 'Enter the context.',
      __exit__: 'Exit the context.',
      __call__: `Call the ${fn.className ?? 'object'}.`,
    };
    if (Object.hasOwn(special, fn.name)) return special[fn.name]!;
  }
  // A property is documented as the attribute it reads as (Google style): "The total." /
  // "Whether the Cart is empty."; its setter as what it does.
  const kind = propertyKind(fn);
  if (kind === 'getter') return returned(fn);
  if (kind === 'setter') return sentence(`Set the ${nameWords(fn)}`);
  // `get_name` -> "Get name."; `name` -> "Name."; `is_empty(text)` -> "Return whether the text is
  // empty."
  const question = predicate(fn);
  if (question) return sentence(`Return whether ${question}`);
  return sentence(nameWords(fn));
}

const PREDICATE_VERBS = new Set(['is', 'has', 'can', 'should']);
/** Verbs whose function returns the thing its name goes on to say: `get_user_name` -> "The user name." */
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

/** What the function returns, as its name says it. */
function returned(fn: PythonFunction): string {
  const question = predicate(fn);
  if (question) return sentence(`Whether ${question}`);
  const [verb, ...rest] = nameWords(fn).split(' ');
  if (verb && PRODUCING_VERBS.has(verb) && rest.length > 0) return sentence(`The ${rest.join(' ')}`);
  if (propertyKind(fn) === 'getter') return sentence(`The ${nameWords(fn)}`);
  return `The result of ${nameWords(fn)}.`;
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

/** The docstring (quotes included, not indented) for a function that has none. */
export function generateDocstring(fn: PythonFunction): string {
  const lines: string[] = [summary(fn)];
  const documented = fn.parameters.filter((_, index) => !isSelfLike(fn, index));
  if (documented.length > 0) {
    lines.push('', 'Args:');
    for (const parameter of documented) {
      const type = parameter.annotation
        ? ` (${oneLine(parameter.annotation)}${parameter.defaultValue !== undefined ? ', optional' : ''})`
        : parameter.defaultValue !== undefined
          ? ' (optional)'
          : '';
      const what =
        parameter.kind === 'args'
          ? 'Additional positional arguments.'
          : parameter.kind === 'kwargs'
            ? 'Additional keyword arguments.'
            : sentence(`The ${words(parameter.identifier) || parameter.identifier}`);
      const defaults =
        parameter.defaultValue !== undefined ? ` Defaults to ${oneLine(parameter.defaultValue)}.` : '';
      lines.push(`    ${parameter.name}${type}: ${what}${defaults}`);
    }
  }
  const annotation =
    fn.returnAnnotation && fn.returnAnnotation !== 'None' ? oneLine(fn.returnAnnotation) : undefined;
  if (fn.yields) {
    lines.push(
      '',
      'Yields:',
      `    ${annotation ? `${annotation}: ` : ''}The ${words(fn.name) ? `items of ${words(fn.name)}` : 'items'}.`,
    );
  } else if ((fn.returnsValue || annotation) && !propertyKind(fn)) {
    lines.push('', 'Returns:', `    ${annotation ? `${annotation}: ` : ''}${returned(fn)}`);
  }
  if (fn.raises.length > 0) {
    lines.push('', 'Raises:');
    for (const raised of fn.raises) {
      lines.push(
        `    ${raised.exception}: ${raised.condition ? `If \`${oneLine(raised.condition)}\`.` : 'When the operation cannot be completed.'}`,
      );
    }
  }
  const body = lines.join('\n');
  return lines.length === 1 ? `"""${body}"""` : `"""${body}\n"""`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return (flat.length > 60 ? `${flat.slice(0, 57)}...` : flat)
    .replace(/\\/g, '\\\\')
    .replace(/"""/g, '\\"\\"\\"');
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
