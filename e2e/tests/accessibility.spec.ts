// axe on every screen, dialog and state of the product, without exclusions, at 1280 px, 800 px and a
// phone's 412 px: the admin through chat (knowledge, AI, the chat-type window, a delete
// confirmation), the menu drawer and the profile popup, the admin chat with its sources, the landing
// pages, Train Bot (its window, the chosen file, the success window: react-aria's announcement of the
// pending Submit used to leave an unnamed image behind), the ELK agent with its metrics, code review
// (upload window, list, a review, the delete confirmation), Users & Permissions (every tab, the
// sidebars, the token window, the revoke confirmation), File Status with its re-ingest confirmation,
// Tenant Settings, the logged-out screen; staff on the server without a model (the AI chat that says
// so). Every state is checked, and the test lists every violation found, by state, at the end.
// What the run creates (a training file, a code review, a token, conversations) it removes.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { noModelBaseURL } from '../playwright.config';
import { accessibilityViolations, signIn, xsrfHeader } from './support';

test.describe.configure({ timeout: 600_000 });

const widths = [
  { width: 1280, height: 800 },
  { width: 800, height: 800 },
  { width: 412, height: 915 },
];

/** Runs axe on each state it is told of and keeps what it finds. */
function auditor(page: Page) {
  const found: Record<string, string[]> = {};
  return {
    found,
    async check(state: string) {
      const violations = await accessibilityViolations(page);
      if (violations.length > 0) found[state] = violations;
    },
  };
}

/** Sends a question from the message box named `box` and waits for its answer to settle. */
async function ask(page: Page, box: string, question: string) {
  const composer = page.getByRole('textbox', { name: box });
  const pane = page.locator('.da-chat-pane').filter({ has: composer });
  await composer.fill(question);
  await composer.press('Enter');
  await expect(pane.getByRole('article', { name: 'You' }).filter({ hasText: question }).last()).toBeVisible();
  await expect(pane.getByRole('article').last()).toHaveAccessibleName('Assistant');
  await expect(pane.locator('[role="log"][aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** The menu: docked beside the page at 1280, a drawer from the toggle below 1000 px. */
async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  if ((page.viewportSize()?.width ?? 1280) > 1000) return page.locator('.da-menu-panel');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(page.locator('[data-entering]')).toHaveCount(0);
  return drawer;
}

async function closeMenu(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) > 1000) return;
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  if ((await drawer.count()) > 0) await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toHaveCount(0);
}

