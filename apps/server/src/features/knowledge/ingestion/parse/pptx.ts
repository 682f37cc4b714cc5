// PowerPoint (.pptx): slides in presentation order (presentation.xml's slide list through its
// relationships), each slide's title as its heading, its text boxes, tables and speaker notes as
// blocks, and the slide number kept on every block.
import { Parser } from 'htmlparser2';
import { normalize } from './html.js';
import type { Section } from './types.js';
import { type BoundedZip, ZipError } from './zip.js';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
}

/** Calls `visit` for every element and text of an XML part, in document order. */
function walkXml(
  xml: string,
  handlers: {
    open?: (element: XmlElement, stack: readonly XmlElement[]) => void;
    text?: (text: string, stack: readonly XmlElement[]) => void;
    close?: (name: string, stack: readonly XmlElement[]) => void;
  },
): void {
  const stack: XmlElement[] = [];
  let failure: Error | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = { name, attributes };
        stack.push(element);
        handlers.open?.(element, stack);
      },
      ontext(text) {
        handlers.text?.(text, stack);
      },
      onclosetag(name) {
        stack.pop();
        handlers.close?.(name, stack);
      },
      onerror(error) {
        failure = error;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (failure) throw failure;
}

async function relationships(zip: BoundedZip, partName: string): Promise<Map<string, string>> {
  const slash = partName.lastIndexOf('/');
  const folder = partName.slice(0, slash);
  const relsName = `${folder}/_rels/${partName.slice(slash + 1)}.rels`;
  const xml = await zip.readText(relsName);
  const targets = new Map<string, string>();
  if (!xml) return targets;
  walkXml(xml, {
    open(element) {
      if (element.name !== 'Relationship') return;
      const { Id: id, Target: target, TargetMode: mode } = element.attributes;
      if (!id || !target || mode === 'External') return;
      targets.set(id, resolvePart(folder, target));
    },
  });
  return targets;
}

function resolvePart(folder: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = folder ? folder.split('/') : [];
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

async function slideOrder(zip: BoundedZip): Promise<string[]> {
  const presentation = await zip.readText('ppt/presentation.xml');
  if (!presentation) throw new ZipError('corrupt', 'The presentation has no ppt/presentation.xml.');
  const targets = await relationships(zip, 'ppt/presentation.xml');
  const ordered: string[] = [];
  walkXml(presentation, {
    open(element, stack) {
      if (element.name !== 'p:sldId' || stack.at(-2)?.name !== 'p:sldIdLst') return;
      const target = targets.get(element.attributes['r:id'] ?? '');
      if (target && zip.has(target)) ordered.push(target);
    },
  });
  if (ordered.length > 0) return ordered;
  // No usable slide list: fall back to the slide parts in numeric order.
  return [...zip.entries.keys()]
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((left, right) => slideNumber(left) - slideNumber(right));
}

function slideNumber(name: string): number {
  return Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
}

interface SlideText {
  title: string;
  blocks: string[];
}

/** The text of a slide (or notes) part: title placeholder apart, paragraphs and table rows as blocks. */
function readSlide(xml: string, options: { notes?: boolean } = {}): SlideText {
  let title = '';
  const blocks: string[] = [];
  let paragraph = '';
  let shapeKind: 'title' | 'body' | 'skip' = 'body';
  let row: string[] | undefined;
  let cell: string | undefined;
  walkXml(xml, {
    open(element, stack) {
      switch (element.name) {
        case 'p:sp':
          shapeKind = 'body';
          break;
        case 'p:ph': {
          if (!stack.some((entry) => entry.name === 'p:sp')) break;
          const type = element.attributes.type ?? '';
          if (type === 'title' || type === 'ctrTitle') shapeKind = options.notes ? 'skip' : 'title';
          else if (['sldNum', 'dt', 'ftr', 'hdr', 'sldImg'].includes(type)) shapeKind = 'skip';
          break;
        }
        case 'a:tr':
          row = [];
          break;
        case 'a:tc':
          cell = '';
          break;
        case 'a:p':
          paragraph = '';
          break;
        case 'a:br':
          paragraph += ' ';
          break;
        case 'a:tab':
          paragraph += ' ';
          break;
      }
    },
    text(text, stack) {
      if (stack.at(-1)?.name === 'a:t') paragraph += text;
    },
    close(name) {
      if (name === 'a:p') {
        const text = normalize(paragraph);
        paragraph = '';
        if (!text) return;
        if (cell !== undefined) cell = cell ? `${cell} ${text}` : text;
        else if (shapeKind === 'title') title = title ? `${title} ${text}` : text;
        else if (shapeKind === 'body') blocks.push(text);
      } else if (name === 'a:tc' && row && cell !== undefined) {
        row.push(cell);
        cell = undefined;
      } else if (name === 'a:tr' && row) {
        if (row.some(Boolean)) blocks.push(row.filter(Boolean).join(' | '));
        row = undefined;
      } else if (name === 'p:sp') {
        shapeKind = 'body';
      }
    },
  });
  return { title, blocks };
}

export async function parsePptx(zip: BoundedZip): Promise<Section[]> {
  const sections: Section[] = [];
  const slides = await slideOrder(zip);
  for (const [index, part] of slides.entries()) {
    const slide = index + 1;
    const { title, blocks } = readSlide((await zip.readText(part))!);
    const headingPath = title ? [title] : [];
    // A slide holding only its title still answers "which slide is about X".
    if (blocks.length === 0 && title) sections.push({ headingPath, slide, text: title });
    for (const text of blocks) sections.push({ headingPath, slide, text });
    const notesPart = [...(await relationships(zip, part)).values()].find((target) =>
      /^ppt\/notesSlides\/[^/]+\.xml$/.test(target),
    );
    const notesXml = notesPart ? await zip.readText(notesPart) : undefined;
    if (notesXml) {
      for (const text of readSlide(notesXml, { notes: true }).blocks)
        sections.push({ headingPath, slide, text });
    }
  }
  return sections;
}
