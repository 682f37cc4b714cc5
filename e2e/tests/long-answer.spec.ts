// A long answer, end to end (issue 23): the stand-in model streams thousands of words (its `words`
// and `delay` directives) over real HTTP to the built app. The page keeps painting and taking
// input while it streams: the view follows the answer, stays where the reader scrolled up to
// (offering 'Jump to latest'), and Stop takes effect at once. bench/chat-page.ts measures it.
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

test.describe.configure({ timeout: 120_000 });

const answers = (page: Page) => page.getByRole('article', { name: 'Assistant' });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

/** How far the conversation is scrolled from its end, in pixels. */
const distanceFromEnd = (page: Page) =>
  conversation(page).evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight);

test('a long answer streams with the view following it, stays put when scrolled up, and stops at once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@example.com');
  await page.getByRole('button', { name: 'OpenAI GPT' }).click();
  const box = page.getByRole('textbox', { name: 'Message to OpenAI GPT' });
  await box.fill('Tell me a long story [[standin:words=3000]] [[standin:delay=15]]');
  await box.press('Enter');

  // Words keep arriving and the view keeps to the end of the answer.
  const answer = answers(page).last();
  await expect(answer).toContainText('word600', { timeout: 60_000 });
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(48);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);

  // Scrolled up to read: the view stays where the reader is while the answer goes on below.
  await conversation(page).hover();
  await page.mouse.wheel(0, -1500);
  const jump = page.getByRole('button', { name: 'Jump to latest' });
  await expect(jump).toBeVisible();
  const readingAt = await conversation(page).evaluate((log) => log.scrollTop);
  const wordsBefore = ((await answer.textContent()) ?? '').length;
  await expect
    .poll(async () => ((await answer.textContent()) ?? '').length, { timeout: 30_000 })
    .toBeGreaterThan(wordsBefore + 500);
  expect(await conversation(page).evaluate((log) => log.scrollTop)).toBe(readingAt);

  // Jump to latest: back at the end, following again, the focus in the conversation.
  await jump.click();
  await expect(jump).toHaveCount(0);
  await expect(conversation(page)).toBeFocused();
  const lengthAtJump = ((await answer.textContent()) ?? '').length;
  await expect
    .poll(async () => ((await answer.textContent()) ?? '').length, { timeout: 30_000 })
    .toBeGreaterThan(lengthAtJump + 500);
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(48);

  // Stop while it streams: the answer is stopped as drawn and nothing more is added.
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(answer).toHaveAttribute('data-state', 'stopped');
  await expect(answer).toContainText('Stopped');
  const stoppedText = await answer.textContent();
  expect(stoppedText).not.toContain('word3000');
  await page.waitForTimeout(500);
  expect(await answer.textContent()).toBe(stoppedText);
});
