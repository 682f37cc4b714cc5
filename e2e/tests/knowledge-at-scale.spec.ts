// The knowledge base as it grows and its answers as people follow them (issue 24): File Status with a
// search, sortable columns, pages and Refresh, by keyboard, its names given the room and 'No text to
// index' shown as information with no Re-ingest; the Admin Chat's Sources in view at 800px behind a
// button, its references named by document; a citation opening the cited passage highlighted (a
// PDF's at its page); staff told the ELK agent needs a permission and whom to ask. Screenshots at
// 1280 and 800px, axe on every changed screen.
import { expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { accessibilityViolations, screenshotDir, signIn, tabTo, xsrfHeader } from './support';

test.describe.configure({ timeout: 240_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };
const ingestion = { timeout: 90_000 };
const run = Date.now().toString(36);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads files through the Train Bot operation, as the window does. */
async function upload(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const form = new FormData();
  for (const file of files)
    form.append('files', new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
  const response = await page.request.post('/api/file/success', {
    headers: await xsrfHeader(page),
    multipart: form,
  });
  expect(response.status()).toBe(200);
}

/** Waits until no document whose name contains `search` is queued or parsing. */
async function settled(page: Page, search: string, count: number) {
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/knowledge/documents?q=${encodeURIComponent(search)}`);
      const { documents } = (await response.json()) as { documents: Array<{ state: string }> };
      return documents.filter((document) => document.state !== 'queued' && document.state !== 'parsing')
        .length;
    }, ingestion)
    .toBe(count);
}

/**
 * axe on the passage page: it runs no script (CSP sandbox), so axe runs on its markup and stylesheet
 * put in a page of its own.
 */
async function passageViolations(page: Page, url: string) {
  const html = await (await page.request.get(url.replace(/#.*$/, ''))).text();
  const copy = await page.context().newPage();
  await copy.setViewportSize(narrow);
  await copy.setContent(html);
  const violations = await accessibilityViolations(copy);
  await copy.close();
  return violations;
}

const statusTable = (page: Page) => page.getByRole('grid', { name: 'File status' });
const rows = (page: Page) =>
  statusTable(page)
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

test('File Status of a growing knowledge base: search, sort, pages and Refresh by keyboard; names get the room; no text is information', async ({
  page,
}) => {
  await page.setViewportSize(wide);
  await signIn(page, 'admin@example.com');
  const chapter = (index: number) =>
    `handbook-${run}-chapter-${String(index).padStart(2, '0')}-onboarding-travel-and-expenses.txt`;
  const image = `floor-plan-${run}.png`;
  await upload(page, [
    ...Array.from({ length: 19 }, (_, index) => ({
      name: chapter(index + 1),
      mimeType: 'text/plain',
      buffer: Buffer.from(`Chapter ${index + 1}: travel is booked through the portal.`),
    })),
    { name: image, mimeType: 'image/png', buffer: PNG },
  ]);
  await upload(
    page,
    Array.from({ length: 11 }, (_, index) => ({
      name: chapter(index + 20),
      mimeType: 'text/plain',
      buffer: Buffer.from(`Chapter ${index + 20}: expenses are claimed within a month.`),
    })),
  );
  await settled(page, run, 31);

  await page.goto('/status');
  await expect(page.getByRole('heading', { level: 1, name: 'File Status' })).toBeVisible();
  await expect(page.getByText(/^\d+ documents: \d+ ready\.$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'File status pages' })).toBeVisible();

  // Search by keyboard: Tab to the box and type; the list follows.
  const search = page.getByRole('searchbox', { name: 'Search documents' });
  await tabTo(page, search);
  await page.keyboard.type(`${run}-chapter-1`);
  await expect(page.getByText('Showing 1–10 of 10')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  // Escape clears the box; the run's 31 documents are two pages.
  await page.keyboard.press('Escape');
  await page.keyboard.type(run);
  await expect(page.getByText('Showing 1–25 of 31')).toBeVisible();

  // Sort by the Document header from the keyboard: into the table, up to the headers, Enter.
  for (let presses = 0; presses < 20; presses++) {
    if (await statusTable(page).evaluate((table) => table.contains(document.activeElement))) break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('ArrowUp');
  const documentHeader = page.getByRole('columnheader', { name: /Document/ });
  await expect(documentHeader).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(documentHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page).first()).toContainText(image);
  await page.keyboard.press('Enter');
  await expect(documentHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).first()).toContainText(chapter(30));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('columnheader', { name: /Status/ })).toBeFocused();

  // Page 2 by keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Page 2' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Showing 26–31 of 31')).toBeVisible();
  await expect(rows(page).last()).toContainText(image);

  // The names have the room: the Document column is the table's widest by far.
  const widths = await page
    .getByRole('columnheader')
    .evaluateAll((headers) => headers.map((header) => header.getBoundingClientRect().width));
  const tableWidth = await statusTable(page).evaluate((table) => table.getBoundingClientRect().width);
  expect(widths[0]!).toBeGreaterThan(tableWidth * 0.4);
  expect(widths[0]!).toBeGreaterThan(2 * Math.max(...widths.slice(1)));

  // No text to index: information, not a failure, and nothing to re-ingest.
  const imageRow = rows(page).filter({ hasText: image });
  const pill = imageRow.locator('.da-file-status');
  await expect(pill).toHaveText('No text to index');
  await expect(pill).toHaveAttribute('data-tone', 'info');
  const failedRed = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--da-color-danger-text)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  expect(await pill.evaluate((element) => getComputedStyle(element).color)).not.toBe(failedRed);
  await expect(page.getByRole('button', { name: `Re-ingest ${image}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${image}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Re-ingest ${chapter(3)}` })).toBeEnabled();
  await page.screenshot({ path: `${screenshotDir}/file-status-search-sort-page-1280.png`, fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Refresh by keyboard asks the server again.
  const refreshed = page.waitForResponse((response) => response.url().includes('/api/knowledge/documents?'));
  await tabTo(page, page.getByRole('button', { name: 'Refresh' }));
  await page.keyboard.press('Enter');
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByText(/^Updated /)).toBeVisible();

  // A page where no row has a reason has no Reason column.
  await search.fill(chapter(7));
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('columnheader')).toHaveText([
    /Document/,
    /Status/,
    /Departments/,
    /Updated/,
    'Actions',
  ]);

  await page.setViewportSize(narrow);
  await search.fill(run);
  await expect(page.getByText('Showing 1–25 of 31')).toBeVisible();
  const container = page.locator('.da-file-status-table');
  expect(await container.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.screenshot({ path: `${screenshotDir}/file-status-search-sort-page-800.png`, fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('Admin Chat at 800px: Sources behind a button in view, named by document; a citation opens the passage highlighted', async ({
  page,
}) => {
  await page.setViewportSize(narrow);
  await signIn(page, 'admin@example.com');
  await page.goto('/menu/chat');
  const box = page.getByRole('textbox', { name: /Message/ });
  await box.fill('How do I install the VPN client?');
  await page.keyboard.press('Enter');
  const chip = page.locator('.da-citation-chip').first();
  await expect(chip).toBeVisible({ timeout: 30_000 });

  // The button is in view under the composer without scrolling, and says how many sources there are.
  const toggle = page.getByRole('button', { name: /^Sources/ });
  await expect(toggle).toBeInViewport();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText('5');
  await expect(page.getByRole('complementary', { name: 'Sources' })).toHaveCount(0);
  await page.screenshot({ path: `${screenshotDir}/admin-chat-sources-button-800.png` });

  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Sources' });
  await expect(panel).toBeInViewport();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('link').first()).toHaveText(
    /it-onboarding-vpn-guide\.md, at the cited passage/,
  );
  await expect(panel).not.toContainText('/api/knowledge');
  await page.screenshot({ path: `${screenshotDir}/admin-chat-sources-open-800.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();

  // A citation opens the cited passage, highlighted and scrolled to, in a new tab.
  const [passage] = await Promise.all([page.context().waitForEvent('page'), chip.click()]);
  await passage.setViewportSize(narrow);
  await passage.waitForLoadState();
  expect(passage.url()).toMatch(
    /\/api\/knowledge\/documents\/passage\?id=[0-9a-f-]+&g=\d+&chunk=\d+#passage$/,
  );
  const mark = passage.locator('mark#passage');
  await expect(mark).toBeInViewport();
  await expect(mark).toContainText('GlobalProtect');
  await expect(passage.getByRole('heading', { level: 1 })).toHaveText('it-onboarding-vpn-guide.md');
  await passage.screenshot({ path: `${screenshotDir}/citation-passage-800.png` });
  expect(await passageViolations(page, passage.url())).toEqual([]);
  await passage.setViewportSize(wide);
  await passage.reload();
  await expect(passage.locator('mark#passage')).toBeInViewport();
  await passage.screenshot({ path: `${screenshotDir}/citation-passage-1280.png` });
  await passage.close();

  // Wide, the panel is beside the conversation and there is no button.
  await page.setViewportSize(wide);
  await expect(page.getByRole('complementary', { name: 'Sources' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sources/ })).toHaveCount(0);
  await page.screenshot({ path: `${screenshotDir}/admin-chat-sources-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a citation of a PDF opens the PDF at the cited page', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('Harbour crane manual, general part.', { x: 50, y: 780, size: 12, font });
  pdf.addPage([595, 842]).drawText(`The ${run} crane is inspected every Tuesday by the quay master.`, {
    x: 50,
    y: 780,
    size: 12,
    font,
  });
  const name = `crane-manual-${run}.pdf`;
  await upload(page, [{ name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) }]);
  await settled(page, name, 1);
  const answer = await page.request.post('/api/chat', {
    headers: await xsrfHeader(page),
    data: { message: `When is the ${run} crane inspected?` },
  });
  const { sources } = (await answer.json()) as {
    sources: Record<string, { document?: string; link?: string }>;
  };
  const cited = Object.values(sources).find((source) => source.document === name);
  expect(cited?.link).toMatch(/^\/api\/knowledge\/documents\/file\?id=[0-9a-f-]+#page=2$/);
  const file = await page.request.get(cited!.link!);
  expect(file.headers()['content-type']).toBe('application/pdf');
});

test('staff read that the ELK agent needs a permission and whom to ask, not that it is coming soon', async ({
  page,
}) => {
  await page.setViewportSize(wide);
  await signIn(page, 'staff@example.com');
  await page.goto('/agents');
  const card = page.getByRole('article').filter({ hasText: 'ELK Agent' });
  await expect(card).toContainText('Needs permission');
  await expect(card).toContainText(
    'Your role group, STAFF, does not have the ELK chat permission (elk_chat). Ask an administrator (CORE_ADMINS) to add it.',
  );
  await expect(card).not.toContainText('Coming soon');
  await expect(card.getByRole('link', { name: 'Chat: ELK Agent' })).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: `${screenshotDir}/agents-elk-needs-permission-1280.png` });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize(narrow);
  // At 800px the menu is a drawer, closed on arrival.
  await page.reload();
  await expect(card).toContainText('Needs permission');
  await page.screenshot({ path: `${screenshotDir}/agents-elk-needs-permission-800.png`, fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});
