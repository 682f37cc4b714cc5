/**
 * `@ungap/structured-clone` (which the markdown renderer's mdast-util-to-hast copies plain syntax-tree
 * objects with) in widget.js: the browser's own `structuredClone` (every browser widget.js targets
 * has it), without the polyfill's serializer.
 */
export default function clone<T>(value: T): T {
  return structuredClone(value);
}
