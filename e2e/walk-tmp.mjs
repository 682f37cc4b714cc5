// Temporary walkthrough of the code review as a person (not committed).
import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { writeFileSync } from 'node:fs';
const base = process.env.BASE ?? 'http://localhost:8080';
const width = Number(process.env.WIDTH ?? 1280);
const shots = '/tmp/walk/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
const page = await context.newPage();
const axe = async (label) => {
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).exclude('[data-live-announcer]').analyze();
  console.log(`axe ${label} @${width}: ${violations.length ? violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; ') : 'clean'}`);
  await page.screenshot({ path: `${shots}/${label}-${width}.png` });
};
const tabUntil = async (test, max = 80) => {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(test)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('tab target not reached');
};
await page.goto(base + '/');
await page.getByRole('button', { name: /staff@example\.com/ }).click();
await page.waitForURL(/chat/);
await page.goto(base + '/codereview');
await page.getByText('Search files...').or(page.getByPlaceholder('Search files...')).first().waitFor();
await axe('list');
// Upload with the keyboard alone
await tabUntil(() => document.activeElement?.textContent?.trim() === 'Upload');
await page.keyboard.press('Enter');
await page.getByText('Supported Formats: .zip').waitFor();
await axe('upload-dialog');
// empty submit
await tabUntil(() => document.activeElement?.textContent?.trim() === 'Submit');
await page.keyboard.press('Enter');
await page.getByText('No zip provided for upload.').waitFor();
console.log('empty submit message shown');
await tabUntil(() => document.activeElement?.textContent?.trim() === 'Browse');
const chooser = page.waitForEvent('filechooser');
await page.keyboard.press('Enter');
await (await chooser).setFiles('/tmp/walk/shop.zip');
await page.getByText('Uploaded').first().waitFor();
await tabUntil(() => document.activeElement?.textContent?.trim() === 'Submit');
const started = Date.now();
await page.keyboard.press('Enter');
await page.getByText('File upload and revision pending...').waitFor();
console.log('pending message shown');
const row = page.getByRole('row', { name: /shop\.zip/ }).last();
await row.getByText('Success').waitFor({ timeout: 60000 });
console.log(`success after ${(Date.now() - started) / 1000}s`);
await axe('list-success');
// View with the mouse
await row.getByRole('button', { name: /View/ }).click();
await page.getByText(/Function: /).first().waitFor();
await page.getByText('Cart.total').first().click();
await page.getByText('Function: Cart.total').waitFor();
await page.getByText('Performance Enhancement').first().waitFor();
await page.getByText('Readability Enhancement').first().waitFor();
const broken = await page.getByText(/not valid Python/).count();
console.log(`view shows Cart.total with both sections; broken file reason shown: ${broken > 0}`);
const big = await page.getByText('report_1499').count();
console.log(`big.py functions listed (report_1499): ${big}`);
await axe('view');
await page.getByRole('button', { name: 'Close' }).click();
await row.waitFor();
// Download with the keyboard
await row.getByRole('button', { name: /Download/ }).focus();
const dl = page.waitForEvent('download');
await page.keyboard.press('Enter');
const download = await dl;
await download.saveAs(`/tmp/walk/download-${width}.zip`);
console.log(`downloaded ${download.suggestedFilename()}`);
// Delete with keyboard, confirm
await row.getByRole('button', { name: /Delete/ }).focus();
await page.keyboard.press('Enter');
await page.getByText("Are you sure to delete 'shop.zip'?").waitFor();
await axe('confirm');
await tabUntil(() => document.activeElement?.textContent?.trim() === 'OK');
await page.keyboard.press('Enter');
await page.waitForTimeout(1000);
console.log(`rows with shop.zip after delete: ${await page.getByRole('row', { name: /shop\.zip/ }).count()}`);
await browser.close();
