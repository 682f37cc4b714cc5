import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildDocx,
  buildPdf,
  buildPptx,
  markdownToTextDocument,
  type TextDocument,
} from '../../demo/build-files.js';
import { demoDirectory } from '../../demo/demo-set.js';
import { DEFAULT_PARSE_LIMITS, parseDocument } from './parse-document.js';
import type { ParseResult, Section } from './types.js';

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = strToU8('GIF89a\x01\x00\x01\x00');
const MP4 = new Uint8Array([0, 0, 0, 24, ...strToU8('ftypisom'), 0, 0, 2, 0, ...strToU8('isomiso2')]);
const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);

function sectionsOf(result: ParseResult): Section[] {
  if (result.kind !== 'text') throw new Error(`expected text, got ${JSON.stringify(result)}`);
  return result.sections;
}

function findSection(sections: Section[], fragment: string): Section {
  const found = sections.find((section) => section.text.includes(fragment));
  if (!found) throw new Error(`no section contains "${fragment}"`);
  return found;
}

const GUIDE: TextDocument = {
  title: 'Travel guide',
  sections: [
    { heading: 'Booking', paragraphs: ['Book every trip through the travel portal.'] },
    {
      heading: 'Hotels',
      level: 2,
      paragraphs: ['Hotels cost up to 180 EUR a night.'],
      table: [
        ['City', 'Limit'],
        ['London', '250 EUR'],
      ],
    },
    { heading: 'Claims', paragraphs: ['Claim expenses within 30 days with a photo of each receipt.'] },
  ],
};

describe('parsing Word documents (.docx)', () => {
  it('keeps the heading path of every paragraph and reads table rows as "Column: value"', async () => {
    const sections = sectionsOf(await parseDocument({ name: 'guide.docx', bytes: await buildDocx(GUIDE) }));
    expect(findSection(sections, 'travel portal').headingPath).toEqual(['Booking']);
    expect(findSection(sections, '180 EUR').headingPath).toEqual(['Booking', 'Hotels']);
    expect(findSection(sections, 'London')).toMatchObject({
      headingPath: ['Booking', 'Hotels'],
      text: 'City: London\nLimit: 250 EUR',
    });
    expect(findSection(sections, 'receipt').headingPath).toEqual(['Claims']);
  });

  it('reads a whole demo guide converted to Word', async () => {
    const markdown = await readFile(path.join(demoDirectory(), 'it-onboarding-vpn-guide.md'), 'utf8');
    const bytes = await buildDocx(markdownToTextDocument(markdown));
    const sections = sectionsOf(await parseDocument({ name: 'vpn.docx', bytes }));
    expect(findSection(sections, 'GlobalProtect globe icon').headingPath).toEqual([
      'Connecting to the VPN from home',
    ]);
  });

  it('fails a truncated .docx with a reason instead of throwing', async () => {
    const bytes = await buildDocx(GUIDE);
    const result = await parseDocument({ name: 'guide.docx', bytes: bytes.subarray(0, bytes.length / 2) });
    expect(result).toMatchObject({ kind: 'failed', code: 'corrupt' });
    expect((result as { reason: string }).reason).toMatch(/not a complete zip archive/);
  });

  it('fails a .docx whose document part is not XML', async () => {
    const bytes = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('this is not xml <<<'),
    });
    const result = await parseDocument({ name: 'broken.docx', bytes });
    expect(result).toMatchObject({ kind: 'failed', code: 'corrupt' });
    expect((result as { reason: string }).reason).toMatch(/could not be read/);
  });

  it('tells a legacy or password-protected Word file apart from a .docx', async () => {
    const result = await parseDocument({ name: 'old.docx', bytes: OLE });
    expect(result).toMatchObject({ kind: 'failed', code: 'content_mismatch' });
    expect((result as { reason: string }).reason).toMatch(/legacy Word \(\.doc\).*save it as \.docx/);
  });
});

