// The code review agent from the browser, as staff, on the real server: a zip of a realistic Python
// package built here (folders, classes, async functions, a file that does not parse, Python 3.10
// syntax, a Latin-1 file) goes from
// pending to success, a method's review shows both sections, the download holds the enhanced files
// and Python's own parser accepts each of them, and the file is deleted after confirming. A file that
// is not a zip, Submit with nothing chosen and a zip-slip archive each show their message.
// Screenshots at 1280 and 800px, axe on each state.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { accessibilityViolations, screenshotDir, signIn } from './support';

// A review runs in the server's background worker (tree-sitter, ruff, per file): give it time on a
// shared machine.
test.describe.configure({ timeout: 240_000 });
const review = { timeout: 120_000 };

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };

const run = Date.now().toString(36);
const packageName = `inventory-${run}`;

/** The package: what a small service's code looks like, with the patterns the review looks for. */
const sources: Record<string, string> = {
  'inventory/__init__.py': '"""Inventory service."""\n\n__version__ = "1.0"\n',
  'inventory/models/__init__.py': '',
  'inventory/models/cart.py': `from dataclasses import dataclass, field


@dataclass
class Item:
    name: str
    price: float
    quantity: int = 1


@dataclass
class Cart:
    items: list = field(default_factory=list)

    def total(self):
        result = 0
        for i in range(len(self.items)):
            result += self.items[i].price * self.items[i].quantity
        return result

    def names(self):
        text = ''
        for item in self.items:
            text += item.name + ', '
        return text

    async def refresh_prices(self, client):
        for item in self.items:
            item.price = await client.price_of(item.name)
        return self.items
`,
  'inventory/services/__init__.py': '',
  'inventory/services/sync.py': `import asyncio
import functools

SEEN = ['a', 'b', 'c']


def retry(times):
    def decorate(function):
        @functools.wraps(function)
        async def wrapper(*args, **kwargs):
            for attempt in range(times):
                try:
                    return await function(*args, **kwargs)
                except ConnectionError:
                    if attempt == times - 1:
                        raise
        return wrapper
    return decorate


@retry(3)
async def sync_all(session, urls):
    pages = []
    for url in urls:
        if url not in list(SEEN):
            pages.append(await session.get(url))
    await asyncio.sleep(0)
    return pages
`,
  'inventory/utils/text.py': `def cheapest(prices):
    return sorted(prices)[0]


def slugify(text):
    if not text:
        raise ValueError('empty text')
    return text.strip().lower().replace(' ', '-')
`,
  'inventory/legacy/broken.py': 'def half_written(:\n    return 1\n',
  // Python 3.10 syntax, and a body on the def line (its docstring moves it to a line of its own).
  'inventory/utils/events.py': `def kind_of(event):
    match event:
        case {"type": kind}:
            return kind
        case _:
            return None


def is_empty(text): return not text
`,
  'inventory/README.md': '# Inventory\n\nPrices and carts.\n',
};

/** A file written in Latin-1, as it declares (PEP 263): reviewed in it and given back in it. */
const latin1Path = 'inventory/legacy/labels.py';
const latin1Source = '# -*- coding: latin-1 -*-\ndef label(price):\n    return "%.2f (réduit)" % price\n';

function packageZip(): Buffer {
  return Buffer.from(
    zipSync({
      ...Object.fromEntries(Object.entries(sources).map(([path, text]) => [path, strToU8(text)])),
      [latin1Path]: new Uint8Array(Buffer.from(latin1Source, 'latin1')),
    }),
  );
}

/** Narrows the window to 800px and waits for the menu to finish closing (it becomes a drawer). */
async function narrowWindow(page: Page) {
  await page.setViewportSize(narrow);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await expect(page.locator('[data-exiting], [data-entering]')).toHaveCount(0);
  await page.waitForTimeout(400);
}

const files = (page: Page) => page.getByRole('grid', { name: 'Uploaded review files' });
const rowOf = (page: Page, name: string) => files(page).getByRole('row').filter({ hasText: name });
const message = (page: Page) => page.locator('.da-review-message-line');

async function openCodeReview(page: Page) {
  await signIn(page, 'staff@example.com');
  await page.goto('/codereview');
  await expect(page.getByRole('heading', { level: 1, name: 'Code Review Agent' })).toBeVisible();
  await expect(message(page)).toContainText('Fetched latest file info.');
}

async function uploadThroughDialog(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Supported Formats: .zip');
  await dialog.locator('input[type="file"]').setInputFiles(file);
  return dialog;
}

