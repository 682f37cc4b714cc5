// Per-message actions (issue 23), in Chromium on the built product and the real server with the
// stand-in model: Copy puts the whole answer on the clipboard as markdown and as plain text;
// Regenerate and Edit replace the last exchange, on the server too, so a reload and the History show
// the result; every action is reachable from the keyboard and the focus is never lost.
import { expect, type Page, test } from '@playwright/test';
import { baseURL, llmStandinURL } from '../playwright.config';
import { accessibilityViolations, screenshotDir, signIn } from './support';

test.describe.configure({ timeout: 120_000 });

// Unique to this run: the server's database outlives a rerun.
const run = Date.now().toString(36);

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message to OpenAI GPT' });
const answers = (page: Page) => page.getByRole('article', { name: 'Assistant' });
const questions = (page: Page) => page.getByRole('article', { name: 'You' });

async function scriptModel(page: Page, text: string) {
  const response = await page.request.post(`${llmStandinURL}/__standin/script`, {
    data: { replies: [{ text }] },
  });
  expect(response.ok()).toBe(true);
}

async function askAi(page: Page, question: string, reply: string) {
  await scriptModel(page, reply);
  await composer(page).fill(question);
  await composer(page).press('Enter');
  await expect(answers(page).last()).toContainText(reply.replace(/[*_`]/g, ''));
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
}

test('copy an answer as markdown and as text; regenerate it; edit and resend the question; a reload and the History show the result', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@example.com');
  await page.goto('/chat');
  const first = `First question ${run}`;
  await askAi(page, first, 'The **first** answer.');
  await askAi(page, `Second question ${run}`, 'The second answer, in `code` and *emphasis*.');
  await expect(page).toHaveURL(/\/chat\?c=/);

  // Copy, from the keyboard: one Tab stop per toolbar, arrow keys inside it.
  const lastActions = page.getByRole('toolbar', { name: 'Answer actions' }).last();
  await lastActions.getByRole('button', { name: 'Copy the answer as Markdown' }).focus();
  await page.keyboard.press('Enter');
  await expect(lastActions.getByRole('button', { name: /Markdown: Copied/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'The second answer, in `code` and *emphasis*.',
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe('The second answer, in code and emphasis.');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Regenerate: a new last answer in place of the old one; the focus goes to the message box.
  await scriptModel(page, 'A regenerated answer.');
  await page.keyboard.press('ArrowRight');
  await expect(lastActions.getByRole('button', { name: 'Regenerate the answer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answers(page).last()).toContainText('A regenerated answer.');
  await expect(answers(page)).toHaveCount(2);
  await expect(composer(page)).toBeFocused();

  // Edit and resend the last question.
  await scriptModel(page, 'The answer to the edited question.');
  await page
    .getByRole('toolbar', { name: 'Question actions' })
    .getByRole('button', { name: 'Edit the question' })
    .click();
  const box = page.getByRole('textbox', { name: 'Edit your question' });
  await expect(box).toBeFocused();
  await box.fill(`Edited question ${run}`);
  await page.screenshot({ path: `${screenshotDir}/chat-edit-question-1280.png` });
  await box.press('Enter');
  await expect(answers(page).last()).toContainText('The answer to the edited question.');
  await expect(composer(page)).toBeFocused();

  const expected = async () => {
    await expect(questions(page).locator('.da-markdown')).toHaveText([first, `Edited question ${run}`]);
    await expect(answers(page)).toHaveCount(2);
    await expect(answers(page).first()).toContainText('The first answer.');
    await expect(answers(page).last()).toContainText('The answer to the edited question.');
    await expect(page.getByRole('log')).not.toContainText('second answer');
    await expect(page.getByRole('log')).not.toContainText('regenerated');
  };
  await expected();

  // The server kept the replacement: a reload reopens it so, and so does the History.
  await page.reload();
  await expected();
  await page.getByRole('region', { name: 'AI chat' }).getByRole('button', { name: 'New Topic' }).click();
  await expect(questions(page)).toHaveCount(0);
  await page
    .getByRole('grid', { name: 'History' })
    .getByRole('row', { name: new RegExp(run) })
    .first()
    .click();
  await expected();
  expect(await accessibilityViolations(page)).toEqual([]);
});