describe('parsing presentations (.pptx)', () => {
  const slides = [
    {
      title: 'Go-live plan',
      bullets: ['Cutover on Saturday 06:00 UTC'],
      notes: 'Remind partners on Friday.',
    },
    {
      title: 'Rollback',
      bullets: ['Roll back when errors exceed 2 percent'],
      table: [
        ['Check', 'Owner'],
        ['DNS', 'Gateway team'],
      ],
    },
    { title: 'Hypercare', bullets: ['Two weeks of daily stand-ups'] },
  ];

  it('reads slides in presentation order with their number, title, body, table and speaker notes', async () => {
    const sections = sectionsOf(await parseDocument({ name: 'deck.pptx', bytes: buildPptx(slides) }));
    expect(findSection(sections, 'Cutover')).toEqual({
      headingPath: ['Go-live plan'],
      slide: 1,
      text: 'Cutover on Saturday 06:00 UTC',
    });
    expect(findSection(sections, 'Remind partners')).toMatchObject({
      slide: 1,
      headingPath: ['Go-live plan'],
    });
    expect(findSection(sections, 'DNS')).toMatchObject({ slide: 2, text: 'DNS | Gateway team' });
    expect(findSection(sections, 'stand-ups')).toMatchObject({ slide: 3, headingPath: ['Hypercare'] });
    // Slide-number placeholders are layout, not content.
    expect(sections.some((section) => /^\d+$/.test(section.text))).toBe(false);
  });

  it('gives legacy .ppt files a clear "convert to .pptx" status, and reads a .pptx saved as .ppt', async () => {
    const legacy = await parseDocument({ name: 'old-deck.ppt', bytes: OLE });
    expect(legacy).toMatchObject({ kind: 'unsupported_legacy' });
    expect((legacy as { reason: string }).reason).toMatch(/save it as \.pptx/);

    const renamed = await parseDocument({ name: 'deck.ppt', bytes: buildPptx(slides) });
    expect(findSection(sectionsOf(renamed), 'stand-ups').slide).toBe(3);
  });
});

describe('parsing PDF', () => {
  it('keeps page numbers and finds headings from the font sizes', async () => {
    const bytes = await buildPdf(GUIDE, { pageBreakBeforeChapters: true });
    const sections = sectionsOf(await parseDocument({ name: 'guide.pdf', bytes }));
    expect(findSection(sections, 'travel portal')).toMatchObject({
      page: 1,
      headingPath: ['Travel guide', 'Booking'],
    });
    expect(findSection(sections, '180 EUR')).toMatchObject({
      page: 1,
      headingPath: ['Travel guide', 'Booking', 'Hotels'],
    });
    expect(findSection(sections, 'receipt')).toMatchObject({
      page: 2,
      headingPath: ['Travel guide', 'Claims'],
    });
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const bytes = await buildPdf(GUIDE, { pageBreakBeforeChapters: true });
    expect(await parseDocument({ name: 'long.pdf', bytes }, { maxPdfPages: 1 })).toEqual({
      kind: 'failed',
      code: 'too_large',
      reason: 'The PDF has 2 pages; at most 1 can be indexed. Split it into smaller documents.',
    });
  });

  it('fails a damaged PDF with a reason', async () => {
    const bytes = strToU8('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> garbage without xref');
    const result = await parseDocument({ name: 'broken.pdf', bytes });
    expect(result).toMatchObject({ kind: 'failed', code: 'corrupt' });
    expect((result as { reason: string }).reason).toMatch(/PDF is damaged/);
  });

  it('says a PDF without a text layer has no text to index', async () => {
    const bytes = await buildPdf({ title: '', sections: [] });
    expect(await parseDocument({ name: 'scan.pdf', bytes })).toMatchObject({
      kind: 'no_text',
      reason: expect.stringMatching(/no text layer/),
    });
  });
});

