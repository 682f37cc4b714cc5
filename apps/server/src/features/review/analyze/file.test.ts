// The enhanced text of a file stays valid Python when docstrings are inserted without a second
// parse (file.ts isSafeInsertion): unusual layouts either get their docstrings and still parse, or
// fall back to the parse, which keeps them out when they would break the file. Python's own parser
// reads every output.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonLibraryDir, pythonPackageFiles } from '../../../test/python-library.js';
import { encodeRendered, renderFile } from '../report.js';
import { reviewPythonFile, reviewPythonFileAlongside, reviewPythonFiles, ruffVerdictOf } from './file.js';

const CASES: Record<string, { source: string; docstrings: number }> = {
  plain: { source: 'def total(items):\n    return sum(items)\n', docstrings: 1 },
  'comment at column 0 before the first statement': {
    source: 'def total(items):\n# a comment outside the indentation\n    return sum(items)\n',
    docstrings: 1,
  },
  'indented comment before the first statement': {
    source: 'def total(items):\n    # a comment\n    return sum(items)\n',
    docstrings: 1,
  },
  'backslash continuation after the colon': {
    source: 'def total(items): \\\n    return sum(items)\n',
    docstrings: 0,
  },
  'tabs and CRLF line endings': {
    source: 'class Cart:\r\n\tdef total(self, items):\r\n\t\treturn sum(items)\r\n',
    docstrings: 2,
  },
  'quotes and backslashes in defaults and conditions': {
    source:
      'def quote(text, mark=\'"""\\\\\', end="\\\\"):\n    if text == \'"""\':\n        raise ValueError(text)\n    return mark + text + end\n',
    docstrings: 1,
  },
  'nested functions and methods': {
    source:
      'class A:\n    def outer(self, x):\n        def inner(y):\n            return y * 2\n        return inner(x)\n\n    async def run(self):\n        await self.outer(1)\n',
    docstrings: 4,
  },
  'a body on the def line': { source: 'def one(): return 1\n', docstrings: 1 },
  'bodies on def lines, with a comment, semicolons, a decorator and tabs': {
    source:
      'class A:\n\t@staticmethod\n\tdef one(): return 1  # one\n\tasync def two(self): x = 2; return x\n\tdef three(self):pass\n',
    docstrings: 4,
  },
  'a body on the def line going on over lines': {
    source: 'def pair(a, b): return (a,\n  b)\n\n\ndef after():\n    pass\n',
    docstrings: 2,
  },
  'a signature over lines and the body after its colon': {
    source: 'def many(a, b,\n         c, d): pass\n',
    docstrings: 1,
  },
  'CRLF line endings and a body on the def line': {
    source: 'def one(): return 1\r\n\r\n\r\ndef two(a):\r\n    return a\r\n',
    docstrings: 2,
  },
};

