// A chunk's full-text vector computed in JavaScript, exactly as PostgreSQL's
// `to_tsvector('english', text)` computes it, so the ingestion's parse threads can do the work that
// otherwise runs inside the database (on the embedded PGlite: on the server's thread, a third of an
// ingestion's cost there). Only text whose every token is one this module reproduces exactly is
// vectorised here: words of ASCII letters, numbers, letters mixed with digits, and hyphenated words
// of letters, between spaces and punctuation that PostgreSQL's parser reads as blanks in any place.
// Anything else (a URL, a file name, a decimal, a word with accents, an e-mail address...) answers
// undefined and the database computes that chunk's vector itself. Stems are Snowball's English
// stemmer (the `porter2` package) with the stop words of PostgreSQL's `english.stop`; PostgreSQL 18
// ships a later Snowball than 15 with one difference found (see `stem`), and `detectTextVectors`
// checks the database in use before any of this is used: on a mismatch nothing is computed here.
import { stem as porter2 } from 'porter2';
import type { Queryable } from '../../../platform/db/db.js';

/** Which Snowball English stemmer the database has; undefined when neither matches (nothing computed here). */
export type TextVectorStemmer = 'snowball2' | 'snowball3';

/** PostgreSQL's `tsearch_data/english.stop`. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her
  hers herself it its itself they them their theirs themselves what which who whom this that these
  those am is are was were be been being have has had having do does did doing a an the and but if or
  because as until while of at by for with about against between into through during before after
  above below to from up down in out on off over under again further then once here there when where
  why how all any both each few more most other some such no nor not only own same so than too very s
  t can will just don should now`.split(/\s+/),
);

/**
 * Snowball 3 (PostgreSQL 18) keeps the double letter of a word that is only a, e or o and a double
 * consonant before -ed or -ing ("added" -> "add"); Snowball 2 (PostgreSQL 15-17) undoubles it ("ad").
 */
const SNOWBALL3_KEPT_DOUBLE = /^([aeo](?:bb|dd|ff|gg|mm|nn|pp|rr|tt))(?:ed|edly|ing|ingly)$/;

