// The chat, end to end (issue 8), on the built product and the real server, whose language model is
// the project's OpenAI-compatible stand-in (a second webServer, see playwright.config.ts) streaming
// over real HTTP; the knowledge chats answer from the demo knowledge set the server seeds on PGlite.
// A third server runs with no model configured.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL, llmStandinURL, noModelBaseURL } from '../playwright.config';
import { accessibilityViolations, screenshotDir, signedInContext, signIn, xsrfHeader } from './support';

// Whole-screen journeys with streamed answers; the machines are shared.
test.describe.configure({ timeout: 120_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };

const composer = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name });
const answers = (page: Page) => page.getByRole('article', { name: 'Assistant' });
const history = (page: Page) => page.getByRole('region', { name: 'History' });
const citationChips = (scope: Locator) => scope.locator('.da-citation-chip');

/** Narrows the window to 800px and waits for the menu to finish closing (it becomes a drawer). */
async function narrowWindow(page: Page) {
  await page.setViewportSize(narrow);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await expect(page.locator('[data-exiting], [data-entering]')).toHaveCount(0);
  // The panes' 300ms slide and the menu's 225ms animation.
  await page.waitForTimeout(400);
}

/** Queues the stand-in model's next replies (its own scripting route). */
async function scriptModel(page: Page, ...replies: Array<{ text: string; chunkDelayMs?: number }>) {
  const response = await page.request.post(`${llmStandinURL}/__standin/script`, { data: { replies } });
  expect(response.ok()).toBe(true);
}

/** Waits for the demo knowledge set to be ingested (the server seeds it at its first start). */
async function demoKnowledgeReady(page: Page, documents: string[]) {
  await expect
    .poll(
      async () => {
        const response = await page.request.post('/api/chat', {
          headers: await xsrfHeader(page),
          data: { message: 'How do I connect to the VPN from home?', Department: 'it' },
        });
        return response.ok() ? JSON.stringify(await response.json()) : '';
      },
      // Every poll is a question: slow enough to stay under the chat rate limit (20 a minute).
      { timeout: 90_000, intervals: [2000, 4000] },
    )
    .toContain(documents[0]);
}

