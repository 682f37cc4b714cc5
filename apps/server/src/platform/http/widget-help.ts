// `/widget/help`: the README's "Embedding the chat widget" section as a page of this server, for the
// widget's own messages to link to (a sign-in the page's browser did not keep says what the page's
// owner can do and links here). Read from the repository's README.md once, at start; rendered by
// markdown-it without raw HTML, and the README's links into the repository (relative) kept as text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import MarkdownIt from 'markdown-it';
import { repoRoot } from '../config/paths.js';

export const WIDGET_HELP_PATH = '/widget/help';
export const WIDGET_HELP_SECTION = 'Embedding the chat widget';

const STYLE =
  'body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#1f2328;background:#fff}' +
  'main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem}h1{font-size:1.5rem;line-height:1.3}' +
  'code{font:.9em ui-monospace,monospace;background:#f0f2f5;padding:.1em .3em;border-radius:4px}' +
  'pre{background:#f0f2f5;padding:1rem;overflow:auto;border-radius:6px}pre code{padding:0;background:none}' +
  'a{color:#0b5cad}' +
  '@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}code,pre{background:#161b22}a{color:#6cb6ff}}';

/** The section of `markdown` under the `## {title}` heading, to the next heading of that level. */
export function readmeSection(markdown: string, title: string): string | undefined {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start === -1) return undefined;
  const end = lines.findIndex((line, index) => index > start && /^##? /.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** The page for a README section: its heading, the section, absolute links only. */
export function helpPage(title: string, section: string): string {
  const markdown = new MarkdownIt({ html: false, linkify: false });
  const render = markdown.renderer.rules;
  const isRelative = (href: string) => !/^https?:\/\//i.test(href);
  // Links into the repository mean nothing on this server: their text stays, the link goes.
  render.link_open = (tokens, index, options, _env, self) =>
    isRelative(String(tokens[index]?.attrGet('href') ?? '')) ? '' : self.renderToken(tokens, index, options);
  render.link_close = (tokens, index, options, _env, self) => {
    let open = index;
    while (open > 0 && tokens[open]?.type !== 'link_open') open--;
    return isRelative(String(tokens[open]?.attrGet('href') ?? ''))
      ? ''
      : self.renderToken(tokens, index, options);
  };
  const escaped = markdown.utils.escapeHtml(title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped}: Digital Assistant</title><style>${STYLE}</style></head>
<body><main><h1>${escaped}</h1>
${markdown.render(section)}</main></body></html>`;
}

/** Reads the README's section now and serves it at {@link WIDGET_HELP_PATH}. */
export function registerWidgetHelp(app: FastifyInstance, readmePath = defaultReadme()): void {
  let html: string | undefined;
  try {
    const section = readmePath
      ? readmeSection(readFileSync(readmePath, 'utf8'), WIDGET_HELP_SECTION)
      : undefined;
    if (section) html = helpPage(WIDGET_HELP_SECTION, section);
  } catch {
    // No README beside this server: the route says where the text is instead.
  }
  app.get(WIDGET_HELP_PATH, (_request, reply) => {
    if (!html) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({
          error: `This server has no README to show: see "${WIDGET_HELP_SECTION}" in the Digital Assistant README.`,
          code: 'not_found',
        });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}

function defaultReadme(): string | undefined {
  const root = repoRoot();
  return root ? path.join(root, 'README.md') : undefined;
}
