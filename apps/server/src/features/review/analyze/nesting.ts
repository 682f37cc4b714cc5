// How deeply a file's code nests, checked on its text in one pass before any parser sees it, since
// deep nesting is what exhausts a recursive parser's stack (ruff's: 50,000 nested parentheses in
// 100 KB) and what makes ruff's output grow with its square (each of 2,000 nested `not` gets a fix
// holding the rest: 41 MB of findings for a 8 KB file). A file past a limit is reported as not
// reviewable with the reason, and the others are reviewed. The limits:
//
// - brackets inside each other: 200, and levels of indentation: 99, Python's own (CPython's
//   tokenizer refuses more: "too many nested parentheses", "too many levels of indentation");
// - an expression's depth: MAX_EXPRESSION_DEPTH, estimated from above the way a parser nests it:
//   a run of operators of one binding strength (`a + b + c`, `not not a`, `x if c else y if d else
//   z`) is as deep as it is long plus its deepest operand (`a * b + c * d`: 2 + 1), a chain of
//   attributes, calls and subscripts (`a.b(c)[d]`) as long as it is, a bracket one more than what is
//   inside it, the elements between commas apart. Python itself compiles no expression much deeper
//   than 3,000 levels.
//
// The scan reads brackets, strings and comments the way Python's tokenizer does; an f-string's
// replacement fields are read as code for the expression's depth, its brackets not counted, and a
// nested string in a field that reuses the f-string's quote (Python 3.12) ends it early: the scan can
// then miss some nesting, which the syntax tree's own depth limit (tree.ts) and ruff's failure on it
// (ruff.ts) still bound, never refuse more than it should.

/** Most brackets inside each other that Python's tokenizer reads (MAXLEVEL). */
export const MAX_BRACKET_DEPTH = 200;
/** Most levels of indentation that Python's tokenizer reads (MAXINDENT is 100: levels 0..99). */
export const MAX_INDENT_LEVELS = 99;
/** Deepest expression reviewed, as estimated here (tree.ts MAX_TREE_DEPTH bounds the tree alike). */
export const MAX_EXPRESSION_DEPTH = 1000;

const NEWLINE = 0x0a;
const RETURN = 0x0d;
const BACKSLASH = 0x5c;
const HASH = 0x23;
const SPACE = 0x20;
const TAB = 0x09;
const FORM_FEED = 0x0c;
const COMMA = 0x2c;
const DOT = 0x2e;
const SEMICOLON = 0x3b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

// What each ASCII character can start or continue, looked up in a table (the scan's inner loop).
const OTHER = 0;
const LETTER = 1;
const DIGIT = 2;
/** Characters of operators: a run of them is one operator or more (`**`, `==`, `+=-`). */
const OPERATOR = 3;
const OPENING = 4;
const CLOSING = 5;
const KINDS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const character = String.fromCharCode(code);
  if (/[A-Za-z_]/.test(character)) KINDS[code] = LETTER;
  else if (/[0-9]/.test(character)) KINDS[code] = DIGIT;
  else if ('+-*/%@&|^~<>=!.'.includes(character)) KINDS[code] = OPERATOR;
  else if ('([{'.includes(character)) KINDS[code] = OPENING;
  else if (')]}'.includes(character)) KINDS[code] = CLOSING;
  else KINDS[code] = OTHER;
}

/** The character's kind (beyond ASCII, a letter: Python names may hold any). */
function kindOf(code: number): number {
  return code < 128 ? KINDS[code]! : LETTER;
}

function isNameCharacter(code: number): boolean {
  const kind = kindOf(code);
  return kind === LETTER || kind === DIGIT;
}

function isOperatorCharacter(code: number): boolean {
  return code < 128 && KINDS[code] === OPERATOR;
}