test.describe('the chat', () => {
  test('GPT mode: the answer streams in, the conversation tops History with its label, survives a reload, opens, and is deleted after confirming; Enter sends, Shift+Enter adds a line', async ({
    page,
  }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'staff@example.com');
    await page.getByRole('button', { name: 'OpenAI GPT' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    const box = composer(page, 'Message to OpenAI GPT');
    await expect(box).toHaveAttribute('placeholder', 'How can I assist you today?');

    // Keyboard only: Shift+Enter adds a line, Enter sends.
    const words = Array.from({ length: 40 }, (_, index) => `word${index + 1}`);
    await scriptModel(page, { text: `Streamed: ${words.join(' ')}.`, chunkDelayMs: 70 });
    await box.focus();
    await page.keyboard.type('Plan the release party');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('for Friday');
    await expect(box).toHaveValue('Plan the release party\nfor Friday');
    await expect(page.getByRole('article', { name: 'You' })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('');
    await expect(page.getByRole('article', { name: 'You' })).toContainText('Plan the release party');
    // The line the person added stays a line of its own.
    await expect(page.getByRole('article', { name: 'You' }).locator('br')).toHaveCount(1);

    // The answer streams in: part of it shows while Stop is offered, then all of it.
    const answer = answers(page).last();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(answer).toContainText('word3');
    expect(await answer.textContent()).not.toContain('word40');
    await page.screenshot({ path: `${screenshotDir}/chat-gpt-streaming-1280.png` });
    await expect(answer).toContainText('word40.');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

    // The conversation is at the top of History, labelled with its first question, highlighted.
    const label = 'Plan the release party for Friday';
    const first = history(page)
      .getByRole('row')
      .filter({ hasNot: page.getByRole('rowheader') })
      .first();
    await expect(first).toContainText(label);
    await expect(first).toHaveAccessibleName(label);
    await expect(first).toHaveAttribute('aria-current', 'true');
    await page.screenshot({ path: `${screenshotDir}/chat-gpt-1280.png` });
    expect(await accessibilityViolations(page)).toEqual([]);

    // A follow-up goes to the same conversation (the stand-in says how many messages it saw).
    await box.fill('And the budget?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(answers(page).last()).toContainText('This conversation has 2 earlier messages');
    await expect(history(page).getByRole('row', { name: label, exact: true })).toHaveCount(1);

    // Reload: the conversation stays open at its address, in History; New Topic leaves it, and
    // opening it from History loads both questions and answers.
    await expect(page).toHaveURL(/\/chat\?c=/);
    await page.reload();
    await expect(page.getByRole('article', { name: 'You' })).toHaveCount(2);
    await expect(history(page).getByRole('row', { name: label, exact: true })).toBeVisible();
    await history(page).getByRole('button', { name: 'New Topic' }).click();
    await expect(answers(page)).toHaveCount(0);
    await history(page).getByRole('row', { name: label, exact: true }).click();
    await expect(page.getByRole('article', { name: 'You' })).toHaveCount(2);
    await expect(answers(page).first()).toContainText('word40.');
    await expect(history(page).getByRole('row', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await narrowWindow(page);
    await page.screenshot({ path: `${screenshotDir}/chat-gpt-800.png` });
    expect(await accessibilityViolations(page)).toEqual([]);
    // At 800px the History is in the menu drawer.
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('row', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.locator('[data-entering]')).toHaveCount(0);
    await page.screenshot({ path: `${screenshotDir}/chat-history-drawer-800.png` });
    // Opening a conversation there closes the drawer over it.
    await drawer.getByRole('row', { name: label, exact: true }).click();
    await expect(drawer).toHaveCount(0);
    await page.setViewportSize(wide);

    // Delete: Cancel keeps it; OK after the question removes it here and on the server.
    await history(page).getByRole('row', { name: label, exact: true }).hover();
    await page.getByRole('button', { name: `Delete chat: ${label}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await expect(confirm).toContainText('Are you sure you want to delete this chat?');
    await page.screenshot({ path: `${screenshotDir}/chat-delete-confirm-1280.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(history(page).getByRole('row', { name: label, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete chat: ${label}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'OK' }).click();
    await expect(history(page).getByRole('row', { name: label, exact: true })).toHaveCount(0);
    // Deleting the open conversation starts a new one, at /chat.
    await expect(page).toHaveURL(/\/chat$/);
    await expect(answers(page)).toHaveCount(0);
    const stored = await page.request.post('/api/chat/getHistory', {
      headers: await xsrfHeader(page),
      data: {},
    });
    expect(JSON.stringify(await stored.json())).not.toContain(label);
    await page.reload();
    await expect(history(page)).toBeVisible();
    await expect(history(page).getByRole('row', { name: label, exact: true })).toHaveCount(0);

    // Stop: what was said stays, and the model's request is stopped on the server too.
    const before = await (await page.request.get(`${llmStandinURL}/__standin/stats`)).json();
    await scriptModel(page, { text: `Slowly: ${words.join(' ')}.`, chunkDelayMs: 150 });
    await box.fill('Tell me slowly');
    await box.press('Enter');
    await expect(answers(page).last()).toContainText('word2');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(answers(page).last()).toContainText('Stopped');
    await expect
      .poll(async () => (await (await page.request.get(`${llmStandinURL}/__standin/stats`)).json()).aborted)
      .toBeGreaterThan(before.aborted);
    await page.waitForTimeout(500);
    expect(await answers(page).last().textContent()).not.toContain('word40');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  });

  test('the IT department answers about the demo IT guide with citation chips and their sources', async ({
    page,
  }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'staff@example.com');
    await demoKnowledgeReady(page, ['it-onboarding-vpn-guide.md']);

    // The chat-type dialog: 'GPT 3.5' is the AI chat, 'o9 GPT' the knowledge chat.
    await page.getByRole('button', { name: 'Chat type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a chat' });
    await expect(dialog).toContainText('tailored for platform knowledge');
    await expect(page.locator('.da-chat-type-dialog')).toHaveCSS('width', '275px');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/chat-type-dialog-1280.png` });
    await dialog.getByRole('button', { name: /GPT 3\.5/ }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Chat type' }).click();
    await page
      .getByRole('dialog', { name: 'Choose a chat' })
      .getByRole('button', { name: /o9 GPT/ })
      .click();
    await expect(page).toHaveURL(/\/chat\/Knowledge$/);

    // The department dropdown of the header selector (hover), with the spec's descriptions.
    await page.getByRole('button', { name: /Internal Knowledge/ }).hover();
    const departments = page.getByRole('menu', { name: 'Departments' });
    await expect(departments).toBeVisible();
    await expect(departments).toContainText('dedicated IT support');
    await expect(departments.getByRole('menuitemradio', { name: /PGA/ })).toHaveCount(0);
    await page.screenshot({ path: `${screenshotDir}/chat-departments-1280.png` });
    await departments.getByRole('menuitemradio', { name: /^IT/ }).click();
    await expect(page).toHaveURL(/\/chat\/IT$/);

    const box = composer(page, 'Message to IT');
    await box.fill('How do I connect to the VPN from home?');
    await box.press('Enter');
    const answer = answers(page).last();
    await expect(answer).toContainText('From the knowledge base');
    const chips = citationChips(answer);
    await expect(chips.first()).toBeVisible();
    await expect(chips.first()).toHaveAccessibleName(/^Source \d+: it-onboarding-vpn-guide\.md/);
    await expect(chips.first()).toHaveAttribute('target', '_blank');
    // Focusing a chip (from the keyboard) previews its passage.
    await chips.first().focus();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('it-onboarding-vpn-guide.md');
    // The question's words in the snippet are bold, not wrapped in asterisks.
    await expect(tooltip.locator('strong').first()).toBeVisible();
    await expect(tooltip).not.toContainText('**');
    await page.screenshot({ path: `${screenshotDir}/chat-it-citations-1280.png` });
    await page.mouse.move(5, 790);
    expect(await accessibilityViolations(page)).toEqual([]);

    await narrowWindow(page);
    await page.screenshot({ path: `${screenshotDir}/chat-it-citations-800.png` });
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('the admin chat shows the Sources panel of its answer', async ({ page }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'admin@example.com');
    await demoKnowledgeReady(page, ['it-onboarding-vpn-guide.md']);
    await page.goto('/menu/chat');
    const sources = page.getByRole('complementary', { name: 'Sources' });
    await expect(sources).toContainText('The sources of the next answer are listed here.');
    const box = composer(page, 'Message to the admin chat');
    await box.fill('How do I connect to the VPN from home?');
    await box.press('Enter');
    await expect(citationChips(answers(page).last()).first()).toBeVisible();
    await expect(sources).toContainText('it-onboarding-vpn-guide.md');
    await expect(sources.locator('.da-source').first()).toContainText('1');
    // Named by its document, leading to the cited passage.
    await expect(sources.getByRole('link').first()).toHaveAttribute(
      'href',
      /\/api\/knowledge\/documents\/passage\?id=.*#passage$/,
    );
    await expect(sources.getByRole('link').first()).toHaveText(
      /it-onboarding-vpn-guide\.md, at the cited passage/,
    );
    await page.screenshot({ path: `${screenshotDir}/chat-admin-sources-1280.png` });
    expect(await accessibilityViolations(page)).toEqual([]);
    await narrowWindow(page);
    // At 800px the panel is behind the Sources button under the composer.
    await page.getByRole('button', { name: /^Sources/ }).click();
    await expect(sources).toBeInViewport();
    await page.screenshot({ path: `${screenshotDir}/chat-admin-sources-800.png`, fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('PGA: staff opening /chat/pga lands on Knowledge and never sees a PGA document; the PGA member chooses PGA and gets PGA answers', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'staff@example.com');
    await demoKnowledgeReady(page, ['it-onboarding-vpn-guide.md']);
    await page.goto('/chat/pga');
    await expect(page).toHaveURL(/\/chat\/Knowledge$/);
    const question = 'When is the PGA go-live and what is the cutover window?';
    await composer(page, 'Message to Knowledge').fill(question);
    await composer(page, 'Message to Knowledge').press('Enter');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(answers(page).last()).not.toContainText('pga-go-live-notes.txt');
    for (const chip of await citationChips(page.locator('main')).all()) {
      await expect(chip).not.toHaveAccessibleName(/pga-go-live-notes/);
    }
    // Nor through the API.
    const forbidden = await page.request.post('/api/chat', {
      headers: await xsrfHeader(page),
      data: { message: question, Department: 'pga' },
    });
    expect(forbidden.status()).toBe(403);

    const pga = await signedInContext(browser, baseURL, 'pga@example.com');
    try {
      await pga.page.getByRole('button', { name: /Internal Knowledge/ }).hover();
      const option = pga.page
        .getByRole('menu', { name: 'Departments' })
        .getByRole('menuitemradio', { name: /PGA/ });
      await expect(option).toContainText('info for PGA go-live and blueprint');
      await option.click();
      await expect(pga.page).toHaveURL(/\/chat\/PGA$/);
      await composer(pga.page, 'Message to PGA').fill(question);
      await composer(pga.page, 'Message to PGA').press('Enter');
      const chip = citationChips(answers(pga.page).last()).first();
      await expect(chip).toHaveAccessibleName(/pga-go-live-notes\.txt/);
      await pga.page.screenshot({ path: `${screenshotDir}/chat-pga-1280.png` });
    } finally {
      await pga.context.close();
    }
  });

  test('a model answer carrying <script>, onerror= and javascript: links renders inert', async ({ page }) => {
    await page.setViewportSize(wide);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await signIn(page, 'staff@example.com');
    await page.goto('/chat');
    const box = composer(page, 'Message to OpenAI GPT');
    await box.fill('Show me something [[standin:hostile]]');
    await box.press('Enter');
    const answer = answers(page).last();
    await expect(answer).toContainText('harmless looking link');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    // Raw HTML is text, never elements; no handler ran; no link leads to javascript:.
    expect(await answer.locator('script, img, iframe, [onerror]').count()).toBe(0);
    for (const link of await answer.locator('a').all()) {
      expect((await link.getAttribute('href')) ?? '').not.toMatch(/^\s*javascript:/i);
    }
    const link = answer.getByText('harmless looking link');
    const address = page.url();
    await link.click();
    await expect(page).toHaveURL(address);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
    await page.screenshot({ path: `${screenshotDir}/chat-hostile-1280.png` });
  });
});

test.describe('the chat with no model configured', () => {
  test('knowledge chat answers with excerpts and sources; the AI chat says it cannot answer before anyone asks', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, noModelBaseURL, 'staff@example.com');
    try {
      await demoKnowledgeReady(page, ['it-onboarding-vpn-guide.md']);
      await page.goto('/chat/IT');
      const box = composer(page, 'Message to IT');
      await box.fill('How do I connect to the VPN from home?');
      await box.press('Enter');
      const answer = answers(page).last();
      await expect(answer).toContainText('No language model is configured');
      await expect(answer).toContainText('Excerpt 1');
      await expect(citationChips(answer).first()).toHaveAccessibleName(/it-onboarding-vpn-guide\.md/);
      await page.screenshot({ path: `${screenshotDir}/chat-no-model-excerpts-1280.png` });

      // The AI chat: said in words for staff, nothing inviting a question; the composer takes only a
      // question about attached files (Send waits for a file), and says so.
      await page.getByRole('button', { name: 'OpenAI GPT' }).click();
      const pane = page.getByRole('region', { name: 'AI chat' });
      const log = pane.getByRole('log');
      await expect(log).toContainText('The AI chat is not available yet: no language model has been set up');
      await expect(log).toContainText('The knowledge chats still answer');
      await expect(log).not.toContainText('Ask anything');
      await expect(pane).not.toContainText('LLM_');
      const gpt = composer(page, 'Message to OpenAI GPT');
      await expect(gpt).toBeEnabled();
      await expect(gpt).toHaveAccessibleDescription(
        /^Without a language model the AI chat answers only questions about files you attach/,
      );
      await expect(pane.getByRole('button', { name: 'Attach files' })).toBeVisible();
      await gpt.fill('Hello?');
      await expect(pane.getByRole('button', { name: 'Send' })).toBeDisabled();
      await page.screenshot({ path: `${screenshotDir}/chat-no-model-1280.png` });
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 800, height: 800 });
      // axe waits for the menu's closing animation first.
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `${screenshotDir}/chat-no-model-800.png` });

      // The knowledge chats still answer.
      await page.getByRole('button', { name: /Internal Knowledge/ }).click();
      await expect(composer(page, 'Message to IT')).toBeEnabled();
    } finally {
      await context.close();
    }
  });

  test('administrators are also told which settings turn the model on', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, noModelBaseURL, 'admin@example.com');
    try {
      await page.goto('/chat');
      const log = page.getByRole('region', { name: 'AI chat' }).getByRole('log');
      await expect(log).toContainText('The AI chat is not available yet');
      await expect(log).toContainText('set LLM_BASE_URL and LLM_MODEL');
      await expect(
        page.getByRole('region', { name: 'AI chat' }).getByRole('button', { name: 'Send' }),
      ).toBeDisabled();
      await page.screenshot({ path: `${screenshotDir}/chat-no-model-admin-1280.png` });
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
