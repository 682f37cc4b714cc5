// What widget.js needs to run React Aria on Preact's React compatibility layer (tsup.config.ts uses
// it for the script-tag build, vitest.config.ts for the tests' `preact` project).

/** React Aria's collections module (menus, list boxes): its in-memory document for React to render into. */
export const COLLECTION_DOCUMENT = /[\\/]react-aria[\\/]dist[\\/]private[\\/]collections[\\/]Document\.mjs$/;

/**
 * React Aria builds a menu's items by rendering them into an in-memory document with the calls
 * React makes (`createElement`, `removeChild`); Preact makes two others, `createElementNS` of the
 * document it renders into and `remove()` of a node, which are added here in terms of those.
 * @param {string} code the module's source
 */
export function patchCollectionDocument(code) {
  const local = (name) => {
    const found = code.match(new RegExp(`(\\$[\\w$]+) as ${name}\\b`))?.[1];
    if (!found) throw new Error(`React Aria's collection ${name} was not found: check its patch for Preact.`);
    return found;
  };
  return `${code}
${local('Document')}.prototype.createElementNS = function (_namespace, type) { return this.createElement(type); };
${local('BaseNode')}.prototype.remove = function () { this.parentNode?.removeChild(this); };
`;
}
