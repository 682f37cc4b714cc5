// The syntax tree as plain JavaScript objects, copied from tree-sitter's tree in one cursor walk.
//
// Every property read on a web-tree-sitter Node crosses into WebAssembly and allocates (children
// arrays are rebuilt on each access); the checks visit the same nodes many times, which made node
// access cost more than parsing. One walk with a TreeCursor copies what the review reads (type,
// field name, offsets, rows), after which the tree-sitter tree is freed.
//
// The walk calls web-tree-sitter's WebAssembly cursor functions directly when python.ts has them
// (`CursorBinding`): web-tree-sitter's TreeCursor copies the cursor's four words into and out of
// WebAssembly memory around every call, which cost as much as the calls themselves; the cursor can
// stay in WebAssembly's transfer buffer for the whole walk, as nothing else runs meanwhile.
import type { Tree } from 'web-tree-sitter';

/** Shared by every node without children (tree.ts replaces it before adding a child). */
const NO_NODES: SyntaxNode[] = [];

export class SyntaxNode {
  children: SyntaxNode[] = NO_NODES;
  namedChildren: SyntaxNode[] = NO_NODES;
  parent: SyntaxNode | null = null;
  /** The field this node fills in its parent (`name`, `body`...), if any. */
  fieldName: string | null = null;
  /** The nodes under this one outside nested scopes, once asked (python.ts descendants). */
  scopeNodes: SyntaxNode[] | undefined = undefined;
  /** The id of the last node under this one: ids are given in source order, so this node's are `id..lastId`. */
  lastId = 0;

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

/**
 * Deepest syntax tree copied: deeper code (an expression of more than about a thousand operators,
 * brackets and blocks inside each other) is not reviewed. Python itself compiles at most about
 * 3,000 levels; every walk over the tree is then bounded by the tree's size times this depth at worst.
 */
export const MAX_TREE_DEPTH = 1000;

/** The file's syntax tree is deeper than MAX_TREE_DEPTH (found at `row`, 0-based): not reviewed. */
export class TreeTooDeepError extends Error {
  constructor(readonly row: number) {
    super(`The syntax tree is deeper than ${MAX_TREE_DEPTH} levels (row ${row}).`);
    this.name = 'TreeTooDeepError';
  }
}

export interface PlainTree {
  rootNode: SyntaxNode;
  /** tree-sitter found syntax errors (ERROR or MISSING nodes). */
  hasError: boolean;
}

/**
 * web-tree-sitter's own WebAssembly exports for a cursor walk (its binding's `tree-sitter.c`): each
 * takes the tree's address and reads the cursor from the module's transfer buffer; the `goto` ones
 * write the moved cursor back there. Indices are UTF-16 code units, as the public API's.
 */
export interface CursorBinding {
  _ts_tree_root_node_wasm(tree: number): void;
  _ts_tree_cursor_new_wasm(tree: number): void;
  _ts_tree_cursor_delete_wasm(tree: number): void;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
}

const CURSOR_EXPORTS: Array<keyof CursorBinding> = [
  '_ts_tree_root_node_wasm',
  '_ts_tree_cursor_new_wasm',
  '_ts_tree_cursor_delete_wasm',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
];

/** `module` as a CursorBinding when it has every export the walk calls (else undefined). */
export function cursorBinding(module: object): CursorBinding | undefined {
  const candidate = module as Record<string, unknown>;
  return CURSOR_EXPORTS.every((name) => typeof candidate[name] === 'function')
    ? (module as CursorBinding)
    : undefined;
}

/** Whether each node type is named, per language (asked of tree-sitter once per type). */
const namedTypes = new WeakMap<Tree['language'], Array<boolean | undefined>>();

/**
 * Copies `tree` (parsed from `source`) into plain nodes. The tree-sitter tree stays the caller's.
 * With `binding`, the cursor is driven through web-tree-sitter's WebAssembly exports directly;
 * without, through its TreeCursor. Throws TreeTooDeepError as soon as the copy goes deeper than
 * MAX_TREE_DEPTH.
 */
export function toPlainTree(tree: Tree, source: string, binding?: CursorBinding): PlainTree {
  const language = tree.language;
  const types = language.types;
  const fields = language.fields;
  let namedByType = namedTypes.get(language);
  if (!namedByType) {
    namedByType = [];
    namedTypes.set(language, namedByType);
  }
  const hasError = tree.rootNode.hasError;
  // The cursor's moves and reads, one WebAssembly call each, given the tree's address: its
  // address in WebAssembly memory (web-tree-sitter's internal handle) with the binding, which
  // leaves the cursor in the transfer buffer for the whole walk; with a TreeCursor, ignored.
  let address = 0;
  let gotoFirstChild: (tree: number) => number;
  let gotoNextSibling: (tree: number) => number;
  let gotoParent: (tree: number) => number;
  let nodeTypeId: (tree: number) => number;
  let nodeStartIndex: (tree: number) => number;
  let nodeEndIndex: (tree: number) => number;
  let fieldId: (tree: number) => number;
  let release: () => void;
  if (binding) {
    address = (tree as unknown as { 0: number })[0];
    gotoFirstChild = binding._ts_tree_cursor_goto_first_child_wasm;
    gotoNextSibling = binding._ts_tree_cursor_goto_next_sibling_wasm;
    gotoParent = binding._ts_tree_cursor_goto_parent_wasm;
    nodeTypeId = binding._ts_tree_cursor_current_node_type_id_wasm;
    nodeStartIndex = binding._ts_tree_cursor_start_index_wasm;
    nodeEndIndex = binding._ts_tree_cursor_end_index_wasm;
    fieldId = binding._ts_tree_cursor_current_field_id_wasm;
    // The root node into the transfer buffer, then a cursor on it.
    binding._ts_tree_root_node_wasm(address);
    binding._ts_tree_cursor_new_wasm(address);
    release = () => binding._ts_tree_cursor_delete_wasm(address);
  } else {
    const cursor = tree.walk();
    gotoFirstChild = () => (cursor.gotoFirstChild() ? 1 : 0);
    gotoNextSibling = () => (cursor.gotoNextSibling() ? 1 : 0);
    gotoParent = () => (cursor.gotoParent() ? 1 : 0);
    nodeTypeId = () => cursor.nodeTypeId;
    nodeStartIndex = () => cursor.startIndex;
    nodeEndIndex = () => cursor.endIndex;
    fieldId = () => cursor.currentFieldId;
    release = () => cursor.delete();
  }
  let id = 0;
  // Rows from offsets, not read from the cursor (one call less per node): nodes come in source
  // order, so a start's row moves forward from the previous one; an end's row is searched after its
  // start's.
  const starts = [0];
  for (let index = source.indexOf('\n'); index >= 0; index = source.indexOf('\n', index + 1))
    starts.push(index + 1);
  const lastRow = starts.length - 1;
  let row = 0;
  const rowFrom = (low: number, offset: number): number => {
    let high = lastRow;
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
  // whose MISSING tokens have no width). Such a token has no children either, so the walk does not
  // ask for its first child (`isToken`); `not in` and `is not` are the grammar's two anonymous
  // nodes with children (aliases of two-keyword rules), hence no type with a space.
  let isToken = false;
  const make = (parent: SyntaxNode | null): SyntaxNode => {
    const typeId = nodeTypeId(address);
    const type = types[typeId] ?? 'ERROR';
    let isNamed = namedByType[typeId];
    if (isNamed === undefined) {
      isNamed = language.nodeTypeIsNamed(typeId);
      namedByType[typeId] = isNamed;
    }
    const startIndex = nodeStartIndex(address);
    isToken = !isNamed && !hasError && type.length > 0 && source.startsWith(type, startIndex);
    const endIndex = isToken ? startIndex + type.length : nodeEndIndex(address);
    if (isToken && type.includes(' ')) isToken = false;
    if (row < lastRow && starts[row + 1]! <= startIndex) row = rowFrom(row + 1, startIndex);
    else if (starts[row]! > startIndex) row = rowFrom(0, startIndex);
    const startRow = row;
    // A node ending right after a newline (a block) ends on the line before. Most end on their
    // first line.
    const last = endIndex > startIndex ? endIndex - 1 : endIndex;
    const endRow =
      startRow === lastRow || last < starts[startRow + 1]! ? startRow : rowFrom(startRow + 1, last);
    const node = new SyntaxNode(id++, type, isNamed, startIndex, endIndex, startRow, endRow, source);
    if (parent) {
      node.parent = parent;
      node.fieldName = fields[fieldId(address)] ?? null;
      if (parent.children === NO_NODES) parent.children = [node];
      else parent.children.push(node);
      if (isNamed) {
        if (parent.namedChildren === NO_NODES) parent.namedChildren = [node];
        else parent.namedChildren.push(node);
      }
    }
    return node;
  };
  try {
    const root = make(null);
    let current = root;
    let depth = 0;
    for (;;) {
      if (!isToken && gotoFirstChild(address)) {
        current = make(current);
        if (++depth > MAX_TREE_DEPTH) throw new TreeTooDeepError(current.startRow);
        continue;
      }
      for (;;) {
        // Every node under `current` is made.
        current.lastId = id - 1;
        if (gotoNextSibling(address)) {
          current = make(current.parent);
          break;
        }
        if (!gotoParent(address)) return { rootNode: root, hasError };
        depth--;
        current = current.parent!;
      }
    }
  } finally {
    release();
  }
}
