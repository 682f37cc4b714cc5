// The embeddable chat widget (issue 11) on other teams' pages, each on its own origin: the plain
// HTML page of examples/plain-html (one script tag, hostile global CSS) and the React app of
// examples/react-app (<ChatWidget> inline). The product server lists both in WIDGET_ORIGINS; the same
// plain page on a third origin is not listed, and gets nothing.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  chromium,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import {
  baseURL,
  chromiumLaunchOptions,
  crossSitePageURL,
  journeyPorts,
  notAllowedPageURL,
  plainHtmlURL,
  reactAppURL,
} from '../playwright.config';
import { type DemoAccount, screenshotDir, signIn, xsrfHeader } from './support';

// Streamed answers on shared machines.
test.describe.configure({ timeout: 120_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat with Digital Assistant' });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Digital Assistant' });
const answers = (scope: Page | Locator) => scope.getByRole('article', { name: 'Assistant' });
const citationChips = (scope: Locator) => scope.locator('.da-citation-chip');

async function signedInPage(browser: Browser, account: DemoAccount) {
  const context = await browser.newContext({ baseURL, viewport: wide });
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

/** Waits for the demo knowledge set to be ingested (the server seeds it at its first start). */
async function demoKnowledgeReady(page: Page) {
  await expect
    .poll(
      async () => {
        const response = await page.request.post(`${baseURL}/api/chat`, {
          headers: await xsrfHeader(page),
          data: { message: 'How do I connect to the VPN from home?', Department: 'it' },
        });
        return response.ok() ? JSON.stringify(await response.json()) : '';
      },
      { timeout: 90_000, intervals: [2000, 4000] },
    )
    .toContain('it-onboarding-vpn-guide.md');
}

/** Whether `locator`'s element has the focus inside its shadow root (document.activeElement is the host). */
const isFocused = (locator: Locator) =>
  locator.evaluate((element) => (element.getRootNode() as ShadowRoot | Document).activeElement === element);

/** Presses Tab until `target` (inside the widget's shadow root) has focus. */
async function tabInto(page: Page, target: Locator, max = 20) {
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** axe's WCAG 2.2 AA violations inside the widget's shadow root (not the host page's own). */
async function widgetViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include({ fromShadowDom: ['[data-digital-assistant-widget]', '.da-widget'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Computed styles of an element inside the widget. */
const stylesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      fontSize: Number.parseFloat(style.fontSize),
      fontFamily: style.fontFamily,
      color: style.color,
      backgroundColor: style.backgroundColor,
      borderStyle: style.borderTopStyle,
    };
  });

const HOSTILE_COLOURS = ['rgb(255, 0, 0)', 'rgb(255, 0, 255)', 'rgb(255, 255, 0)', 'rgb(0, 255, 0)'];

function expectOwnLook(styles: Awaited<ReturnType<typeof stylesOf>>) {
  // The page says 40px (50px for buttons), Comic Sans, red on yellow with dashed blue borders.
  expect(styles.fontSize).toBeGreaterThanOrEqual(12);
  expect(styles.fontSize).toBeLessThanOrEqual(20);
  expect(styles.fontFamily).not.toContain('Comic Sans');
  expect(HOSTILE_COLOURS).not.toContain(styles.color);
  expect(HOSTILE_COLOURS).not.toContain(styles.backgroundColor);
  expect(styles.borderStyle).not.toBe('dashed');
}

test.describe('the chat widget on other teams’ pages', () => {
  test('staff open it on a page with hostile CSS: it keeps its look, streams a cited answer with sources, and its AI conversation is in the app’s History', async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, 'staff@example.com');
    await demoKnowledgeReady(page);

    await page.goto(plainHtmlURL);
    // The page's own CSS did apply to the page.
    await expect(page.locator('h1')).toHaveCSS('font-size', '80px');
    const button = launcher(page);
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(40);
    expect(box.width).toBeLessThanOrEqual(72);
    expect(box.height).toBeCloseTo(box.width, 0);
    // Bottom right corner of the window, whatever the page's layout.
    expect(box.x + box.width).toBeGreaterThan(wide.width - 48);
    expect(box.y + box.height).toBeGreaterThan(wide.height - 48);
    expectOwnLook(await stylesOf(button));
    await page.screenshot({ path: `${screenshotDir}/widget-hostile-launcher-1280.png` });

    await button.click();
    await expect(panel(page)).toBeVisible();
    const composer = page.getByRole('textbox', { name: 'Message to IT' });
    await expect(composer).toBeFocused();
    expectOwnLook(await stylesOf(composer));
    expectOwnLook(await stylesOf(panel(page).locator('.da-widget-title')));

    // A knowledge question: the answer streams (server-sent events) with citation chips.
    const streamed = page.waitForResponse((response) => response.url() === `${baseURL}/api/chat`);
    await composer.fill('How do I connect to the VPN from home?');
    await composer.press('Enter');
    expect((await streamed).headers()['content-type']).toContain('text/event-stream');
    const answer = answers(panel(page)).last();
    await expect(answer).toContainText('From the knowledge base', { timeout: 30_000 });
    const chips = citationChips(answer);
    await expect(chips.first()).toBeVisible();
    // Which document ranks first depends on what other journeys uploaded to this server (the
    // knowledge journey adds a VPN guide of its own); the guide is among the sources below.
    await expect(chips.first()).toHaveAccessibleName(/^Source 1: \S+\.(md|docx|pdf|pptx|txt|html|csv)\b/);
    expectOwnLook(await stylesOf(answer));
    const sourcesToggle = panel(page).getByRole('button', { name: /^Sources \(\d+\)$/ });
    await sourcesToggle.click();
    await expect(sourcesToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page).locator('.da-widget-sources')).toContainText('it-onboarding-vpn-guide.md');
    await page.mouse.move(5, 5);
    await page.screenshot({ path: `${screenshotDir}/widget-hostile-answer-1280.png` });
    expect(await widgetViolations(page)).toEqual([]);

    await page.setViewportSize(narrow);
    await page.screenshot({ path: `${screenshotDir}/widget-hostile-answer-800.png` });
    await page.setViewportSize(wide);

    // The general AI chat: the same conversation is in the reference app's History.
    const question = `Plan the widget launch ${Date.now()}`;
    await panel(page)
      .getByRole('button', { name: /OpenAI GPT/ })
      .click();
    const aiComposer = page.getByRole('textbox', { name: /Message to OpenAI GPT|Message/ }).last();
    await aiComposer.fill(question);
    await aiComposer.press('Enter');
    await expect(answers(panel(page)).last()).not.toBeEmpty();
    await expect(panel(page).getByRole('button', { name: 'Send' })).toBeVisible();

    const app = await context.newPage();
    await app.goto('/chat');
    const history = app.getByRole('region', { name: 'History' });
    await expect(history.getByRole('row', { name: question, exact: true })).toBeVisible();
    await history.getByRole('row', { name: question, exact: true }).click();
    await expect(app.getByRole('article', { name: 'You' })).toContainText(question);
    await context.close();
  });

  test('a signed-out visitor signs in through the popup and goes on chatting', async ({ browser }) => {
    const context = await browser.newContext({ viewport: wide });
    const page = await context.newPage();
    await page.goto(plainHtmlURL);
    await launcher(page).click();
    const signInButton = panel(page).getByRole('button', { name: 'Sign in' });
    await expect(signInButton).toBeVisible();
    await expect(panel(page)).toContainText('Sign in to chat');
    await page.screenshot({ path: `${screenshotDir}/widget-signed-out-1280.png` });

    const popupOpened = page.waitForEvent('popup');
    await signInButton.click();
    const popup = await popupOpened;
    await expect(panel(page)).toContainText('Finish signing in in the window that opened.');
    // The built-in identity provider, in the popup: pick the account. The popup's last page tells
    // the widget and closes itself (it can only do so with its opener kept).
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: /staff@example\.com/ }).click();
    await closed;

    const composer = page.getByRole('textbox', { name: 'Message to IT' });
    await expect(composer).toBeVisible();
    await expect(panel(page)).toContainText('Sam Staff');
    await composer.fill('How do I connect to the VPN from home?');
    await composer.press('Enter');
    await expect(answers(panel(page)).last()).toContainText('From the knowledge base', { timeout: 30_000 });
    await context.close();
  });

  test('works by keyboard alone: Tab to the launcher, Enter, type, Enter, Escape', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, 'staff@example.com');
    await page.goto(plainHtmlURL);
    await expect(launcher(page)).toBeVisible();
    await tabInto(page, launcher(page));
    await page.keyboard.press('Enter');
    const composer = page.getByRole('textbox', { name: 'Message to IT' });
    await expect(composer).toBeVisible();
    expect(await isFocused(composer)).toBe(true);
    await page.keyboard.type('How do I connect to the VPN from home?');
    await page.keyboard.press('Enter');
    await expect(answers(panel(page)).last()).toContainText('From the knowledge base', { timeout: 30_000 });
    // Escape closes the panel and gives the focus back to the launcher, with its focus ring.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    expect(await isFocused(launcher(page))).toBe(true);
    expect(await launcher(page).evaluate((element) => element.matches(':focus-visible'))).toBe(true);
    await page.screenshot({ path: `${screenshotDir}/widget-keyboard-launcher-focus-1280.png` });
    await context.close();
  });

  test('a page on an origin the server does not list gets nothing from the API', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, 'staff@example.com');
    await page.goto(notAllowedPageURL);
    // The script itself is public: the launcher is there.
    await launcher(page).click();
    await expect(panel(page)).toContainText('The assistant cannot be reached');
    await expect(panel(page).getByRole('textbox')).toHaveCount(0);
    // The browser refuses the page the answer: no CORS header for this origin.
    const outcome = await page.evaluate(async (api) => {
      try {
        const response = await fetch(`${api}/api/auth`, { credentials: 'include' });
        return `read ${response.status}`;
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    }, baseURL);
    expect(outcome).toBe('refused: TypeError');
    const preflighted = await page.evaluate(async (api) => {
      try {
        await fetch(`${api}/api/chat`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'hello', Department: 'it' }),
        });
        return 'sent';
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    }, baseURL);
    expect(preflighted).toBe('refused: TypeError');
    await context.close();
  });

  test('the React app shows the chat inline, in its own look, and answers', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, 'staff@example.com');
    await page.goto(`${reactAppURL}/?baseUrl=${encodeURIComponent(baseURL)}`);
    await expect(page.getByRole('heading', { name: 'IT Service Desk' })).toBeVisible();
    const chat = page.getByRole('region', { name: 'Digital Assistant', exact: true });
    const composer = chat.getByRole('textbox', { name: 'Message to IT' });
    await expect(composer).toBeVisible();
    await expect(launcher(page)).toHaveCount(0);
    expectOwnLook(await stylesOf(composer));
    await composer.fill('How do I connect to the VPN from home?');
    await composer.press('Enter');
    const answer = answers(chat).last();
    await expect(answer).toContainText('From the knowledge base', { timeout: 30_000 });
    await expect(citationChips(answer).first()).toBeVisible();
    await page.mouse.move(5, 5);
    await page.screenshot({ path: `${screenshotDir}/widget-react-app-1280.png` });
    expect(await widgetViolations(page)).toEqual([]);
    await page.setViewportSize(narrow);
    await page.screenshot({ path: `${screenshotDir}/widget-react-app-800.png`, fullPage: true });
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// Another site, cookies, the page's own layers, and what the page pays.

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A Chromium with a profile of its own whose third-party cookie setting is the person's choice
 * (`profile.cookie_controls_mode`: 0 allows them, 1 blocks them, as chrome://settings/cookies
 * does). Playwright's ordinary contexts are incognito ones, which block them.
 */
