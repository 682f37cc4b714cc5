// The interface defects a walkthrough of every screen found (issue 6), each kept from coming back:
// the narrow menu as a modal drawer, /logout ending the session, where focus goes in confirmations,
// how many options the multiselects show, the Tokens tab at 800px, duplicate role names, and axe on
// the screens and open lists at 1280 and 800px.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { accessibilityViolations, screenshotDir, signIn, xsrfHeader } from './support';

// Whole-page journeys with several dialogs each; the machines are shared.
test.describe.configure({ timeout: 120_000 });

const narrow = { width: 800, height: 800 };
const wide = { width: 1280, height: 800 };

/** axe's WCAG 2.x A/AA rules, plus the two (one experimental) the walkthrough found on the lists. */
/** Whether focus is inside `locator`'s element. */
const hasFocusWithin = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement));

test.describe('the menu at 1000px and below', () => {
  test('is a modal drawer below the header: close button, Escape, a click outside, the toggle and links close it; focus stays inside and returns to the toggle', async ({
    page,
  }) => {
    await page.setViewportSize(narrow);
    await signIn(page, 'admin@example.com');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toHaveCount(0);

    // Open: a visible close button; the toggle stays uncovered, so a mouse can close it there too.
    await toggle.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await expect(page.locator('[data-entering]')).toHaveCount(0);
    const toggleBox = (await toggle.boundingBox())!;
    const drawerBox = (await page.locator('.da-menu-drawer').boundingBox())!;
    expect(drawerBox.y).toBeGreaterThanOrEqual(toggleBox.y + toggleBox.height);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/menu-drawer-800.png` });
    await page.mouse.click(toggleBox.x + toggleBox.width / 2, toggleBox.y + toggleBox.height / 2);
    await expect(drawer).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Keyboard: Tab stays inside while open; Escape closes and gives focus back to the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    for (let press = 0; press < 16; press++) {
      await page.keyboard.press('Tab');
      expect(await hasFocusWithin(drawer)).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await hasFocusWithin(drawer)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(toggle).toBeFocused();

    // The close button, then a click on the page beside the drawer.
    await toggle.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(600, 500);
    await expect(drawer).toHaveCount(0);

    // Following a link closes it, on the page it leads to.
    await toggle.click();
    await drawer.getByRole('link', { name: 'Users & Permissions' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Users & Permissions' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('does not stay open over the page when the window narrows from 1280 to 800, and docks open again when it widens', async ({
    page,
  }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'admin@example.com');
    await page.goto('/menu');
    const panel = page.getByRole('complementary', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await page.setViewportSize(narrow);
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await expect(panel).toHaveCount(0);
    // What is under a point of the page is the page.
    const underPoint = await page.evaluate(
      () => document.elementFromPoint(120, 300)?.closest('main') !== null,
    );
    expect(underPoint).toBe(true);
    await page.screenshot({ path: `${screenshotDir}/menu-after-resize-800.png` });
    await page.setViewportSize(wide);
    await expect(panel).toBeVisible();
  });

  test('collapsed at 1280, leaves nothing on screen, not even a 1px strip', async ({ page }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'staff@example.com');
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const panel = page.locator('aside.da-menu-panel');
    await expect(panel).toHaveAttribute('data-state', 'closed');
    await expect.poll(async () => (await panel.boundingBox())?.width ?? 0).toBe(0);
  });
});

test.describe('signing out', () => {
  test('/logout opened while signed in ends the session, then says so', async ({ page }) => {
    await signIn(page, 'staff@example.com');
    expect((await page.request.get('/api/auth')).status()).toBe(200);
    await page.goto('/logout');
    await expect(page.getByText('You have successfully logged out.')).toBeVisible();
    expect((await page.request.get('/api/auth')).status()).toBe(401);
    // Reloading the app does not find a session either.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/oidc\/|\/login/);
  });
});

test.describe('Users & Permissions, walked through', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  async function openUsers(page: Page, viewport = wide) {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin@example.com');
    await page.goto('/users');
    // 63 users take a while to list on a shared machine.
    await expect(page.getByRole('grid', { name: 'Users' }).getByText('seed13@example.com')).toBeVisible({
      timeout: 30_000,
    });
  }

  test('a delete confirmation opens on Cancel and gives focus back to the control that opened it', async ({
    page,
  }) => {
    await openUsers(page);
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    const deleteButton = (email: string) => page.getByRole('button', { name: `Delete ${email}` });

    // Enter alone cancels.
    await deleteButton('seed13@example.com').click();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    // 63 users take a while to list on a shared machine.
    await expect(page.getByRole('grid', { name: 'Users' }).getByText('seed13@example.com')).toBeVisible({
      timeout: 30_000,
    });
    await expect(deleteButton('seed13@example.com')).toBeFocused();

    // Escape, from a row reached by mouse, then by focus alone (as assistive technology moves it).
    for (const email of ['seed14@example.com', 'seed15@example.com', 'seed16@example.com']) {
      if (email === 'seed15@example.com') {
        await deleteButton(email).focus();
        await page.keyboard.press('Enter');
      } else await deleteButton(email).click();
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(confirm).toHaveCount(0);
      await expect(deleteButton(email)).toBeFocused();
    }

    // From the toolbar, after focus had left it from another of its buttons.
    await page.getByRole('button', { name: 'Generate Token' }).focus();
    await page.keyboard.press('Tab');
    await page
      .getByRole('row', { name: /seed17@example\.com/ })
      .getByRole('checkbox')
      .check({ force: true });
    const deleteSelected = page.getByRole('button', { name: 'Delete Selected (1)' });
    await deleteSelected.click();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(deleteSelected).toBeFocused();
  });

  test('the multiselects list 6 users and 8 features, and their open lists pass axe', async ({ page }) => {
    await openUsers(page);
    const fullyVisibleOptions = () =>
      page.evaluate(() => {
        const area = document.querySelector('.da-multiselect-scroll-area') as HTMLElement;
        const top = (area.querySelector('.da-multiselect-search') as HTMLElement).getBoundingClientRect()
          .bottom;
        const bottom = area.getBoundingClientRect().bottom;
        const boxes = [...area.querySelectorAll('[role="option"]')].map((option) =>
          option.getBoundingClientRect(),
        );
        return {
          whole: boxes.filter((box) => box.top >= top - 0.5 && box.bottom <= bottom + 0.5).length,
          seen: boxes.filter((box) => box.bottom > top + 0.5 && box.top < bottom - 0.5).length,
        };
      });

    await page.getByRole('button', { name: 'Modify User Roles' }).click();
    const modify = page.getByRole('dialog', { name: 'Modify User Roles' });
    await modify.getByRole('button', { name: /Users/ }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.locator('[data-entering]')).toHaveCount(0);
    await expect.poll(fullyVisibleOptions).toEqual({ whole: 6, seen: 6 });
    expect(await accessibilityViolations(page, '.da-multiselect-popover')).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/users-multiselect-users-1280.png` });
    await page.keyboard.press('Escape');
    await modify.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'Create Role Group' }).click();
    await page
      .getByRole('dialog', { name: 'Create Role Group' })
      .getByRole('button', { name: /Features/ })
      .click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.locator('[data-entering]')).toHaveCount(0);
    await expect.poll(fullyVisibleOptions).toEqual({ whole: 8, seen: 8 });
    expect(await accessibilityViolations(page, '.da-multiselect-popover')).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/users-multiselect-features-1280.png` });
  });

  test("'Token copied to clipboard!' is said once, and the Tokens tab fits an 800px window", async ({
    page,
  }) => {
    await openUsers(page);
    await page.getByRole('button', { name: 'Generate Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Token Creation Successful' });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByText('Token copied to clipboard!')).toBeVisible();
    await expect(page.getByText('Token copied to clipboard!')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.setViewportSize(narrow);
    await page.getByRole('tab', { name: 'Tokens' }).click();
    const table = page.locator('.da-tokens-table');
    await expect(table.locator('tbody').getByRole('row').first()).toContainText('Active');
    const fit = await table.evaluate((container) => {
      const edge = container.getBoundingClientRect().right;
      const buttons = [...container.querySelectorAll('button')].map((button) =>
        button.getBoundingClientRect(),
      );
      const names = [...container.querySelectorAll('.da-token-name-text')];
      return {
        overflow: container.scrollWidth - container.clientWidth,
        revokeCutOff: buttons.filter((box) => box.right > edge + 0.5).length,
        namesOnMoreThanOneLine: names.filter(
          (name) =>
            name.getBoundingClientRect().height > Number.parseFloat(getComputedStyle(name).lineHeight) + 1,
        ).length,
        revokeCount: buttons.length,
      };
    });
    expect(fit).toMatchObject({ overflow: 0, revokeCutOff: 0, namesOnMoreThanOneLine: 0 });
    expect(fit.revokeCount).toBeGreaterThan(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/users-tokens-800.png` });
  });

  test('a duplicate role group name is caught in whatever case, and the server’s answer shows in the sidebar', async ({
    page,
  }) => {
    await openUsers(page);
    await page.getByRole('tab', { name: 'Roles' }).click();
    await expect(page.getByRole('grid', { name: 'Role groups' }).getByText('STAFF')).toBeVisible();
    // Created by someone else after this page listed the role groups.
    const created = await page.request.post('/api/roles/create', {
      data: { role: 'E2E_LATECOMERS', feature_names: ['chat'] },
      headers: await xsrfHeader(page),
    });
    expect(created.status()).toBe(200);

    const tryName = async (name: string) => {
      await page.getByRole('button', { name: 'Create Role Group' }).click();
      const sidebar = page.getByRole('dialog', { name: 'Create Role Group' });
      await sidebar.getByRole('textbox', { name: /Role Name/ }).fill(name);
      await sidebar.getByRole('button', { name: /Features/ }).click();
      await page.getByRole('option', { name: 'chat', exact: true }).click();
      await page.keyboard.press('Escape');
      await sidebar.getByRole('button', { name: 'Submit' }).click();
      return sidebar;
    };
    let sidebar = await tryName('staff');
    await expect(sidebar.getByRole('alert')).toHaveText("Role 'staff' already exists as 'STAFF'.");
    await sidebar.getByRole('button', { name: 'Close' }).click();

    sidebar = await tryName('e2e_latecomers');
    await expect(sidebar.getByRole('alert')).toHaveText(
      "Role 'e2e_latecomers' already exists as 'E2E_LATECOMERS'.",
    );
    await expect(page.getByText("Role 'e2e_latecomers' already exists as 'E2E_LATECOMERS'.")).toHaveCount(1);
    await page.screenshot({ path: `${screenshotDir}/users-role-duplicate-1280.png` });
    await sidebar.getByRole('button', { name: 'Close' }).click();
    // The list now shows the group the server knew.
    await expect(page.getByRole('grid', { name: 'Role groups' }).getByText('E2E_LATECOMERS')).toBeVisible();
    const groups = (await (await page.request.get('/api/roles/allgroups')).json()).roles as Array<{
      role_name: string;
    }>;
    expect(groups.filter((group) => group.role_name.toLowerCase() === 'e2e_latecomers')).toHaveLength(1);
  });

  test('the Users page passes axe at 1280 and 800px', async ({ page }) => {
    await openUsers(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(narrow);
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Users' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/users-800.png` });
  });
});
