// History people can find things in (issue 26), end to end on the built product and the real
// server: a person's conversations grouped by date in the menu, searched by message text with the
// match marked, opened from the results, renamed from the keyboard (the new name kept after a
// reload); at 800 px the same in the menu drawer (opened from the keyboard, rename with the mouse);
// another person's search finds nothing of theirs.
import { expect, type Page, test } from '@playwright/test';
import { accessibilityViolations, screenshotDir, signIn, xsrfHeader } from './support';

test.describe.configure({ timeout: 120_000 });

const history = (page: Page) => page.getByRole('region', { name: 'History' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search conversations' });

/** Starts an AI conversation through the API, as the chat would; answers its id. */
async function startConversation(page: Page, question: string): Promise<string> {
  const response = await page.request.post('/api/chat/gpt', {
    headers: await xsrfHeader(page),
    data: { Message: question },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { ConversationId: string }).ConversationId;
}

test('History: grouped by date, searched by message text with the match marked, opened, renamed from the keyboard; others find nothing', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@example.com');
  const marker = `lighthouse${Date.now().toString(36)}`;
  const found = await startConversation(page, `Where is the ${marker} report kept?`);
  await startConversation(page, 'Book a meeting room for Monday');

  await page.goto('/chat');
  await expect(history(page).getByRole('rowheader', { name: 'Today' })).toBeVisible();

  // Search by a word of the question: the conversation, the word marked.
  await searchBox(page).fill(marker);
  const results = page.getByRole('grid', { name: 'Search results' });
  await expect(results.getByRole('row')).toHaveCount(1);
  await expect(results.locator('mark').first()).toHaveText(marker);
  await page.screenshot({ path: `${screenshotDir}/history-search-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Opened from the results with the keyboard.
  await results.getByRole('row').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`c=${found}`));

  // Back to the whole list, then renamed from the keyboard.
  await searchBox(page).fill('');
  const row = history(page).locator(`[data-conversation-id="${found}"]`);
  await row.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(':focus')).toHaveAccessibleName(/^Rename chat:/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Rename chat' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').fill('Where reports live');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Where reports live');
  await page.reload();
  await expect(history(page).locator(`[data-conversation-id="${found}"]`)).toContainText(
    'Where reports live',
  );

  // At 800 px the History is in the menu drawer: opened from the keyboard, its date headings,
  // search and rename work there too (rename with the mouse), and Escape closes it.
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await expect(page.locator('[data-exiting], [data-entering]')).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('rowheader', { name: 'Today' })).toBeVisible();
  await expect(page.locator('[data-entering]')).toHaveCount(0);
  const drawerSearch = drawer.getByRole('searchbox', { name: 'Search conversations' });
  await expect(drawerSearch).toBeInViewport();
  // Nothing to clear in an empty box: no Clear search button until there is text.
  const clear = drawer.getByRole('button', { name: 'Clear search' });
  await expect(clear).toBeHidden();
  await page.screenshot({ path: `${screenshotDir}/history-drawer-800.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await drawerSearch.fill(marker);
  const drawerResults = drawer.getByRole('grid', { name: 'Search results' });
  await expect(drawerResults.getByRole('row')).toHaveCount(1);
  await expect(drawerResults.getByRole('row')).toBeInViewport();
  await expect(clear).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/history-search-800.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await clear.click();
  await expect(drawerSearch).toHaveValue('');
  await expect(clear).toBeHidden();
  const drawerRow = drawer.locator(`[data-conversation-id="${found}"]`);
  await drawerRow.hover();
  const renameButton = drawer.getByRole('button', { name: 'Rename chat: Where reports live' });
  await expect(renameButton).toBeInViewport();
  await renameButton.click();
  const narrowDialog = page.getByRole('dialog', { name: 'Rename chat' });
  await expect(narrowDialog).toBeVisible();
  await expect(narrowDialog.getByRole('textbox')).toBeInViewport();
  await page.screenshot({ path: `${screenshotDir}/history-rename-800.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await narrowDialog.getByRole('textbox').fill('Reports, narrow');
  await narrowDialog.getByRole('textbox').press('Enter');
  await expect(narrowDialog).toHaveCount(0);
  await expect(drawerRow).toContainText('Reports, narrow');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();

  // Someone else finds nothing of it.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await other.newPage();
  await signIn(admin, 'admin@example.com');
  await admin.goto('/chat');
  await searchBox(admin).fill(marker);
  await expect(history(admin).getByText('No conversations match')).toBeVisible();
  await other.close();
});