/** The `english_stem` dictionary: undefined for a stop word, else the stem of the lower-case word. */
export function stem(word: string, stemmer: TextVectorStemmer): string | undefined {
  if (ENGLISH_STOP_WORDS.has(word)) return undefined;
  if (stemmer === 'snowball3') {
    const kept = SNOWBALL3_KEPT_DOUBLE.exec(word);
    if (kept) return kept[1];
  }
  // Words repeat across a document's chunks (Zipf): their stems are remembered.
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = porter2(word);
    if (stems.size >= 50_000) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** porter2's stems of the words seen lately (the same for both stemmers: they differ only above). */
const stems = new Map<string, string>();

// Characters PostgreSQL's default parser reads as a blank wherever they stand (checked against it
// one by one beside letters, digits and each other; the test suite compares whole texts).
const BLANKS = new Set([
  ...' \t\n\r\f\v,;!?()[]{}"\'`:#$%*=|^',
  '\u00a0', // no-break space
  '\u2009', // thin space
  ...'‘’“”–—•…·«»‹›→←⇒✓✔☐■□▪►§©®°±×÷€£',
]);

const isLetter = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isDigit = (code: number) => code >= 48 && code <= 57;
const isAlnum = (code: number) => isLetter(code) || isDigit(code);

/**
 * Whether the character at `index` (not a letter or digit) is a blank to PostgreSQL's parser there:
 * a full stop only before a space, a closing mark or the end ("e.g", "3.5", "a.txt", ".." are
 * tokens); a hyphen unless a digit follows ("-19" is a number); the others in BLANKS anywhere.
 */
function isBlankAt(text: string, index: number): boolean {
  const char = text[index]!;
  const next = index + 1 < text.length ? text[index + 1]! : undefined;
  if (char === '.') return next === undefined || AFTER_FULL_STOP.has(next);
  if (char === '-') return next === undefined || !isDigit(next.charCodeAt(0));
  return BLANKS.has(char);
}

const AFTER_FULL_STOP = new Set([...' \t\n\r\f\v)]}"\'’”', '\u00a0']);

/** Tokens a lexeme may have positions for before PostgreSQL stops recording them (MAXNUMPOS). */
const MAX_POSITIONS_PER_LEXEME = 255;
/** Positions past this are all recorded as it in PostgreSQL (MAXENTRYPOS - 1): left to the database. */
const MAX_POSITION = 16_000;
/** Longer tokens are left to the database (it skips words over 2 KB with a notice). */
const MAX_TOKEN_LENGTH = 200;

/** A text's lexemes with their positions, as `to_tsvector('english', text)` has them. */
type Positions = Map<string, number[]>;

/**
 * The lexemes and positions of `to_tsvector('english', text)`, or undefined when the text holds
 * anything this module does not reproduce exactly.
 */
function englishPositions(text: string, stemmer: TextVectorStemmer): Positions | undefined {
  const positions: Positions = new Map();
  let position = 0;
  const add = (lexeme: string | undefined) => {
    position++;
    if (lexeme === undefined) return;
    const list = positions.get(lexeme);
    if (list) list.push(position);
    else positions.set(lexeme, [position]);
  };
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (!isAlnum(code)) {
      if (!isBlankAt(text, index)) return undefined;
      index++;
      continue;
    }
    // A run of letters and digits, then any hyphenated parts ("follow-up", "well-known-thing").
    const start = index;
    let letters = 0;
    let digits = 0;
    const parts: string[] = [];
    let partStart = index;
    for (;;) {
      while (index < length && isAlnum(text.charCodeAt(index))) {
        if (isDigit(text.charCodeAt(index))) digits++;
        else letters++;
        index++;
      }
      parts.push(text.slice(partStart, index));
      // A hyphen before a letter joins a compound; before anything else but a letter or digit it
      // is a blank ("well- known"). A number after it ("COVID-19", "x-5") and compounds with
      // digits are left to the database.
      if (text[index] !== '-' || index + 1 >= length || !isAlnum(text.charCodeAt(index + 1))) break;
      if (!isLetter(text.charCodeAt(index + 1)) || digits > 0) return undefined;
      index++;
      partStart = index;
    }
    // What follows a token must be a blank (or the end): "abc.def", "x/y", "a+1" are other tokens.
    if (index < length && !isBlankAt(text, index)) return undefined;
    const token = text.slice(start, index);
    if (token.length > MAX_TOKEN_LENGTH) return undefined;
    const lower = token.toLowerCase();
    if (parts.length > 1) {
      if (digits > 0) return undefined;
      // asciihword: the whole compound stemmed, then each part (hword_asciipart), each a position.
      add(stem(lower, stemmer));
      for (const part of parts) add(stem(part.toLowerCase(), stemmer));
    } else if (letters === 0) {
      // uint: as written ("2024", "000").
      add(lower);
    } else if (digits > 0) {
      // numword ("abc123", "3rd"): the simple dictionary, lower-cased.
      add(lower);
    } else {
      add(stem(lower, stemmer));
    }
    if (position > MAX_POSITION) return undefined;
  }
  return positions;
}

/** A tsvector's lexemes with their positions, each position carrying its weight (`WordEntryPos`). */
type WeightedEntries = Map<string, number[]>;

/** The weight bits of a `WordEntryPos` (A 3, B 2, C 1, D 0), above its 14 position bits. */
const WEIGHT_BITS = { A: 3 << 14, B: 2 << 14, D: 0 } as const;
const POSITION_MASK = (1 << 14) - 1;

/**
 * `setweight(a, wa) || setweight(b, wb) || …` of the parts' vectors: each part's positions shifted
 * past the largest position before it, as PostgreSQL's tsvector concatenation does, with its weight.
 * Undefined where PostgreSQL would cap positions (past MAX_POSITION, or a lexeme's 256th).
 */
