/**
 * `react-dom` in widget.js's panel (and the tests' `preact` project): Preact's compatibility layer,
 * with one adapter in `createPortal`. React Aria builds a menu's items by rendering them through a
 * portal into an in-memory document of its own; Preact creates a node with its container's
 * `ownerDocument.createElementNS()` and removes one with `node.remove()`, two calls that document
 * lacks (React makes `createElement` and `removeChild`, which it has). The first time such a
 * container reaches the portal, its classes get those two calls, in terms of the ones they have.
 * Nothing of React Aria's files is changed, and a document that has them is left as it is.
 */
import compat, { createPortal as compatCreatePortal } from 'preact/compat';

// preact/compat's types say `export =`, which TypeScript will not re-export with `export *`; the
// module itself (its ES build, which the bundler and Vite load) has named exports, all re-exported.
// @ts-expect-error TS2498
export * from 'preact/compat';

interface InMemoryDocument {
  createElement(type: string): unknown;
  createElementNS?: unknown;
}

interface InMemoryNode {
  parentNode?: { removeChild(node: unknown): unknown } | null;
  remove?: unknown;
}

const isInMemoryDocument = (container: unknown): container is InMemoryDocument =>
  typeof container === 'object' &&
  container !== null &&
  !(typeof Node !== 'undefined' && container instanceof Node) &&
  typeof (container as InMemoryDocument).createElement === 'function';

function adaptInMemoryDocument(container: InMemoryDocument): void {
  const documentClass = Object.getPrototypeOf(container) as InMemoryDocument;
  if (typeof documentClass.createElementNS !== 'function') {
    documentClass.createElementNS = function (this: InMemoryDocument, _namespace: string, type: string) {
      return this.createElement(type);
    };
  }
  // Its elements and the document itself share one node class, the document class's parent.
  const nodeClass = Object.getPrototypeOf(documentClass) as InMemoryNode;
  if (typeof nodeClass.remove !== 'function') {
    nodeClass.remove = function (this: InMemoryNode) {
      this.parentNode?.removeChild(this);
    };
  }
}

export const createPortal: typeof compatCreatePortal = (children, container) => {
  if (isInMemoryDocument(container)) adaptInMemoryDocument(container);
  return compatCreatePortal(children, container);
};

export default { ...compat, createPortal };
