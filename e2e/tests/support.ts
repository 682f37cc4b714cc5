import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page } from '@playwright/test';

/** Where the run saves its screenshots of the product (kept for people to look at). */
export const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

export type DemoAccount = 'admin@example.com' | 'staff@example.com' | 'pga@example.com';

/**
 * Signs in the way a person does: open the app, follow single sign-on to the built-in identity
 * provider, pick the demo account, and land back in the app on chat/Knowledge.
 */
export async function signIn(page: Page, account: DemoAccount): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(account.replace('.', '\\.')) }).click();
  await expect(page).toHaveURL(/\/chat\/Knowledge$/);
}

/** A new browser context on `baseURL` at `viewport` (1280 x 800 by default), signed in as `account`. */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  account: DemoAccount,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

/** A user the run adds through the admin command line before the server starts (playwright.config.ts). */
export interface SeededUser {
  email: string;
  name: string;
  role: 'STAFF' | 'PGA';
}

/** 60 users, seed01@example.com ('Seed User 01') to seed60@example.com, every third one in PGA. */
export const seededUsers: readonly SeededUser[] = Array.from({ length: 60 }, (_, index) => {
  const number = String(index + 1).padStart(2, '0');
  return {
    email: `seed${number}@example.com`,
    name: `Seed User ${number}`,
    role: (index + 1) % 3 === 0 ? 'PGA' : 'STAFF',
  };
});

/** The value the server expects in X-XSRF-TOKEN on cookie-authenticated calls that change state. */
export async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('No XSRF-TOKEN cookie: sign in first');
  return { 'X-XSRF-TOKEN': cookie.value };
}

/**
 * axe's WCAG 2.2 AA violations on the page (or inside `include`), as 'rule: targets' lines, plus the
 * two list rules the walkthrough found.
 */
export async function accessibilityViolations(page: Page, include?: string) {
  // A dialog fading in (160-180 ms) is half transparent: its text's contrast is only judged once the
  // entry animations have ended (never-ending ones, like a spinner, are not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const listRules = await new AxeBuilder({ page })
    .include(include ?? 'body')
    .withRules(['label-content-name-mismatch', 'scrollable-region-focusable'])
    .analyze();
  return [...violations, ...listRules.violations].map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Presses Tab until `target` has focus, as a keyboard user would (fails after `max` presses). */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}
