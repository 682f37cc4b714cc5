// Answer feedback (issue 26), end to end on the built product and the real server: staff vote on
// answers in the AI chat (thumbs down with a comment, from the keyboard, changed once, still pressed
// after a reload) and in the IT knowledge chat; an administrator finds both votes on the Feedback page
// (at 1280 and 800 px, axe clean), filters them by vote from the keyboard and by chat and department,
// and opens a vote's question, answer and sources; the admin chat's vote is found under its own chat
// filter; staff are not offered the page.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { accessibilityViolations, screenshotDir, signIn } from './support';

test.describe.configure({ timeout: 360_000 });

const answers = (page: Page) => page.getByRole('article', { name: 'Assistant' });

/** Asks through a composer and waits for the answer to end (Send is back). */
async function ask(page: Page, composer: string, question: string) {
  const box = page.getByRole('textbox', { name: composer });
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible({ timeout: 30_000 });
}

const voteButtons = (answer: Locator) => {
  const group = answer.getByRole('group', { name: 'Rate this answer' });
  return {
    group,
    up: group.getByRole('button', { name: 'Good answer' }),
    down: group.getByRole('button', { name: 'Bad answer' }),
  };
};

test('Feedback: staff vote on AI and knowledge answers in the chat; an administrator filters the votes and opens one', async ({
  page,
  browser,
  baseURL,
}) => {
  const marker = `harbour${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@example.com');

  // The AI chat: thumbs up, then thumbs down with a comment, from the keyboard.
  await page.goto('/chat');
  await ask(page, 'Message to OpenAI GPT', `What is the ${marker} parking rule?`);
  const aiAnswer = answers(page).last();
  const ai = voteButtons(aiAnswer);
  await expect(ai.up).toHaveAttribute('aria-pressed', 'false');
  await ai.up.focus();
  await page.keyboard.press('Enter');
  await expect(ai.up).toHaveAttribute('aria-pressed', 'true');
  await expect(ai.group.getByRole('status')).toHaveText(/you rated this answer good/);
  await page.keyboard.press('Tab');
  await expect(ai.down).toBeFocused();
  await page.keyboard.press('Space');
  await expect(ai.down).toHaveAttribute('aria-pressed', 'true');
  await expect(ai.up).toHaveAttribute('aria-pressed', 'false');
  const box = aiAnswer.getByRole('textbox', { name: /What was good or wrong/ });
  await expect(box).toBeFocused();
  await page.keyboard.type(`Wrong floor for ${marker}`);
  await page.screenshot({ path: `${screenshotDir}/feedback-chat-comment-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(ai.group.getByRole('button', { name: 'Edit comment' })).toBeFocused();
  await expect(ai.group.getByRole('status')).toHaveText('Your comment was saved.');
  await page.screenshot({ path: `${screenshotDir}/feedback-chat-1280.png` });

  // The vote is the server's: a reload of the conversation shows it pressed.
  await expect(page).toHaveURL(/\/chat\?c=/);
  await page.reload();
  await expect(voteButtons(answers(page).last()).down).toHaveAttribute('aria-pressed', 'true');

  // The IT knowledge chat, at 800 px.
  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto('/chat/it');
  await ask(page, 'Message to IT', `How do I install the VPN client GlobalProtect? (${marker})`);
  const it = voteButtons(answers(page).last());
  await it.up.click();
  await expect(it.up).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `${screenshotDir}/feedback-chat-800.png` });
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto('/feedback');
  await expect(page).not.toHaveURL(/\/feedback/);

  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await signIn(admin, 'admin@example.com');
  // The admin chat's answers are the admin chat's: voted on there, found under that chat's filter.
  await admin.goto('/menu/chat');
  await ask(admin, 'Message to the admin chat', `How do I install the VPN client? (admin ${marker})`);
  const adminVote = voteButtons(answers(admin).last());
  await adminVote.down.click();
  await expect(adminVote.down).toHaveAttribute('aria-pressed', 'true');
  await admin.getByRole('link', { name: 'Feedback' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  const aiRow = admin.getByRole('row').filter({ hasText: `Wrong floor for ${marker}` });
  await expect(aiRow).toHaveCount(1);
  await expect(aiRow).toContainText('staff@example.com');
  await expect(aiRow).toContainText('Thumbs down');
  await expect(aiRow).toContainText('AI chat');

  // The row opens the question and the answer, from the keyboard (Tab into the table, the arrow keys
  // to the row, Enter); Escape brings the focus back to the row.
  await admin.getByRole('button', { name: 'Export CSV' }).focus();
  await admin.keyboard.press('Tab');
  for (let presses = 0; presses < 5; presses++) {
    if (await aiRow.evaluate((row) => row === document.activeElement)) break;
    await admin.keyboard.press('ArrowDown');
  }
  await expect(aiRow).toBeFocused();
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('dialog', { name: 'Thumbs down from staff@example.com' });
  await expect(dialog).toContainText(`What is the ${marker} parking rule?`);
  await expect(dialog).toContainText(`Wrong floor for ${marker}`);
  await expect(dialog.getByText(/Stand-in answer to/)).toBeVisible();
  await admin.screenshot({ path: `${screenshotDir}/feedback-detail-1280.png` });
  expect(await accessibilityViolations(admin)).toEqual([]);
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(aiRow).toBeFocused();
  await admin.screenshot({ path: `${screenshotDir}/feedback-1280.png` });
  expect(await accessibilityViolations(admin)).toEqual([]);

  // The vote filter from the keyboard: Thumbs up leaves the vote out, Thumbs down brings it back.
  await admin.getByRole('radio', { name: 'All' }).focus();
  await admin.keyboard.press('ArrowRight');
  await expect(admin.getByRole('radio', { name: 'Thumbs up' })).toBeChecked();
  await expect(aiRow).toHaveCount(0);
  await admin.keyboard.press('ArrowRight');
  await expect(admin.getByRole('radio', { name: 'Thumbs down' })).toBeChecked();
  await expect(aiRow).toHaveCount(1);
  await admin.keyboard.press('ArrowLeft');
  await admin.keyboard.press('ArrowLeft');
  await expect(admin.getByRole('radio', { name: 'All' })).toBeChecked();

  // The admin chat's filter finds its vote alone.
  const adminRow = admin.getByRole('row').filter({ hasText: `admin ${marker}` });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow).toContainText('Admin chat');
  await admin.getByRole('button', { name: /All chats/ }).click();
  await admin.getByRole('option', { name: 'Admin chat', exact: true }).click();
  await expect(adminRow).toHaveCount(1);
  await expect(aiRow).toHaveCount(0);
  await expect(
    admin.getByRole('row').filter({ hasText: 'How do I install the VPN client GlobalProtect?' }),
  ).toHaveCount(0);

  // Chat and department: the IT knowledge vote, with its sources.
  await admin.getByRole('button', { name: /Admin chat/ }).click();
  await admin.getByRole('option', { name: 'Knowledge', exact: true }).click();
  await admin.getByRole('button', { name: /All departments/ }).click();
  await admin.getByRole('option', { name: 'IT', exact: true }).click();
  await expect(aiRow).toHaveCount(0);
  const itRow = admin.getByRole('row').filter({ hasText: marker });
  await expect(itRow).toHaveCount(1);
  await expect(itRow).toContainText('Knowledge: IT');
  await expect(itRow).toContainText('Thumbs up');
  await admin.setViewportSize({ width: 800, height: 800 });
  await expect(itRow).toBeVisible();
  await admin.screenshot({ path: `${screenshotDir}/feedback-800.png` });
  expect(await accessibilityViolations(admin)).toEqual([]);
  await itRow.getByRole('button', { name: /^Open the question and answer/ }).click();
  const itDialog = admin.getByRole('dialog', { name: 'Thumbs up from staff@example.com' });
  await expect(itDialog.getByRole('complementary', { name: 'Sources' })).toBeVisible();
  await expect(itDialog.getByRole('complementary', { name: 'Sources' })).toContainText(/vpn/i);
  await admin.screenshot({ path: `${screenshotDir}/feedback-detail-800.png` });
  expect(await accessibilityViolations(admin)).toEqual([]);
  await context.close();
});