// Binding strengths of Python's operators, weakest first (the language reference's precedence table);
// CHAIN is an operand's own chain of attributes, calls, subscripts and brackets.
const ASSIGNMENT = 0;
const LAMBDA = 1;
const CONDITIONAL = 2;
const OR = 3;
const AND = 4;
const NOT = 5;
const COMPARISON = 6;
const BIT_OR = 7;
const BIT_XOR = 8;
const BIT_AND = 9;
const SHIFT = 10;
const SUM = 11;
const PRODUCT = 12;
const UNARY = 13;
const POWER = 14;
const AWAIT = 15;
const CHAIN = 16;

/** Binary operators (and assignments) by their text. */
const BINARY = new Map<string, number>([
  ['|', BIT_OR],
  ['^', BIT_XOR],
  ['&', BIT_AND],
  ['<<', SHIFT],
  ['>>', SHIFT],
  ['+', SUM],
  ['-', SUM],
  ['*', PRODUCT],
  ['/', PRODUCT],
  ['//', PRODUCT],
  ['%', PRODUCT],
  ['@', PRODUCT],
  ['**', POWER],
  ['<', COMPARISON],
  ['>', COMPARISON],
  ['==', COMPARISON],
  ['!=', COMPARISON],
  ['<=', COMPARISON],
  ['>=', COMPARISON],
  ['<>', COMPARISON],
  ['=', ASSIGNMENT],
  ['->', ASSIGNMENT],
  ...['+', '-', '*', '/', '//', '%', '@', '&', '|', '^', '<<', '>>', '**'].map(
    (operator) => [`${operator}=`, ASSIGNMENT] as [string, number],
  ),
]);
/** Keywords that are operators, by strength; `not` is COMPARISON after an operand (`not in`). */
const KEYWORDS = new Map<string, number>([
  ['or', OR],
  ['and', AND],
  ['not', NOT],
  ['in', COMPARISON],
  ['is', COMPARISON],
  ['if', CONDITIONAL],
  ['lambda', LAMBDA],
  ['yield', LAMBDA],
  ['await', AWAIT],
]);
/** Keywords that end an operand without nesting one: `else` (its `if` counted), a comprehension's `for`. */
const ENDING_KEYWORDS = new Map<string, number>([
  ['else', CONDITIONAL],
  ['for', LAMBDA],
]);

/** First letters of KEYWORDS and ENDING_KEYWORDS. */
const KEYWORD_INITIALS = new Set([...'oanilyef'].map((character) => character.charCodeAt(0)));

/**
 * The expression inside one bracket (the statement itself outermost) as read so far: a bound on its
 * depth (see the header). Reused for the next bracket at its level (reset), as brackets come by the
 * million in a large file.
 */
class Expression {
  /** Per strength, operators in the current run (CHAIN: links of the current operand's chain). */
  private readonly operators = new Int32Array(CHAIN + 1);
  /** Per strength, the deepest operand of the current run already ended. */
  private readonly deepest = new Int32Array(CHAIN + 1);
  /** The strongest strength below CHAIN holding anything (-1: none): stronger ones are all 0. */
  private used = -1;
  /** The deepest element already ended by a comma. */
  private deepestElement = 0;
  /**
   * Operators and links counted in the current element, at least its depth (each level of depth is
   * one of them): depth() is worked out only when this says the limit may be near.
   */
  count = 0;
  /** The depth at which the bracket opened, its own level included. */
  outer = 0;

  reset(outer: number): void {
    this.operators.fill(0);
    this.deepest.fill(0);
    this.used = -1;
    this.deepestElement = 0;
    this.count = 0;
    this.outer = outer;
  }

  /** The current element's depth bound. */
  depth(): number {
    let value = this.operators[CHAIN]!;
    for (let strength = this.used; strength >= 0; strength--)
      value = this.operators[strength]! + Math.max(this.deepest[strength]!, value);
    return value;
  }

  /** The whole bracket's depth bound (every element). */
  widest(): number {
    return Math.max(this.deepestElement, this.depth());
  }

