// Knowledge gaps (issue 26), end to end on the built app and the real server without a model: staff
// and a PGA member ask the IT chat similar questions no document answers, and staff vote an answer
// down; an administrator opens Knowledge Gaps, finds the group with its people and questions, opens it
// and follows "Upload a document" from the keyboard alone to Train Bot with IT chosen. Staff are not
// offered the page. axe clean and screenshots at 1280 and 800 px.
import { expect, type Page, test } from '@playwright/test';
import { noModelBaseURL } from '../playwright.config';
import { accessibilityViolations, screenshotDir, signedInContext, tabTo, xsrfHeader } from './support';

test.describe.configure({ timeout: 360_000 });

const narrow = { width: 800, height: 800 };
const run = Date.now().toString(36);
// Words no document has, unique to this run: the questions about them find nothing.
const hall = `zorbing${run}`;
const menu = `lentil${run}`;
const documentName = `canteen-${run}.md`;

/** Asks the IT chat and waits for the answer to end (Send is back). */
async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Message to IT' });
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible({ timeout: 30_000 });
}

/** Uploads a document for every department through the Train Bot operation; waits until it answers. */
async function uploadDocument(page: Page) {
  const form = new FormData();
  const text = `# Canteen\n\nThe ${menu} soup is on the canteen menu every Monday.\n`;
  form.append('files', new File([text], documentName, { type: 'text/markdown' }));
  const response = await page.request.post('/api/file/success', {
    headers: await xsrfHeader(page),
    multipart: form,
  });
  expect(response.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/knowledge/documents?q=${encodeURIComponent(documentName)}`);
        const { documents } = (await list.json()) as { documents: Array<{ state: string }> };
        return documents[0]?.state;
      },
      { timeout: 120_000 },
    )
    .toBe('ready');
}

test('Knowledge gaps: unanswered and voted-down questions grouped for administrators, who upload a document for the department from the keyboard', async ({
  browser,
}) => {
  const admin = await signedInContext(browser, noModelBaseURL, 'admin@example.com');
  await uploadDocument(admin.page);

  // Staff ask about the hall twice and vote an answer about the menu down; a PGA member asks about the hall too.
  const staff = await signedInContext(browser, noModelBaseURL, 'staff@example.com');
  await staff.page.goto('/chat/it');
  await ask(staff.page, `How do I book the ${hall} hall?`);
  await ask(staff.page, `${hall} hall booking for the team offsite`);
  await ask(staff.page, `What soup is on the ${menu} menu?`);
  const answer = staff.page.getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toContainText(menu);
  const down = answer
    .getByRole('group', { name: 'Rate this answer' })
    .getByRole('button', { name: 'Bad answer' });
  await down.click();
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  // Staff are not offered the page.
  await staff.page.goto('/knowledge-gaps');
  await expect(staff.page).not.toHaveURL(/\/knowledge-gaps/);
  await staff.context.close();

  const pga = await signedInContext(browser, noModelBaseURL, 'pga@example.com');
  await pga.page.goto('/chat/it');
  await ask(pga.page, `Where can I book the ${hall} hall?`);
  await pga.context.close();

  // The administrator finds the group: two people, three questions, none answered.
  const page = admin.page;
  await page.goto('/status');
  // Reached from the menu's Admin section, after Feedback.
  await expect(page.getByRole('link', { name: /^(Feedback|Knowledge Gaps)$/ })).toHaveText([
    'Feedback',
    'Knowledge Gaps',
  ]);
  await page.getByRole('link', { name: 'Knowledge Gaps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Gaps' })).toBeVisible();
  const group = page.getByRole('button', {
    name: new RegExp(`2 people asked about “[^”]*${hall}[^”]*”: no document answered`),
  });
  await expect(group).toBeVisible();
  await expect(group).toContainText('IT · 3 questions');
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  const voted = page.getByRole('button', {
    name: new RegExp(`1 person asked about “[^”]*${menu}[^”]*”: answers voted down`),
  });
  await expect(voted).toContainText('IT · 1 question');
  await page.screenshot({ path: `${screenshotDir}/knowledge-gaps-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Keyboard alone: Tab to the group, Enter opens it, Tab to Upload a document, Enter follows it.
  await tabTo(page, group);
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const questions = page.getByRole('list', { name: new RegExp(`Questions about “[^”]*${hall}`) });
  await expect(questions.getByRole('listitem')).toHaveText([
    new RegExp(`Where can I book the ${hall} hall\\?.*No document answered`),
    new RegExp(`${hall} hall booking for the team offsite.*No document answered`),
    new RegExp(`How do I book the ${hall} hall\\?.*No document answered`),
  ]);
  // Who asked is never shown.
  await expect(page.getByRole('list', { name: 'Knowledge gaps' })).not.toContainText('@example.com');
  const upload = page.getByRole('link', {
    name: new RegExp(`^Upload a document for IT about “[^”]*${hall}`),
  });
  await page.keyboard.press('Tab');
  await expect(upload).toBeFocused();
  await page.screenshot({ path: `${screenshotDir}/knowledge-gaps-open-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/train-bot\?department=it$/);
  await expect(page.getByRole('checkbox', { name: 'IT' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Knowledge/ })).not.toBeChecked();
  await page.screenshot({ path: `${screenshotDir}/knowledge-gaps-train-bot-1280.png` });

  // 800 px: the same page, the group opened, nothing wider than the window.
  await page.setViewportSize(narrow);
  await page.goto('/knowledge-gaps');
  await expect(group).toBeVisible();
  await tabTo(page, group);
  await page.keyboard.press('Enter');
  await expect(upload).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrow.width);
  await page.screenshot({ path: `${screenshotDir}/knowledge-gaps-800.png`, fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  await admin.context.close();
});
