// Knowledge gaps: the knowledge questions no document answered (their kept answer has no sources)
// or whose answer was voted down, grouped per department by similar wording. The grouping is lexical
// and deterministic (no model): each question becomes its meaningful words (lower case, stop words
// dropped, plurals and -ing/-ed endings trimmed), and joins the first group of its department whose
// words it shares enough of (cosine against the group's word counts), else starts one. Who asked is
// never answered, only how many distinct people did.
import type { components } from '../../generated/contract.js';
import type { Queryable } from '../../platform/db/db.js';
import { canReadDepartment, type Viewer } from '../knowledge/index.js';

type GapDepartment = components['schemas']['StarterDepartment'];
export type KnowledgeGap = components['schemas']['KnowledgeGap'];
type GapReason = components['schemas']['KnowledgeGapReason'];

export interface GapFilter {
  department?: GapDepartment;
  from?: string;
  to?: string;
  limit?: number;
}

/** How similar a question must be to a group to join it (cosine of word sets against its counts). */
export const GAP_SIMILARITY = 0.5;
/** The newest gap questions read at most: grouping is quadratic in the worst case. */
const MAX_QUESTIONS = 3000;
/** Questions listed per group. */
const QUESTIONS_PER_GROUP = 50;

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren as at be because been before being
  below between both but by can cannot could couldn did didn do does doesn doing don down during each
  few for from further get gets getting got had hadn has hasn have haven having he her here hers herself
  him himself his how i if in into is isn it its itself just let me more most my myself need needs no
  nor not now of off on once only or other our ours ourselves out over own please same she should
  shouldn so some such than that the their theirs them themselves then there these they this those
  through to too under until up us very was wasn we were weren what when where which while who whom
  why will with won would wouldn you your yours yourself yourselves hi hello thanks thank anyone
  someone something anything way ll ve re use using used want know tell help`
    .split(/\s+/)
    .filter(Boolean),
);

/** A word's light stem: plural and -ing/-ed endings trimmed from longer words. */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ied')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && /(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us'))
    return word.slice(0, -1);
  return word;
}

/** The question's meaningful words: stem -> the word as written (lower case), in order, once each. */
export function meaningfulWords(question: string): Map<string, string> {
  const words = new Map<string, string>();
  for (const match of question.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (word.length < 2 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    const stemmed = stem(word);
    if (!words.has(stemmed)) words.set(stemmed, word);
  }
  return words;
}

export interface GapQuestionRow {
  id: string;
  user_id: string;
  department: GapDepartment;
  question: string;
  asked_at: string;
  reason: GapReason;
}

interface Group {
  department: GapDepartment;
  rows: GapQuestionRow[];
  /** stem -> how many of the group's questions have it. */
  counts: Map<string, number>;
  /** stem -> written form -> how often. */
  forms: Map<string, Map<string, number>>;
  squares: number;
}

function similarity(words: Map<string, string>, group: Group): number {
  if (words.size === 0 || group.squares === 0) return 0;
  let dot = 0;
  for (const stemmed of words.keys()) dot += group.counts.get(stemmed) ?? 0;
  return dot / (Math.sqrt(words.size) * Math.sqrt(group.squares));
}

function add(group: Group, row: GapQuestionRow, words: Map<string, string>) {
  group.rows.push(row);
  for (const [stemmed, written] of words) {
    const count = group.counts.get(stemmed) ?? 0;
    group.squares += 2 * count + 1;
    group.counts.set(stemmed, count + 1);
    const forms = group.forms.get(stemmed) ?? new Map<string, number>();
    forms.set(written, (forms.get(written) ?? 0) + 1);
    group.forms.set(stemmed, forms);
  }
}

/** The group's label: its words found in at least half its questions (at least its most common), 3 at most. */
function label(group: Group): string {
  const ranked = [...group.counts.entries()].sort((a, b) => b[1] - a[1]);
  const half = group.rows.length / 2;
  const chosen = ranked.filter(([, count], index) => index === 0 || count >= half).slice(0, 3);
  if (chosen.length === 0) return group.rows[0]!.question.slice(0, 60);
  return chosen
    .map(([stemmed]) => {
      const forms = [...group.forms.get(stemmed)!.entries()].sort((a, b) => b[1] - a[1]);
      return forms[0]![0];
    })
    .join(' ');
}

/** Groups the questions (oldest first) per department; the groups most people asked in first. */
export function groupGaps(rows: readonly GapQuestionRow[], limit: number): KnowledgeGap[] {
  const groups: Group[] = [];
  const byDepartment = new Map<GapDepartment, Group[]>();
  for (const row of rows) {
    const words = meaningfulWords(row.question);
    const candidates = byDepartment.get(row.department) ?? [];
    let best: Group | undefined;
    let bestScore = GAP_SIMILARITY;
    for (const group of candidates) {
      const score = similarity(words, group);
      if (score >= bestScore) {
        best = group;
        bestScore = score;
      }
    }
    // A question without meaningful words joins only the group of the same text.
    if (words.size === 0)
      best = candidates.find((group) => group.counts.size === 0 && group.rows[0]!.question === row.question);
    if (!best) {
      best = { department: row.department, rows: [], counts: new Map(), forms: new Map(), squares: 0 };
      candidates.push(best);
      byDepartment.set(row.department, candidates);
      groups.push(best);
    }
    add(best, row, words);
  }
  const answered = groups.map((group) => {
    const newestFirst = [...group.rows].reverse();
    return {
      id: `${group.department}-${group.rows[0]!.id}`,
      department: group.department,
      label: label(group),
      people: new Set(group.rows.map((row) => row.user_id)).size,
      count: group.rows.length,
      first_asked_at: group.rows[0]!.asked_at,
      last_asked_at: newestFirst[0]!.asked_at,
      questions: newestFirst
        .slice(0, QUESTIONS_PER_GROUP)
        .map(({ question, asked_at, reason }) => ({ question, asked_at, reason })),
    } satisfies KnowledgeGap;
  });
  answered.sort(
    (a, b) =>
      b.people - a.people ||
      b.count - a.count ||
      b.last_asked_at.localeCompare(a.last_asked_at) ||
      a.id.localeCompare(b.id),
  );
  return answered.slice(0, limit);
}

const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The gap questions matching the filter that the viewer may read, oldest first. */
export async function gapQuestions(
  db: Queryable,
  viewer: Viewer,
  filter: GapFilter,
): Promise<GapQuestionRow[]> {
  const conditions = [
    `kept.chat IN ('knowledge', 'admin')`,
    `(kept.sources IS NULL OR kept.sources = '{}'::jsonb OR down.id IS NOT NULL)`,
  ];
  const params: unknown[] = [];
  const where = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.department) where((p) => `COALESCE(kept.department, 'knowledge') = ${p}`, filter.department);
  if (filter.from) where((p) => `kept.created_at >= ${p}::timestamptz`, filter.from);
  if (filter.to) where((p) => `kept.created_at < ${p}::timestamptz`, filter.to);
  params.push(MAX_QUESTIONS);
  const { rows } = await db.query<GapQuestionRow>(
    `SELECT * FROM (
       SELECT kept.id::text AS id, kept.user_id::text AS user_id,
              COALESCE(kept.department, 'knowledge') AS department, kept.question,
              ${isoTime('kept.created_at')} AS asked_at,
              CASE WHEN kept.sources IS NULL OR kept.sources = '{}'::jsonb THEN 'no_document'
                   ELSE 'thumbs_down' END AS reason
         FROM kept_answers kept
         LEFT JOIN LATERAL (
           SELECT vote.id FROM answer_feedback vote
            WHERE vote.kept_answer_id = kept.id AND vote.vote = 'down' LIMIT 1
         ) down ON true
        WHERE ${conditions.join(' AND ')}
        ORDER BY kept.created_at DESC, kept.id DESC
        LIMIT $${params.length}
     ) newest ORDER BY asked_at, id::bigint`,
    params,
  );
  return rows.filter((row) => canReadDepartment(viewer, row.department));
}

export async function listKnowledgeGaps(
  db: Queryable,
  viewer: Viewer,
  filter: GapFilter,
): Promise<{ groups: KnowledgeGap[] }> {
  const rows = await gapQuestions(db, viewer, filter);
  return { groups: groupGaps(rows, filter.limit ?? 50) };
}
