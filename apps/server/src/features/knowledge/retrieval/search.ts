// Retrieval: the top chunks for a question, for one viewer, with where they come from and a
// snippet. PostgreSQL full text does the matching:
//   1. the question as `websearch_to_tsquery('english', …)`: quoted phrases, OR, -exclusion,
//      stemming; every word must match. Ranked by ts_rank_cd with heading and title words weighted
//      above body words.
//   2. when that finds fewer than k chunks and the question is plain words (no operators), its
//      non-stop-word stems ORed, each matched stem scored by how rare it is (an IDF over the
//      chunks) with a bonus when it is in a heading or the title. Short questions in everyday
//      words ("can I work from abroad?") rarely share every word with the answer.
// Visibility is part of every query, not a filter afterwards: a document naming a department the
// viewer may not read (PGA), now or when its chunks were indexed, is never a candidate, whatever
// department the question is asked in.
// Vector search plugs in through `VectorRetriever` (see `SearchOptions.vectors`): its ranking is
// fused with the full-text one by reciprocal rank, where an embedding model and pgvector exist.
import type { Queryable } from '../../../platform/db/db.js';
import {
  type Department,
  EVERY_DEPARTMENT,
  hiddenDepartments,
  readableDepartments,
  type Viewer,
} from '../departments.js';

export interface SearchRequest {
  /** The question or keywords, in websearch syntax ("quoted phrase", or, -exclude). */
  query: string;
  /** Who asks: their role decides the restricted departments they may read. */
  viewer: Viewer;
  /**
   * The department asked in: its documents and those of every department ('knowledge').
   * Undefined or 'knowledge': every department the viewer may read.
   */
  department?: Department;
  /** How many hits. @default 5 */
  k?: number;
  /** Markers around matching words in snippets. @default { start: '**', stop: '**' } (Markdown bold) */
  highlight?: { start: string; stop: string };
  /** Partial matches (only some words found) scoring below this are left out. @default 0 */
  minPartialScore?: number;
  /**
   * Whether chunks found only by vector similarity (none of the question's words) may be returned.
   * A model reads them and says when they do not answer; a quoted excerpt should share words.
   * @default true
   */
  includeVectorOnly?: boolean;
}

export interface KnowledgeHit {
  documentId: string;
  documentName: string;
  /** Position of the chunk in its document. */
  ordinal: number;
  /** The document's generation of chunks the hit is from (ordinals are per generation). */
  generation: number;
  location: { headingPath: string[]; page?: number; slide?: number };
  /** A short extract around the matching words, which are wrapped in the highlight markers. */
  snippet: string;
  /** The whole chunk, for a model or an extractive answer to read. */
  text: string;
  /**
   * Higher is better. In [1, 2) when every word of the question matched, in (0, 1) for a partial
   * match (the share of the question's weight matched); fused scores when vectors take part.
   */
  score: number;
  /** 'all' when the chunk matched the whole query, 'some' when only some of its words. */
  match: 'all' | 'some' | 'vector';
}

/** A chunk found by vector similarity (best first). */
export interface VectorCandidate {
  documentId: string;
  ordinal: number;
  /** Cosine similarity to the question, in [-1, 1]. */
  similarity?: number;
}

/**
 * The seam for hybrid retrieval: given the question and the departments in scope, the chunks
 * nearest to it by embedding, best first. Implemented where an embedding model
 * (LLM_EMBEDDING_MODEL) and pgvector are available; without it, retrieval is full text alone.
 */
export interface VectorRetriever {
  nearest(request: {
    query: string;
    departments: Department[];
    hiddenDepartments: Department[];
    k: number;
  }): Promise<VectorCandidate[]>;
}

export interface SearchOptions {
  vectors?: VectorRetriever;
}

const MAX_K = 50;
/** Weights of the tsvector labels for ts_rank_cd, in the order {D, C, B, A}: body, -, title, heading. */
const RANK_WEIGHTS = '{0.4, 0.4, 0.6, 1.0}';
/** Bonus per matched stem (partial matches) when it appears in a heading (A) or the title (B). */
const HEADING_BONUS = 0.5;
const TITLE_BONUS = 0.25;
const RRF_K = 60;

