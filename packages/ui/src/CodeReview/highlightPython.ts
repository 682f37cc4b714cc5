/**
 * Python highlighting with highlight.js's core and its Python grammar only (not the whole library),
 * loaded on demand by `PythonCode` so the grammar never weighs on a screen that shows no code.
 */
import hljs from 'highlight.js/lib/core';
import python from 'highlight.js/lib/languages/python';

hljs.registerLanguage('python', python);

/** The code as HTML: every character escaped by highlight.js, tokens wrapped in `hljs-*` spans. */
export function highlightPython(code: string): string {
  return hljs.highlight(code, { language: 'python', ignoreIllegals: true }).value;
}
