// The chat keeps its place (issue 23), in Chromium on the built product and the real server with the
// stand-in model: Stop (and Escape) send nothing else and leave the draft and the focus in the box;
// every AI conversation has its own address (reload, Back/Forward, a bookmark); the knowledge thread
// survives a reload; a session that ends mid-chat leads through sign-in back to the same chat with the
// unsent question; and the keyboard: focus in the box after sign-in, a skip link, History one Tab stop.
import { expect, type Page, test } from '@playwright/test';
import { baseURL, llmStandinURL } from '../playwright.config';
import {
  accessibilityViolations,
  type DemoAccount,
  screenshotDir,
  signedInContext,
  signIn,
  xsrfHeader,
} from './support';

test.describe.configure({ timeout: 120_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };
// Unique to this run: the server's database outlives a rerun.
const run = Date.now().toString(36);

const composer = (page: Page, name: string) => page.getByRole('textbox', { name });
const answers = (page: Page) => page.getByRole('article', { name: 'Assistant' });
const questions = (page: Page) => page.getByRole('article', { name: 'You' });
const history = (page: Page) => page.getByRole('grid', { name: 'History' });
const words = Array.from({ length: 60 }, (_, index) => `word${index + 1}`).join(' ');

async function scriptModel(page: Page, ...replies: Array<{ text: string; chunkDelayMs?: number }>) {
  const response = await page.request.post(`${llmStandinURL}/__standin/script`, { data: { replies } });
  expect(response.ok()).toBe(true);
}

async function modelRequests(page: Page): Promise<number> {
  return (await (await page.request.get(`${llmStandinURL}/__standin/stats`)).json()).requests;
}

/** What has the focus, for messages; `null` when it fell to the page. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) return null;
    return `${element.tagName.toLowerCase()}: ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)}`;
  });
}

/** The focus is on a control after `action` (once a closing dialog has given it back), and stays there. */
async function expectFocusKept(page: Page, action: string) {
  await expect
    .poll(() => focused(page), { message: `the focus after ${action}`, timeout: 2000 })
    .not.toBeNull();
  for (const wait of [400, 800]) {
    await page.waitForTimeout(wait);
    expect(await focused(page), `the focus after ${action}`).not.toBeNull();
  }
}

/** The id in /chat?c=ID. */
function conversationId(page: Page): string {
  return new URL(page.url()).searchParams.get('c') ?? '';
}

/** Asks the AI chat and waits for the whole answer and the conversation's address. */
async function askAi(page: Page, question: string, reply = `Answer to ${question}.`) {
  await scriptModel(page, { text: reply });
  const box = composer(page, 'Message to OpenAI GPT');
  await box.fill(question);
  await box.press('Enter');
  await expect(answers(page).last()).toContainText(reply);
  await expect(page).toHaveURL(/\/chat\?c=/);
  return conversationId(page);
}

/** Signs in again when single sign-on asks who (the built-in provider may remember the person). */
async function signInAgainIfAsked(page: Page, account: DemoAccount) {
  const pick = page.getByRole('button', { name: new RegExp(account.replace('.', '\\.')) });
  // The refused question first leads away from the chat (to /login, then the provider's page): until
  // then the chat's own message box is still on the page and must not be taken for the way back.
  await page.waitForURL((url) => !url.pathname.startsWith('/chat'), { timeout: 15_000 });
  await expect(pick.or(page.getByRole('textbox', { name: /^Message to / }).first())).toBeVisible({
    timeout: 15_000,
  });
  if (await pick.isVisible()) await pick.click();
}

/** Signs staff in at 1280 px and opens `path`. */
async function openAsStaff(page: Page, path: string) {
  await page.setViewportSize(wide);
  await signIn(page, 'staff@example.com');
  await page.goto(path);
}

test.describe('Stop', () => {
  test('Stop, or Escape, stops the answer: the text typed meanwhile is not sent, it stays in the box with the focus', async ({
    page,
  }) => {
    await openAsStaff(page, '/chat');
    const box = composer(page, 'Message to OpenAI GPT');
    await scriptModel(page, { text: `Slowly: ${words}.`, chunkDelayMs: 150 });
    const before = await modelRequests(page);
    await box.fill(`Tell me slowly ${run}`);
    await box.press('Enter');
    await expect(answers(page).last()).toContainText('word2');

    // The next question is written while the answer streams, then Stop is clicked.
    await box.pressSequentially('A follow-up I am still writing');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(answers(page).last()).toContainText('Stopped');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('A follow-up I am still writing');
    await page.waitForTimeout(1500);
    await expect(questions(page)).toHaveCount(1);
    expect(await modelRequests(page)).toBe(before + 1);
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    await page.screenshot({ path: `${screenshotDir}/chat-stopped-draft-kept-1280.png` });
    expect(await accessibilityViolations(page)).toEqual([]);

    // The draft is sent when the person sends it; Escape stops that answer the same way.
    await scriptModel(page, { text: `Second, slowly: ${words}.`, chunkDelayMs: 150 });
    await box.press('Enter');
    await expect(questions(page)).toHaveCount(2);
    await expect(box).toHaveValue('');
    await expect(answers(page).last()).toContainText('word2');
    await box.pressSequentially('Still typing');
    await page.keyboard.press('Escape');
    await expect(answers(page).last()).toContainText('Stopped');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('Still typing');
    await page.waitForTimeout(1500);
    await expect(questions(page)).toHaveCount(2);
    expect(await modelRequests(page)).toBe(before + 2);
  });

  test('Send clicked with the mouse leaves the focus in the box, not on the page', async ({ page }) => {
    await openAsStaff(page, '/chat');
    await scriptModel(page, { text: 'Short answer.' });
    await composer(page, 'Message to OpenAI GPT').fill(`Quick one ${run}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(answers(page).last()).toContainText('Short answer.');
    await expect(composer(page, 'Message to OpenAI GPT')).toBeFocused();
    await expectFocusKept(page, 'Send');
  });
});

test.describe('every AI conversation has its own address', () => {
  test('reload, Back and Forward, and a bookmark reopen it; New Topic is /chat', async ({
    page,
    browser,
  }) => {
    await openAsStaff(page, '/chat');
    const first = await askAi(page, `Address one ${run}`);
    await page.getByRole('button', { name: 'New Topic' }).last().click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(answers(page)).toHaveCount(0);
    const second = await askAi(page, `Address two ${run}`);
    expect(second).not.toBe(first);

    await page.reload();
    await expect(questions(page)).toContainText([`Address two ${run}`]);
    await expect(history(page).getByRole('row', { name: `Address two ${run}` })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // New Topic's /chat became the second conversation's address once it was named: Back is the first.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?c=${first}$`));
    await expect(questions(page)).toContainText([`Address one ${run}`]);
    await expect(questions(page)).toHaveCount(1);
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`\\?c=${second}$`));
    await expect(questions(page)).toContainText([`Address two ${run}`]);

    // A bookmark: the address in a new tab of the same person.
    const tab = await page.context().newPage();
    await tab.goto(`/chat?c=${first}`);
    await expect(questions(tab)).toContainText([`Address one ${run}`]);
    await expect(answers(tab).first()).toContainText(`Answer to Address one ${run}.`);
    await tab.close();

    // Someone else's conversation, and one that never was: a notice and a new chat.
    const admin = await signedInContext(browser, baseURL, 'admin@example.com');
    let theirs = '';
    try {
      const asked = await admin.page.request.post('/api/chat/gpt', {
        headers: await xsrfHeader(admin.page),
        data: { Message: `Admin only ${run}` },
      });
      theirs = (await asked.json()).ConversationId;
    } finally {
      await admin.context.close();
    }
    const notice =
      'That conversation could not be found: it was deleted, or it belongs to someone else. This is a new chat.';
    for (const id of [theirs, 'no-such-conversation']) {
      await page.goto(`/chat?c=${encodeURIComponent(id)}`);
      await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
      await expect(page).toHaveURL(/\/chat$/);
      await expect(questions(page)).toHaveCount(0);
      await expect(page.getByText(`Admin only ${run}`)).toHaveCount(0);
    }
    await page.screenshot({ path: `${screenshotDir}/chat-conversation-not-found-1280.png` });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(narrow);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${screenshotDir}/chat-conversation-not-found-800.png` });
    expect(await accessibilityViolations(page)).toEqual([]);
    // The notice goes once the new chat has a question.
    await askAi(page, `After the notice ${run}`);
    await expect(page.getByText(notice)).toHaveCount(0);
  });

  test('the knowledge thread and the drafts survive a reload and a trip away and back', async ({ page }) => {
    await openAsStaff(page, '/chat/IT');
    const box = composer(page, 'Message to IT');
    await box.fill(`How do I connect to the VPN from home? ${run}`);
    await box.press('Enter');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    const answer = (await answers(page).last().textContent()) ?? '';
    await box.fill('A draft for later');

    await page.reload();
    await expect(questions(page)).toContainText([`How do I connect to the VPN from home? ${run}`]);
    await expect(answers(page).last()).toHaveText(answer);
    await expect(box).toHaveValue('A draft for later');

    // Away through the menu, and back with Back.
    await page.getByRole('link', { name: 'Discover' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await page.goBack();
    await expect(answers(page).last()).toHaveText(answer);
    // Away by address (a new page load), and back.
    await page.goto('/codereview');
    await page.goBack();
    await expect(questions(page)).toContainText([`How do I connect to the VPN from home? ${run}`]);
    await expect(box).toHaveValue('A draft for later');
  });
});

test.describe('a session that ends mid-chat', () => {
  test('leads through sign-in back to the same conversation, the unsent question in the box', async ({
    page,
  }) => {
    await openAsStaff(page, '/chat');
    const id = await askAi(page, `Before it expired ${run}`);

    // The session ends on the server's side (expired or revoked): this browser's cookie no longer opens it.
    await page.context().clearCookies({ name: 'da_session' });
    const box = composer(page, 'Message to OpenAI GPT');
    await box.fill(`Asked after it expired ${run}`);
    await box.press('Enter');
    await signInAgainIfAsked(page, 'staff@example.com');

    await expect(page).toHaveURL(new RegExp(`/chat\\?c=${id}$`));
    await expect(questions(page)).toContainText([`Before it expired ${run}`]);
    await expect(questions(page)).toHaveCount(1);
    await expect(box).toHaveValue(`Asked after it expired ${run}`);
    await expect(box).toBeFocused();
    await expect(page.getByText('You are not signed in.')).toHaveCount(0);
    await page.screenshot({ path: `${screenshotDir}/chat-back-after-sign-in-1280.png` });

    // Sent now, it goes to the same conversation.
    await scriptModel(page, { text: 'Answered after signing in again.' });
    await box.press('Enter');
    await expect(answers(page).last()).toContainText('Answered after signing in again.');
    await expect(page).toHaveURL(new RegExp(`/chat\\?c=${id}$`));
  });

  test('a knowledge question comes back too', async ({ page }) => {
    await page.setViewportSize(narrow);
    await signIn(page, 'staff@example.com');
    await page.goto('/chat/DevOps');
    const box = composer(page, 'Message to DevOps');
    await expect(box).toBeVisible();
    await page.context().clearCookies({ name: 'da_session' });
    await box.fill(`Where is the pre-prod runbook? ${run}`);
    await box.press('Enter');
    await signInAgainIfAsked(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/chat\/DevOps$/);
    await expect(box).toHaveValue(`Where is the pre-prod runbook? ${run}`);
    await expect(questions(page)).toHaveCount(0);
  });
});

test.describe('the keyboard in the chat', () => {
  test('after sign-in the box has the focus; a skip link leads to it; History is one Tab stop with arrows, Enter and Delete', async ({
    page,
  }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'staff@example.com');
    await expect(composer(page, 'Message to Knowledge')).toBeFocused();

    // The skip link: the first Tab stop of a page, shown while focused, leading to the message box on
    // chat routes (reached here backwards from the box, which has the focus) and to the page elsewhere.
    const skip = page.getByRole('link', { name: 'Skip to the message box' });
    for (
      let presses = 0;
      presses < 40 && !(await skip.evaluate((link) => link === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.screenshot({ path: `${screenshotDir}/chat-skip-link-1280.png` });
    await page.keyboard.press('Enter');
    await expect(composer(page, 'Message to Knowledge')).toBeFocused();
    await page.goto('/codereview');
    await expect(page.getByRole('heading', { level: 1, name: 'Code Review Agent' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skipToPage = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipToPage).toBeFocused();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement))).toBe(true);

    await page.goto('/chat');
    const labels = [`Keys one ${run}`, `Keys two ${run}`, `Keys three ${run}`];
    for (const label of labels) {
      await askAi(page, label);
      await page.getByRole('button', { name: 'New Topic' }).last().click();
      await expect(page).toHaveURL(/\/chat$/);
    }
    // Newest first: three, two, one.
    const row = (label: string) => history(page).getByRole('row', { name: label });
    const menuNewTopic = page
      .getByRole('region', { name: 'History' })
      .getByRole('button', { name: 'New Topic' });
    await menuNewTopic.focus();
    const firstConversation = history(page)
      .getByRole('row')
      .filter({ hasNot: page.getByRole('rowheader') })
      .first();
    // New Topic, the search over History, then the list itself.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(firstConversation).toBeFocused();
    // One Tab leaves the whole list.
    await page.keyboard.press('Tab');
    expect(await history(page).evaluate((grid) => grid.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(firstConversation).toBeFocused();

    // Arrows to a conversation, Enter opens it.
    while (!(await row(labels[1]!).evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(questions(page)).toContainText([labels[1]!]);
    await expect(row(labels[1]!)).toHaveAttribute('aria-current', 'true');
    await page.screenshot({ path: `${screenshotDir}/chat-history-keyboard-1280.png` });
    expect(await accessibilityViolations(page)).toEqual([]);

    // Arrow Right reaches Rename, then Delete; the confirmation opens on Cancel; OK deletes; the focus
    // goes to the next one.
    await row(labels[1]!).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: `Rename chat: ${labels[1]}` })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: `Delete chat: ${labels[1]}` })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(row(labels[1]!)).toHaveCount(0);
    await expect(row(labels[0]!)).toBeFocused();
    await expectFocusKept(page, 'deleting a conversation');
    // It was the open one: a new chat, at /chat.
    await expect(page).toHaveURL(/\/chat$/);

    // The Delete key asks too; Escape keeps it and gives the focus back to the row.
    await page.keyboard.press('Delete');
    await expect(confirm).toContainText('Are you sure you want to delete this chat?');
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(row(labels[0]!)).toBeFocused();

    // The mouse: OK in the confirmation leaves the focus on a control, not on the page.
    await row(labels[2]!).hover();
    await page.getByRole('button', { name: `Delete chat: ${labels[2]}` }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(row(labels[2]!)).toHaveCount(0);
    await expectFocusKept(page, 'OK in the delete confirmation');
  });

  test('at 800px the History drawer works from the keyboard the same way', async ({ page }) => {
    await page.setViewportSize(narrow);
    await signIn(page, 'staff@example.com');
    await page.goto('/chat');
    await askAi(page, `Narrow keys ${run}`);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const row = drawer.getByRole('row', { name: `Narrow keys ${run}` });
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('[data-entering]')).toHaveCount(0);
    await row.focus();
    await page.screenshot({ path: `${screenshotDir}/chat-history-drawer-keyboard-800.png` });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expectFocusKept(page, 'closing the menu drawer');
  });
});