  /** `count` operators of `strength`: the operand before them ends at every stronger strength. */
  operator(strength: number, count: number): void {
    let value = this.operators[CHAIN]!;
    for (let stronger = this.used; stronger > strength; stronger--)
      value = this.operators[stronger]! + Math.max(this.deepest[stronger]!, value);
    this.deepest[strength] = Math.max(this.deepest[strength]!, value);
    if (this.used > strength) {
      this.operators.fill(0, strength + 1, this.used + 1);
      this.deepest.fill(0, strength + 1, this.used + 1);
    }
    this.operators[CHAIN] = 0;
    this.operators[strength]! += count;
    this.used = strength;
    this.count += count;
  }

  /** `count` more levels of the current operand's chain. */
  link(count: number): void {
    this.operators[CHAIN]! += count;
    this.count += count;
  }

  /** A comma: the next element starts afresh. */
  comma(): void {
    const outer = this.outer;
    const widest = this.widest();
    this.reset(outer);
    this.deepestElement = widest;
  }
}

/**
 * Why `source` nests too deeply to review (a sentence for the file's review), or undefined. Linear
 * in the text's length.
 */
export function nestingProblem(source: string): string | undefined {
  const length = source.length;
  /** Columns of the open indentation levels (the first is the module's, 0). */
  const indents: number[] = [0];
  /** The open brackets' expressions, the statement's first, up to `depth` (reused above it). */
  const expressions: Expression[] = [new Expression()];
  let depth = 0;
  let line = 1;
  let index = 0;
  let isLineStart = true;
  /** The last token was an operand (a name, number, string or closing bracket): `(` then calls. */
  let afterOperand = false;

  const top = () => expressions[depth]!;
  const isTooDeep = () => {
    const expression = expressions[depth]!;
    return (
      expression.outer + expression.count > MAX_EXPRESSION_DEPTH &&
      expression.outer + expression.depth() > MAX_EXPRESSION_DEPTH
    );
  };
  const tooDeep = () =>
    `The file's code is nested more than ${MAX_EXPRESSION_DEPTH.toLocaleString('en')} levels deep (line ${line}: an expression of that many operators, or brackets inside each other), more than the review reads, so it was not reviewed.`;

  while (index < length) {
    if (isLineStart) {
      isLineStart = false;
      let column = 0;
      while (index < length) {
        const code = source.charCodeAt(index);
        if (code === SPACE) column++;
        else if (code === TAB) column = (Math.floor(column / 8) + 1) * 8;
        else if (code === FORM_FEED) column = 0;
        else break;
        index++;
      }
      const next = source.charCodeAt(index);
      // Blank and comment-only lines open or close nothing.
      if (index < length && next !== NEWLINE && next !== RETURN && next !== HASH) {
        if (column > indents[indents.length - 1]!) {
          indents.push(column);
          if (indents.length - 1 > MAX_INDENT_LEVELS) {
            return `The file is indented more than ${MAX_INDENT_LEVELS} levels deep (line ${line}), which Python itself refuses ("too many levels of indentation"), so it was not reviewed.`;
          }
        } else {
          while (indents.length > 1 && column < indents[indents.length - 1]!) indents.pop();
        }
      }
      continue;
    }
    const code = source.charCodeAt(index);
    const kind = kindOf(code);
    if (code === SPACE || code === TAB) index++;
    else if (code === NEWLINE || code === RETURN) {
      index += code === RETURN && source.charCodeAt(index + 1) === NEWLINE ? 2 : 1;
      line++;
      // Inside brackets a line break continues the logical line; outside, the statement ends.
      if (depth === 0) {
        top().reset(0);
        isLineStart = true;
        afterOperand = false;
      }
    } else if (code === BACKSLASH) {
      // A backslash at a line's end joins the next line to this one.
      const next = source.charCodeAt(index + 1);
      if (next === NEWLINE || next === RETURN) {
        index += next === RETURN && source.charCodeAt(index + 2) === NEWLINE ? 3 : 2;
        line++;
      } else index++;
    } else if (code === HASH) {
      while (index < length && source.charCodeAt(index) !== NEWLINE && source.charCodeAt(index) !== RETURN)
        index++;
    } else if (code === 0x22 || code === 0x27) {
      // A string; its prefix letters were read as a name just before.
      let prefixStart = index;
      while (prefixStart > 0 && isNameCharacter(source.charCodeAt(prefixStart - 1))) prefixStart--;
      const isFormatted =
        index - prefixStart > 0 &&
        index - prefixStart <= 2 &&
        /^[rRbBuU]?[fFtT][rRbBuU]?$/.test(source.slice(prefixStart, index));
      const end = stringEnd(source, index, isFormatted);
      line += end.lines;
      // An f-string's fields nest in it.
      top().link(end.fieldOperators);
      if (isTooDeep()) return tooDeep();
      index = end.index;
      afterOperand = true;
    } else if (kind === OPENING) {
      // A call or subscript is a link of the operand before it.
      if (afterOperand) top().link(1);
      const outer = top().outer + top().depth() + 1;
      depth++;
      if (depth > MAX_BRACKET_DEPTH) {
        return `The file nests brackets more than ${MAX_BRACKET_DEPTH} deep (line ${line}), which Python itself refuses ("too many nested parentheses"), so it was not reviewed.`;
      }
      if (depth === expressions.length) expressions.push(new Expression());
      top().reset(outer);
      if (isTooDeep()) return tooDeep();
      index++;
      afterOperand = false;
    } else if (kind === CLOSING) {
      if (depth > 0) {
        const inner = top().widest();
        depth--;
        top().link(inner + 1);
        if (isTooDeep()) return tooDeep();
      }
      index++;
      afterOperand = true;
    } else if (code === COMMA || (code === SEMICOLON && depth === 0)) {
      top().comma();
      index++;
      afterOperand = false;
    } else if (code === DOT && afterOperand && source.charCodeAt(index + 1) !== DOT) {
      // An attribute: a link of the operand's chain, its name read with it.
      index++;
      while (index < length && (source.charCodeAt(index) === SPACE || source.charCodeAt(index) === TAB))
        index++;
      while (index < length && isNameCharacter(source.charCodeAt(index))) index++;
      top().link(1);
      if (isTooDeep()) return tooDeep();
      afterOperand = true;
    } else if (kind === OPERATOR) {
      const start = index;
      while (index < length && isOperatorCharacter(source.charCodeAt(index))) index++;
      if (index - start === 1) {
        // One character, the usual case: `.` of a relative import is an operand, the rest operators.
        if (code === DOT) afterOperand = true;
        else {
          top().operator(afterOperand ? (BINARY.get(source[start]!) ?? COMPARISON) : UNARY, 1);
          if (isTooDeep()) return tooDeep();
          afterOperand = false;
        }
        continue;
      }
      let run = source.slice(start, index);
      if (/^\.+$/.test(run)) {
        // `...`, an operand.
        afterOperand = true;
        continue;
      }
      if (afterOperand) {
        // A binary operator (the longest that starts the run), then maybe unary ones (`=-1`).
        let binary = run.slice(0, 1);
        for (const size of [3, 2]) if (BINARY.has(run.slice(0, size))) binary = run.slice(0, size);
        top().operator(BINARY.get(binary) ?? COMPARISON, 1);
        run = run.slice(binary.length);
      }
      if (run.length > 0) {
        // Prefix operators: each - + ~ nests (`--a`); `*`, `**` of unpacking, `@` of a decorator once.
        top().operator(UNARY, Math.max(1, run.replace(/[^-+~]/g, '').length));
      }
      if (isTooDeep()) return tooDeep();
      afterOperand = false;
    } else if (kind === DIGIT) {
      // A number: digits, letters (0x, 1e, 1j), underscores, a point, an exponent's sign.
      const isHex = code === 0x30 && (source.charCodeAt(index + 1) | 0x20) === 0x78;
      index++;
      while (index < length) {
        const inside = source.charCodeAt(index);
        if (isNameCharacter(inside) || inside === DOT) index++;
        else if (
          (inside === 0x2b || inside === 0x2d) &&
          !isHex &&
          (source.charCodeAt(index - 1) | 0x20) === 0x65
        )
          index++;
        else break;
      }
      afterOperand = true;
    } else if (kind === LETTER) {
      const start = index;
      while (index < length && isNameCharacter(source.charCodeAt(index))) index++;
      const size = index - start;
      // Only a name that could be one of the keywords is looked up (no string made for the others).
      const name = size >= 2 && size <= 6 && KEYWORD_INITIALS.has(code) ? source.slice(start, index) : '';
      const strength = name === 'not' && afterOperand ? COMPARISON : KEYWORDS.get(name);
      const ending = ENDING_KEYWORDS.get(name);
      if (strength !== undefined) {
        top().operator(strength, 1);
        if (isTooDeep()) return tooDeep();
        afterOperand = false;
      } else if (ending !== undefined) {
        top().operator(ending, 0);
        afterOperand = false;
      } else afterOperand = true;
    } else index++;
  }
  return undefined;
}

