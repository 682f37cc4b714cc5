// Focus is never lost (WCAG 2.4.3, issue 23): after every dialog, confirmation, Stop, delete and
// re-ingest on every screen, document.activeElement is a control, not the page. Each check also looks
// again a moment later, since a list that refreshes or a button that becomes disabled drops the focus
// after the action seems done.
import { expect, type Page, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { llmStandinURL } from '../playwright.config';
import { signIn, xsrfHeader } from './support';

test.describe.configure({ timeout: 180_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };
const run = Date.now().toString(36);

/** What has the focus, for messages; `null` when it fell to the page. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) return null;
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `${element.tagName.toLowerCase()} ${name}`;
  });
}

/**
 * The focus is on a control after `action` (once a closing popover or dialog has given it back), and
 * still is once what it started has settled.
 */
async function expectFocusKept(page: Page, action: string) {
  await expect
    .poll(() => focused(page), { message: `the focus after ${action}`, timeout: 2000 })
    .not.toBeNull();
  for (const wait of [500, 1000]) {
    await page.waitForTimeout(wait);
    expect(await focused(page), `the focus after ${action}`).not.toBeNull();
  }
}

async function scriptModel(page: Page, ...replies: Array<{ text: string; chunkDelayMs?: number }>) {
  const response = await page.request.post(`${llmStandinURL}/__standin/script`, { data: { replies } });
  expect(response.ok()).toBe(true);
}

test('the chat: Stop, Send, New Topic, the chat-type dialog, the profile popup, History delete', async ({
  page,
}) => {
  await page.setViewportSize(wide);
  await signIn(page, 'staff@example.com');
  await page.goto('/chat');
  const box = page.getByRole('textbox', { name: 'Message to OpenAI GPT' });

  await scriptModel(page, { text: `Slowly ${'word '.repeat(60)}`, chunkDelayMs: 150 });
  await box.fill(`Focus one ${run}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expectFocusKept(page, 'Send');
  await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText('word');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText('Stopped');
  await expectFocusKept(page, 'Stop');

  await page.getByRole('button', { name: 'New Topic' }).last().click();
  await expectFocusKept(page, 'New Topic');

  await page.getByRole('button', { name: 'Chat type' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a chat' })
    .getByRole('button', { name: /o9 GPT/ })
    .click();
  await expect(page).toHaveURL(/\/chat\/Knowledge$/);
  await expectFocusKept(page, 'choosing a chat type');
  await page.getByRole('button', { name: 'Chat type' }).click();
  await page.keyboard.press('Escape');
  await expectFocusKept(page, 'Escape in the chat-type dialog');

  await page.getByRole('button', { name: /Sam Staff/ }).click();
  await page.keyboard.press('Escape');
  await expectFocusKept(page, 'Escape in the profile popup');

  const history = page.getByRole('grid', { name: 'History' });
  const row = history.getByRole('row', { name: `Focus one ${run}` });
  await row.hover();
  await page.getByRole('button', { name: `Delete chat: Focus one ${run}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'Cancel' }).click();
  await expectFocusKept(page, 'Cancel in the delete confirmation');
  await page.getByRole('button', { name: `Delete chat: Focus one ${run}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'OK' }).click();
  await expect(row).toHaveCount(0);
  await expectFocusKept(page, 'OK in the delete confirmation (the last conversation)');
});

test('the ELK agent: Show Metrics, Hide Metrics and New Topic', async ({ page }) => {
  await page.setViewportSize(wide);
  await signIn(page, 'admin@example.com');
  await page.goto('/elk');
  const box = page.getByRole('textbox', { name: 'Message to the ELK agent' });
  await box.fill('CPU and memory for tenant acme in prod over the last 7 days');
  await box.press('Enter');
  const show = page.getByRole('button', { name: 'Show Metrics' });
  await expect(show).toBeVisible({ timeout: 30_000 });
  await show.click();
  await expectFocusKept(page, 'Show Metrics');
  await page.getByRole('button', { name: 'Hide Metrics' }).click();
  await expectFocusKept(page, 'Hide Metrics');
  await page.getByRole('button', { name: 'New Topic' }).click();
  await expectFocusKept(page, 'New Topic in the ELK chat');
});

test('File Status: the upload window, its success window, re-ingest and delete', async ({ page }) => {
  await page.setViewportSize(narrow);
  await signIn(page, 'admin@example.com');
  await page.goto('/status');
  const name = `focus-${run}.txt`;
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const window = page.getByRole('dialog', { name: 'Train Bot' });
  await window.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from('The focus stays on a control.'),
  });
  await window.getByRole('button', { name: 'Submit' }).click();
  const success = page.getByRole('dialog', { name: 'Upload successful' });
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(success).toHaveCount(0);
  await expectFocusKept(page, 'OK in the upload success window');

  const table = page.getByRole('grid', { name: 'File status' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row.locator('.da-file-status')).toHaveText('Ready', { timeout: 60_000 });
  await page.getByRole('button', { name: `Re-ingest ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Re-ingest' })
    .getByRole('button', { name: 'Re-ingest' })
    .click();
  await expect(page.getByText(`${name} is queued for ingestion again.`)).toBeVisible();
  await expectFocusKept(page, 'confirming Re-ingest');
  await expect(row.locator('.da-file-status')).toHaveText('Ready', { timeout: 60_000 });
  await expectFocusKept(page, 'the re-ingested document becoming Ready');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expectFocusKept(page, 'confirming Delete on File Status');
});

test('Users & Permissions: a delete, the Add User sidebar, a token and its revocation', async ({ page }) => {
  await page.setViewportSize(wide);
  await signIn(page, 'admin@example.com');
  await page.goto('/users');
  const users = page.getByRole('grid', { name: 'Users' });
  await expect(users.getByText('seed13@example.com')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add User' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Add User' });
  await sidebar.getByRole('button', { name: 'Close' }).click();
  await expectFocusKept(page, 'closing the Add User sidebar');

  // A seed user no other journey touches, on whichever page it is listed.
  const email = 'seed58@example.com';
  const pages = page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: /^Page \d+$/ });
  for (let index = 0; !(await users.getByText(email).isVisible()); index++) {
    await pages.nth(index).click();
  }
  await page.getByRole('button', { name: `Delete ${email}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'OK' }).click();
  await expect(users.getByText(email)).toHaveCount(0);
  await expectFocusKept(page, 'deleting a user');

  await page.getByRole('button', { name: 'Generate Token' }).click();
  const token = page.getByRole('dialog', { name: 'Token Creation Successful' });
  await token.getByRole('button', { name: 'Close' }).click();
  await expectFocusKept(page, 'closing the token window');

  await page.getByRole('tab', { name: 'Tokens' }).click();
  const revoke = page.getByRole('button', { name: /^Revoke / }).first();
  await revoke.click();
  await page
    .getByRole('alertdialog', { name: 'Revoke token' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText('Token revoked.')).toBeVisible();
  await expectFocusKept(page, 'revoking a token');
});

test('Users & Permissions: the sidebars, and a role group deleted', async ({ page }) => {
  await page.setViewportSize(narrow);
  await signIn(page, 'admin@example.com');
  const role = `FOCUS_${run.toUpperCase()}`;
  const created = await page.request.post('/api/roles/create', {
    headers: await xsrfHeader(page),
    data: { role, feature_names: ['chat'] },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/users');
  await expect(page.getByRole('grid', { name: 'Users' }).getByText('seed13@example.com')).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Modify User Roles' }).click();
  await page
    .getByRole('dialog', { name: 'Modify User Roles' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expectFocusKept(page, 'closing the Modify User Roles sidebar');

  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Create Role Group' }).click();
  await page.keyboard.press('Escape');
  await expectFocusKept(page, 'Escape in the Create Role Group sidebar');
  const row = page.getByRole('grid', { name: 'Role groups' }).getByRole('row', { name: new RegExp(role) });
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Delete ${role}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'OK' }).click();
  await expect(row).toHaveCount(0);
  await expectFocusKept(page, 'deleting a role group');
});

test('the landing page: the Train Bot window opened from its card and closed', async ({ page }) => {
  await page.setViewportSize(wide);
  await signIn(page, 'admin@example.com');
  await page.goto('/agents');
  await page.getByRole('button', { name: 'Upload: Train Bot' }).click();
  await expect(page.getByRole('dialog', { name: 'Train Bot' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Train Bot' })).toHaveCount(0);
  await expectFocusKept(page, 'closing the Train Bot window');
});

test('Code Review: the upload dialog, a deletion, and closing a review', async ({ page }) => {
  await page.setViewportSize(wide);
  await signIn(page, 'staff@example.com');
  await page.goto('/codereview');
  await expect(page.getByRole('heading', { level: 1, name: 'Code Review Agent' })).toBeVisible();
  const name = `focus-${run}.zip`;
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync({ 'tiny/calc.py': Buffer.from('def add(a, b):\n    return a + b\n') })),
  });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expectFocusKept(page, 'submitting the upload');
  const message = page.locator('.da-review-message-line');
  await expect(message).toContainText('File upload and revision successful.', { timeout: 120_000 });
  await expectFocusKept(page, 'the review finishing');

  await page.getByRole('button', { name: `View ${name}` }).click();
  await expect(page.getByRole('treegrid', { name: 'Review files' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expectFocusKept(page, 'closing a review');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'OK' }).click();
  await expect(message).toContainText('Successfully deleted file.');
  await expectFocusKept(page, 'deleting a review');
});
