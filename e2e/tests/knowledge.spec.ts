// The knowledge base from the browser: the admin uploads real documents through Train Bot (the
// landing card's window, by keyboard only, and the train-bot page), File Status follows them to
// Ready / No text to index / Failed with its reason, a document is deleted after confirmation, and
// staff can neither open the page nor call its operations. Screenshots at 1280 and 800px, axe on
// every new screen.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { accessibilityViolations, screenshotDir, signIn, tabTo, xsrfHeader } from './support';

// Uploads, ingestion on the real server and several dialogs; the machines are shared.
test.describe.configure({ timeout: 180_000 });

const wide = { width: 1280, height: 800 };
const narrow = { width: 800, height: 800 };
/** Ingestion runs in the server's background worker: give it time on a loaded machine. */
const ingestion = { timeout: 60_000 };

// Names unique to this run, so a rerun against the same data folder starts from fresh rows.
const run = Date.now().toString(36);
const names = {
  docx: `vpn-guide-${run}.docx`,
  pdf: `go-live-notes-${run}.pdf`,
  pptx: `runbook-deck-${run}.pptx`,
  jpg: `office-map-${run}.jpg`,
  corrupt: `damaged-report-${run}.pdf`,
  text: `faq-${run}.md`,
};

async function docxFile(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'VPN guide', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Connecting from home', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            text: 'Open the VPN client, choose the Office gateway and sign in with your badge.',
          }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(document));
}

async function pdfFile(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('Go-live notes', { x: 50, y: 780, size: 20, font });
  page.drawText('The blueprint sign-off happens one week before go-live.', { x: 50, y: 740, size: 11, font });
  return Buffer.from(await pdf.save());
}

const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A one-slide PowerPoint file, laid out the way PowerPoint writes one. */
function pptxFile(): Buffer {
  const text = (id: number, placeholder: string, line: string) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr>${placeholder}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:t>${line}</a:t></a:r></a:p></p:txBody></p:sp>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>',
      ),
      '_rels/.rels': xml(
        `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
      ),
      'ppt/presentation.xml': xml(
        `<p:presentation ${NS}><p:sldIdLst><p:sldId id="256" r:id="rId10"/></p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>`,
      ),
      'ppt/_rels/presentation.xml.rels': xml(
        `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId10" Type="${REL}/slide" Target="slides/slide1.xml"/></Relationships>`,
      ),
      'ppt/slides/slide1.xml': xml(
        `<p:sld ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${text(2, '<p:ph type="title"/>', 'Pre-prod runbook')}${text(3, '<p:ph idx="1"/>', 'Restart the staging workers after every schema migration.')}</p:spTree></p:cSld></p:sld>`,
      ),
    }),
  );
}

/** A tiny JPEG (header and end marker): kept, with no text to index. */
const jpgFile = () =>
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xd9,
  ]);

/** Starts like a PDF, then nothing a PDF reader can use. */
const corruptPdfFile = () =>
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nthis is not a pdf\n');

type UploadFile = { name: string; mimeType: string; buffer: Buffer };

async function uploadFiles(): Promise<UploadFile[]> {
  return [
    {
      name: names.docx,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await docxFile(),
    },
    { name: names.pdf, mimeType: 'application/pdf', buffer: await pdfFile() },
    {
      name: names.pptx,
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      buffer: pptxFile(),
    },
    { name: names.jpg, mimeType: 'image/jpeg', buffer: jpgFile() },
  ];
}

/** axe's WCAG 2.x A/AA rules on the page (or part of it). */
/**
 * Reaches a control inside a table row by keyboard: Tab into the grid, then arrow keys (a grid is one
 * tab stop; Down moves between rows, Right into the row's cells and their buttons).
 */
async function arrowTo(page: Page, grid: Locator, rowText: string, target: Locator, max = 200) {
  const isInGrid = () => grid.evaluate((element) => element.contains(document.activeElement));
  for (let presses = 0; !(await isInGrid()); presses++) {
    if (presses >= 60) throw new Error('Tab never reached the table');
    await page.keyboard.press('Tab');
  }
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    const isInRow = await page.evaluate(
      (text) => document.activeElement?.closest('[role="row"]')?.textContent?.includes(text) ?? false,
      rowText,
    );
    await page.keyboard.press(isInRow ? 'ArrowRight' : 'ArrowDown');
  }
  throw new Error(`The arrow keys never reached ${target}`);
}

