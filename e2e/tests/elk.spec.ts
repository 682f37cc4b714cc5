// The ELK agent end to end (issue 10): the built app on the real server without a model (the third
// webServer of playwright.config.ts), whose ELK agent reads questions with its own parser and answers
// from the demo metrics it seeded at start (prod, staging and dev; acme, globex and initech; 30 days
// at 5 minutes). As the admin: a question answered with a summary, the metrics panel on demand with a
// chart per metric and the table, a follow-up against the session, New Topic, an ambiguous question's
// helpful answer, a tenant name carrying markup left inert; as staff: the Elk Agent disabled and /elk
// not opening. axe on the screen, screenshots at 1280 and 800 px.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { noModelBaseURL } from '../playwright.config';
import { accessibilityViolations, type DemoAccount, screenshotDir, signIn, tabTo } from './support';

test.describe.configure({ timeout: 120_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message to the ELK agent' });
const answers = (page: Page) => page.getByRole('article', { name: 'Assistant' });

async function signInOn(browser: Browser, account: DemoAccount) {
  const context = await browser.newContext({ baseURL: noModelBaseURL, viewport: wide });
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

async function ask(page: Page, question: string) {
  const count = await answers(page).count();
  await composer(page).fill(question);
  await composer(page).press('Enter');
  await expect(answers(page)).toHaveCount(count + 1);
  const answer = answers(page).last();
  // The answer replaced the spinner.
  await expect(answer.locator('[role="progressbar"], .da-spinner')).toHaveCount(0, { timeout: 30_000 });
  return answer;
}

test.describe('the ELK agent', () => {
  test('by keyboard alone: ask, open the metrics, reach the table, start a new topic', async ({
    browser,
  }) => {
    const { context, page } = await signInOn(browser, 'admin@example.com');
    try {
      await page.goto('/elk');
      await tabTo(page, composer(page));
      await page.keyboard.type('memory for tenant globex in staging over the last 2 days');
      await page.keyboard.press('Enter');
      const answer = answers(page).last();
      await expect(answer).toContainText(/Memory: min [\d.]+%/, { timeout: 30_000 });
      const show = answer.getByRole('button', { name: 'Show Metrics' });
      await tabTo(page, show);
      await page.keyboard.press('Enter');
      await expect(answer.getByRole('button', { name: 'Hide Metrics' })).toBeFocused();
      const table = answer.locator('.da-markdown-table[tabindex="0"]');
      await tabTo(page, table);
      await expect(table.getByRole('columnheader').first()).toHaveText('Time (UTC)');
      await tabTo(page, page.getByRole('button', { name: 'New Topic' }));
      await page.keyboard.press('Enter');
      await expect(answers(page)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('as the admin: summary, metrics panel with charts and table, a follow-up, New Topic, a helpful answer', async ({
    browser,
  }) => {
    const { context, page } = await signInOn(browser, 'admin@example.com');
    try {
      // The landing page's card and the menu lead there.
      await page.goto('/agents');
      await expect(
        page.getByText('Get ELK metrics for a specific environment/tenant over a period of time.'),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Chat: ELK Agent' }).click();
      await expect(page).toHaveURL(/\/elk$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Elk Agent' })).toBeVisible();

      const first = await ask(page, 'CPU and memory for tenant acme in prod over the last 7 days');
      await expect(first).toContainText(/CPU and memory for tenant acme in prod over the last 7 days/);
      await expect(first).toContainText(/CPU: min [\d.]+%, average [\d.]+%, max [\d.]+%/);
      await expect(first).toContainText(/Memory: min/);
      // Hidden by default.
      await expect(first.getByRole('table')).toHaveCount(0);
      await expect(first.getByText('Machine Type')).toHaveCount(0);

      await first.getByRole('button', { name: 'Show Metrics' }).click();
      await expect(first.getByRole('button', { name: 'Hide Metrics' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(first.getByText('Machine Type').locator('xpath=following-sibling::dd')).toHaveText(
        'n2-standard-8',
      );
      await expect(first.getByText('Total Memory (GB)').locator('xpath=following-sibling::dd')).toHaveText(
        '32',
      );
      const table = first.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(['Time (UTC)', 'CPU (%)', 'Memory (%)']);
      expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(29);
      // A chart per metric, drawn on a canvas, named with its range; the table is reachable by keyboard.
      const charts = first.getByRole('img', { name: /The numbers are in the table\.$/ });
      await expect(charts).toHaveCount(2);
      await expect(charts.first()).toHaveAttribute(
        'aria-label',
        /^CPU \(%\) from \d{4}-\d{2}-\d{2} \d{2}:\d{2} to /,
      );
      await expect(charts.first().locator('canvas').first()).toBeVisible();
      const box = await charts.first().locator('canvas').first().boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(150);
      await expect(first.locator('.da-markdown-table[tabindex="0"]')).toHaveCount(1);
      await page.screenshot({ path: `${screenshotDir}/elk-metrics-1280.png` });
      expect(await accessibilityViolations(page)).toEqual([]);
      // Dark colour scheme: the charts redraw with the dark tokens.
      await page.emulateMedia({ colorScheme: 'dark' });
      // Colours change with a transition.
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `${screenshotDir}/elk-metrics-dark-1280.png` });
      // The whole page, the answer's panel and charts included.
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      // A follow-up resolves against the session.
      const staging = await ask(page, 'and in staging?');
      await expect(staging).toContainText(/CPU and memory for tenant acme in staging over the last 7 days/);
      await staging.getByRole('button', { name: 'Show Metrics' }).click();
      await expect(staging.getByText('Machine Type').locator('xpath=following-sibling::dd')).toHaveText(
        'n2-standard-4',
      );

      await page.setViewportSize(narrow);
      await page.waitForTimeout(400);
      await staging.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshotDir}/elk-metrics-800.png` });
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.setViewportSize(wide);

      // New Topic: the conversation and the server's session are gone.
      await page.getByRole('button', { name: 'New Topic' }).click();
      await expect(answers(page)).toHaveCount(0);
      const afresh = await ask(page, 'and in staging?');
      await expect(afresh).toContainText('To answer I still need');

      // An ambiguous question on a new topic gets the helpful answer.
      await page.getByRole('button', { name: 'New Topic' }).click();
      await expect(answers(page)).toHaveCount(0);
      const helpful = await ask(page, 'how are things looking?');
      await expect(helpful).toContainText('an environment or a tenant');
      await expect(helpful).toContainText('Tenants: acme, globex, initech.');
      await expect(helpful.getByRole('button', { name: 'Show Metrics' })).toHaveCount(0);
      await page.screenshot({ path: `${screenshotDir}/elk-helpful-1280.png` });
    } finally {
      await context.close();
    }
  });

  for (const viewport of [wide, narrow]) {
    test(`with the metrics open the conversation scrolls and the composer stays in view (${viewport.width} px)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ baseURL: noModelBaseURL, viewport });
      const page = await context.newPage();
      try {
        await signIn(page, 'admin@example.com');
        await page.goto('/elk');
        await page.getByRole('button', { name: 'New Topic' }).click();
        const answer = await ask(page, 'CPU and memory for tenant acme in prod over the last 7 days');
        await answer.getByRole('button', { name: 'Show Metrics' }).click();
        await expect(answer.getByRole('img', { name: /The numbers are in the table\.$/ })).toHaveCount(2);
        // The button that opened the panel stays in view with the focus.
        await expect(answer.getByRole('button', { name: 'Hide Metrics' })).toBeInViewport({ ratio: 1 });

        // The page itself does not grow; the composer, Send and New Topic are inside the viewport.
        const height = viewport.height;
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(height);
        for (const control of [
          composer(page),
          page.getByRole('button', { name: 'New Topic' }),
          page.getByRole('button', { name: 'Send' }),
        ]) {
          const box = await control.boundingBox();
          expect(box).not.toBeNull();
          expect(box!.y).toBeGreaterThanOrEqual(0);
          expect(box!.y + box!.height).toBeLessThanOrEqual(height);
        }

        // The conversation scrolls: by wheel (a touchpad sends the same events) and by keyboard.
        const log = page.getByRole('log', { name: 'Conversation' });
        const scroll = (locator: typeof log) =>
          locator.evaluate((element) => ({
            top: element.scrollTop,
            overflow: element.scrollHeight - element.clientHeight,
          }));
        expect((await scroll(log)).overflow).toBeGreaterThan(0);
        const logBox = (await log.boundingBox())!;
        await page.mouse.move(logBox.x + 20, logBox.y + 20);
        const beforeWheel = (await scroll(log)).top;
        await page.mouse.wheel(0, -300);
        await expect.poll(async () => (await scroll(log)).top).toBeLessThan(beforeWheel);
        await page.mouse.wheel(0, 2000);
        await expect.poll(async () => (await scroll(log)).top).toBeGreaterThan(beforeWheel);
        await log.focus();
        await page.keyboard.press('Home');
        await expect.poll(async () => (await scroll(log)).top).toBe(0);
        await page.keyboard.press('End');
        await expect.poll(async () => (await scroll(log)).top).toBeGreaterThan(0);

        // The table scrolls inside its panel, its header row in view.
        const table = answer.locator('.da-markdown-table[tabindex="0"]');
        await table.scrollIntoViewIfNeeded();
        expect((await scroll(table)).overflow).toBeGreaterThan(0);
        const tableBox = (await table.boundingBox())!;
        expect(tableBox.height).toBeLessThan(height / 2);
        await page.mouse.move(tableBox.x + 40, tableBox.y + tableBox.height / 2);
        await page.mouse.wheel(0, 200);
        await expect.poll(async () => (await scroll(table)).top).toBeGreaterThan(0);
        await expect(table.getByRole('columnheader').first()).toBeInViewport();
        await table.focus();
        await page.keyboard.press('End');
        await expect.poll(async () => (await scroll(table)).top).toBe((await scroll(table)).overflow);
        await page.screenshot({ path: `${screenshotDir}/elk-metrics-scrolled-${viewport.width}.png` });
        expect(await accessibilityViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  test('the empty chat offers example questions that work; a greeting is told what the agent does, not the last answer', async ({
    browser,
  }) => {
    const { context, page } = await signInOn(browser, 'admin@example.com');
    try {
      await page.goto('/elk');
      await page.getByRole('button', { name: 'New Topic' }).click();
      const examples = page.getByRole('list', { name: 'Try asking' }).getByRole('button');
      const questions = await examples.allTextContents();
      expect(questions.length).toBeGreaterThanOrEqual(3);
      await page.screenshot({ path: `${screenshotDir}/elk-empty-1280.png` });
      expect(await accessibilityViolations(page)).toEqual([]);
      for (const question of questions) {
        await page.getByRole('button', { name: 'New Topic' }).click();
        await page.getByRole('button', { name: question }).click();
        // Asked as written, answered with metrics; the focus is in the message box.
        await expect(page.getByRole('article', { name: 'You' }).last()).toContainText(question);
        const answer = answers(page).last();
        await expect(answer.getByRole('button', { name: 'Show Metrics' })).toBeVisible({ timeout: 30_000 });
        await expect(composer(page)).toBeFocused();
      }

      const previous = await answers(page).last().textContent();
      const hello = await ask(page, 'hello');
      await expect(hello).toContainText('Hello! I answer questions about metrics.');
      await expect(hello).toContainText('Tenants: acme, globex, initech.');
      await expect(hello.getByRole('button', { name: 'Show Metrics' })).toHaveCount(0);
      expect(await hello.textContent()).not.toBe(previous);
      await page.screenshot({ path: `${screenshotDir}/elk-hello-1280.png` });

      const unknown = await ask(page, 'and for tenant umbrella?');
      await expect(unknown).toContainText('I do not know a tenant named umbrella.');
      await expect(unknown).toContainText('Tenants: acme, globex, initech.');
      await expect(unknown).not.toContainText('So far');
      await page.setViewportSize(narrow);
      await page.screenshot({ path: `${screenshotDir}/elk-unknown-800.png` });
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a tenant name carrying markup stays inert', async ({ browser }) => {
    const { context, page } = await signInOn(browser, 'admin@example.com');
    try {
      await page.goto('/elk');
      await page.getByRole('button', { name: 'New Topic' }).click();
      const answer = await ask(
        page,
        'CPU for tenant <img src=x onerror="window.__pwned=1"> in prod over the last 2 days',
      );
      await expect(answer).toContainText('I do not know a tenant named');
      await expect(answer.locator('img')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  test('as staff: the Elk Agent is disabled and /elk does not open', async ({ browser }) => {
    const { context, page } = await signInOn(browser, 'staff@example.com');
    try {
      await page.goto('/agents');
      const link = page.getByRole('link', { name: 'Elk Agent' });
      await expect(link).toHaveAttribute('aria-disabled', 'true');
      await page.goto('/elk');
      await expect(page).toHaveURL(/\/chat\/Knowledge$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Elk Agent' })).toHaveCount(0);
      const refused = await page.request.post('/api/chat/elk', {
        data: { message: 'cpu for acme in prod last day' },
        headers: {
          'X-XSRF-TOKEN':
            (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
        },
      });
      expect(refused.status()).toBe(403);
    } finally {
      await context.close();
    }
  });
});