function weightedVector(
  parts: ReadonlyArray<readonly [Positions, keyof typeof WEIGHT_BITS]>,
): WeightedEntries | undefined {
  const entries: WeightedEntries = new Map();
  let offset = 0;
  for (const [positions, weight] of parts) {
    const bits = WEIGHT_BITS[weight];
    let largest = 0;
    for (const [lexeme, list] of positions) {
      let written = entries.get(lexeme);
      if (!written) {
        written = [];
        entries.set(lexeme, written);
      }
      for (const position of list) {
        written.push(bits | (position + offset));
        if (position > largest) largest = position;
      }
      if (written.length > MAX_POSITIONS_PER_LEXEME) return undefined;
    }
    offset += largest;
    if (offset > MAX_POSITION) return undefined;
  }
  return entries;
}

/** tsvector text (e.g. `'guid':1A 'polici':3,5`; D, the default weight, is not written). */
function vectorText(entries: WeightedEntries): string {
  const weights = ['', 'C', 'B', 'A'];
  let text = '';
  for (const [lexeme, positions] of entries) {
    const written = positions.map((entry) => `${entry & POSITION_MASK}${weights[entry >> 14]}`);
    text += `${text ? ' ' : ''}'${lexeme}':${written.join(',')}`;
  }
  return text;
}

/**
 * A tsvector in PostgreSQL's binary format (`tsvectorrecv`): the lexeme count, then each lexeme with a
 * NUL, its position count and its positions (16 bits each), big-endian, lexemes in PostgreSQL's byte
 * order. The lexemes made here are ASCII (`englishPositions` takes nothing else), so a character is a
 * byte and the strings' order is the bytes'. Read without `tsvector_in`'s parse of the text form,
 * which is half the cost of landing the vectors in the database.
 */
function vectorBytes(entries: WeightedEntries): Uint8Array {
  const lexemes = [...entries.keys()].sort();
  let size = 4;
  for (const lexeme of lexemes) size += lexeme.length + 3 + 2 * entries.get(lexeme)!.length;
  const bytes = new Uint8Array(size);
  const write16 = (offset: number, value: number) => {
    bytes[offset] = value >>> 8;
    bytes[offset + 1] = value & 0xff;
  };
  write16(0, lexemes.length >>> 16);
  write16(2, lexemes.length & 0xffff);
  let offset = 4;
  for (const lexeme of lexemes) {
    for (let index = 0; index < lexeme.length; index++) bytes[offset++] = lexeme.charCodeAt(index);
    bytes[offset++] = 0;
    const positions = entries.get(lexeme)!;
    write16(offset, positions.length);
    offset += 2;
    for (const position of positions) {
      write16(offset, position);
      offset += 2;
    }
  }
  return bytes;
}

/** The element type of `tsvector[]` (`pg_type.oid` of tsvector, fixed since PostgreSQL 8.3). */
const TSVECTOR_OID = 3614;

/**
 * A `tsvector[]` in PostgreSQL's binary format (`array_recv`) from binary tsvectors (`vectorBytes`),
 * null where the database computes the vector itself: a parameter both engines read as it is.
 */
export function tsvectorArray(vectors: ReadonlyArray<Uint8Array | null | undefined>): Buffer {
  const hasNull = vectors.some((vector) => !vector);
  let size = 20;
  for (const vector of vectors) size += 4 + (vector?.length ?? 0);
  const bytes = Buffer.allocUnsafe(size);
  let offset = bytes.writeInt32BE(1, 0); // dimensions
  offset = bytes.writeInt32BE(hasNull ? 1 : 0, offset);
  offset = bytes.writeUInt32BE(TSVECTOR_OID, offset);
  offset = bytes.writeInt32BE(vectors.length, offset);
  offset = bytes.writeInt32BE(1, offset); // lower bound
  for (const vector of vectors) {
    offset = bytes.writeInt32BE(vector ? vector.length : -1, offset);
    if (vector) offset += Buffer.from(vector.buffer, vector.byteOffset, vector.length).copy(bytes, offset);
  }
  return bytes;
}

/** `to_tsvector('english', text)` as tsvector text, or undefined (see `englishPositions`). */
export function englishTextVector(text: string, stemmer: TextVectorStemmer): string | undefined {
  const positions = englishPositions(text, stemmer);
  const entries = positions && weightedVector([[positions, 'D']]);
  return entries && vectorText(entries);
}

