import { expect, test } from '@playwright/test';
import { screenshotDir } from './support';

test.describe('the API reference', () => {
  test('renders the contract from /api/openapi.yaml under the server CSP, with nothing refused', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin)) {
        foreign.push(request.url());
      }
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/api-reference/');
    await expect(page.getByRole('heading', { name: /Digital Assistant/ }).first()).toBeVisible();
    await expect(page.getByText('/api/ping', { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/api-reference-1280.png` });
    expect(problems).toEqual([]);
    expect(foreign.filter((url) => !url.startsWith('data:'))).toEqual([]);
  });
});