const statusTable = (page: Page) => page.getByRole('grid', { name: 'File status' });
const documentRow = (page: Page, name: string) =>
  statusTable(page).getByRole('row', { name: new RegExp(name) });
/** The status pill of a document's row (the spec's status cell). */
const statusCell = (page: Page, name: string) => documentRow(page, name).locator('.da-file-status');

test.describe('Train Bot and File Status as the admin', () => {
  test('uploads a docx, a pdf, a pptx and a jpg by keyboard alone through the landing card, then follows them to Ready / No text to index', async ({
    page,
  }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'admin@example.com');
    await page.goto('/agents');
    const card = page.getByRole('button', { name: 'Upload: Train Bot' });
    await expect(card).toBeVisible();

    // Keyboard only: Tab to the card's Upload button, Enter opens the upload window.
    await tabTo(page, card);
    await page.keyboard.press('Enter');
    const window = page.getByRole('dialog', { name: 'Train Bot' });
    await expect(window).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Submit with nothing chosen says what is missing.
    await tabTo(page, window.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await expect(window.getByRole('alert')).toHaveText('Add at least one file to upload.');

    // Choose IT and DevOps with Space, Knowledge unticks itself.
    await tabTo(page, window.getByRole('checkbox', { name: 'IT' }));
    await page.keyboard.press('Space');
    await tabTo(page, window.getByRole('checkbox', { name: 'DevOps' }));
    await page.keyboard.press('Space');
    await expect(window.getByRole('checkbox', { name: 'Knowledge (all departments)' })).not.toBeChecked();

    // Browse with Enter opens the file chooser.
    await tabTo(page, window.getByRole('button', { name: 'Browse' }));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(await uploadFiles());
    await expect(window.getByRole('heading', { name: '4 files to upload' })).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/train-bot-window-1280.png` });
    expect(await accessibilityViolations(page)).toEqual([]);

    await tabTo(page, window.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    const success = page.getByRole('dialog', { name: 'Upload successful' });
    await expect(success).toBeVisible();
    await expect(window).toHaveCount(0);
    await expect(success).toContainText('4 files were uploaded and queued for ingestion.');
    for (const name of [names.docx, names.pdf, names.pptx, names.jpg])
      await expect(success).toContainText(name);
    await page.screenshot({ path: `${screenshotDir}/train-bot-success-1280.png` });
    expect(await accessibilityViolations(page)).toEqual([]);

    // The success window's link goes to File Status.
    await tabTo(page, success.getByRole('link', { name: 'View file status' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'File Status' })).toBeVisible();

    // The list refreshes by itself: the documents move on without a reload.
    for (const name of [names.docx, names.pdf, names.pptx]) {
      await expect(statusCell(page, name)).toHaveText('Ready', ingestion);
      await expect(statusCell(page, name)).toHaveAttribute('data-state', 'ready');
    }
    await expect(statusCell(page, names.jpg)).toHaveText('No text to index', ingestion);
    await expect(statusCell(page, names.jpg)).toHaveAttribute('data-state', 'not-ready');
    await expect(documentRow(page, names.jpg)).toContainText('no text to index');
    await expect(documentRow(page, names.docx)).toContainText('IT, DevOps');
    await expect(page.getByText('Refreshing by itself until every document is processed.')).toHaveCount(
      0,
      ingestion,
    );
    await page.screenshot({ path: `${screenshotDir}/file-status-1280.png`, fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.setViewportSize(narrow);
    await page.reload();
    await expect(statusCell(page, names.docx)).toHaveText('Ready');
    const container = page.locator('.da-file-status-table');
    const { scrollWidth, clientWidth } = await container.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.screenshot({ path: `${screenshotDir}/file-status-800.png`, fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('a corrupt pdf ends Failed with its reason; re-ingest and delete ask first, by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize(narrow);
    await signIn(page, 'admin@example.com');
    await page.goto('/status');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const window = page.getByRole('dialog', { name: 'Train Bot' });
    await window.locator('input[type="file"]').setInputFiles([
      { name: names.corrupt, mimeType: 'application/pdf', buffer: corruptPdfFile() },
      {
        name: names.text,
        mimeType: 'text/markdown',
        buffer: Buffer.from('# FAQ\n\nLunch is served at noon.\n'),
      },
      { name: `installer-${run}.exe`, mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    await expect(window.getByText(`installer-${run}.exe: .exe files are not accepted.`)).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/train-bot-window-800.png` });
    expect(await accessibilityViolations(page)).toEqual([]);
    await window.getByRole('button', { name: 'Submit' }).click();
    const success = page.getByRole('dialog', { name: 'Upload successful' });
    await expect(success).toContainText('2 files were uploaded');
    await success.getByRole('button', { name: 'OK' }).click();
    await expect(success).toHaveCount(0);

    await expect(statusCell(page, names.corrupt)).toHaveText('Failed', ingestion);
    await expect(statusCell(page, names.corrupt)).toHaveAttribute('data-state', 'not-ready');
    await expect(documentRow(page, names.corrupt)).toContainText(/damaged or not a PDF/i);
    await expect(statusCell(page, names.text)).toHaveText('Ready', ingestion);
    await page.screenshot({ path: `${screenshotDir}/file-status-failed-800.png`, fullPage: true });

    // Re-ingest by keyboard: the confirmation opens on Cancel; Tab to Re-ingest, Enter.
    await arrowTo(
      page,
      statusTable(page),
      names.corrupt,
      page.getByRole('button', { name: `Re-ingest ${names.corrupt}` }),
    );
    await page.keyboard.press('Enter');
    const reingest = page.getByRole('alertdialog', { name: 'Re-ingest' });
    await expect(reingest).toBeVisible();
    await expect(reingest.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(reingest.getByRole('button', { name: 'Re-ingest' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${names.corrupt} is queued for ingestion again.`)).toBeVisible();
    await expect(statusCell(page, names.corrupt)).toHaveText('Failed', ingestion);

    // Delete by keyboard, after confirmation; Escape first keeps it.
    const deleteButton = page.getByRole('button', { name: `Delete ${names.text}` });
    await arrowTo(page, statusTable(page), names.text, deleteButton);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await expect(confirm).toContainText(`Are you sure you want to delete '${names.text}'?`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(deleteButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Successfully deleted ${names.text}.`)).toBeVisible();
    await expect(documentRow(page, names.text)).toHaveCount(0);
    // Gone on the server too.
    const listed = await page.request.get('/api/knowledge/documents');
    const { documents } = (await listed.json()) as { documents: Array<{ document: string }> };
    expect(documents.map((entry) => entry.document)).not.toContain(names.text);
    expect(documents.map((entry) => entry.document)).toContain(names.corrupt);
  });

  test('the train-bot page offers the same uploader', async ({ page }) => {
    await page.setViewportSize(narrow);
    await signIn(page, 'admin@example.com');
    await page.goto('/train-bot');
    await expect(page.getByRole('heading', { level: 1, name: 'Train Bot' })).toBeVisible();
    await page.locator('.da-train-bot input[type="file"]').setInputFiles({
      name: `page-upload-${run}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from('Parking is free after six.'),
    });
    await expect(page.getByRole('heading', { name: '1 file to upload' })).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/train-bot-page-800.png`, fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload successful' })).toContainText(
      `page-upload-${run}.txt`,
    );
    await page.setViewportSize(wide);
    await page.screenshot({ path: `${screenshotDir}/train-bot-page-success-1280.png` });
  });
});

test.describe('File Status as staff', () => {
  test('staff cannot open the page, and the knowledge operations answer 403', async ({ page }) => {
    await page.setViewportSize(wide);
    await signIn(page, 'staff@example.com');
    await page.goto('/status');
    await expect(page).toHaveURL(/\/chat\/Knowledge$/);
    await expect(page.getByRole('heading', { name: 'File Status' })).toHaveCount(0);
    await page.goto('/agents');
    await expect(page.getByRole('button', { name: 'Upload: Train Bot' })).toHaveCount(0);
    await page.goto('/train-bot');
    await expect(page.getByRole('note')).toContainText("needs the 'train' permission");

    const headers = await xsrfHeader(page);
    expect((await page.request.get('/api/knowledge/documents')).status()).toBe(403);
    for (const path of ['/api/knowledge/documents/delete', '/api/knowledge/documents/reingest']) {
      const response = await page.request.post(path, { headers, data: { id: '1' } });
      expect(response.status()).toBe(403);
      expect((await response.json()).code).toBe('forbidden');
    }
    const upload = await page.request.post('/api/file/success', {
      headers,
      multipart: { files: { name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('x') } },
    });
    expect(upload.status()).toBe(403);
  });
});
