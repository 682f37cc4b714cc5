// The tree copy through web-tree-sitter's WebAssembly exports (tree.ts CursorBinding) gives the same
// plain tree as the copy through its public TreeCursor, node for node, on valid and broken Python.
import { describe, expect, it } from 'vitest';
import { pythonCursorBinding, pythonParser } from './python.js';
import { type SyntaxNode, toPlainTree } from './tree.js';

const SOURCES: Record<string, string> = {
  functions:
    '"""Module."""\nimport os\n\n\n@staticmethod\ndef total(items: list[int], *args, tax=0.2, **kwargs) -> int:\n    s = ""\n    for i in range(len(items)):\n        if items[i] not in  [None, ""]:\n            s += str(items[i])\n    return sorted(items)[0]\n',
  'classes, async and lambdas':
    'class A(B):\n    async def run(self, x):\n        f = lambda y: y * 2\n        async with x as y:\n            await f(y)\n        return [z for z in x if z is not None]\n',
  'non-ASCII text and CRLF': 'def café(naïve):\r\n    """Ünïcode 😀."""\r\n    return "日本" + naïve\r\n',
  'two-word operators': 'def f(a, b):\n    return a not in b or a is not b or (a not  in b)\n',
  'syntax errors': 'def broken(x:\n    return x +\nclass\n    pass\nif x not in y\n',
  empty: '',
};

/** What tree-sitter's Node and the plain copy both answer (SyntaxNode has startPosition too). */
interface TreeNode {
  type: string;
  isNamed: boolean;
  startIndex: number;
  endIndex: number;
  startPosition: { row: number };
  children: ReadonlyArray<TreeNode | null>;
}

/** A node's type, offsets and start row with its children's, whichever tree it is from. */
function treeShape(node: TreeNode): unknown {
  return {
    type: node.type,
    isNamed: node.isNamed,
    start: node.startIndex,
    end: node.endIndex,
    // The end row is the copy's own (a node ending right after a newline ends on the line before).
    startRow: node.startPosition.row,
    children: node.children.map((child) => treeShape(child!)),
  };
}

function shape(node: SyntaxNode): unknown {
  return {
    id: node.id,
    type: node.type,
    isNamed: node.isNamed,
    field: node.fieldName,
    start: node.startIndex,
    end: node.endIndex,
    rows: [node.startRow, node.endRow],
    lastId: node.lastId,
    children: node.children.map(shape),
    named: node.namedChildren.map((child) => child.id),
  };
}

describe('toPlainTree', () => {
  it('finds web-tree-sitter’s cursor exports', async () => {
    expect(await pythonCursorBinding()).toBeDefined();
  });

  for (const [name, source] of Object.entries(SOURCES)) {
    it(`copies the same tree either way: ${name}`, async () => {
      const parser = await pythonParser();
      const binding = await pythonCursorBinding();
      const tree = parser.parse(source)!;
      try {
        const direct = toPlainTree(tree, source, binding);
        const public_ = toPlainTree(tree, source);
        expect(direct.hasError).toBe(public_.hasError);
        expect(shape(direct.rootNode)).toEqual(shape(public_.rootNode));
        // Node for node what tree-sitter itself has (tokens, whose children the walk does not ask
        // for, and the two-word operators, which have children, included).
        expect(treeShape(direct.rootNode)).toEqual(treeShape(tree.rootNode));
        // A node's ids run from its own to its last descendant's.
        const check = (node: SyntaxNode): number => {
          let last = node.id;
          for (const child of node.children) last = check(child);
          expect(node.lastId).toBe(last);
          return last;
        };
        check(direct.rootNode);
        // The tree is still usable after the direct walk (the transfer buffer is web-tree-sitter's).
        expect(tree.rootNode.endIndex).toBe(source.length);
      } finally {
        tree.delete();
      }
    });
  }
});
