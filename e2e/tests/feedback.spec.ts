// Answer feedback (issue 26), end to end on the built product and the real server: a person votes
// thumbs down with a comment on an answer of their own and changes their mind once; an
// administrator finds the vote on the Feedback page (at 1280 and 800 px, axe clean), filters by
// vote from the keyboard and opens the question and answer; staff are not offered the page.
import { expect, type Page, test } from '@playwright/test';
import { accessibilityViolations, screenshotDir, signIn, xsrfHeader } from './support';

test.describe.configure({ timeout: 120_000 });

/** Asks the AI chat through the API, as the chat would; answers the answer's id. */
async function ask(page: Page, question: string): Promise<string> {
  const response = await page.request.post('/api/chat/gpt', {
    headers: await xsrfHeader(page),
    data: { Message: question },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { AnswerId: string }).AnswerId;
}

async function vote(page: Page, AnswerId: string, value: 'up' | 'down', comment?: string) {
  const response = await page.request.put('/api/chat/feedback', {
    headers: await xsrfHeader(page),
    data: { AnswerId, vote: value, ...(comment ? { comment } : {}) },
  });
  expect(response.ok()).toBe(true);
}

test('Feedback: a vote on an answer reaches the administrators’ page, filtered by vote from the keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'staff@example.com');
  const marker = `harbour${Date.now().toString(36)}`;
  const answerId = await ask(page, `What is the ${marker} parking rule?`);
  await vote(page, answerId, 'up');
  await vote(page, answerId, 'down', `Wrong floor for ${marker}`);
  await page.goto('/feedback');
  await expect(page).not.toHaveURL(/\/feedback/);

  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await signIn(admin, 'admin@example.com');
  await admin.goto('/feedback');
  await expect(admin.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: `Wrong floor for ${marker}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('staff@example.com');
  await expect(row).toContainText('Thumbs down');
  await row.locator('summary', { hasText: `What is the ${marker} parking rule?` }).click();
  await expect(row.getByText(/^Stand-in answer to/)).toBeVisible();
  await admin.screenshot({ path: `${screenshotDir}/feedback-1280.png` });
  expect(await accessibilityViolations(admin)).toEqual([]);

  // The vote filter from the keyboard: Thumbs up leaves the vote out, Thumbs down brings it back.
  await admin.getByRole('radio', { name: 'All' }).focus();
  await admin.keyboard.press('ArrowRight');
  await expect(admin.getByRole('radio', { name: 'Thumbs up' })).toBeChecked();
  await expect(row).toHaveCount(0);
  await admin.keyboard.press('ArrowRight');
  await expect(admin.getByRole('radio', { name: 'Thumbs down' })).toBeChecked();
  await expect(row).toHaveCount(1);

  await admin.setViewportSize({ width: 800, height: 800 });
  await expect(row).toBeVisible();
  await admin.screenshot({ path: `${screenshotDir}/feedback-800.png` });
  expect(await accessibilityViolations(admin)).toEqual([]);
  await context.close();
});
