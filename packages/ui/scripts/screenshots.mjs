// Screenshots of key stories from a built Storybook (run `pnpm run build-storybook` first), in
// Debian's Chromium, light and dark. Usage: pnpm run screenshots [story-id ...]
import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = fileURLToPath(new URL('../storybook-static/', import.meta.url));
const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
if (!existsSync(join(root, 'iframe.html'))) {
  console.error('No built Storybook: run `pnpm run build-storybook` first.');
  process.exit(1);
}

const defaultStories = [
  ['foundation-appshell--admin', 1280, 720],
  ['foundation-appshell--collapsed', 800, 600],
  ['foundation-loggedoutscreen--logged-out', 900, 600],
  ['foundation-loginscreen--signing-in', 900, 600],
  ['foundation-confirmdialog--delete-chat', 900, 600],
  ['administration-usersandpermissionspage--users', 1280, 900],
  ['administration-sidebars--modify-user-roles', 1280, 720],
  ['administration-tokendialog--shown', 900, 600],
  ['administration-landing--agents-admin', 1280, 720],
  ['chat-chatscreen--knowledge-with-citations', 1280, 800],
  ['chat-chatscreen--ai-conversation', 1280, 800],
  ['chat-chatscreen--admin-chat-with-sources', 1280, 800],
  ['chat-chatscreen--narrow-800', 800, 800],
  ['chat-chatscreen--long-code', 800, 800],
  ['chat-headerselector--departments-on-hover', 800, 480],
  ['chat-messagebubble--hostile-payload', 1280, 800],
];
const requested = process.argv.slice(2);
const stories = requested.length
  ? defaultStories
      .filter(([id]) => requested.includes(id))
      .concat(
        requested
          .filter((id) => !defaultStories.some(([known]) => known === id))
          .map((id) => [id, 1280, 800]),
      )
  : defaultStories;

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
    /^\/+/,
    '',
  );
  const file = join(root, path || 'index.html');
  if (!file.startsWith(root) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
mkdirSync(outDir, { recursive: true });
try {
  for (const [id, width, height] of stories) {
    for (const colorScheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width, height }, colorScheme });
      await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story`);
      await page.waitForSelector('#storybook-root > *, .da-modal-overlay, .da-sidebar-overlay', {
        timeout: 15000,
      });
      await page.waitForTimeout(600);
      const file = join(outDir, `${id}.${colorScheme}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
