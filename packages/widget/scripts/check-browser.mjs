#!/usr/bin/env node
// widget.js (the Preact build, dist/) in Chromium against the real server: starts the LLM stand-in,
// the server (apps/server/dist, a fresh PGlite folder) and the dev page (scripts/dev-page.mjs), signs
// in as a demo user and checks what a person would: the launcher, focus, the department select by
// keyboard, a streamed answer with citation chips and their tooltip, the sources
// panel, rich markdown, axe (WCAG 2.2 AA) inside the shadow root, Escape, and Sign in when signed
// out. Build first (`pnpm run build`); uses the e2e package's Playwright and /usr/bin/chromium.
// `node scripts/check-browser.mjs [--ports 8341,8342,8343] [--screenshots DIR]`
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const { default: AxeBuilder } = require('@axe-core/playwright');

const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback;
const [API, LLM, PAGE] = option('ports', '8341,8342,8343').split(',').map(Number);
const screenshots = option('screenshots', tmpdir());
const procs = [];
const start = (cmd, commandArgs, env = {}, cwd = root) => {
  const p = spawn(cmd, commandArgs, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  p.stdout.on('data', (d) => process.env.VERBOSE && process.stdout.write(`[${commandArgs[0]}] ${d}`));
  p.stderr.on('data', (d) => process.env.VERBOSE && process.stderr.write(`[${commandArgs[0]}] ${d}`));
  procs.push(p);
  return p;
};
const waitFor = async (url, ms = 120000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} never came up`);
};
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('exit', stop);

const results = [];
const check = (name, ok, detail = '') => {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name} ${detail}`);
};

