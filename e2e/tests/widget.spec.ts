// The embeddable chat widget (issue 11) on other teams' pages, each on its own origin: the plain
// HTML page of examples/plain-html (one script tag, hostile global CSS) and the React app of
// examples/react-app (<ChatWidget> inline). The product server lists both in WIDGET_ORIGINS; the same
// plain page on a third origin is not listed, and gets nothing.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL, notAllowedPageURL, plainHtmlURL, reactAppURL } from '../playwright.config';
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
    .exclude('[data-live-announcer]')
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
