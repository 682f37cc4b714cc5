// Knowledge answers cite their sources with numbered markers, e.g. 'Reset it from the portal [2].'
// or '[1, 3]'. This remark plugin turns each marker whose id is in the answer's sources into a
// `cite` element that the renderer draws as a chip, and drops markers that name no source.

/** A minimal mdast node (the plugin walks the tree without depending on the mdast types). */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

/** Options of `remarkCitations`. */
export interface RemarkCitationsOptions {
  /** Ids of the answer's sources; markers naming other ids are removed. */
  sourceIds: ReadonlySet<string>;
}

const MARKER = /\[\s*(\d{1,4}(?:\s*,\s*\d{1,4})*)\s*\]/g;
/** Nodes whose text is not prose: code is shown as written, link text cannot hold another link. */
const SKIPPED = new Set(['link', 'linkReference', 'inlineCode', 'code', 'definition']);

function citationNode(id: string): MdNode {
  return {
    type: 'citation',
    children: [{ type: 'text', value: `[${id}]` }],
    data: { hName: 'cite', hProperties: { dataCitationId: id } },
  };
}

function splitText(value: string, sourceIds: ReadonlySet<string>): MdNode[] | undefined {
  MARKER.lastIndex = 0;
  if (!MARKER.test(value)) return undefined;
  MARKER.lastIndex = 0;
  const nodes: MdNode[] = [];
  let text = '';
  let last = 0;
  for (const match of value.matchAll(MARKER)) {
    text += value.slice(last, match.index);
    last = match.index + match[0].length;
    const ids = match[1]!.split(',').map((id) => id.trim());
    const known = ids.filter((id) => sourceIds.has(id));
    if (known.length === 0) {
      // A marker naming no source is not shown, nor the space that led to it.
      text = text.replace(/[ \t]+$/, '');
      continue;
    }
    if (text) nodes.push({ type: 'text', value: text });
    text = '';
    for (const id of known) nodes.push(citationNode(id));
  }
  text += value.slice(last);
  if (text) nodes.push({ type: 'text', value: text });
  return nodes;
}

function visit(node: MdNode, sourceIds: ReadonlySet<string>): void {
  if (!node.children || SKIPPED.has(node.type)) return;
  const children: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === 'text' && child.value) {
      children.push(...(splitText(child.value, sourceIds) ?? [child]));
    } else {
      visit(child, sourceIds);
      children.push(child);
    }
  }
  node.children = children;
}

/** Remark plugin: citation markers become `cite` elements carrying `data-citation-id`. */
export function remarkCitations(options: RemarkCitationsOptions) {
  return (tree: MdNode) => visit(tree, options.sourceIds);
}