/** Whether the question uses websearch operators, so it must be taken literally (no OR fallback). */
export function usesOperators(query: string): boolean {
  return /"/.test(query) || /(^|\s)-\S/.test(query) || /(^|\s)or(\s|$)/i.test(query);
}

/**
 * The top-k chunks for a question, among the documents the viewer may read.
 *
 * @example
 * await searchKnowledge(db, { query: 'reset my MFA', viewer: { role: 'STAFF' }, department: 'it', k: 5 })
 */
export async function searchKnowledge(
  db: Queryable,
  request: SearchRequest,
  options: SearchOptions = {},
): Promise<KnowledgeHit[]> {
  const query = request.query.trim().slice(0, 2000);
  const k = Math.min(Math.max(1, Math.floor(request.k ?? 5)), MAX_K);
  if (!query) return [];
  const hidden = hiddenDepartments(request.viewer);
  const scope =
    request.department && request.department !== EVERY_DEPARTMENT
      ? [request.department, EVERY_DEPARTMENT]
      : readableDepartments(request.viewer);
  if (scope.every((department) => hidden.includes(department))) return [];
  const headline = headlineOptions(request.highlight ?? { start: '**', stop: '**' });

  // The question's embedding is asked for while full text runs (the model is the slow part). A
  // retriever reports its own failures; here a failure only means full text answers alone.
  const nearestPromise = options.vectors
    ?.nearest({ query, departments: scope, hiddenDepartments: hidden, k })
    .catch((): VectorCandidate[] => []);
  const prepared = await prepareQuery(db, query);
  const hits = await strictHits(db, prepared, scope, hidden, k, headline);
  const minPartialScore = request.minPartialScore ?? 0;
  if (hits.length < k && !usesOperators(query)) {
    const seen = new Set(hits.map(keyOf));
    for (const hit of await partialHits(db, prepared, scope, hidden, k + hits.length, headline)) {
      if (hits.length >= k) break;
      if (!seen.has(keyOf(hit)) && hit.score >= minPartialScore) hits.push(hit);
    }
  }
  if (!nearestPromise) return hits;

  const textKeys = new Set(hits.map(keyOf));
  const nearest = (await nearestPromise).filter(
    (candidate) => request.includeVectorOnly !== false || textKeys.has(keyOf(candidate)),
  );
  if (nearest.length === 0) return hits;
  const fused = fuseByRank([hits.map(keyOf), nearest.map(keyOf)], k);
  const known = new Map(hits.map((hit) => [keyOf(hit), hit]));
  const missing = fused.filter((entry) => !known.has(entry.key)).map((entry) => entry.key);
  for (const hit of await chunksByKey(db, missing, prepared, scope, hidden, headline))
    known.set(keyOf(hit), hit);
  return fused.flatMap((entry) => {
    const hit = known.get(entry.key);
    return hit ? [{ ...hit, score: entry.score }] : [];
  });
}

function keyOf(hit: { documentId: string; ordinal: number }): string {
  return `${hit.documentId}:${hit.ordinal}`;
}

/**
 * Reciprocal rank fusion of several rankings (lists of keys, best first): each key scores
 * sum(1 / (60 + rank)); the best `k` come back, best first.
 */
export function fuseByRank(
  rankings: readonly (readonly string[])[],
  k: number,
): Array<{ key: string; score: number }> {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((key, index) => {
      scores.set(key, (scores.get(key) ?? 0) + 1 / (RRF_K + index + 1));
    });
  }
  return [...scores.entries()]
    .map(([key, score]) => ({ key, score }))
    .sort((left, right) => right.score - left.score)
    .slice(0, k);
}

function headlineOptions(highlight: { start: string; stop: string }): string {
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  return [
    `StartSel=${quote(highlight.start)}`,
    `StopSel=${quote(highlight.stop)}`,
    'MaxWords=30',
    'MinWords=15',
    'ShortWord=2',
    'MaxFragments=3',
    `FragmentDelimiter=${quote(' … ')}`,
  ].join(', ');
}