function parsesAsPython(text: string): boolean {
  try {
    execFileSync('python3', ['-c', 'import ast,sys; ast.parse(sys.stdin.buffer.read())'], {
      input: text,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return true;
  } catch {
    return false;
  }
}

/** The names of the functions and classes Python's `ast` finds without a docstring in `text`. */
function functionsWithoutDocstring(text: string): string[] {
  const script =
    'import ast,sys\nfor n in ast.walk(ast.parse(sys.stdin.buffer.read())):\n  if isinstance(n,(ast.FunctionDef,ast.AsyncFunctionDef,ast.ClassDef)) and ast.get_docstring(n) is None: print(n.name)';
  return execFileSync('python3', ['-c', script], { input: text }).toString().split('\n').filter(Boolean);
}

describe('the enhanced text with generated docstrings', () => {
  for (const [name, { source, docstrings }] of Object.entries(CASES)) {
    it(`stays valid Python: ${name}`, async () => {
      expect(parsesAsPython(source)).toBe(true);
      const review = await reviewPythonFile(`${name}.py`, Buffer.from(source));
      expect(review.error).toBeUndefined();
      expect(review.docstringsAdded).toBe(docstrings);
      expect(parsesAsPython(review.enhanced!)).toBe(true);
      if (docstrings === 0 && review.appliedFixes.length === 0) expect(review.enhanced).toBe(source);
      // Every function and class has its docstring in the enhanced text (Python's ast says so), in the file's line ends.
      if (docstrings > 0) expect(functionsWithoutDocstring(review.enhanced!)).toEqual([]);
      if (source.includes('\r\n')) expect(review.enhanced).not.toMatch(/[^\r]\n/);
    });
  }
});

describe('generated docstrings', () => {
  it('document a property as the attribute it reads as, and its setter as what it does', async () => {
    const source =
      'class Cart:\n    @property\n    def total_price(self):\n        return sum(self.prices)\n\n    @total_price.setter\n    def total_price(self, value):\n        self._total = value\n\n    @property\n    def is_empty(self):\n        return not self.prices\n';
    const review = await reviewPythonFile('cart.py', Buffer.from(source));
    const [getter, setter, empty] = review.functions.map((fn) => fn.generatedDocstring);
    expect(getter).toBe('"""The total price."""');
    expect(setter).toBe('"""Set the total price.\n\nSets `self._total`.\n"""');
    expect(empty).toBe('"""Whether the Cart is empty."""');
  });

  it('say what a predicate asks of what, and what a getter returns', async () => {
    const source =
      'def is_empty(text):\n    return not text\n\n\nclass Cart:\n    def has_items(self):\n        return bool(self.items)\n\n\ndef get_user_name(user):\n    return user.name\n';
    const review = await reviewPythonFile('names.py', Buffer.from(source));
    const docstrings = Object.fromEntries(review.functions.map((fn) => [fn.name, fn.generatedDocstring]));
    expect(docstrings.is_empty).toMatch(
      /^"""Return whether the text is empty\.[\s\S]*Returns:\n {4}bool: Whether the text is empty\./,
    );
    expect(docstrings['Cart.has_items']).toMatch(/^"""Return whether the Cart has items\./);
    expect(docstrings.get_user_name).toMatch(/^"""Return the user name\.[\s\S]*Returns:\n {4}`user.name`\./);
  });

  it('summarise methods named like what every JavaScript object has from their words', async () => {
    const source =
      'class Model:\n    def constructor(self):\n        return 1\n\n    def toString(self):\n        return "m"\n\n    def __init__(self):\n        self.x = 1\n';
    const review = await reviewPythonFile('model.py', new TextEncoder().encode(source));
    const docstrings = Object.fromEntries(review.functions.map((fn) => [fn.name, fn.generatedDocstring]));
    expect(docstrings['Model.constructor']).toMatch(/^"""Return the constructor\./);
    expect(docstrings['Model.toString']).toMatch(/^"""To string\./);
    expect(docstrings['Model.__init__']).toMatch(/^"""Initialize the Model\./);
  });
});

/** Every case above, and files that are not Python, not UTF-8, start with a BOM, have fixes, or are empty. */
const FILES = [
  ...Object.entries(CASES).map(([name, { source }]) => ({ path: `${name}.py`, bytes: Buffer.from(source) })),
  { path: 'broken.py', bytes: Buffer.from('def broken(:\n    pass\n') },
  { path: 'latin1.py', bytes: Buffer.from([0x78, 0x20, 0x3d, 0x20, 0x22, 0xe9, 0x22, 0x0a]) },
  { path: 'bom.py', bytes: Buffer.from('\uFEFFdef f(x):\n    return x\n') },
  { path: 'fixes.py', bytes: Buffer.from('\uFEFFimport os\ndef f(x):\n    return [y for y in list(x)]\n') },
  { path: 'empty.py', bytes: Buffer.alloc(0) },
  { path: 'old-mac.py', bytes: Buffer.from('class A:\r    def f(self, x): return x\r') },
  {
    path: 'latin1-declared.py',
    bytes: Buffer.from('# coding: latin-1\ndef f():\n    return "\xe9"\n', 'latin1'),
  },
];

describe('a batch of files', () => {
  it('reviews each file as it would be reviewed alone, in order, bad files included', async () => {
    const batch = await reviewPythonFiles(FILES);
    expect(batch.map((review) => review.path)).toEqual(FILES.map((file) => file.path));
    for (const [index, file] of FILES.entries())
      expect(batch[index]).toEqual(await reviewPythonFile(file.path, file.bytes));
    expect(batch.find((review) => review.path === 'broken.py')?.error).toMatch(/not valid Python/);
    expect(batch.find((review) => review.path === 'latin1.py')?.error).toMatch(/not UTF-8/);
    expect(batch.find((review) => review.path === 'bom.py')?.enhanced).toMatch(/^\uFEFFdef f\(x\):\n {4}"""/);
    expect(await reviewPythonFiles([])).toEqual([]);
  });
});

describe('files past what ruff can take', () => {
  const after = { path: 'after.py', bytes: Buffer.from('def f(a):\n    return a\n') };

  it('reports a file whose findings need more than ruff may have; a fresh ruff reviews the next', async () => {
    // 390,000 findings from 256 KB: ruff's allocation fails at its 128 MB maximum.
    const bomb = { path: 'bomb.py', bytes: Buffer.from(`${'x;'.repeat(128 * 1024)}\n`) };
    const [bombReview, afterReview] = await reviewPythonFiles([bomb, after]);
    expect(bombReview!.error).toBe(
      'The file needs more memory than the review gives ruff (128 MB): it is too large, or has too many findings, to review, so it was not reviewed.',
    );
    expect(afterReview!.functions.map((fn) => fn.name)).toEqual(['f']);
  });

  it("reports a file nested past what the scan sees, which exhausts ruff's stack; a fresh ruff reviews the next", async () => {
    // Each lambda's parameters end with a comma, so the scan counts no depth; ruff recurses 20,000 deep.
    const deep = { path: 'deep.py', bytes: Buffer.from(`f = ${'lambda a, b: '.repeat(20_000)}a\n`) };
    for (let round = 0; round < 2; round++) {
      const [deepReview, afterReview] = await reviewPythonFiles([deep, after]);
      expect(deepReview!.error).toBe(
        "The file's code is nested too deeply for the review's Python parser (ruff ran out of stack), so it was not reviewed.",
      );
      expect(afterReview!.functions.map((fn) => fn.name)).toEqual(['f']);
    }
  });
});

describe('a file reviewed alongside ruff (its check on another thread)', () => {
  it('gives the same review as the file reviewed alone, bad files included', async () => {
    for (const { path, bytes } of FILES) {
      // ruff's verdict arrives after the tree's part is done, as from a busier thread.
      const verdict = new Promise<ReturnType<typeof ruffVerdictOf>>((resolve) =>
        setTimeout(() => resolve(ruffVerdictOf(path, bytes)), 20),
      );
      expect(await reviewPythonFileAlongside(path, bytes, verdict)).toEqual(
        await reviewPythonFile(path, bytes),
      );
    }
  });

  it('reports the file as not reviewed, with the reason ruff could not give its verdict', async () => {
    const failure = Promise.reject(new Error('ruff stopped'));
    const review = await reviewPythonFileAlongside('a.py', Buffer.from('def f():\n    pass\n'), failure);
    expect(review.error).toBe('The review could not read the file (ruff stopped), so it was not reviewed.');
    expect(review.functions).toEqual([]);
  });
});

describe('real code reviewed alongside', () => {
  it("gives the same review as alone for the standard library's email package and three large modules", async () => {
    const library = pythonLibraryDir();
    const paths = [...pythonPackageFiles(library, 'email'), 'argparse.py', 'typing.py', 'inspect.py'];
    for (const path of paths) {
      const bytes = readFileSync(join(library, path));
      expect(
        await reviewPythonFileAlongside(path, bytes, Promise.resolve(ruffVerdictOf(path, bytes))),
        path,
      ).toEqual(await reviewPythonFile(path, bytes));
    }
  }, 60_000);
});

describe('files written for a later Python than 3.9', () => {
  const OPTIONAL = 'from typing import Optional\n\n\ndef first(x: Optional[int]):\n    return x\n';
  const LATER: Record<string, { source: string; functions: string[] }> = {
    '3.10: match': {
      source: `${OPTIONAL}\n\ndef kind(value):\n    match value:\n        case {"type": t}:\n            return t\n        case _:\n            return None\n`,
      functions: ['first', 'kind'],
    },
    '3.11: except* and a starred index': {
      source: `${OPTIONAL}\n\ndef run(task, shape):\n    try:\n        task()\n    except* ValueError as group:\n        return group.exceptions\n    return shape[*task()]\n`,
      functions: ['first', 'run'],
    },
    '3.12: type parameters and aliases': {
      source: `${OPTIONAL}\n\ntype Pair[T] = tuple[T, T]\n\n\ndef swap[T](pair: Pair[T]) -> Pair[T]:\n    return pair[1], pair[0]\n`,
      functions: ['first', 'swap'],
    },
  };

  for (const [name, { source, functions }] of Object.entries(LATER)) {
    it(`are reviewed with the suggestions of that version: ${name}`, async () => {
      const review = await reviewPythonFile('later.py', Buffer.from(source));
      expect(review.error).toBeUndefined();
      expect(review.functions.map((fn) => fn.name)).toEqual(functions);
      // `Optional[int]` -> `int | None` is a suggestion from Python 3.10 on.
      const first = review.functions[0]!;
      expect(first.findings.map((finding) => finding.code)).toContain('UP045');
      expect(review.docstringsAdded).toBe(functions.length);
    });
  }

  it('and a 3.9 file is not told to use 3.10 syntax', async () => {
    const review = await reviewPythonFile('older.py', Buffer.from(OPTIONAL));
    expect(review.functions[0]!.findings.map((finding) => finding.code)).not.toContain('UP045');
  });

  it('while a real syntax error beside later syntax still fails the file', async () => {
    const review = await reviewPythonFile(
      'broken.py',
      Buffer.from('def kind(value):\n    match value:\n        case 1:\n            return (\n'),
    );
    expect(review.error).toMatch(/not valid Python/);
    expect(review.error).not.toMatch(/Cannot use `match`/);
  });
});

describe('docstrings as Python reads them', () => {
  it('an f-string or bytes first is not a docstring; strings written next to each other are', async () => {
    const source =
      'def fstring(x):\n    f"{x}"\n\n\ndef raw(x):\n    b"x"\n\n\ndef joined():\n    "One " "docstring."\n\n\ndef prefixed():\n    r"""Raw docstring."""\n';
    const review = await reviewPythonFile('literals.py', Buffer.from(source));
    expect(review.functions.map((fn) => [fn.name, fn.generatedDocstring !== undefined])).toEqual([
      ['fstring', true],
      ['raw', true],
      ['joined', false],
      ['prefixed', false],
    ]);
    expect(functionsWithoutDocstring(review.enhanced!)).toEqual([]);
  });
});

describe("valid Python beyond tree-sitter's grammar", () => {
  // A continuation line inside brackets indented less than its block: valid Python (from the
  // standard library's test_compile.py), which tree-sitter's grammar cannot read as written.
  const weird = (comment: string) =>
    `def ok():\n    return 1\n\n\nclass Weird:\n    def test(self):\n        def f():\n            (bar.${comment}\n        baz)\n        return f\n\n    def after(self, é):\n        return é\n`;

  it("is read with the line breaks inside brackets joined, on the file's own lines", async () => {
    const source = weird('');
    expect(parsesAsPython(source)).toBe(true);
    const review = await reviewPythonFile('weird.py', Buffer.from(source));
    expect(review.error).toBeUndefined();
    expect(review.functions.map((fn) => [fn.name, fn.line, fn.endLine])).toEqual([
      ['ok', 1, 2],
      ['Weird.test', 6, 10],
      ['Weird.test.f', 7, 9],
      ['Weird.after', 12, 13],
    ]);
    expect(review.functions[2]!.source).toBe('        def f():\n            (bar.\n        baz)');
    expect(review.moduleFindings.map((finding) => finding.code)).not.toContain('DA202');
    expect(functionsWithoutDocstring(review.enhanced!)).toEqual([]);
  });

  it('says where it could not be read when a comment ends the broken line', async () => {
    const source = weird('  # a comment');
    expect(parsesAsPython(source)).toBe(true);
    const review = await reviewPythonFile('weird.py', Buffer.from(source));
    expect(review.error).toBeUndefined();
    expect(review.functions.map((fn) => fn.name)).toContain('ok');
    const note = review.moduleFindings.find((finding) => finding.code === 'DA202');
    expect(note?.message).toMatch(/could not read part of this file, which is valid Python, near line \d+/);
    expect(parsesAsPython(review.enhanced!)).toBe(true);
  });
});

describe('files in a declared encoding (PEP 263)', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  const pythonReads = (bytes: Uint8Array) =>
    execFileSync('python3', ['-c', 'import ast,sys; ast.parse(sys.stdin.buffer.read()); print("ok")'], {
      input: bytes,
    }).toString();

  it('are read in it, reviewed, and written back in it', async () => {
    const bytes = latin1(
      '#!/usr/bin/env python\n# -*- coding: latin-1 -*-\ndef grüße(name="café"):\n    return name + "!"\n',
    );
    const review = await reviewPythonFile('greet.py', bytes);
    expect(review.error).toBeUndefined();
    expect(review.encoding).toBe('latin-1');
    expect(review.functions.map((fn) => fn.name)).toEqual(['grüße']);
    expect(review.functions[0]!.source).toContain('"café"');
    expect(review.docstringsAdded).toBe(1);
    const dir = mkdtempSync(join(tmpdir(), 'da-encoding-'));
    try {
      const [encoded] = encodeRendered([renderFile(review)], dir);
      const written = Buffer.from(encoded!.enhanced!);
      // The download's file is Latin-1 again: the original's bytes with the docstring between them.
      expect(written.toString('latin1')).toContain(
        'def grüße(name="café"):\n    """Grüße.\n\n    Args:\n        name (str, optional): Defaults to `"café"`.',
      );
      expect(written.includes(Buffer.from('café', 'utf8'))).toBe(false);
      expect(pythonReads(written)).toBe('ok\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are refused with the reason when the encoding is unknown, contradicts a BOM, or does not fit', async () => {
    const cases: Array<[Buffer, RegExp]> = [
      [
        latin1('# -*- coding: uft-8 -*-\nx = 1\n'),
        /declares the encoding 'uft-8', which the review does not know/,
      ],
      [
        Buffer.from('\uFEFF# coding: latin-1\nx = 1\n'),
        /byte order mark but declares the encoding 'latin-1'/,
      ],
      // The standard library's test/tokenizedata/bad_coding2.py: Python refuses `utf8` after a BOM.
      [Buffer.from('\uFEFF#coding: utf8\nprint("我")\n'), /byte order mark but declares the encoding 'utf8'/],
      [Buffer.from([...Buffer.from('# coding: shift_jis\nx = "'), 0x81, 0x22, 0x0a]), /not shift_jis text/],
    ];
    for (const [bytes, reason] of cases) {
      const review = await reviewPythonFile('declared.py', bytes);
      expect(review.error).toMatch(reason);
      expect(review.enhanced).toBeUndefined();
    }
  });

  it('a UTF-8 declaration, or one after code, changes nothing', async () => {
    const declared = await reviewPythonFile(
      'utf8.py',
      Buffer.from('# coding: utf-8\ndef f():\n    return "é"\n'),
    );
    expect(declared.error).toBeUndefined();
    expect(declared.encoding).toBeUndefined();
    const late = await reviewPythonFile('late.py', latin1('x = 1\n# coding: latin-1\ny = "é"\n'));
    expect(late.error).toMatch(/not UTF-8 text/);
  });
});

describe('findings sorted into the two sections', () => {
  it('puts a faster idiom under performance and a modernised one under readability', async () => {
    const source = 'def greet(name):\n    return "Hello {}".format(name) + "%s!" % (name,)\n';
    const review = await reviewPythonFile('greet.py', Buffer.from(source));
    const sections = Object.fromEntries(
      review.functions[0]!.findings.map((finding) => [finding.code, finding.section]),
    );
    // An f-string is faster than format(); format() is not faster than %.
    expect(sections.UP032).toBe('performance');
    expect(sections.UP031).toBe('readability');
  });
});

describe('Python 2 code', () => {
  it('is refused with its syntax error and a word on why', async () => {
    const files: Record<string, string> = {
      'print.py': 'def hello(name):\n    print "hello", name\n',
      'raise.py': 'def check(x):\n    raise ValueError, "bad x"\n',
      'octal.py': 'MODE = 0777\n',
    };
    for (const [path, source] of Object.entries(files)) {
      const review = await reviewPythonFile(path, Buffer.from(source));
      expect(review.error, path).toMatch(
        /^The file is not valid Python \(line \d+, column \d+: .+\), so its functions were not reviewed\. The line looks like Python 2/,
      );
    }
    const python3 = await reviewPythonFile('broken.py', Buffer.from('def broken(:\n    pass\n'));
    expect(python3.error).not.toMatch(/Python 2/);
  });
});

describe('a file whose lines end with a carriage return alone', () => {
  it('is reviewed line by line and written back with its line ends', async () => {
    const source =
      'import os\rdef total(items):\r    return sum(items)\r\rclass A:\r    def f(self): return 1\r';
    expect(parsesAsPython(source)).toBe(true);
    const review = await reviewPythonFile('old-mac.py', Buffer.from(source));
    expect(review.functions.map((fn) => [fn.name, fn.line])).toEqual([
      ['total', 2],
      ['A.f', 6],
    ]);
    expect(review.docstringsAdded).toBe(3);
    expect(review.enhanced).not.toContain('\n');
    expect(parsesAsPython(review.enhanced!)).toBe(true);
    expect(functionsWithoutDocstring(review.enhanced!)).toEqual([]);
  });
});