async function browserWithThirdPartyCookies(isAllowed: boolean): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'da-e2e-profile-'));
  mkdirSync(join(profile, 'Default'));
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({
      profile: { cookie_controls_mode: isAllowed ? 0 : 1, block_third_party_cookies: !isAllowed },
    }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    viewport: wide,
    ignoreHTTPSErrors: true,
  });
  // Chromium may still be writing to its profile as it closes: a few tries, then left to the OS.
  context.on('close', () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // A temporary folder.
    }
  });
  return context;
}

/** Presses Sign in and signs in as staff in the popup, which closes itself at the end. */
async function signInThroughPopup(page: Page) {
  await launcher(page).click();
  const signInButton = panel(page).getByRole('button', { name: 'Sign in' });
  const popupOpened = page.waitForEvent('popup');
  await signInButton.click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: /staff@example\.com/ }).click();
  await closed;
}

/** The notice after a sign-in the page's browser did not keep, and its links. */
async function expectSignInNotKept(page: Page, server: string) {
  const notice = panel(page).locator('.da-widget-notice');
  await expect(notice.getByRole('heading', { name: 'Signed in, but not on this page' })).toBeVisible();
  await expect(notice.getByRole('alert')).toContainText(
    `You signed in, but your browser does not send that sign-in to ${server} from this page (${new URL(page.url()).origin}).`,
  );
  await expect(notice).toContainText('different sites');
  await expect(notice).toContainText('block third-party cookies');
  await expect(notice).toContainText(
    'For this page’s owner: serve the assistant on the same site as this page, or set COOKIE_SAMESITE=none on its server with an https address',
  );
  await expect(notice.getByRole('link', { name: 'Embedding the chat widget' })).toHaveAttribute(
    'href',
    `${server}/widget/help`,
  );
  await expect(notice.getByRole('link', { name: 'Open Digital Assistant in its own tab' })).toHaveAttribute(
    'href',
    `${server}/chat`,
  );
  await expect(panel(page).getByRole('textbox')).toHaveCount(0);
}

