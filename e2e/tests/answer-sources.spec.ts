// Sources under a knowledge answer (issue 26), on the built app and the real server without a model
// (extractive answers cite their excerpts as [1], [2]...): the list under the answer names each cited
// document in citation order, reached and opened from the keyboard at the passage; the chips stay.
// After the document is deleted, the kept knowledge thread (restored on reload) shows it as removed
// instead of linking to it. axe at 1280 and 800 px, screenshots.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { noModelBaseURL } from '../playwright.config';
import { accessibilityViolations, screenshotDir, signIn, tabTo, xsrfHeader } from './support';

test.describe.configure({ timeout: 180_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };
const run = Date.now().toString(36);
const documentName = `ferry-timetable-${run}.md`;
const word = `quokka${run}`;

async function signInOn(browser: Browser) {
  const context = await browser.newContext({ baseURL: noModelBaseURL, viewport: wide });
  const page = await context.newPage();
  await signIn(page, 'admin@example.com');
  return { context, page };
}

/** Uploads the document through the Train Bot operation and waits until it answers questions. */
async function uploadDocument(page: Page): Promise<string> {
  const form = new FormData();
  const text = `# Harbour ferry\n\nThe ${word} ferry leaves the harbour every hour from pier 4.\n\n## Winter\n\nIn winter the ${word} ferry runs every two hours.\n`;
  form.append('files', new File([text], documentName, { type: 'text/markdown' }));
  const response = await page.request.post('/api/file/success', {
    headers: await xsrfHeader(page),
    multipart: form,
  });
  expect(response.status()).toBe(200);
  let id = '';
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/knowledge/documents?q=${encodeURIComponent(documentName)}`);
        const { documents } = (await list.json()) as { documents: Array<{ id: string; state: string }> };
        id = documents[0]?.id ?? '';
        return documents[0]?.state;
      },
      { timeout: 90_000 },
    )
    .toBe('ready');
  return id;
}

test('the sources under a knowledge answer open the document at the passage, and a deleted one shows as removed', async ({
  browser,
}) => {
  const { context, page } = await signInOn(browser);
  const documentId = await uploadDocument(page);

  await page.goto('/chat/Knowledge');
  const composer = page.getByRole('textbox', { name: 'Message to Knowledge' });
  await composer.fill(`When does the ${word} ferry leave?`);
  await composer.press('Enter');
  const answer = page.getByRole('article', { name: 'Assistant' }).last();
  const sources = answer.getByRole('list', { name: 'Sources' });
  await expect(sources).toBeVisible({ timeout: 30_000 });
  const entries = sources.getByRole('listitem');
  await expect(entries.first()).toContainText(documentName);
  // The chips in the text stay.
  await expect(answer.locator('.da-citation-chip').first()).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/answer-sources-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);

  // From the keyboard: Tab reaches the source's link; Enter opens the passage in a new tab.
  const link = sources.getByRole('link', { name: new RegExp(documentName.replace(/\./g, '\\.')) }).first();
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`/api/knowledge/documents/passage\\?id=${documentId}`),
  );
  await tabTo(page, link);
  const opened = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  const passage = await opened;
  await passage.waitForLoadState();
  await expect(passage.locator('mark#passage')).toContainText(word);
  await passage.close();

  await page.setViewportSize(narrow);
  await expect(sources).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/answer-sources-800.png` });
  expect(await accessibilityViolations(page)).toEqual([]);

  // The document is deleted; the thread is kept across a reload and its source shows as removed.
  const deleted = await page.request.post('/api/knowledge/documents/delete', {
    headers: await xsrfHeader(page),
    data: { id: documentId },
  });
  expect(deleted.status()).toBe(200);
  await page.setViewportSize(wide);
  await page.reload();
  const kept = page.getByRole('article', { name: 'Assistant' }).last().getByRole('list', { name: 'Sources' });
  await expect(kept.getByRole('listitem').first()).toContainText('removed');
  await expect(kept.getByRole('link', { name: new RegExp(documentName.replace(/\./g, '\\.')) })).toHaveCount(
    0,
  );
  await page.screenshot({ path: `${screenshotDir}/answer-sources-removed-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await context.close();
});