try {
  start('node', ['apps/server/dist/llm-standin.js', '--port', String(LLM)]);
  const data = mkdtempSync(join(tmpdir(), 'widget-check-db-'));
  start('node', ['apps/server/dist/main.js'], {
    PORT: String(API),
    HOST: '127.0.0.1',
    DATA_DIR: data,
    PUBLIC_URL: `http://localhost:${PAGE}`,
    LLM_BASE_URL: `http://127.0.0.1:${LLM}/v1`,
    LLM_MODEL: 'standin',
  });
  start('node', [
    'packages/widget/scripts/dev-page.mjs',
    '--port',
    String(PAGE),
    '--server',
    `http://localhost:${API}`,
  ]);
  await waitFor(`http://127.0.0.1:${LLM}/v1/models`);
  await waitFor(`http://localhost:${API}/api/ping`);
  await waitFor(`http://localhost:${PAGE}/dev/index.html`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  await page.goto(`http://localhost:${PAGE}/`);
  await page
    .getByRole('button', { name: /alice|staff|admin/i })
    .first()
    .click();
  await page.waitForURL(/\/chat\//);

  // Wait for the demo knowledge to be ingested.
  const end = Date.now() + 90000;
  for (;;) {
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    const r = await page.request.post(`http://localhost:${PAGE}/api/chat`, {
      headers: { 'X-XSRF-TOKEN': xsrf },
      data: { message: 'How do I connect to the VPN from home?', Department: 'it' },
    });
    if (r.ok() && (await r.text()).includes('vpn')) break;
    if (Date.now() > end) throw new Error('knowledge never ready');
    await page.waitForTimeout(2000);
  }

  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`http://localhost:${PAGE}/dev/index.html${process.env.QUERY ?? ''}`);
  const launcher = page.getByRole('button', { name: 'Chat with Digital Assistant' });
  await launcher.waitFor();
  check('launcher rendered (widget.js mounted)', true);
  await launcher.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Digital Assistant' });
  await panel.waitFor();
  const box = panel.getByRole('textbox', { name: 'Message to Knowledge' });
  await box.waitFor();
  check(
    'opening moves focus to the message box',
    await box.evaluate((el) => el.getRootNode().activeElement === el),
  );

  // The department's select by keyboard: Arrow Down picks the next department (IT) at once.
  const departments = panel.getByRole('combobox', { name: 'Department' });
  const options = await departments.getByRole('option').allTextContents();
  check('the department select lists the departments', options.length >= 5, JSON.stringify(options));
  const deepActive = () =>
    page.evaluate(() => {
      let a = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return a?.outerHTML?.slice(0, 120);
    });
  await departments.focus();
  await page.keyboard.press('ArrowDown');
  const itBox = panel.getByRole('textbox', { name: 'Message to IT' });
  await itBox.waitFor({ timeout: 5000 });
  check('choosing IT from the select switches the chat', true);
  check(
    'the focus stays on the select',
    await departments.evaluate((el) => el.getRootNode().activeElement === el),
    await deepActive(),
  );

  // A streamed answer with citation chips.
  await itBox.fill('How do I connect to the VPN from home?');
  await page.keyboard.press('Enter');
  const answer = panel.getByRole('article', { name: 'Assistant' }).last();
  await answer.waitFor();
  const chip = answer.locator('.da-citation-chip').first();
  await chip.waitFor({ timeout: 30000 });
  await page.waitForFunction(
    () => {
      const host = document.querySelector('[data-digital-assistant-widget]');
      return (
        host &&
        ![...host.shadowRoot.querySelectorAll('article')].some((a) => a.getAttribute('aria-busy') === 'true')
      );
    },
    null,
    { timeout: 30000 },
  );
  check(
    'streamed answer with citation chip',
    (await answer.textContent()).length > 40,
    (await answer.textContent()).slice(0, 80),
  );
  await chip.focus();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor({ timeout: 5000 }).then(
    () => check('citation chip tooltip on focus', true),
    () => check('citation chip tooltip on focus', false),
  );
  // The tooltip is drawn above the panel (it may cover the Sources button): Escape dismisses it alone.
  await page.keyboard.press('Escape');
  await tooltip.waitFor({ state: 'hidden' });
  const sourcesButton = panel.getByRole('button', { name: /^Sources \(\d+\)$/ });
  await sourcesButton.click();
  await panel.getByRole('complementary', { name: 'Sources' }).waitFor();
  check('sources panel opens', true);
  const markdown = await answer.locator('.da-markdown').innerHTML();
  check('markdown rendered as elements', /<(p|ul|ol|strong|h\d)[ >]/.test(markdown));

  const axe = await new AxeBuilder({ page })
    .include({ fromShadowDom: ['[data-digital-assistant-widget]', '.da-widget'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('[data-live-announcer]')
    .analyze();
  check(
    'axe: no WCAG AA violations in the widget',
    axe.violations.length === 0,
    axe.violations.map((v) => v.id).join(','),
  );

  // Rich markdown through the built bundle: a JSON answer (the SDK takes a non-streamed one too).
  const realSources = JSON.parse(
    await (
      await page.request.post(`http://localhost:${PAGE}/api/chat`, {
        headers: { 'X-XSRF-TOKEN': (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value },
        data: { message: 'How do I connect to the VPN from home?', Department: 'it' },
      })
    ).text(),
  ).sources;
  const firstId = Object.keys(realSources)[0];
  const md = [
    '## Steps',
    '',
    `Open the client [${firstId}] and ~~wait~~ go.`,
    '',
    '| Step | Time |',
    '| :-- | --: |',
    '| Reset | 1 min |',
    '',
    '- [x] done',
    '- [ ] open',
    '',
    'Note[^1] and https://example.com/x',
    '',
    '[^1]: A footnote.',
    '',
    '```bash',
    'vpn reset',
    '```',
    '',
    '<b>raw</b> and [bad](javascript:alert(1))',
  ].join('\n');
  await page.route('**/api/chat', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ message: md, sources: realSources }),
    }),
  );
  await panel.getByRole('textbox', { name: 'Message to IT' }).fill('Show me everything');
  await page.keyboard.press('Enter');
  const rich = panel.getByRole('article', { name: 'Assistant' }).last();
  await rich.locator('table').waitFor({ timeout: 15000 });
  const html = await rich.locator('.da-markdown').innerHTML();
  const has = (name, re) => check(`markdown: ${name}`, re.test(html));
  has('heading', /<h2[^>]*>Steps<\/h2>/);
  has('strikethrough', /<del>wait<\/del>/);
  has('table with alignment', /<th[^>]*text-align: left|<th[^>]*style="text-align:\s*left/);
  has('task list checkbox', /type="checkbox"[^>]*disabled|disabled[^>]*type="checkbox"/);
  has('footnote', /data-footnote|footnote/);
  has('autolink', /href="https:\/\/example\.com\/x"/);
  has('code block with Copy', /Copy/);
  has('raw HTML as text', /&lt;b&gt;raw&lt;\/b&gt;/);
  has('javascript: link neutralised', /da-markdown-inert-link/);
  check('citation chip in rich answer', (await rich.locator('.da-citation-chip').count()) > 0);
  await page.unroute('**/api/chat');
  await page.screenshot({ path: join(screenshots, 'widget-open.png') });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden', timeout: 3000 }).then(
    () => check('Escape closes the panel', true),
    () => check('Escape closes the panel', false),
  );
  check(
    'focus returns to the launcher',
    await launcher.evaluate((el) => el.getRootNode().activeElement === el),
  );

  // Signed out: Sign in offered.
  const fresh = await browser.newContext();
  const out = await fresh.newPage();
  await out.goto(`http://localhost:${PAGE}/dev/index.html?theme=dark&brand=%230a7d55`);
  await out.getByRole('button', { name: 'Sign in' }).first().waitFor();
  check('signed out: Sign in offered', true);
  await out.screenshot({ path: join(screenshots, 'widget-signed-out-dark.png') });
  check('no page errors', errors.length === 0, errors.slice(0, 3).join(' | '));
  await browser.close();
} catch (error) {
  console.error(error);
  results.push({ name: 'script', ok: false });
} finally {
  stop();
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed}/${results.length} passed`);
process.exit(failed ? 1 : 0);
