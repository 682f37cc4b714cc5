// Real .docx, .pptx and .pdf files built from text, so the parsers are tested on the formats
// people upload rather than on hand-made fragments: Word documents with the `docx` package, PDFs
// with `pdf-lib`, and presentations written part by part into a zip (fflate) the way PowerPoint
// lays them out. Test support only: it uses development dependencies.
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

export interface TextSection {
  heading: string;
  /** 1 = chapter, 2 = section, 3 = subsection. @default 1 */
  level?: 1 | 2 | 3;
  paragraphs: string[];
  /** Rows of cells, the first row naming the columns. */
  table?: string[][];
}

export interface TextDocument {
  title: string;
  sections: TextSection[];
}

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;

/** A Word document: the title as Title style, headings as Heading 1-3, paragraphs and tables. */
export async function buildDocx(document: TextDocument): Promise<Uint8Array> {
  const children: Array<Paragraph | Table> = [
    new Paragraph({ text: document.title, heading: HeadingLevel.TITLE }),
  ];
  for (const section of document.sections) {
    children.push(new Paragraph({ text: section.heading, heading: HEADINGS[(section.level ?? 1) - 1] }));
    for (const text of section.paragraphs) children.push(new Paragraph({ text }));
    if (section.table) {
      children.push(
        new Table({
          rows: section.table.map(
            (row) =>
              new TableRow({
                children: row.map((cell) => new TableCell({ children: [new Paragraph({ text: cell })] })),
              }),
          ),
        }),
      );
    }
  }
  const file = new Document({ sections: [{ children }] });
  return new Uint8Array(await Packer.toBuffer(file));
}

export interface PdfOptions {
  /** Start every level-1 section on a new page (predictable page numbers). @default false */
  pageBreakBeforeChapters?: boolean;
}

/** A PDF with real text: title 20 pt, headings 16/13 pt bold, body 11 pt, wrapped to A4. */
export async function buildPdf(document: TextDocument, options: PdfOptions = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(document.title);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [595, 842];
  const margin = 56;
  let page = pdf.addPage([width, height]);
  let y = height - margin;

  const newPage = () => {
    page = pdf.addPage([width, height]);
    y = height - margin;
  };
  const write = (text: string, font: PDFFont, size: number, spaceAfter: number) => {
    for (const line of wrap(winAnsi(text), font, size, width - 2 * margin)) {
      if (y - size < margin) newPage();
      y -= size * 1.25;
      page.drawText(line, { x: margin, y, size, font });
    }
    y -= spaceAfter;
  };

  write(document.title, bold, 20, 12);
  document.sections.forEach((section, index) => {
    const level = section.level ?? 1;
    if (options.pageBreakBeforeChapters && level === 1 && index > 0) newPage();
    write(section.heading, bold, level === 1 ? 16 : 13, 6);
    for (const text of section.paragraphs) write(text, regular, 11, 8);
    for (const row of section.table ?? []) write(row.join('  |  '), regular, 11, 2);
  });
  return pdf.save();
}

function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > maxWidth) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

/** The standard PDF fonts only encode WinAnsi: replace the few characters outside it. */
function winAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

export interface SlideSpec {
  title: string;
  bullets: string[];
  /** Speaker notes. */
  notes?: string;
  /** Rows of cells. */
  table?: string[][];
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const paragraphs = (lines: string[]) =>
  lines.map((line) => `<a:p><a:r><a:rPr lang="en-GB"/><a:t>${xmlEscape(line)}</a:t></a:r></a:p>`).join('');

function shape(id: number, name: string, placeholder: string, lines: string[]): string {
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>${placeholder}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs(lines)}</p:txBody></p:sp>`;
}

function tableFrame(rows: string[][]): string {
  const grid = rows[0]!.map(() => '<a:gridCol w="2000000"/>').join('');
  const body = rows
    .map(
      (row) =>
        `<a:tr h="370840">${row.map((cell) => `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/>${paragraphs([cell])}</a:txBody><a:tcPr/></a:tc>`).join('')}</a:tr>`,
    )
    .join('');
  return `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="8000000" cy="2000000"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid>${grid}</a:tblGrid>${body}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
}

