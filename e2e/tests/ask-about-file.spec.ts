// Ask about a file of one's own (issue 26), on the built app and the real server without a model:
// in a knowledge chat, the Attach files button (reached and pressed from the keyboard) reads a
// Markdown file for this conversation; a file of a type that cannot be read is refused with its
// reason, announced, and the question being written is kept; the answer quotes the attached file
// and cites it like a source. axe at 1280 and 800 px, screenshots. The AI chat without a model takes
// a question with a file (its box open, Send waiting for a file): the answer quotes its excerpts
// with the file among its sources, still listed after a reload, and a regenerated answer cites the
// file again.
import { expect, test } from '@playwright/test';
import { noModelBaseURL } from '../playwright.config';
import { accessibilityViolations, screenshotDir, signedInContext, tabTo } from './support';

test.describe.configure({ timeout: 240_000 });

const run = Date.now().toString(36);
const fileName = `office-move-${run}.md`;
const word = `wombat${run}`;

/** The Markdown file the questions are about, named `name`: where the team moves. */
const officeMove = (name: string) => ({
  name,
  mimeType: 'text/markdown',
  buffer: Buffer.from(
    `# Office move\n\nThe ${word} team moves to the third floor of building B on 3 March.\n`,
  ),
});

test('a file attached to a knowledge question is read, refused files say why, and the answer cites the file', async ({
  browser,
}) => {
  const { context, page } = await signedInContext(browser, noModelBaseURL, 'staff@example.com');
  await page.goto('/chat/Knowledge');
  const composer = page.getByRole('textbox', { name: 'Message to Knowledge' });
  await composer.fill(`When does the ${word} team move?`);

  // From the keyboard: Tab to Attach files, Enter opens the file picker.
  const attach = page.getByRole('button', { name: 'Attach files' });
  await tabTo(page, attach);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles([
    officeMove(fileName),
    { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);
  const files = page.getByRole('list', { name: 'Attached files' });
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files.getByRole('listitem').first()).toContainText(fileName);
  await expect(files).not.toContainText('reading…', { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'tool.exe' })).toContainText('cannot be read');
  // The question being written is kept.
  await expect(composer).toHaveValue(`When does the ${word} team move?`);
  await page.screenshot({ path: `${screenshotDir}/ask-about-file-attached-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);

  // A chip's remove button takes it off before sending; attach it again.
  await files.getByRole('button', { name: `Remove ${fileName}` }).click();
  await expect(files).toHaveCount(0);
  const again = page.waitForEvent('filechooser');
  await attach.click();
  await (await again).setFiles(officeMove(fileName));
  await expect(page.getByRole('list', { name: 'Attached files' })).not.toContainText('reading…', {
    timeout: 30_000,
  });

  await composer.focus();
  await composer.press('Enter');
  const answer = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toContainText('third floor of building B', { timeout: 30_000 });
  await expect(answer).toContainText(fileName);
  await expect(answer.locator('.da-citation-chip').first()).toBeVisible();
  // Sent: the files went with the question.
  await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(0);
  await page.screenshot({ path: `${screenshotDir}/ask-about-file-answer-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 800, height: 800 });
  await expect(attach).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/ask-about-file-answer-800.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await context.close();
});

test('the AI chat without a model answers a question about an attached file; its sources stay after a reload and a regeneration', async ({
  browser,
}) => {
  const { context, page } = await signedInContext(browser, noModelBaseURL, 'staff@example.com');
  await page.goto('/chat');
  const pane = page.getByRole('region', { name: 'AI chat' });
  await expect(pane.getByRole('log')).toContainText('no language model has been set up');
  const composer = page.getByRole('textbox', { name: 'Message to OpenAI GPT' });
  await expect(composer).toBeEnabled();
  await expect(composer).toHaveAccessibleDescription(/answers only questions about files you attach/);
  await composer.fill(`Which floor does the ${word} team move to?`);
  // Without a file the question is not sent.
  const send = pane.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await composer.press('Enter');
  await expect(pane.getByRole('article', { name: 'You' })).toHaveCount(0);

  const attach = pane.getByRole('button', { name: 'Attach files' });
  await tabTo(page, attach);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  const aiFile = `ai-${fileName}`;
  await (await chooser).setFiles(officeMove(aiFile));
  await expect(pane.getByRole('list', { name: 'Attached files' })).not.toContainText('reading…', {
    timeout: 30_000,
  });
  await expect(send).toBeEnabled();
  await page.screenshot({ path: `${screenshotDir}/ask-about-file-ai-attached-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await composer.focus();
  await composer.press('Enter');
  const answer = pane.getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toContainText('third floor of building B', { timeout: 30_000 });
  await expect(answer.getByRole('list', { name: 'Sources' })).toContainText(aiFile);

  // The conversation's address, reloaded: the answer lists the file among its sources as it did.
  await expect(page).toHaveURL(/\/chat\?c=/);
  await page.reload();
  const reloaded = page
    .getByRole('region', { name: 'AI chat' })
    .getByRole('article', { name: 'Assistant' })
    .last();
  await expect(reloaded).toContainText('third floor of building B');
  await expect(reloaded.getByRole('list', { name: 'Sources' })).toContainText(aiFile);

  // Regenerated, the answer still reads and cites the file.
  await reloaded.getByRole('button', { name: 'Regenerate the answer' }).click();
  const regenerated = page
    .getByRole('region', { name: 'AI chat' })
    .getByRole('article', { name: 'Assistant' })
    .last();
  await expect(regenerated).toContainText('third floor of building B', { timeout: 30_000 });
  await expect(regenerated.getByRole('list', { name: 'Sources' })).toContainText(aiFile);
  await page.setViewportSize({ width: 800, height: 800 });
  // The menu becomes a drawer, closing.
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await expect(page.locator('[data-exiting], [data-entering]')).toHaveCount(0);
  await page.screenshot({ path: `${screenshotDir}/ask-about-file-ai-800.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await context.close();
});
