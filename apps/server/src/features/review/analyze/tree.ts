// The syntax tree as plain JavaScript objects, copied from tree-sitter's tree in one cursor walk.
//
// Every property read on a web-tree-sitter Node crosses into WebAssembly and allocates (children
// arrays are rebuilt on each access); the checks visit the same nodes many times, which made node
// access cost more than parsing. One walk with a TreeCursor copies what the review reads (type,
// field name, offsets, rows), after which the tree-sitter tree is freed.
import type { Tree } from 'web-tree-sitter';

export class SyntaxNode {
  readonly children: SyntaxNode[] = [];
  readonly namedChildren: SyntaxNode[] = [];
  parent: SyntaxNode | null = null;
  /** The field this node fills in its parent (`name`, `body`...), if any. */
  fieldName: string | null = null;
  /** The nodes under this one outside nested scopes, once asked (python.ts descendants). */
  scopeNodes: SyntaxNode[] | undefined = undefined;

  constructor(
    readonly id: number,
    readonly type: string,
    readonly isNamed: boolean,
    readonly startIndex: number,
    readonly endIndex: number,
    readonly startRow: number,
    readonly endRow: number,
    private readonly source: string,
  ) {}

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get startPosition(): { row: number } {
    return { row: this.startRow };
  }

  get endPosition(): { row: number } {
    return { row: this.endRow };
  }

  childForFieldName(name: string): SyntaxNode | null {
    for (const child of this.children) if (child.fieldName === name) return child;
    return null;
  }

  childrenForFieldName(name: string): SyntaxNode[] {
    return this.children.filter((child) => child.fieldName === name);
  }
}

export interface PlainTree {
  rootNode: SyntaxNode;
  /** tree-sitter found syntax errors (ERROR or MISSING nodes). */
  hasError: boolean;
}

/** Copies `tree` (parsed from `source`) into plain nodes. The tree-sitter tree stays the caller's. */
export function toPlainTree(tree: Tree, source: string): PlainTree {
  const cursor = tree.walk();
  const language = tree.language;
  const types = language.types;
  const fields = language.fields;
  // Whether a node type is named, asked of tree-sitter once per type instead of once per node.
  const namedByType: Array<boolean | undefined> = [];
  const hasError = tree.rootNode.hasError;
  let id = 0;
  // Rows from offsets (a binary search over line starts): each cursor property read marshals the
  // cursor into WebAssembly, so positions are not read from it.
  const starts = [0];
  for (let index = source.indexOf('\n'); index >= 0; index = source.indexOf('\n', index + 1))
    starts.push(index + 1);
  const rowOf = (offset: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  // Four reads per node (type, field, start, end), three for most anonymous ones: a keyword or
  // punctuation token's text is its type, so its end is its start plus the type's length when the
  // source says so there (not for `not in` written with two spaces, nor in a tree with errors,
  // whose MISSING tokens have no width).
  const make = (parent: SyntaxNode | null): SyntaxNode => {
    const typeId = cursor.nodeTypeId;
    const type = types[typeId] ?? 'ERROR';
    let isNamed = namedByType[typeId];
    if (isNamed === undefined) {
      isNamed = language.nodeTypeIsNamed(typeId);
      namedByType[typeId] = isNamed;
    }
    const startIndex = cursor.startIndex;
    const endIndex =
      !isNamed && !hasError && type.length > 0 && source.startsWith(type, startIndex)
        ? startIndex + type.length
        : cursor.endIndex;
    // A node ending right after a newline (a block) ends on the line before.
    const endRow = rowOf(endIndex > startIndex ? endIndex - 1 : endIndex);
    const node = new SyntaxNode(id++, type, isNamed, startIndex, endIndex, rowOf(startIndex), endRow, source);
    if (parent) {
      node.parent = parent;
      node.fieldName = fields[cursor.currentFieldId] ?? null;
      parent.children.push(node);
      if (node.isNamed) parent.namedChildren.push(node);
    }
    return node;
  };
  const root = make(null);
  let current = root;
  try {
    for (;;) {
      if (cursor.gotoFirstChild()) {
        current = make(current);
        continue;
      }
      for (;;) {
        if (cursor.gotoNextSibling()) {
          current = make(current.parent);
          break;
        }
        if (!cursor.gotoParent()) return { rootNode: root, hasError };
        current = current.parent!;
      }
    }
  } finally {
    cursor.delete();
  }
}