test.describe('the chat widget on a page of another site', () => {
  test('with the SameSite=Lax cookie the sign-in does not take: the widget says why, what the page’s owner can do, and links to the README’s section', async () => {
    // Third-party cookies allowed: only SameSite=Lax keeps the cookie from this page.
    const context = await browserWithThirdPartyCookies(true);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(crossSitePageURL);
    await signInThroughPopup(page);
    await expectSignInNotKept(page, baseURL);
    await page.mouse.move(5, 5);
    await page.screenshot({ path: `${screenshotDir}/widget-cross-site-not-kept-1280.png` });
    expect(await widgetViolations(page)).toEqual([]);
    await page.setViewportSize(narrow);
    await page.screenshot({ path: `${screenshotDir}/widget-cross-site-not-kept-800.png` });

    // The link's page: the README's section, served by the assistant.
    const helpOpened = context.waitForEvent('page');
    await panel(page).getByRole('link', { name: 'Embedding the chat widget' }).click();
    const help = await helpOpened;
    await expect(help.getByRole('heading', { name: 'Embedding the chat widget', level: 1 })).toBeVisible();
    await expect(help.locator('main')).toContainText('COOKIE_SAMESITE=none');
    await context.close();
  });

  test.describe('with COOKIE_SAMESITE=none over https', () => {
    // An assistant of its own for these two: https (a TLS proxy with a certificate made here, in
    // front of the built server), SameSite=None cookies, and the plain page on 127.0.0.1 listing it.
    const [serverPort, httpsPort, pagePort] = journeyPorts;
    const secureBaseURL = `https://localhost:${httpsPort}`;
    const secureOrigin = `http://127.0.0.1:${pagePort}`;
    let folder: string;
    let server: ChildProcess | undefined;
    let proxy: Server | undefined;
    let pageServer: Server | undefined;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      folder = mkdtempSync(join(tmpdir(), 'da-e2e-https-'));
      const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
          ...[
            '-keyout',
            key,
            '-out',
            cert,
            '-subj',
            '/CN=localhost',
            '-addext',
            'subjectAltName=DNS:localhost',
          ],
        ],
        { stdio: 'ignore' },
      );
      server = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/main.js'], {
        cwd: join(repoRoot, 'apps', 'server'),
        stdio: 'ignore',
        env: {
          ...process.env,
          PORT: String(serverPort),
          HOST: '127.0.0.1',
          DATA_DIR: join(folder, 'data'),
          PUBLIC_URL: secureBaseURL,
          COOKIE_SAMESITE: 'none',
          TRUST_PROXY: '1',
          // The server asks its own built-in identity provider, over https, for its keys.
          NODE_EXTRA_CA_CERTS: cert,
          WIDGET_ORIGINS: secureOrigin,
          LLM_BASE_URL: '',
          LLM_MODEL: '',
        },
      });
      proxy = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
        const upstream = httpRequest(
          {
            host: '127.0.0.1',
            port: serverPort,
            path: request.url,
            method: request.method,
            headers: { ...request.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': '127.0.0.1' },
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', () => response.writeHead(502).end());
        request.pipe(upstream);
      }).listen(httpsPort, '127.0.0.1');
      const html = readFileSync(join(repoRoot, 'examples', 'plain-html', 'index.html'), 'utf8').replaceAll(
        '{{DA_BASE_URL}}',
        secureBaseURL,
      );
      pageServer = createHttpServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      }).listen(pagePort, '127.0.0.1');
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${serverPort}/api/ping`).then(
              (response) => response.ok,
              () => false,
            ),
          { timeout: 90_000, intervals: [500] },
        )
        .toBe(true);
    });

    test.afterAll(async () => {
      server?.kill();
      await new Promise((resolve) =>
        server?.exitCode !== null ? resolve(null) : server.once('exit', resolve),
      );
      await new Promise((resolve) => proxy?.close(resolve) ?? resolve(null));
      await new Promise((resolve) => pageServer?.close(resolve) ?? resolve(null));
      rmSync(folder, { recursive: true, force: true });
    });

    test('a browser that allows third-party cookies signs in on the other site and goes on', async () => {
      const context = await browserWithThirdPartyCookies(true);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(secureOrigin);
      await signInThroughPopup(page);
      await expect(panel(page).getByRole('textbox', { name: 'Message to IT' })).toBeVisible();
      await expect(panel(page)).toContainText('Sam Staff');
      await context.close();
    });

    test('a browser that blocks third-party cookies is told why, as with SameSite=Lax', async () => {
      const context = await browserWithThirdPartyCookies(false);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(secureOrigin);
      await signInThroughPopup(page);
      await expectSignInNotKept(page, secureBaseURL);
      await page.mouse.move(5, 5);
      await page.screenshot({ path: `${screenshotDir}/widget-third-party-cookies-blocked-1280.png` });
      expect(await widgetViolations(page)).toEqual([]);
      await context.close();
    });
  });
});

test.describe('the chat widget among the page’s own layers', () => {
  /** The element the page hit-tests at the centre of `locator`'s box (the host element, for the widget). */
  const pageElementAt = (page: Page, box: { x: number; y: number; width: number; height: number }) =>
    page.evaluate(
      ([x, y]) => {
        const element = document.elementFromPoint(x!, y!);
        return element?.hasAttribute('data-digital-assistant-widget')
          ? 'widget'
          : (element?.className ?? element?.tagName);
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );

  test('the launcher and the panel stay above a bar the page fixes at the highest z-index, at 1280 and 800 px', async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, 'staff@example.com');
    await page.goto(plainHtmlURL);
    const bar = page.locator('.site-bar');
    await expect(bar).toHaveCSS('z-index', '2147483647');
    const launcherBox = (await launcher(page).boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    // The bar covers the launcher's place; the launcher is drawn, and hit, above it.
    expect(barBox.y).toBeLessThan(launcherBox.y + launcherBox.height);
    expect(await pageElementAt(page, launcherBox)).toBe('widget');
    // Elsewhere the bar is the page's as before.
    expect(await pageElementAt(page, { ...barBox, width: 200 })).toBe('site-bar');
    await page.screenshot({ path: `${screenshotDir}/widget-over-fixed-bar-launcher-1280.png` });

    await launcher(page).click();
    const composer = panel(page).getByRole('textbox', { name: 'Message to IT' });
    await expect(composer).toBeFocused();
    expect(await pageElementAt(page, (await panel(page).boundingBox())!)).toBe('widget');
    await page.setViewportSize(narrow);
    expect(await pageElementAt(page, (await launcher(page).boundingBox())!)).toBe('widget');
    await page.screenshot({ path: `${screenshotDir}/widget-over-fixed-bar-panel-800.png` });
    expect(await widgetViolations(page)).toEqual([]);
    await context.close();
  });

  test('Escape from the panel’s header closes it and gives the focus to the launcher; opening puts the focus in the panel, not on the page’s links', async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, 'staff@example.com');
    await page.goto(plainHtmlURL);
    await tabInto(page, launcher(page));
    await page.keyboard.press('Enter');
    const composer = panel(page).getByRole('textbox', { name: 'Message to IT' });
    await expect(composer).toBeVisible();
    expect(await isFocused(composer)).toBe(true);
    // Where the focus goes next is the panel's own controls, not the page's links.
    await page.keyboard.press('Shift+Tab');
    expect(
      await page.evaluate(() => document.activeElement?.hasAttribute('data-digital-assistant-widget')),
    ).toBe(true);
    // The chat type's button (React Aria's keyboard handling sits on it) and the department's select
    // (the browser's own): Escape still closes the panel from either.
    const knowledge = panel(page).getByRole('button', { name: /Internal Knowledge/ });
    await tabInto(page, knowledge);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    expect(await isFocused(launcher(page))).toBe(true);
    await page.keyboard.press('Enter');
    await expect(composer).toBeVisible();
    const departments = panel(page).getByRole('combobox', { name: 'Department' });
    await tabInto(page, departments);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    expect(await isFocused(launcher(page))).toBe(true);
    await context.close();
  });

  test('adds nothing to the page outside its shadow root, through the department select, an answer and its sources', async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, 'staff@example.com');
    await demoKnowledgeReady(page);
    // Every change to the page from the moment its own HTML is parsed (the widget mounts after).
    await page.addInitScript(() => {
      const changes: string[] = [];
      (window as unknown as { pageChanges: string[] }).pageChanges = changes;
      const nameOf = (node: Node) =>
        node instanceof Element
          ? `${node.tagName.toLowerCase()}${node.hasAttribute('data-digital-assistant-widget') ? '[widget]' : ''}${node.id ? `#${node.id}` : ''}`
          : node.nodeName;
      document.addEventListener(
        'DOMContentLoaded',
        () =>
          new MutationObserver((records) => {
            for (const record of records) {
              if (record.type === 'attributes') {
                changes.push(`${nameOf(record.target)} @${record.attributeName}`);
              } else {
                for (const node of record.addedNodes)
                  changes.push(`${nameOf(record.target)} + ${nameOf(node)}`);
                for (const node of record.removedNodes)
                  changes.push(`${nameOf(record.target)} - ${nameOf(node)}`);
              }
            }
          }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true }),
        { capture: true, once: true },
      );
    });
    await page.goto(plainHtmlURL);
    const button = launcher(page);
    await button.hover();
    await button.click();
    const composer = panel(page).getByRole('textbox', { name: 'Message to IT' });
    await expect(composer).toBeFocused();
    // The department, by keyboard: a native select, whose list is the browser's own (nothing is
    // drawn over the page or written to it). Arrow keys choose the next or previous department.
    const departments = panel(page).getByRole('combobox', { name: 'Department' });
    await departments.focus();
    await expect(departments).toHaveValue('IT');
    await page.keyboard.press('ArrowDown');
    await expect(departments).toHaveValue('DevOps');
    await expect(panel(page).getByRole('textbox', { name: 'Message to DevOps' })).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expect(departments).toHaveValue('IT');
    await expect(composer).toBeVisible();
    expect(await isFocused(departments)).toBe(true);
    expect(await widgetViolations(page)).toEqual([]);
    await composer.fill('How do I connect to the VPN from home?');
    await composer.press('Enter');
    const answer = answers(panel(page)).last();
    await expect(answer).toContainText('From the knowledge base', { timeout: 30_000 });
    await citationChips(answer).first().hover();
    await panel(page)
      .getByRole('button', { name: /^Sources \(\d+\)$/ })
      .click();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();

    const changes = await page.evaluate(() => (window as unknown as { pageChanges: string[] }).pageChanges);
    // The widget's host element, its mode and its top layer, and React Aria's one rule in <head>
    // (no public option keeps it out): touch-action for its own pressable elements, which on this
    // page are all in the widget's shadow root, where the rule does not reach (widget.css has it).
    expect([...changes].sort()).toEqual(
      [
        'body + div[widget]',
        'div[widget] @data-mode',
        'div[widget] @popover',
        'head + style#react-aria-pressable-style',
      ].sort(),
    );
    const added = page.locator('head style#react-aria-pressable-style');
    expect((await added.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      '@layer { [data-react-aria-pressable] { touch-action: pan-x pan-y pinch-zoom; } }',
    );
    // (document.querySelectorAll, unlike a Playwright locator, does not look into shadow roots.)
    expect(await page.evaluate(() => document.querySelectorAll('[data-react-aria-pressable]').length)).toBe(
      0,
    );
    expect(await page.locator('head style').count()).toBe(2);
    await context.close();
  });

  test('a page pays for the launcher alone until it is hovered; the panel is fetched once and then comes from the cache', async ({
    browser,
  }) => {
    const { context, page: app } = await signedInPage(browser, 'staff@example.com');
    // A page of its own, so that nothing the app's page still loads is counted.
    await app.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const loads: { url: string; isFromCache: boolean }[] = [];
    const fromMemory = new Set<string>();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromMemory.add(requestId));
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (response.url.startsWith(`${baseURL}/widget/`) || response.url.startsWith(`${baseURL}/api/`)) {
        loads.push({
          url: response.url.slice(baseURL.length),
          isFromCache: response.fromDiskCache || fromMemory.has(requestId),
        });
      }
    });
    await page.goto(plainHtmlURL);
    await expect(launcher(page)).toBeVisible();
    await page.waitForTimeout(500);
    // Before anyone goes near it: the launcher's script, and no call to the assistant.
    expect(loads).toEqual([{ url: '/widget/v0/widget.js', isFromCache: false }]);

    await launcher(page).hover();
    await expect.poll(() => loads.map((load) => load.url)).toContain('/widget/v0/widget-panel.js');
    await launcher(page).click();
    await expect(panel(page).getByRole('textbox', { name: 'Message to IT' })).toBeVisible();
    expect(loads.filter((load) => load.url === '/widget/v0/widget-panel.js')).toHaveLength(1);

    loads.length = 0;
    await page.reload();
    await launcher(page).hover();
    await expect.poll(() => loads.map((load) => load.url)).toContain('/widget/v0/widget-panel.js');
    expect(loads.find((load) => load.url === '/widget/v0/widget-panel.js')?.isFromCache).toBe(true);
    await context.close();
  });
});