describe('parsing text formats', () => {
  it('reads HTML headings as a path and skips scripts, styles and navigation', async () => {
    const html = `<html><head><title>x</title><style>p{}</style></head><body>
      <nav>Home &rsaquo; Policies</nav><h1>Policy</h1><p>Intro &amp; scope.</p>
      <h2>Tiers</h2><h3>Tier 1</h3><p>Agents answer first.</p><script>alert(1)</script>
      <h2>Closing</h2><ul><li>Confirm with the customer.</li><li>Wait 7 days.</li></ul></body></html>`;
    const sections = sectionsOf(await parseDocument({ name: 'policy.html', bytes: strToU8(html) }));
    expect(sections).toEqual([
      { headingPath: ['Policy'], text: 'Intro & scope.' },
      { headingPath: ['Policy', 'Tiers', 'Tier 1'], text: 'Agents answer first.' },
      { headingPath: ['Policy', 'Closing'], text: 'Confirm with the customer.' },
      { headingPath: ['Policy', 'Closing'], text: 'Wait 7 days.' },
    ]);
  });

  it('reads Markdown headings, lists and tables', async () => {
    const markdown =
      '# Guide\n\nIntro.\n\n## Setup\n\n- Install the client\n- Sign in\n\n| Key | Value |\n| --- | --- |\n| Portal | vpn.example.com |\n';
    const sections = sectionsOf(await parseDocument({ name: 'guide.md', bytes: strToU8(markdown) }));
    expect(sections).toEqual([
      { headingPath: ['Guide'], text: 'Intro.' },
      { headingPath: ['Guide', 'Setup'], text: 'Install the client' },
      { headingPath: ['Guide', 'Setup'], text: 'Sign in' },
      { headingPath: ['Guide', 'Setup'], text: 'Key: Portal\nValue: vpn.example.com' },
    ]);
  });

  it('renders CSV rows as "header: value" lines', async () => {
    const csv =
      'Team;Contact;Hours\nSupport;+44 20 7946 0101;24/7\nFinance;billing@example.com;"Mon-Fri; 09:00-17:00"\n';
    const sections = sectionsOf(await parseDocument({ name: 'contacts.csv', bytes: strToU8(csv) }));
    expect(sections.map((section) => section.text)).toEqual([
      'Team: Support\nContact: +44 20 7946 0101\nHours: 24/7',
      'Team: Finance\nContact: billing@example.com\nHours: Mon-Fri; 09:00-17:00',
    ]);
  });

  it('reads plain text with underlined and capital headings, in UTF-8, UTF-16 or Windows-1252', async () => {
    const text =
      'Notes\n=====\n\nIntro line.\n\nRollback\n--------\n\nSwitch DNS back.\n\nCONTACTS\n\nCall the café.\n';
    const expected = [
      { headingPath: ['Notes'], text: 'Intro line.' },
      { headingPath: ['Notes', 'Rollback'], text: 'Switch DNS back.' },
      { headingPath: ['Notes', 'CONTACTS'], text: 'Call the café.' },
    ];
    expect(sectionsOf(await parseDocument({ name: 'notes.txt', bytes: strToU8(text) }))).toEqual(expected);
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...text].map((c) => c.charCodeAt(0))).buffer),
    ]);
    expect(sectionsOf(await parseDocument({ name: 'notes.txt', bytes: utf16 }))).toEqual(expected);
    const latin = new Uint8Array([...text].map((character) => character.charCodeAt(0)));
    expect(sectionsOf(await parseDocument({ name: 'notes.txt', bytes: latin }))).toEqual(expected);
  });

  it('parses every file of the demo set into sections with headings', async () => {
    for (const name of [
      'company-handbook.md',
      'cs-escalation-policy.html',
      'pga-go-live-notes.txt',
      'education-faq.html',
    ]) {
      const bytes = new Uint8Array(await readFile(path.join(demoDirectory(), name)));
      const sections = sectionsOf(await parseDocument({ name, bytes }));
      expect(sections.length, name).toBeGreaterThan(5);
      expect(
        sections.every((section) => section.headingPath.length > 0),
        name,
      ).toBe(true);
    }
  });

  it('reads a file from a stream', async () => {
    async function* stream() {
      yield strToU8('# Title\n\n');
      yield strToU8('Streamed body.');
    }
    expect(sectionsOf(await parseDocument({ name: 'streamed.md', stream: stream() }))).toEqual([
      { headingPath: ['Title'], text: 'Streamed body.' },
    ]);
  });
});

describe('files with no text', () => {
  it.each([
    ['photo.jpg', JPEG],
    ['photo.jpeg', JPEG],
    ['diagram.png', PNG],
    ['animation.gif', GIF],
    ['screenshot.png', JPEG],
  ])('keeps the image %s with a "no text to index" status', async (name, bytes) => {
    expect(await parseDocument({ name, bytes })).toEqual({
      kind: 'no_text',
      reason: 'Images have no text to index; the file is kept.',
    });
  });

  it('keeps a video with a "no text to index" status', async () => {
    expect(await parseDocument({ name: 'demo.mp4', bytes: MP4 })).toEqual({
      kind: 'no_text',
      reason: 'Videos have no text to index; the file is kept.',
    });
  });
});

describe('files that cannot be indexed', () => {
  it('names what a file really is when its content does not match its extension', async () => {
    expect(await parseDocument({ name: 'report.pdf', bytes: PNG })).toEqual({
      kind: 'failed',
      code: 'content_mismatch',
      reason:
        'The file is named .pdf but its content is a PNG image. Check that it is the right file, or give it the extension of what it is.',
    });
    const text = await parseDocument({ name: 'notes.docx', bytes: strToU8('Just some notes.\n') });
    expect(text).toMatchObject({
      code: 'content_mismatch',
      reason: expect.stringMatching(/named \.docx but its content is plain text/),
    });
    const deck = await parseDocument({
      name: 'slides.docx',
      bytes: buildPptx([{ title: 'A', bullets: ['b'] }]),
    });
    expect(deck).toMatchObject({
      code: 'content_mismatch',
      reason: expect.stringMatching(/PowerPoint presentation/),
    });
    const video = await parseDocument({ name: 'clip.jpg', bytes: MP4 });
    expect(video).toMatchObject({ code: 'content_mismatch', reason: expect.stringMatching(/MP4 video/) });
    const binary = await parseDocument({ name: 'data.csv', bytes: new Uint8Array([1, 2, 0, 3, 4, 0, 5]) });
    expect(binary).toMatchObject({ code: 'content_mismatch', reason: expect.stringMatching(/binary data/) });
  });

  it('refuses empty files, unknown types and files over the size limit', async () => {
    expect(await parseDocument({ name: 'empty.txt', bytes: new Uint8Array() })).toEqual({
      kind: 'failed',
      code: 'empty',
      reason: 'The file is empty.',
    });
    expect(await parseDocument({ name: 'tool.exe', bytes: strToU8('MZ') })).toMatchObject({
      code: 'unsupported_type',
      reason: expect.stringMatching(/^\.exe cannot be indexed\. Accepted types: \.docx, \.pptx/),
    });
    expect(
      await parseDocument({ name: 'big.txt', bytes: new Uint8Array(2048).fill(65) }, { maxBytes: 1024 }),
    ).toEqual({
      kind: 'failed',
      code: 'too_large',
      reason: 'The file is larger than the 1 KB limit.',
    });
  });
});