interface HitRow {
  document_id: string;
  name: string;
  generation: number;
  ordinal: number;
  heading_path: string[];
  page: number | null;
  slide: number | null;
  text: string;
  snippet: string;
  score: number | string;
}

function toHit(row: HitRow, match: KnowledgeHit['match']): KnowledgeHit {
  return {
    documentId: row.document_id,
    documentName: row.name,
    ordinal: row.ordinal,
    generation: row.generation,
    location: {
      headingPath: row.heading_path,
      ...(row.page !== null ? { page: row.page } : {}),
      ...(row.slide !== null ? { slide: row.slide } : {}),
    },
    snippet: row.snippet,
    text: row.text,
    score: Number(row.score),
    match,
  };
}

/**
 * The question as tsqueries, computed once so the searches below plan with constants (and the
 * planner can pick the GIN index): `strict` in websearch syntax, `anyStem` every stem ORed
 * (snippets are cut around any of them: an AND query finds no fragment when some words match only
 * the heading), and the stems themselves.
 */
interface PreparedQuery {
  strict: string;
  anyStem: string | null;
  stems: string[];
  /**
   * Per stem, the share of chunks holding it by the column's statistics (ANALYZE's most common
   * lexemes), null when it is not among them or there are none; and the table's row estimate.
   */
  frequencies: (number | null)[];
  chunks: number;
}

async function prepareQuery(db: Queryable, query: string): Promise<PreparedQuery> {
  const { rows } = await db.query<{
    strict: string;
    stems: string[] | null;
    frequencies: (number | null)[] | null;
    chunks: number | null;
  }>(
    `SELECT websearch_to_tsquery('english', $1)::text AS strict, question.stems,
            (SELECT array_agg(s.most_common_elem_freqs[array_position(s.most_common_elems::text::text[], stem)]
                              ORDER BY position)
             FROM pg_stats s, unnest(question.stems) WITH ORDINALITY AS listed(stem, position)
             WHERE s.schemaname = current_schema() AND s.tablename = 'knowledge_chunks' AND s.attname = 'tsv'
            )::float8[] AS frequencies,
            (SELECT reltuples FROM pg_class WHERE oid = to_regclass('knowledge_chunks'))::float8 AS chunks
     FROM (SELECT tsvector_to_array(to_tsvector('english', $1)) AS stems) AS question`,
    [query],
    // Planned once: its plan does not depend on the question. The searches below are not named:
    // PostgreSQL's generic plan for them (chosen after five runs of a named statement) was about
    // twice as slow at 10k chunks (p95 29 against 16 ms on PGlite, 18 against 11 on PostgreSQL).
    { name: 'knowledge_prepare_question' },
  );
  const stems = rows[0]?.stems ?? [];
  return {
    strict: rows[0]?.strict ?? '',
    anyStem: stems.length > 0 ? stems.map((stem) => tsqueryTerm(stem)).join(' | ') : null,
    stems,
    frequencies: stems.map((_, index) => rows[0]?.frequencies?.[index] ?? null),
    chunks: Math.max(0, Number(rows[0]?.chunks ?? 0)),
  };
}

