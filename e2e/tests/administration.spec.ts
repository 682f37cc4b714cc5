import { createClient, unwrap } from '@digital-assistant/sdk';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { screenshotDir, seededUsers, signIn, xsrfHeader } from './support';

// The users seeded through the admin command line (playwright.config.ts) plus the three demo
// accounts of the built-in identity provider.
const initialUserCount = seededUsers.length + 3;

async function openUsersPage(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin@example.com');
  await page.getByRole('link', { name: 'Users & Permissions' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users & Permissions' })).toBeVisible();
}

const usersTable = (page: Page) => page.getByRole('grid', { name: 'Users' });
/** Body rows of the users table (the header row left out). */
const userRows = (page: Page) => usersTable(page).locator('tbody').getByRole('row');
const userRow = (page: Page, email: string) => userRows(page).filter({ hasText: email });
const firstUserRow = (page: Page) => userRows(page).first();

/** Picks options of a react-aria select, or of a multiselect (whose popover stays open until Escape). */
async function choose(page: Page, field: Locator, options: string[], { isMultiple = false } = {}) {
  await field.click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  if (isMultiple) await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test.describe('administration as the admin', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the users table shows the seeded users 25 per page, sorts per column and pages', async ({ page }) => {
    await openUsersPage(page);
    await expect(page.getByText('Fetched users')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/menu');
    await expect(userRows(page)).toHaveCount(25);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText(`Showing 1–25 of ${initialUserCount}`)).toBeVisible();
    // 63 users make 3 pages: first, last and the 2 around the current one cover them all.
    await expect(pagination.getByRole('button', { name: /^Page / })).toHaveText(['1', '2', '3']);
    await expect(pagination.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await page.screenshot({ path: `${screenshotDir}/users-table-1280.png` });

    // The server lists by e-mail: that is the original order a third press on a header restores.
    await expect(firstUserRow(page)).toContainText('admin@example.com');
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await nameHeader.click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstUserRow(page)).toContainText('Ada Admin');
    await nameHeader.click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstUserRow(page)).toContainText('Seed User 60');
    await expect(userRows(page).nth(1)).toContainText('Seed User 59');

    // Paging keeps the sort; the last page holds the rest.
    await pagination.getByRole('button', { name: 'Page 3' }).click();
    await expect(pagination.getByText(`Showing 51–${initialUserCount} of ${initialUserCount}`)).toBeVisible();
    await expect(userRows(page)).toHaveCount(initialUserCount - 50);
    await expect(userRows(page).last()).toContainText('Ada Admin');
    await expect(pagination.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.screenshot({ path: `${screenshotDir}/users-table-sorted-page3-1280.png` });
    await pagination.getByRole('button', { name: 'Previous page' }).click();
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByText('Showing 26–50 of')).toBeVisible();

    // A new sort starts again at page 1; the third press restores the server's order.
    await nameHeader.click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await expect(pagination.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(firstUserRow(page)).toContainText('admin@example.com');
    const roleHeader = page.getByRole('columnheader', { name: 'Role' });
    await roleHeader.click();
    await expect(firstUserRow(page)).toContainText('CORE_ADMINS');
  });

  test('adds a user through the Add User sidebar', async ({ page }) => {
    await openUsersPage(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Add User' });
    // Nothing is sent while a required field is missing.
    await sidebar.getByRole('button', { name: 'Submit' }).click();
    await expect(sidebar.getByText('Email is required.')).toBeVisible();
    await expect(sidebar.getByText('Role is required.')).toBeVisible();

    // Closing resets the fields.
    await sidebar.getByRole('textbox', { name: /Email/ }).fill('half.typed@example.com');
    await sidebar.getByRole('button', { name: 'Close' }).click();
    await expect(sidebar).toHaveCount(0);
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(sidebar.getByRole('textbox', { name: /Email/ })).toHaveValue('');

    await sidebar.getByRole('textbox', { name: /Email/ }).fill('e2e.new.hire@example.com');
    await sidebar.getByRole('textbox', { name: /Name/ }).fill('New Hire');
    await choose(page, sidebar.getByRole('button', { name: /Role/ }), ['STAFF']);
    await page.screenshot({ path: `${screenshotDir}/users-add-user-sidebar-1280.png` });
    await sidebar.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully added user e2e.new.hire@example.com.')).toBeVisible();
    await expect(sidebar).toHaveCount(0);
    await expect(userRow(page, 'e2e.new.hire@example.com')).toContainText('New Hire');
    await expect(page.getByText(`of ${initialUserCount + 1}`)).toBeVisible();

    // The same e-mail again is refused, and the person is told.
    await page.getByRole('button', { name: 'Add User' }).click();
    await sidebar.getByRole('textbox', { name: /Email/ }).fill('E2E.New.Hire@example.com');
    await sidebar.getByRole('textbox', { name: /Name/ }).fill('Again');
    await choose(page, sidebar.getByRole('button', { name: /Role/ }), ['PGA']);
    await sidebar.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Error adding user')).toBeVisible();
    await expect(sidebar).toBeVisible();
  });

  test('modifies two users’ roles at once', async ({ page }) => {
    await openUsersPage(page);
    // seed04 and seed05 are STAFF; the checkboxes' boxes are what a person clicks.
    for (const email of ['seed04@example.com', 'seed05@example.com']) {
      await expect(userRow(page, email)).toContainText('STAFF');
      await userRow(page, email).getByRole('checkbox').check({ force: true });
    }
    await page.getByRole('button', { name: 'Modify User Roles' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Modify User Roles' });
    // The two chosen users are already in the sidebar's user multiselect.
    await expect(sidebar.getByRole('button', { name: /Users/ })).toHaveText('Seed User 04Seed User 05');
    await choose(page, sidebar.getByRole('button', { name: /Role/ }), ['PGA']);
    await page.screenshot({ path: `${screenshotDir}/users-modify-roles-sidebar-1280.png` });
    await sidebar.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully updates user roles.')).toBeVisible();
    await expect(sidebar).toHaveCount(0);
    await expect(userRow(page, 'seed04@example.com')).toContainText('PGA');
    await expect(userRow(page, 'seed05@example.com')).toContainText('PGA');
    await expect(userRow(page, 'seed06@example.com')).toContainText('PGA'); // every third seeded user
    await expect(userRow(page, 'seed07@example.com')).toContainText('STAFF');
  });

  test('creates a role group, edits it, refuses a duplicate name and deletes it after confirming', async ({
    page,
  }) => {
    await openUsersPage(page);
    await page.getByRole('tab', { name: 'Roles' }).click();
    const roles = page.getByRole('grid', { name: 'Role groups' });
    await expect(roles.getByRole('row', { name: /CORE_ADMINS/ })).toBeVisible();

    await page.getByRole('button', { name: 'Create Role Group' }).click();
    let sidebar = page.getByRole('dialog', { name: 'Create Role Group' });
    await sidebar.getByRole('textbox', { name: /Role Name/ }).fill('E2E_REVIEWERS');
    await sidebar.getByRole('button', { name: 'Submit' }).click();
    await expect(sidebar.getByText('Invalid input vaules')).toBeVisible();
    await choose(page, sidebar.getByRole('button', { name: /Features/ }), ['chat', 'search'], {
      isMultiple: true,
    });
    await sidebar.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully created role group.')).toBeVisible();
    const row = roles.getByRole('row', { name: /E2E_REVIEWERS/ });
    await expect(row).toContainText('2 features');

    // Edit: the name is locked; one feature added, one removed.
    await page.getByRole('button', { name: 'Edit E2E_REVIEWERS' }).click();
    sidebar = page.getByRole('dialog', { name: 'Editing Role E2E_REVIEWERS' });
    await expect(sidebar.getByRole('textbox', { name: /Role Name/ })).toBeDisabled();
    await choose(page, sidebar.getByRole('button', { name: /Features/ }), ['train', 'search'], {
      isMultiple: true,
    });
    await page.screenshot({ path: `${screenshotDir}/users-edit-role-sidebar-1280.png` });
    await sidebar.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully updated role group.')).toBeVisible();
    await expect(row).toContainText('train');
    await expect(row).not.toContainText('search');
    const viewed = await page.request.post('/api/roles/view', {
      data: { role: 'E2E_REVIEWERS' },
      headers: await xsrfHeader(page),
    });
    expect((await viewed.json()).contents.feature_names.sort()).toEqual(['chat', 'train']);

    // The same name again.
    await page.getByRole('button', { name: 'Create Role Group' }).click();
    sidebar = page.getByRole('dialog', { name: 'Create Role Group' });
    await sidebar.getByRole('textbox', { name: /Role Name/ }).fill('E2E_REVIEWERS');
    await choose(page, sidebar.getByRole('button', { name: /Features/ }), ['chat'], { isMultiple: true });
    await sidebar.getByRole('button', { name: 'Submit' }).click();
    await expect(sidebar.getByText("Role 'E2E_REVIEWERS' already exists.")).toBeVisible();
    await sidebar.getByRole('button', { name: 'Close' }).click();

    // Delete asks first: Cancel keeps the group, OK deletes it.
    await page.getByRole('button', { name: 'Delete E2E_REVIEWERS' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await expect(confirm).toContainText('Are you sure you want to delete the role group E2E_REVIEWERS?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: 'Delete E2E_REVIEWERS' }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Successfully deleted role group')).toBeVisible();
    await expect(row).toHaveCount(0);

    // A group that users still hold is not deleted, and the server says why.
    await page.getByRole('button', { name: 'Delete PGA' }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(/^Error deleting role: .+/)).toBeVisible();
    await expect(roles.getByRole('row', { name: /PGA/ })).toBeVisible();
  });

  test('generates a token, copies it, a script lists the users with it through the SDK, and revoking it shuts the script out', async ({
    page,
    baseURL,
  }) => {
    await openUsersPage(page);
    await page.getByRole('button', { name: 'Generate Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Token Creation Successful' });
    const value = dialog.locator('code');
    await expect(value).toHaveText(/^•{20,}$/);
    await page.screenshot({ path: `${screenshotDir}/users-token-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Show token' }).click();
    await expect(value).toHaveText(/^da_pat_/);
    const shown = (await value.textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByText('Token copied to clipboard!')).toBeVisible();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe(shown);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    // From Node, as a developer's script would.
    const client = createClient({ baseUrl: baseURL, token });
    const { user_profiles } = await unwrap(client.POST('/api/users', { body: { email: '*' } }));
    expect(user_profiles.length).toBeGreaterThanOrEqual(initialUserCount);
    expect(user_profiles).toContainEqual({
      email: 'seed01@example.com',
      name: 'Seed User 01',
      role: 'STAFF',
      is_active: true,
    });

    // The Tokens tab lists it first (newest first), active and just used by the script.
    await page.getByRole('tab', { name: 'Tokens' }).click();
    const tokens = page.getByRole('grid', { name: 'Personal access tokens' });
    const newest = tokens.locator('tbody').getByRole('row').first();
    await expect(newest).toContainText('Active');
    const lastUsed = newest.getByRole('gridcell').nth(2);
    await expect(lastUsed).not.toHaveText('Never');
    await page.screenshot({ path: `${screenshotDir}/users-tokens-1280.png` });

    // Revoking asks first; Cancel keeps the token working.
    const revoke = newest.getByRole('button', { name: /^Revoke / });
    await revoke.click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke token' });
    await expect(confirm).toContainText(/Revoke token '.+'\? Scripts using it stop working at once\./);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(newest).toContainText('Active');
    await unwrap(client.GET('/api/auth'));
    await revoke.click();
    await expect(confirm).toBeVisible();
    await expect(page.locator('[data-entering]')).toHaveCount(0); // the dialog has faded in
    await page.screenshot({ path: `${screenshotDir}/users-tokens-revoke-confirm-1280.png` });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Token revoked.')).toBeVisible();
    await expect(newest).toContainText('Revoked');
    await expect(revoke).toHaveCount(0);
    await page.screenshot({ path: `${screenshotDir}/users-tokens-revoked-1280.png` });

    // The same token, from the same script, is now refused.
    const refused = await client.POST('/api/users', { body: { email: '*' } });
    expect(refused.response.status).toBe(401);
    await expect(unwrap(client.GET('/api/auth'))).rejects.toMatchObject({
      status: 401,
      code: 'unauthenticated',
    });

    // The audit log shows both, newest first, and filters by who acted.
    await page.getByRole('tab', { name: 'Audit' }).click();
    const audit = page.getByRole('grid', { name: 'Audit log' });
    const firstEvent = audit.locator('tbody').getByRole('row').first();
    await expect(firstEvent).toContainText('admin@example.com');
    await expect(firstEvent).toContainText('token.revoke');
    await expect(audit.locator('tbody').getByRole('row').nth(1)).toContainText('token.create');
    await page.getByRole('searchbox', { name: 'Filter by actor' }).fill('cli');
    await expect(audit.locator('tbody').getByRole('row')).toHaveCount(seededUsers.length);
    await expect(audit.locator('tbody').getByRole('row').filter({ hasText: 'user.create' })).toHaveCount(
      seededUsers.length,
    );
    await page.screenshot({ path: `${screenshotDir}/users-audit-1280.png` });
  });

  test('deletes a user, then two ticked users at once, after confirming', async ({ page }) => {
    await openUsersPage(page);
    const row = userRow(page, 'seed10@example.com');
    await row.getByRole('button', { name: 'Delete seed10@example.com' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await expect(confirm).toContainText('Are you sure you want to delete the user seed10@example.com?');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Successfully deleted user seed10@example.com.')).toBeVisible();
    await expect(row).toHaveCount(0);

    // Two ticked users go with one 'Delete Selected', after the same confirmation.
    const picked = ['seed11@example.com', 'seed12@example.com'];
    for (const email of picked) await userRow(page, email).getByRole('checkbox').check({ force: true });
    await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    await expect(confirm).toContainText('Are you sure you want to delete 2 users?');
    await confirm.getByRole('button', { name: 'OK' }).click();
    for (const email of picked) {
      await expect(page.getByText(`Successfully deleted user ${email}.`)).toBeVisible();
      await expect(userRow(page, email)).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: /^Delete Selected/ })).toHaveCount(0);
  });
});

test.describe('deactivation', () => {
  test('a deactivated person is signed out at once and refused at sign-in with the reason, until reactivated', async ({
    page,
    browser,
  }) => {
    // Two people, two sign-ins and a sign-in refused: more than one page's worth of time.
    test.setTimeout(90_000);
    // Sam Staff is signed in in a browser of their own.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, 'staff@example.com');
    try {
      await openUsersPage(page);
      // E-mail descending puts staff@ (after every seedNN@) on the first page.
      const emailHeader = page.getByRole('columnheader', { name: 'Email' });
      await emailHeader.click();
      await emailHeader.click();
      await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
      const row = userRow(page, 'staff@example.com');
      await row.getByRole('checkbox').check({ force: true });
      await page.getByRole('button', { name: 'Deactivate Selected (1)' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Deactivate' });
      await expect(confirm).toContainText('They are signed out at once');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByText('Successfully deactivated user staff@example.com.')).toBeVisible();
      await expect(row).toContainText('Deactivated');

      // Their open session no longer works, and signing in again is refused with the reason.
      const answer = await staff.request.get('/api/auth');
      expect(answer.status()).toBe(401);
      await staff.goto('/');
      await staff.getByRole('button', { name: /staff@example\.com/ }).click();
      await expect(staff).toHaveURL(/\/login\?error=account_deactivated/);
      await expect(
        staff.getByText('Your account is deactivated. Ask an administrator to reactivate it.'),
      ).toBeVisible();
    } finally {
      // Reactivated, by the same toolbar: they get in again (and the later journeys have their staff user).
      const row = userRow(page, 'staff@example.com');
      await row.getByRole('checkbox').check({ force: true });
      await page.getByRole('button', { name: 'Reactivate Selected (1)' }).click();
      await page
        .getByRole('alertdialog', { name: 'Reactivate' })
        .getByRole('button', { name: 'Reactivate' })
        .click();
      await expect(page.getByText('Successfully reactivated user staff@example.com.')).toBeVisible();
    }
    await signIn(staff, 'staff@example.com');
    await staffContext.close();
  });
});

test.describe('administration as staff', () => {
  test('every administrative operation answers 403, by session and by token', async ({ page, baseURL }) => {
    await signIn(page, 'staff@example.com');
    const headers = await xsrfHeader(page);
    const calls: Array<[method: 'GET' | 'POST', path: string, body?: object]> = [
      ['POST', '/api/users', { email: '*' }],
      ['POST', '/api/users/create', { email: 'intruder@example.com', name: 'Intruder', role: 'CORE_ADMINS' }],
      ['POST', '/api/users/delete', { emails: ['admin@example.com'] }],
      ['POST', '/api/users/roles/update', { emails: ['staff@example.com'], role: 'CORE_ADMINS' }],
      ['GET', '/api/roles/allgroups'],
      ['POST', '/api/roles/view', { role: 'CORE_ADMINS' }],
      ['POST', '/api/roles/create', { role: 'SHADOW', feature_names: ['chat'] }],
      ['POST', '/api/roles/delete', { role: 'PGA' }],
      ['POST', '/api/roles/update', { role_name: 'STAFF', feature_names: ['user_update'], action: 'add' }],
      ['GET', '/api/features'],
      ['GET', '/api/audit'],
    ];
    for (const [method, path, body] of calls) {
      const response =
        method === 'GET'
          ? await page.request.get(path)
          : await page.request.post(path, { data: body, headers });
      expect(response.status(), `${method} ${path}`).toBe(403);
      expect(await response.json(), `${method} ${path}`).toMatchObject({ code: 'forbidden' });
    }

    // Staff may mint a token for themselves (token_creator), but it carries only their permissions.
    // generatetoken changes state: with the session cookie it needs the XSRF header like a POST.
    const generated = await page.request.get('/api/users/generatetoken', { headers });
    expect(generated.status()).toBe(200);
    const client = createClient({ baseUrl: baseURL, token: (await generated.json()).personal_access_token });
    const listed = await client.POST('/api/users', { body: { email: '*' } });
    expect(listed.response.status).toBe(403);
    const created = await client.POST('/api/roles/create', {
      body: { role: 'SHADOW', feature_names: ['chat'] },
    });
    expect(created.response.status).toBe(403);
    const self = await unwrap(client.GET('/api/auth'));
    expect(self.user).toMatchObject({ email: 'staff@example.com', role: 'STAFF' });
  });

  test('the Users and permissions page does not open', async ({ page }) => {
    await signIn(page, 'staff@example.com');
    await expect(page.getByRole('link', { name: 'Users & Permissions' })).toHaveCount(0);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/chat\/Knowledge$/);
    await expect(page.getByRole('heading', { name: 'Users & Permissions' })).toHaveCount(0);
    await expect(page.getByRole('grid', { name: 'Users' })).toHaveCount(0);
  });
});