/**
 * A presentation: one slide per spec with a title placeholder, a body of bullets, an optional
 * table and speaker notes. Slides are listed in presentation.xml in reverse file order, so a
 * reader that sorts slide files by name instead of following the slide list gets them wrong.
 */
export function buildPptx(slides: SlideSpec[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const put = (name: string, xml: string) => {
    files[name] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`);
  };
  // File slideN.xml holds slide (count - N + 1): the order comes from presentation.xml only.
  const fileOf = (index: number) => slides.length - index;
  const overrides = slides
    .map(
      (_, index) =>
        `<Override PartName="/ppt/slides/slide${fileOf(index)}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>` +
        `<Override PartName="/ppt/notesSlides/notesSlide${fileOf(index)}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml"/>`,
    )
    .join('');
  put(
    '[Content_Types].xml',
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${overrides}</Types>`,
  );
  put(
    '_rels/.rels',
    `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
  );
  const slideIds = slides
    .map((_, index) => `<p:sldId id="${256 + index}" r:id="rId${index + 10}"/>`)
    .join('');
  put(
    'ppt/presentation.xml',
    `<p:presentation ${NS}><p:sldIdLst>${slideIds}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
  );
  put(
    'ppt/_rels/presentation.xml.rels',
    `<Relationships xmlns="${PKG_REL}">${slides
      .map(
        (_, index) =>
          `<Relationship Id="rId${index + 10}" Type="${REL}/slide" Target="slides/slide${fileOf(index)}.xml"/>`,
      )
      .join('')}</Relationships>`,
  );
  slides.forEach((slide, index) => {
    const file = fileOf(index);
    const body =
      shape(2, 'Title', '<p:ph type="title"/>', [slide.title]) +
      shape(3, 'Content', '<p:ph idx="1"/>', slide.bullets) +
      (slide.table ? tableFrame(slide.table) : '') +
      shape(5, 'Slide Number', '<p:ph type="sldNum" idx="12"/>', [String(index + 1)]);
    put(
      `ppt/slides/slide${file}.xml`,
      `<p:sld ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${body}</p:spTree></p:cSld></p:sld>`,
    );
    put(
      `ppt/slides/_rels/slide${file}.xml.rels`,
      `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId2" Type="${REL}/notesSlide" Target="../notesSlides/notesSlide${file}.xml"/></Relationships>`,
    );
    put(
      `ppt/notesSlides/notesSlide${file}.xml`,
      `<p:notes ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, 'Slide Image', '<p:ph type="sldImg"/>', [])}${shape(3, 'Notes', '<p:ph type="body" idx="1"/>', slide.notes ? [slide.notes] : [])}</p:spTree></p:cSld></p:notes>`,
    );
  });
  return zipSync(files);
}

/**
 * A Markdown document of the demo set as a TextDocument: '#' is the title, '##' chapters, '###'
 * sections, blank-line separated paragraphs (list items each a paragraph); tables are kept.
 */
export function markdownToTextDocument(markdown: string): TextDocument {
  const document: TextDocument = { title: '', sections: [] };
  let section: TextSection | undefined;
  for (const block of markdown.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim());
    const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0] ?? '');
    if (heading) {
      lines.shift();
      if (heading[1] === '#') document.title = heading[2]!;
      else {
        section = { heading: heading[2]!, level: heading[1] === '##' ? 1 : 2, paragraphs: [] };
        document.sections.push(section);
      }
    }
    if (lines.length === 0) continue;
    if (!section) {
      section = { heading: 'Introduction', paragraphs: [] };
      document.sections.push(section);
    }
    if (lines[0]!.startsWith('|')) {
      section.table = lines
        .filter((line) => !/^\|\s*-/.test(line))
        .map((line) =>
          line
            .replace(/^\||\|$/g, '')
            .split('|')
            .map((cell) => cell.trim()),
        );
      continue;
    }
    const items: string[] = [];
    for (const line of lines) {
      const stripped = line.replace(/\*\*/g, '').replace(/`/g, '');
      if (/^\s*(-|\d+\.)\s+/.test(stripped)) items.push(stripped.replace(/^\s*(-|\d+\.)\s+/, ''));
      else if (items.length > 0) items[items.length - 1] += ` ${stripped.trim()}`;
      else items.push(stripped.trim());
    }
    section.paragraphs.push(...items);
  }
  return document;
}