describe('zip bombs disguised as .docx and .pptx', () => {
  let document: Uint8Array;
  beforeAll(async () => {
    document = strToU8(
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>`,
    );
  });

  /** Offset of the central directory entry of `name` in a zip. */
  function centralEntry(zip: Uint8Array, name: string): number {
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let eocd = zip.length - 22;
    while (view.getUint32(eocd, true) !== 0x06054b50) eocd--;
    let position = view.getUint32(eocd + 16, true);
    for (;;) {
      const nameLength = view.getUint16(position + 28, true);
      const entryName = new TextDecoder().decode(zip.subarray(position + 46, position + 46 + nameLength));
      if (entryName === name) return position;
      position += 46 + nameLength + view.getUint16(position + 30, true) + view.getUint16(position + 32, true);
    }
  }

  it('refuses a part compressed far beyond any real document', async () => {
    const bytes = zipSync({
      'word/document.xml': document,
      'word/media/padding.bin': new Uint8Array(30 * 1024 * 1024),
    });
    const result = await parseDocument({ name: 'bomb.docx', bytes });
    expect(result).toMatchObject({ kind: 'failed', code: 'zip_limits' });
    expect((result as { reason: string }).reason).toMatch(/compressed more than 200:1.*zip bomb/);
  });

  it('stops inflating a part that expands beyond the size it declares', async () => {
    const bytes = zipSync({ 'word/document.xml': new Uint8Array(4 * 1024 * 1024).fill(32) });
    // Declare 1000 bytes: small enough to pass every check made before inflating.
    new DataView(bytes.buffer).setUint32(centralEntry(bytes, 'word/document.xml') + 24, 1000, true);
    const result = await parseDocument({ name: 'liar.docx', bytes });
    expect(result).toMatchObject({ kind: 'failed', code: 'zip_limits' });
    expect((result as { reason: string }).reason).toMatch(/expands beyond the size it declares/);
  });

  it('refuses entries that share their bytes (non-recursive zip bomb)', async () => {
    const bytes = zipSync({ 'word/document.xml': document, 'word/styles.xml': document });
    const view = new DataView(bytes.buffer);
    const first = view.getUint32(centralEntry(bytes, 'word/document.xml') + 42, true);
    view.setUint32(centralEntry(bytes, 'word/styles.xml') + 42, first, true);
    const result = await parseDocument({ name: 'overlap.docx', bytes });
    expect(result).toMatchObject({
      kind: 'failed',
      code: 'zip_limits',
      reason: expect.stringMatching(/overlap/),
    });
  });

  it('refuses archives with too many entries or too many bytes once expanded', async () => {
    const many: Record<string, Uint8Array> = { 'ppt/presentation.xml': strToU8('<p:presentation/>') };
    for (let index = 0; index < 6000; index++) many[`ppt/slides/slide${index}.xml`] = new Uint8Array();
    const result = await parseDocument({ name: 'many.pptx', bytes: zipSync(many, { level: 0 }) });
    expect(result).toMatchObject({ kind: 'failed', code: 'zip_limits' });
    expect((result as { reason: string }).reason).toMatch(/6001 parts, more than the 5000 allowed/);

    const docx = await buildDocx(GUIDE);
    const small = { ...DEFAULT_PARSE_LIMITS.zip, maxUncompressedBytes: 4096 };
    const capped = await parseDocument({ name: 'guide.docx', bytes: docx }, { zip: small });
    expect(capped).toMatchObject({
      kind: 'failed',
      code: 'zip_limits',
      reason: expect.stringMatching(/more than 4 KB/),
    });
  });
});