async function signedInAs(
  browser: Browser,
  baseURL: string,
  account: 'admin@example.com' | 'staff@example.com',
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL, viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

for (const viewport of widths) {
  test(`axe finds nothing on any screen, dialog or state at ${viewport.width} px`, async ({
    browser,
    baseURL,
  }) => {
    const run = `${viewport.width}-${Date.now().toString(36)}`;
    const { context, page } = await signedInAs(browser, baseURL!, 'admin@example.com', viewport);
    const { found, check } = auditor(page);
    try {
      // Chat: a knowledge department, empty and answered; the chat-type window.
      await expect(page.getByRole('textbox', { name: 'Message to Knowledge' })).toBeVisible();
      await check('chat/Knowledge, empty');
      await ask(page, 'Message to Knowledge', 'How do I connect to the VPN from home?');
      await check('chat/Knowledge, answered');
      await page.getByRole('button', { name: 'Chat type' }).click();
      await expect(page.getByRole('dialog', { name: 'Choose a chat' })).toBeVisible();
      await check('the chat-type window');
      await page.keyboard.press('Escape');

      // The AI chat, answered; its conversation's delete confirmation.
      await page.goto('/chat');
      await expect(page.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toBeVisible();
      await check('chat (AI), empty');
      const label = `Accessibility ${run}`;
      await ask(page, 'Message to OpenAI GPT', label);
      await check('chat (AI), answered');
      const menu = await openMenu(page);
      await check('the menu (History)');
      const row = menu.getByRole('row').filter({ hasText: label });
      await row.hover();
      await menu.getByRole('button', { name: `Delete chat: ${label}` }).click({ force: true });
      const deleting = page.getByRole('alertdialog', { name: 'Delete' });
      await expect(deleting).toBeVisible();
      await check('the delete-conversation confirmation');
      await deleting.getByRole('button', { name: 'OK' }).click();
      await expect(deleting).toHaveCount(0);
      await closeMenu(page);

      // The profile popup.
      const footer = await openMenu(page);
      await footer.getByRole('button', { name: /Ada Admin/ }).click();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await check('the profile popup');
      await page.keyboard.press('Escape');
      await closeMenu(page);

      // The admin chat and its sources.
      await page.goto('/menu/chat');
      await ask(page, 'Message to the admin chat', 'How do I connect to the VPN from home?');
      await check('the admin chat with its sources');

      // Landing pages, Train Bot's window from its card: empty, a file chosen, the success window.
      await page.goto('/agents');
      await expect(page.getByRole('button', { name: 'Upload: Train Bot' })).toBeVisible();
      await check('agents');
      await page.getByRole('button', { name: 'Upload: Train Bot' }).focus();
      await page.keyboard.press('Enter');
      const trainBot = page.getByRole('dialog', { name: 'Train Bot' });
      await expect(trainBot).toBeVisible();
      await check('the Train Bot window');
      const document = `accessibility-${run}.md`;
      await trainBot.locator('input[type="file"]').setInputFiles({
        name: document,
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Notes\n\nA note.\n'),
      });
      await expect(trainBot.getByText(document)).toBeVisible();
      await check('the Train Bot window with a file');
      // By keyboard, as the pending Submit is announced only while it has the focus.
      await trainBot.getByRole('button', { name: 'Submit' }).focus();
      await page.keyboard.press('Enter');
      const success = page.getByRole('dialog', { name: 'Upload successful' });
      await expect(success).toBeVisible();
      await check('the Train Bot success window');
      await success.getByRole('button', { name: 'OK' }).click();
      await check('agents after Train Bot');
      for (const [path, state] of [
        ['/train-bot', 'train-bot'],
        ['/menu', 'menu (Discover)'],
        ['/tenant-settings', 'tenant-settings'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check(state);
      }

      // The ELK agent: its examples, an answer with the metrics open.
      await page.goto('/elk');
      await page.getByRole('button', { name: 'New Topic' }).click();
      await expect(page.getByRole('list', { name: 'Try asking' })).toBeVisible();
      await check('elk, empty');
      await page.getByRole('list', { name: 'Try asking' }).getByRole('button').first().click();
      const metrics = page.getByRole('article', { name: 'Assistant' }).last();
      await metrics.getByRole('button', { name: 'Show Metrics' }).click({ timeout: 30_000 });
      await expect(metrics.getByRole('table')).toBeVisible();
      await check('elk, metrics shown');

      // Code review: the upload window, the list, a review, the delete confirmation.
      await page.goto('/codereview');
      await expect(page.getByRole('grid', { name: 'Uploaded review files' })).toBeVisible();
      await check('codereview');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const upload = page.getByRole('dialog');
      await upload.getByRole('button', { name: 'Submit' }).click();
      await expect(upload.getByRole('alert')).toHaveText('No zip provided for upload.');
      await check('the code-review upload window');
      const zipName = `accessibility-${run}.zip`;
      await upload.locator('input[type="file"]').setInputFiles({
        name: zipName,
        mimeType: 'application/zip',
        buffer: Buffer.from(
          zipSync({ 'app/total.py': new TextEncoder().encode('def total(items):\n    return sum(items)\n') }),
        ),
      });
      await upload.getByRole('button', { name: 'Submit' }).click();
      await expect(upload).toBeHidden();
      const view = page.getByRole('button', { name: `View ${zipName}` });
      await expect(view).toBeEnabled({ timeout: 120_000 });
      await check('codereview, a review done');
      await view.click();
      const tree = page.getByRole('treegrid', { name: 'Review files' });
      await tree.getByText('total', { exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Function: total' })).toBeVisible();
      await check('codereview, a review read');
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: `Delete ${zipName}` }).click();
      const deleteReview = page.getByRole('alertdialog');
      await expect(deleteReview).toBeVisible();
      await check('the delete-review confirmation');
      await deleteReview.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('button', { name: `Delete ${zipName}` })).toHaveCount(0);

      // Users & Permissions: every tab, the sidebars, the token window, the revoke confirmation.
      await page.goto('/users');
      await expect(page.getByRole('grid', { name: 'Users' }).getByText('seed01@example.com')).toBeVisible({
        timeout: 30_000,
      });
      await check('users');
      await page.getByRole('button', { name: 'Add User' }).click();
      await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
      await check('the Add User sidebar');
      await page.keyboard.press('Escape');
      await page
        .getByRole('row', { name: /seed02@example\.com/ })
        .getByRole('checkbox')
        .check({ force: true });
      await page.getByRole('button', { name: 'Modify User Roles' }).click();
      await expect(page.getByRole('dialog', { name: 'Modify User Roles' })).toBeVisible();
      await check('the Modify User Roles sidebar');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete seed02@example.com' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete' })).toBeVisible();
      await check('the delete-user confirmation');
      await page.keyboard.press('Escape');
      // By keyboard: the pending Generate Token is announced while it has the focus.
      await page.getByRole('button', { name: 'Generate Token' }).focus();
      await page.keyboard.press('Enter');
      const token = page.getByRole('dialog', { name: 'Token Creation Successful' });
      await expect(token).toBeVisible();
      await check('the token window');
      await token.getByRole('button', { name: 'Show token' }).click();
      await token.getByRole('button', { name: 'Copy' }).click();
      await expect(token.getByText('Token copied to clipboard!')).toBeVisible();
      await check('the token window, shown and copied');
      await token.getByRole('button', { name: 'Close' }).click();
      await check('users after the token window');
      await page.getByRole('tab', { name: 'Roles' }).click();
      await expect(page.getByRole('button', { name: 'Create Role Group' })).toBeVisible();
      await check('the Roles tab');
      await page.getByRole('button', { name: 'Create Role Group' }).click();
      await expect(page.getByRole('dialog', { name: 'Create Role Group' })).toBeVisible();
      await check('the Create Role Group sidebar');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Tokens' }).click();
      const newest = page
        .getByRole('grid', { name: 'Personal access tokens' })
        .locator('tbody')
        .getByRole('row')
        .first();
      await expect(newest).toContainText('Active');
      await check('the Tokens tab');
      await newest.getByRole('button', { name: /^Revoke / }).click();
      const revoke = page.getByRole('alertdialog', { name: 'Revoke token' });
      await expect(revoke).toBeVisible();
      await check('the revoke confirmation');
      await revoke.getByRole('button', { name: 'Revoke' }).click();
      await expect(newest).toContainText('Revoked');
      await check('the Tokens tab after revoking');
      await page.getByRole('tab', { name: 'Audit' }).click();
      await expect(page.getByRole('tabpanel')).toContainText('token.revoke');
      await check('the Audit tab');

      // File Status and its re-ingest confirmation.
      await page.goto('/status');
      await expect(page.getByRole('heading', { level: 1, name: 'File Status' })).toBeVisible();
      await expect(page.getByText(document)).toBeVisible();
      await check('status');
      await page.getByRole('button', { name: `Re-ingest ${document}` }).click();
      const reingest = page.getByRole('alertdialog', { name: 'Re-ingest' });
      await expect(reingest).toBeVisible();
      await check('the re-ingest confirmation');
      await reingest.getByRole('button', { name: 'Cancel' }).click();

      // The training file goes again.
      const listed = await page.request.get('/api/knowledge/documents');
      const documents = (await listed.json()) as { documents: Array<{ id: string; name: string }> };
      const uploaded = documents.documents.find((candidate) => candidate.name === document);
      if (uploaded) {
        await page.request.post('/api/knowledge/documents/delete', {
          headers: await xsrfHeader(page),
          data: { id: uploaded.id },
        });
      }

      // Signing out: the logged-out screen.
      await (await openMenu(page)).getByRole('button', { name: /Ada Admin/ }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByText('You have successfully logged out.')).toBeVisible();
      await check('logout');
    } finally {
      await context.close();
    }

    // Staff on the server without a model: the AI chat says so; its composer takes only questions
    // about attached files, and says so (chat.spec.ts).
    const staff = await signedInAs(browser, noModelBaseURL, 'staff@example.com', viewport);
    try {
      await staff.page.goto('/chat');
      await expect(
        staff.page.getByRole('textbox', { name: 'Message to OpenAI GPT' }),
      ).toHaveAccessibleDescription(
        /^Without a language model the AI chat answers only questions about files you attach/,
      );
      const { found: noModel, check: checkNoModel } = auditor(staff.page);
      await checkNoModel('chat (AI) without a model');
      Object.assign(found, noModel);
    } finally {
      await staff.context.close();
    }

    expect(found).toEqual({});
  });
}