/** A lexeme as a tsquery operand (quoted), with an optional weight restriction such as ':A'. */
export function tsqueryTerm(lexeme: string, weights = ''): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${weights}`;
}

/**
 * Whether the current generation of document `d` answers a question in scope (`scope`: a
 * `text[]` parameter of the departments in scope, `hidden`: of the departments the viewer may not
 * read). The chunks answer in the departments they were indexed with (`indexed_departments`, NULL
 * when unknown: hidden), and only someone who may read both those and the document's departments
 * now: a re-upload for other departments changes `departments` at once, while the previous
 * generation answers until the new one lands, so neither version's restricted text reaches anyone
 * it was not meant for meanwhile.
 */
export function visibleDocument(scope: string, hidden: string): string {
  return `d.indexed_departments && ${scope}::text[] AND NOT (d.indexed_departments && ${hidden}::text[])
    AND NOT (d.departments && ${hidden}::text[])`;
}

/**
 * The current generation of chunks of documents in scope that the viewer may read, as `c` joined
 * to `d` ($2 departments in scope, $3 hidden departments). A document being re-ingested (queued,
 * parsing) keeps answering from its previous generation until the new one switches in; failed and
 * no-text outcomes leave no chunks.
 */
const VISIBLE_CHUNKS = `knowledge_chunks c
  JOIN knowledge_documents d ON d.id = c.document_id AND d.generation = c.generation
  WHERE ${visibleDocument('$2', '$3')}`;

async function strictHits(
  db: Queryable,
  prepared: PreparedQuery,
  scope: Department[],
  hidden: Department[],
  k: number,
  headline: string,
): Promise<KnowledgeHit[]> {
  if (!prepared.strict) return [];
  const { rows } = await db.query<HitRow>(
    `WITH ranked AS (
       SELECT c.document_id, d.name, c.generation, c.ordinal, c.heading_path, c.page, c.slide, c.text,
              1 + ts_rank_cd('${RANK_WEIGHTS}'::float4[], c.tsv, $1::tsquery, 1 | 32) AS score
       FROM ${VISIBLE_CHUNKS} AND c.tsv @@ $1::tsquery
       ORDER BY score DESC, d.name, c.ordinal
       LIMIT $4
     )
     SELECT ranked.*, ts_headline('english', ranked.text, $6::tsquery, $5) AS snippet
     FROM ranked ORDER BY score DESC, name, ordinal`,
    [prepared.strict, scope, hidden, k, headline, prepared.anyStem ?? prepared.strict],
  );
  return rows.map((row) => toHit(row, 'all'));
}

/** Chunks ranked by score before the density tie-break picks the final k among them. */
const PARTIAL_POOL = 50;
/**
 * Chunks read per stem by a partial match. A stem found in more (a common word: at a million
 * passages, a few percent of them, tens of thousands of rows) counts for its first this many
 * visible chunks only, and its document frequency is the index's count of every chunk holding it
 * (no row read, so it does not cost tens of thousands of heap reads); such a word weighs little
 * anyway, and the chunks holding the question's rarer words are all read. Below it the search is
 * exact.
 */
export const PARTIAL_CANDIDATES_PER_STEM = 200;

/**
 * A stem the statistics put in more chunks than this is common: the partial match does not look it
 * up in the index (building the index's bitmap of tens of thousands of rows is what a question's
 * time went to at a million passages, bench/scale.ts) but checks it on the candidates the question's
 * other words found, each of which it still scores. Ten times the per-stem cap: a stem below it is
 * looked up as before, so a small knowledge base (and every test) searches exactly as without it.
 */
export const COMMON_STEM_CHUNKS = 10 * PARTIAL_CANDIDATES_PER_STEM;
/** Candidates ranked by the looked-up stems before the common stems' share is added to theirs. */
const PARTIAL_PREPOOL = 200;

async function partialHits(
  db: Queryable,
  prepared: PreparedQuery,
  scope: Department[],
  hidden: Department[],
  k: number,
  headline: string,
): Promise<KnowledgeHit[]> {
  if (prepared.stems.length === 0 || !prepared.anyStem) return [];
  // One index lookup per stem not common (each a constant, so the planner uses the GIN index and
  // reads no chunk's tsvector): which current, visible chunks hold it, at most
  // PARTIAL_CANDIDATES_PER_STEM. Document frequencies, and so the IDF, come from those rows within
  // the visible scope, or for a stem with more from the column's statistics (`common`), else a
  // count; whether the stem is in a heading or the title is read from the small heading_tsv. The
  // common stems (COMMON_STEM_CHUNKS by the statistics; the rarest stem is looked up whatever its
  // frequency) are matched on the best candidates only. The best few are then ranked by ts_rank_cd.
  const stems = prepared.stems.slice(0, 32);
  const estimated = stems.map((_, index) => (prepared.frequencies[index] ?? 0) * prepared.chunks);
  const rarest = estimated.indexOf(Math.min(...estimated));
  const isCommon = estimated.map((chunks, index) => index !== rarest && chunks > COMMON_STEM_CHUNKS);
  const first = 7;
  const cap = PARTIAL_CANDIDATES_PER_STEM;
  const term = (index: number) => `$${first + index * 4}::tsquery`;
  const inHeading = (index: number) => `$${first + index * 4 + 1}::tsquery`;
  const inTitle = (index: number) => `$${first + index * 4 + 2}::tsquery`;
  const lexeme = (index: number) => `$${first + index * 4 + 3}::text`;
  const looked = stems.map((_, index) => index).filter((index) => !isCommon[index]);
  const skipped = stems.map((_, index) => index).filter((index) => isCommon[index]);
  const lookups = looked
    .map(
      (index) =>
        `(SELECT ${index} AS stem, c.document_id, c.ordinal,
                c.heading_tsv @@ ${inHeading(index)} AS in_heading,
                c.heading_tsv @@ ${inTitle(index)} AS in_title
         FROM ${VISIBLE_CHUNKS} AND c.tsv @@ ${term(index)}
         LIMIT ${cap})`,
    )
    .join('\n       UNION ALL\n       ');
  // Only for a stem whose lookup stopped at the cap (the one-time filter is checked first), or that
  // was not looked up: the share of chunks holding it by the planner's statistics of the column
  // (ANALYZE keeps the most common lexemes' frequencies: reading them costs nothing; autovacuum
  // analyzes on PostgreSQL), else, with no statistics, a count of the chunks holding it.
  const counts = stems
    .map(
      (_, index) =>
        `SELECT ${index} AS stem, coalesce(
           (SELECT round(stats.frequency * total.n) FROM total, (
              SELECT coalesce(
                s.most_common_elem_freqs[array_position(s.most_common_elems::text::text[], ${lexeme(index)})],
                -- not among them: at most the least common's (the first of the three figures after them)
                s.most_common_elem_freqs[cardinality(s.most_common_elems::text::text[]) + 1]) AS frequency
              FROM pg_stats s
              WHERE s.schemaname = current_schema() AND s.tablename = 'knowledge_chunks' AND s.attname = 'tsv'
            ) AS stats),
           (SELECT count(*) FROM knowledge_chunks c WHERE c.tsv @@ ${term(index)})) AS n
         ${isCommon[index] ? '' : `WHERE (SELECT count(*) FROM pairs WHERE pairs.stem = ${index}) >= ${cap}`}`,
    )
    .join('\n       UNION ALL\n       ');
  // The common stems' share of a candidate's score, read from its own tsvector.
  const commonShare =
    skipped.length === 0
      ? '0'
      : skipped
          .map(
            (index) =>
              `CASE WHEN c.tsv @@ ${term(index)} THEN (SELECT idf FROM idf WHERE idf.stem = ${index})
                 * (1 + CASE WHEN c.heading_tsv @@ ${inHeading(index)} THEN ${HEADING_BONUS} ELSE 0 END
                    + CASE WHEN c.heading_tsv @@ ${inTitle(index)} THEN ${TITLE_BONUS} ELSE 0 END) ELSE 0 END`,
          )
          .join('\n              + ');
  const { rows } = await db.query<HitRow>(
    `WITH pairs AS MATERIALIZED (
       ${lookups}
     ),
     total AS MATERIALIZED (
       SELECT greatest(sum(d.chunk_count), 1)::float8 AS n FROM knowledge_documents d
       WHERE ${visibleDocument('$2', '$3')}
     ),
     common AS MATERIALIZED (
       ${counts}
     ),
     frequency AS (
       SELECT stems.stem, greatest(count(pairs.stem), max(common.n)) AS n
       FROM generate_series(0, $6::int - 1) AS stems(stem)
         LEFT JOIN pairs ON pairs.stem = stems.stem
         LEFT JOIN common ON common.stem = stems.stem
       GROUP BY stems.stem
     ),
     idf AS MATERIALIZED (
       SELECT frequency.stem, ln(1 + greatest(total.n - frequency.n + 0.5, 0.5) / (frequency.n + 0.5)) AS idf
       FROM total, frequency
     ),
     best AS (SELECT sum(idf) * (1 + ${HEADING_BONUS} + ${TITLE_BONUS}) AS total FROM idf),
     candidates AS (
       SELECT pairs.document_id, pairs.ordinal,
              sum(idf.idf * (1 + CASE WHEN pairs.in_heading THEN ${HEADING_BONUS} ELSE 0 END
                                 + CASE WHEN pairs.in_title THEN ${TITLE_BONUS} ELSE 0 END)) AS looked_score
       FROM pairs JOIN idf ON idf.stem = pairs.stem
       GROUP BY pairs.document_id, pairs.ordinal
       ORDER BY looked_score DESC
       LIMIT ${skipped.length === 0 ? PARTIAL_POOL : PARTIAL_PREPOOL}
     ),
     pool AS (
       SELECT candidates.document_id, candidates.ordinal, d.name, c.generation, c.heading_path, c.page, c.slide,
              c.text, c.tsv,
              (candidates.looked_score + ${commonShare}) / best.total AS score
       FROM candidates, best, knowledge_documents d, knowledge_chunks c
       WHERE d.id = candidates.document_id
         AND c.document_id = candidates.document_id AND c.generation = d.generation AND c.ordinal = candidates.ordinal
       ORDER BY score DESC
       LIMIT ${PARTIAL_POOL}
     ),
     top AS (
       SELECT pool.document_id, pool.ordinal, pool.score, pool.name, pool.generation, pool.heading_path, pool.page,
              pool.slide, pool.text,
              ts_rank_cd('${RANK_WEIGHTS}'::float4[], pool.tsv, $1::tsquery, 1) AS density
       FROM pool
       ORDER BY pool.score DESC, density DESC, pool.name, pool.ordinal
       LIMIT $4
     )
     SELECT top.*, ts_headline('english', top.text, $1::tsquery, $5) AS snippet
     FROM top ORDER BY score DESC, density DESC, name, ordinal`,
    [
      prepared.anyStem,
      scope,
      hidden,
      k,
      headline,
      stems.length,
      ...stems.flatMap((stem) => [tsqueryTerm(stem), tsqueryTerm(stem, ':A'), tsqueryTerm(stem, ':B'), stem]),
    ],
  );
  return rows.map((row) => ({ ...toHit(row, 'some'), score: Math.min(Number(row.score), 0.999) }));
}

/** Chunks found by another retriever, with the same visibility rules and snippets. */
async function chunksByKey(
  db: Queryable,
  keys: string[],
  prepared: PreparedQuery,
  scope: Department[],
  hidden: Department[],
  headline: string,
): Promise<KnowledgeHit[]> {
  if (keys.length === 0) return [];
  const documentIds = keys.map((key) => key.slice(0, key.lastIndexOf(':')));
  const ordinals = keys.map((key) => Number(key.slice(key.lastIndexOf(':') + 1)));
  const { rows } = await db.query<HitRow>(
    `WITH q AS (SELECT $1::tsquery AS query)
     SELECT c.document_id, d.name, c.generation, c.ordinal, c.heading_path, c.page, c.slide, c.text, 0 AS score,
            ts_headline('english', c.text, coalesce(q.query, ''::tsquery), $6) AS snippet
     FROM q, unnest($4::uuid[], $5::int[]) AS wanted(document_id, ordinal)
       JOIN knowledge_chunks c ON c.document_id = wanted.document_id AND c.ordinal = wanted.ordinal
       JOIN knowledge_documents d ON d.id = c.document_id AND d.generation = c.generation
     WHERE ${visibleDocument('$2', '$3')}`,
    [prepared.anyStem ?? '', scope, hidden, documentIds, ordinals, headline],
  );
  return rows.map((row) => toHit(row, 'vector'));
}
