import { expect, test } from '@playwright/test';
import { screenshotDir, signIn } from './support';

test.describe('sign-in and the app shell', () => {
  test('an admin signs in through single sign-on and sees the Admin section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'admin@example.com');
    await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Users & Permissions' })).toBeVisible();
    await page.goto('/agents');
    await expect(page.getByRole('link', { name: 'Elk Agent', exact: true })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.screenshot({ path: `${screenshotDir}/shell-admin-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 800, height: 800 });
    await page.reload();
    await page.screenshot({ path: `${screenshotDir}/shell-admin-800.png`, fullPage: true });
  });

  test('a staff member has no Admin section, a disabled Elk Agent and cannot open /users', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'staff@example.com');
    await page.goto('/agents');
    await expect(page.getByRole('link', { name: 'Code Review' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Elk Agent', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.screenshot({ path: `${screenshotDir}/shell-staff-1280.png`, fullPage: true });
    await page.goto('/users');
    await expect(page).toHaveURL(/\/chat\/Knowledge$/);
    await expect(page.getByRole('heading', { name: 'Users & Permissions' })).toHaveCount(0);
  });

  test('signing out shows the logged-out screen and Login starts single sign-on again', async ({ page }) => {
    await signIn(page, 'staff@example.com');
    await page.getByRole('button', { name: /Sam Staff/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByText('You have successfully logged out.')).toBeVisible();
    // The session is gone on the server too.
    const response = await page.request.get('/api/auth');
    expect(response.status()).toBe(401);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: /staff@example\.com/ })).toBeVisible();
  });

  test('an unknown path goes to chat/Knowledge', async ({ page }) => {
    await signIn(page, 'staff@example.com');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/chat\/Knowledge$/);
  });

  test('the health pages show pong! without signing in', async ({ page }) => {
    for (const path of ['/ping', '/health', '/healthz']) {
      await page.goto(path);
      await expect(page.getByText('pong!')).toBeVisible();
    }
  });
});