/**
 * Where the string starting with the quote at `start` ends (after its closing quote, or at the end
 * of its line when unterminated: Python refuses it, ruff says so), the line breaks inside it, and in
 * an f-string the operators in its replacement fields.
 */
function stringEnd(
  source: string,
  start: number,
  isFormatted: boolean,
): { index: number; lines: number; fieldOperators: number } {
  const length = source.length;
  const quote = source.charCodeAt(start);
  const isTriple = source.charCodeAt(start + 1) === quote && source.charCodeAt(start + 2) === quote;
  let index = start + (isTriple ? 3 : 1);
  let lines = 0;
  let fieldOperators = 0;
  /** Replacement fields open in an f-string (`{{` outside one is a literal brace). */
  let fields = 0;
  while (index < length) {
    const code = source.charCodeAt(index);
    if (code === BACKSLASH) {
      const escaped = source.charCodeAt(index + 1);
      if (escaped === RETURN && source.charCodeAt(index + 2) === NEWLINE) {
        index += 3;
        lines++;
      } else {
        if (escaped === NEWLINE || escaped === RETURN) lines++;
        index += 2;
      }
    } else if (code === quote) {
      if (!isTriple) return { index: index + 1, lines, fieldOperators };
      if (source.charCodeAt(index + 1) === quote && source.charCodeAt(index + 2) === quote)
        return { index: index + 3, lines, fieldOperators };
      index++;
    } else if (code === NEWLINE || code === RETURN) {
      if (!isTriple) return { index, lines, fieldOperators };
      if (!(code === RETURN && source.charCodeAt(index + 1) === NEWLINE)) lines++;
      index++;
    } else if (isFormatted && code === OPEN_BRACE) {
      if (fields === 0 && source.charCodeAt(index + 1) === OPEN_BRACE) index += 2;
      else {
        fields++;
        index++;
      }
    } else if (isFormatted && code === CLOSE_BRACE && fields > 0) {
      fields--;
      index++;
    } else if (fields > 0 && isOperatorCharacter(code)) {
      while (index < length && isOperatorCharacter(source.charCodeAt(index))) index++;
      fieldOperators++;
    } else if (fields > 0 && kindOf(code) === LETTER) {
      const nameStart = index;
      while (index < length && isNameCharacter(source.charCodeAt(index))) index++;
      if (KEYWORDS.has(source.slice(nameStart, index))) fieldOperators++;
    } else index++;
  }
  return { index, lines, fieldOperators };
}