test.describe('Code review as staff', () => {
  test('a package zip goes from pending to success, a method is read, the download parses, then it is deleted', async ({
    page,
  }) => {
    await page.setViewportSize(wide);
    await openCodeReview(page);

    // Submit with nothing chosen.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('No zip provided for upload.');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/code-review-upload-1280.png` });

    // The package.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: `${packageName}.zip`, mimeType: 'application/zip', buffer: packageZip() });
    await expect(dialog.getByRole('heading', { name: 'Uploaded' })).toBeVisible();
    await expect(dialog.getByText(`${packageName}.zip`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    await expect(message(page)).toContainText('File upload and revision pending...');
    await expect(rowOf(page, packageName)).toContainText('Pending');
    await expect(page.getByRole('button', { name: `View ${packageName}.zip` })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Delete ${packageName}.zip` })).toBeDisabled();
    await expect(message(page)).toContainText('File upload and revision successful.', review);
    await expect(rowOf(page, packageName)).toContainText('Success');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/code-review-list-1280.png`, fullPage: true });
    await narrowWindow(page);
    await page.screenshot({ path: `${screenshotDir}/code-review-list-800.png`, fullPage: true });
    await page.setViewportSize(wide);

    // A method and both of its sections.
    await page.getByRole('button', { name: `View ${packageName}.zip` }).click();
    const tree = page.getByRole('treegrid', { name: 'Review files' });
    await expect(tree).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeHidden();
    await expect(tree.getByText('broken.py')).toBeVisible();
    await expect(tree.getByText(/Not valid Python/)).toHaveCount(1);
    await expect(tree.getByText('kind_of', { exact: true })).toBeVisible();
    await tree.getByText('Cart.total', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Function: Cart.total' })).toBeVisible();
    await expect(page.locator('.da-python-code code').first()).toContainText(
      'for i in range(len(self.items)):',
    );
    await expect(page.locator('.da-python-code .hljs-keyword').first()).toBeVisible();
    const performance = page.locator('section.da-review-section').filter({
      has: page.getByRole('heading', { name: 'Performance Enhancement' }),
    });
    const readability = page.locator('section.da-review-section').filter({
      has: page.getByRole('heading', { name: 'Readability Enhancement' }),
    });
    await expect(performance).toContainText('DA102');
    await expect(performance).toContainText('for item in self.items:');
    await expect(readability).toContainText('D102');
    // The link under the method scrolls its section into view, 65px below the top.
    await tree.getByRole('row', { name: 'Readability Enhancement' }).click();
    const heading = page.getByRole('heading', { level: 3, name: 'Readability Enhancement' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    // An async method of the same class.
    await tree.getByText('Cart.refresh_prices', { exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Function: Cart.refresh_prices' }),
    ).toBeInViewport();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/code-review-view-1280.png` });
    await narrowWindow(page);
    await page
      .getByRole('heading', { level: 2, name: 'Function: Cart.refresh_prices' })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}/code-review-view-800.png` });
    await page.setViewportSize(wide);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(files(page)).toBeVisible();

    // The download: the original tree with enhanced files, each of which Python parses.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${packageName}.zip` }).click();
    const download = await downloading;
    await expect(message(page)).toContainText('File download successful.');
    expect(download.suggestedFilename()).toBe(`${packageName}-enhanced.zip`);
    const folder = mkdtempSync(join(tmpdir(), 'da-review-download-'));
    const zipPath = join(folder, 'enhanced.zip');
    await download.saveAs(zipPath);
    const entries = unzipSync(new Uint8Array(readFileSync(zipPath)));
    const names = Object.keys(entries);
    for (const path of [...Object.keys(sources), latin1Path]) expect(names).toContain(path);
    expect(names).toContain('inventory/models/cart.py.REVIEW.md');
    const cart = new TextDecoder().decode(entries['inventory/models/cart.py']);
    expect(cart).toContain('"""');
    expect(cart).not.toEqual(sources['inventory/models/cart.py']);
    const events = new TextDecoder().decode(entries['inventory/utils/events.py']);
    expect(events).toMatch(
      /def is_empty\(text\):\n {4}"""Return whether the text is empty\.[\s\S]*"""\n {4}return not text\n/,
    );
    const labels = Buffer.from(entries[latin1Path]!);
    expect(labels.toString('latin1')).toMatch(/def label\(price\):\n {4}"""Label\.[\s\S]*\(réduit\)/);
    expect(labels.includes(Buffer.from('é', 'utf8'))).toBe(false);
    for (const [path, bytes] of Object.entries(entries)) {
      if (!path.endsWith('.py') || path.endsWith('broken.py')) continue;
      const file = join(folder, path.replaceAll('/', '__'));
      writeFileSync(file, bytes);
      // As bytes: Python reads a file's declared encoding itself.
      execFileSync('python3', ['-c', 'import ast,sys; ast.parse(open(sys.argv[1], "rb").read())', file]);
    }

    // Delete, after confirming.
    await page.getByRole('button', { name: `Delete ${packageName}.zip` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await expect(confirm).toContainText(`Are you sure to delete '${packageName}.zip'?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(rowOf(page, packageName)).toBeVisible();
    await page.getByRole('button', { name: `Delete ${packageName}.zip` }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(message(page)).toContainText('Successfully deleted file.');
    await expect(rowOf(page, packageName)).toHaveCount(0);
  });

  test('a file that is not a zip, an empty submit and a zip-slip archive each show their message', async ({
    page,
  }) => {
    await page.setViewportSize(wide);
    await openCodeReview(page);

    // Not a .zip at all: refused in the dialog.
    let dialog = await uploadThroughDialog(page, {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('print("hello")\n'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      "'notes.txt' is not a .zip file: choose a .zip of your Python files.",
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('No zip provided for upload.');

    // Named .zip but not one: the server says why.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: `fake-${run}.zip`,
      mimeType: 'application/zip',
      buffer: Buffer.from('print(1)\n'),
    });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const alert = page.locator('.da-review-message-line [role="alert"]');
    await expect(alert).toContainText(
      'Error uploading zip file. Reduce uploaded zip file size/complexity if upload failure persists.',
    );
    await expect(alert).toContainText('The file is not a zip archive');

    // A path leaving the archive's folder.
    const slip = Buffer.from(
      zipSync({
        'app/main.py': strToU8('def main():\n    return 1\n'),
        '../../evil.py': strToU8('import os\n'),
      }),
    );
    dialog = await uploadThroughDialog(page, {
      name: `slip-${run}.zip`,
      mimeType: 'application/zip',
      buffer: slip,
    });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(alert).toContainText("The zip holds a path that leaves its folder ('../../evil.py')");
    await expect(files(page).getByText(`slip-${run}.zip`)).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/code-review-refused-1280.png` });
    await narrowWindow(page);
    await page.screenshot({ path: `${screenshotDir}/code-review-refused-800.png` });
  });
});
