import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

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