/** A chunk's two stored vectors (see migrations.ts), in PostgreSQL's binary format (`tsvectorArray`). */
export interface ChunkVectors {
  /** `setweight(to_tsvector(heading), 'A') || setweight(to_tsvector(title), 'B') || setweight(to_tsvector(text), 'D')` */
  tsv: Uint8Array;
  /** `setweight(to_tsvector(heading), 'A') || setweight(to_tsvector(title), 'B')` */
  headingTsv: Uint8Array;
}

/**
 * The vectors of a document's chunks (`vectorsOf(heading, text)`), or undefined for a chunk whose
 * vectors the database must compute (see above). The title is read once for the document, and each
 * heading once for the chunks under it (they share its heading vector).
 */
export function documentVectors(
  title: string,
  stemmer: TextVectorStemmer,
): (heading: string, text: string) => ChunkVectors | undefined {
  const titlePositions = englishPositions(title, stemmer);
  const headings = new Map<string, { positions: Positions; headingTsv: Uint8Array } | undefined>();
  const headingVectors = (heading: string) => {
    if (headings.has(heading)) return headings.get(heading);
    const positions = titlePositions && englishPositions(heading, stemmer);
    const entries =
      positions &&
      weightedVector([
        [positions, 'A'],
        [titlePositions, 'B'],
      ]);
    const vectors = positions && entries ? { positions, headingTsv: vectorBytes(entries) } : undefined;
    headings.set(heading, vectors);
    return vectors;
  };
  return (heading, text) => {
    const head = headingVectors(heading);
    const body = head && englishPositions(text, stemmer);
    const tsv =
      head &&
      body &&
      weightedVector([
        [head.positions, 'A'],
        [titlePositions!, 'B'],
        [body, 'D'],
      ]);
    return tsv ? { tsv: vectorBytes(tsv), headingTsv: head.headingTsv } : undefined;
  };
}

/** The vectors stored with one chunk (see `documentVectors`). */
export function chunkVectors(
  chunk: { heading: string; title: string; text: string },
  stemmer: TextVectorStemmer,
): ChunkVectors | undefined {
  return documentVectors(chunk.title, stemmer)(chunk.heading, chunk.text);
}

/** Words whose stems tell the Snowball versions apart and check the stop words, and sample texts. */
const PROBE_WORDS = [
  ...ENGLISH_STOP_WORDS,
  'added',
  'adding',
  'egged',
  'offing',
  'upped',
  'inned',
  'abetted',
  'shopped',
  'generously',
  'communism',
  'skis',
  'dying',
  'news',
  'inning',
  'proceeding',
  'succeeded',
  'travel-policy',
  'well-known-thing',
  'requirements',
  'relational',
  'conditional',
  'happily',
  'cries',
];
const PROBE_TEXTS = [
  'The employee’s travel-policy (2024) requires “approved” bookings; see section 4.',
  'Added: VPN access for abc123 users, 1,000 seats - effective 10:30 on Monday!',
];

/**
 * Which stemmer the database's `english` configuration uses, checked against this module on probe
 * words and texts; undefined (vectors computed by the database only) when neither reproduces it.
 */
export async function detectTextVectors(db: Queryable): Promise<TextVectorStemmer | undefined> {
  const { rows } = await db.query<{ word: string; lexemes: string[] | null }>(
    `SELECT word, ts_lexize('english_stem', word) AS lexemes FROM unnest($1::text[]) AS word`,
    [PROBE_WORDS],
  );
  for (const stemmer of ['snowball3', 'snowball2'] as const) {
    if (!rows.every(({ word, lexemes }) => (lexemes?.[0] ?? undefined) === stem(word, stemmer))) continue;
    const vectors = PROBE_TEXTS.map((text) => englishTextVector(text, stemmer) ?? null);
    const { rows: checked } = await db.query<{ same: boolean | null }>(
      `SELECT bool_and(to_tsvector('english', probe.text) = probe.vector::tsvector) AS same
       FROM unnest($1::text[], $2::text[]) AS probe(text, vector)`,
      [PROBE_TEXTS, vectors],
    );
    if (checked[0]?.same === true) return stemmer;
  }
  return undefined;
}
