// Starter questions (issue 26) on the built app and the real server: an administrator edits the IT
// department's example questions on the Train Bot page from the keyboard; staff's empty IT chat
// offers them, and choosing one (keyboard) asks it and gets an answer from the IT documents; the
// admin chat offers the Knowledge department's defaults and the AI chat its own; staff may not
// change them (403). axe at 1280 and 800 px, screenshots.
import { expect, type Page, test } from '@playwright/test';
import { baseURL, noModelBaseURL } from '../playwright.config';
import { accessibilityViolations, screenshotDir, signedInContext, tabTo, xsrfHeader } from './support';

test.describe.configure({ timeout: 300_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };
// Every word of it is in the IT guide's first-day section: the e2e server answers with excerpts (no model), which
// quote only strong matches (a partial match must weigh 0.3 of the question).
const QUESTION = 'Where do I collect my laptop on my first day?';

const suggestions = (page: Page, pane: string) =>
  page.getByRole('region', { name: pane }).getByRole('list', { name: 'Try asking' });

test('administrators set a department’s example questions; staff’s empty chat offers them and asks one from the keyboard', async ({
  browser,
}) => {
  const admin = await signedInContext(browser, noModelBaseURL, 'admin@example.com');
  try {
    // The demo set is ingested in the background after the server's first start: the IT guide the
    // question is answered from must be ready first.
    await expect
      .poll(
        async () => {
          const response = await admin.page.request.get('/api/knowledge/documents?q=it-onboarding-vpn-guide');
          const { documents } = (await response.json()) as { documents: Array<{ state: string }> };
          return documents[0]?.state;
        },
        { timeout: 120_000 },
      )
      .toBe('ready');
    await admin.page.goto('/train-bot');
    const editor = admin.page.getByRole('region', { name: 'Example questions' });
    await expect(editor).toBeVisible();
    await expect(editor.getByRole('textbox', { name: 'Question 1' })).toHaveValue(
      'How many days of holiday do I get?',
    );
    // Keyboard alone: the department, then the first question, then Save.
    await tabTo(admin.page, editor.getByRole('button', { name: /Department/ }));
    await admin.page.keyboard.press('Enter');
    await admin.page
      .getByRole('option', { name: 'IT' })
      .press('Enter')
      .catch(async () => {
        await admin.page.keyboard.press('ArrowDown');
        await admin.page.keyboard.press('Enter');
      });
    await expect(editor.getByRole('textbox', { name: 'Question 1' })).toHaveValue(
      'How do I connect to the VPN from home?',
    );
    await tabTo(admin.page, editor.getByRole('textbox', { name: 'Question 1' }));
    await admin.page.keyboard.press('ControlOrMeta+a');
    await admin.page.keyboard.type(QUESTION);
    await tabTo(admin.page, editor.getByRole('button', { name: 'Save questions' }));
    await admin.page.keyboard.press('Enter');
    await expect(editor.getByRole('status')).toHaveText('Saved the example questions of IT.');
    await expect(editor).toContainText('Set by an administrator.');
    await admin.page.screenshot({
      path: `${screenshotDir}/starter-questions-editor-1280.png`,
      fullPage: true,
    });
    expect(await accessibilityViolations(admin.page)).toEqual([]);
    await admin.page.setViewportSize(narrow);
    await admin.page.screenshot({
      path: `${screenshotDir}/starter-questions-editor-800.png`,
      fullPage: true,
    });
    expect(await accessibilityViolations(admin.page)).toEqual([]);

    // The admin chat offers the Knowledge department's defaults.
    await admin.page.setViewportSize(wide);
    await admin.page.goto('/menu/chat');
    await expect(
      admin.page.getByRole('button', { name: 'How many days of holiday do I get?' }),
    ).toBeVisible();
  } finally {
    await admin.context.close();
  }

  const staff = await signedInContext(browser, noModelBaseURL, 'staff@example.com');
  try {
    const forbidden = await staff.page.request.put('/api/chat/starter-questions', {
      headers: await xsrfHeader(staff.page),
      data: { department: 'it', questions: ['Mine?'] },
    });
    expect(forbidden.status()).toBe(403);

    await staff.page.goto('/chat/IT');
    const offered = suggestions(staff.page, 'Knowledge chat: IT');
    await expect(offered.getByRole('button', { name: QUESTION })).toBeVisible();
    await expect(offered.getByRole('button')).toHaveCount(3);
    await staff.page.screenshot({ path: `${screenshotDir}/starter-questions-chat-1280.png` });
    expect(await accessibilityViolations(staff.page)).toEqual([]);
    await staff.page.setViewportSize(narrow);
    await staff.page.screenshot({ path: `${screenshotDir}/starter-questions-chat-800.png` });
    expect(await accessibilityViolations(staff.page)).toEqual([]);

    // From the keyboard: Tab to the question, Enter asks it; the answer comes from the IT guide.
    await tabTo(staff.page, offered.getByRole('button', { name: QUESTION }));
    await staff.page.keyboard.press('Enter');
    const pane = staff.page.getByRole('region', { name: 'Knowledge chat: IT' });
    await expect(pane.getByRole('article', { name: 'You' })).toContainText(QUESTION);
    const answer = pane.getByRole('article', { name: 'Assistant' });
    await expect(answer.getByRole('list', { name: 'Sources' })).toContainText('it-onboarding-vpn-guide.md', {
      timeout: 30_000,
    });
    await expect(offered).toHaveCount(0);
  } finally {
    await staff.context.close();
  }
});

test('the empty AI chat offers its own example questions', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, baseURL, 'staff@example.com');
  try {
    await page.goto('/chat');
    await expect(suggestions(page, 'AI chat').getByRole('button')).toHaveCount(3);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
