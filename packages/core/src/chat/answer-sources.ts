/**
 * The list of sources under a knowledge answer: each cited document (with its page or slide) once,
 * in the order the answer first cites it, and whether it still opens. A document deleted since the
 * answer (a kept thread restored after a reload, or one long open) is marked removed instead of
 * linked: `createDocumentAvailability` asks the server (an extension; a server without it leaves
 * every source as it is).
 */
import {
  type DigitalAssistantClient,
  type KnowledgeSource,
  listAvailableKnowledgeDocuments,
} from '@digital-assistant/sdk';

/** One entry of an answer's list of sources. */
export interface AnswerSourceEntry {
  /** The source ids citing this document and place, in citation order, e.g. ['1', '3']. */
  ids: readonly string[];
  /** The first of them: what the entry shows (document, location, link). */
  source: KnowledgeSource;
  /** The document's id, when the server names it (`document_id`). */
  documentId?: string;
}

const MARKER = /\[\s*(\d{1,4}(?:\s*,\s*\d{1,4})*)\s*\]/g;

function compareIds(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true });
}

/** The ids the answer's markers cite, each once, in the order they first appear. */
export function citedSourceIds(text: string, sources: Readonly<Record<string, KnowledgeSource>>): string[] {
  const cited: string[] = [];
  for (const match of text.matchAll(MARKER)) {
    for (const id of match[1]!.split(',').map((part) => part.trim())) {
      if (id in sources && !cited.includes(id)) cited.push(id);
    }
  }
  return cited;
}

/**
 * The answer's sources as its list shows them: the cited ones in citation order, those naming the
 * same document and place (`document` and `location`) merged into one entry. An answer citing none
 * (a server without markers) lists every source in id order.
 * @example
 * answerSourceList('VPN [2] and Wi-Fi [1][2].', sources) // [{ ids: ['2'], … }, { ids: ['1'], … }]
 */
export function answerSourceList(
  text: string,
  sources: Readonly<Record<string, KnowledgeSource>> | undefined,
): AnswerSourceEntry[] {
  if (!sources) return [];
  const cited = citedSourceIds(text, sources);
  const ids = cited.length > 0 ? cited : Object.keys(sources).sort(compareIds);
  const entries: Array<AnswerSourceEntry & { ids: string[]; key: string }> = [];
  for (const id of ids) {
    const source = sources[id]!;
    const key = `${source.document_id ?? source.document ?? source.link ?? `#${id}`}\u0000${source.location ?? ''}`;
    const existing = entries.find((entry) => entry.key === key);
    if (existing) existing.ids.push(id);
    else
      entries.push({
        key,
        ids: [id],
        source,
        ...(source.document_id ? { documentId: source.document_id } : {}),
      });
  }
  return entries.map(({ key: _key, ...entry }) => entry);
}

/** Whether a document still opens: `unknown` until the server said (or when it cannot say). */
export type DocumentAvailabilityState = 'available' | 'removed' | 'unknown';

/** What {@link createDocumentAvailability} returns: a plain store of documents' availability. */
export interface DocumentAvailability {
  subscribe(listener: () => void): () => void;
  /** The documents asked about so far; a new map after each answer. */
  getSnapshot(): ReadonlyMap<string, DocumentAvailabilityState>;
  /**
   * Asks the server about these documents (batched with others asked in the same tick); those
   * asked less than `maxAgeMs` ago are not asked again. Never throws: a failure leaves them unknown.
   */
  check(ids: readonly string[]): void;
}

/** Options of {@link createDocumentAvailability}. */
export interface DocumentAvailabilityOptions {
  /** How long an answer holds before the same document is asked about again. @default 60000 */
  maxAgeMs?: number;
  /** @default Date.now */
  now?: () => number;
}

const BATCH = 50;

/**
 * A store of which cited documents still open for the signed-in person, asking the server
 * (`listAvailableKnowledgeDocuments`) in batches. On a server without the operation every
 * document stays `unknown` and is never asked about again.
 * @example
 * const availability = createDocumentAvailability(client);
 * availability.subscribe(() => render(availability.getSnapshot()));
 * availability.check(['3f0c…']);
 */
export function createDocumentAvailability(
  client: DigitalAssistantClient,
  { maxAgeMs = 60_000, now = Date.now }: DocumentAvailabilityOptions = {},
): DocumentAvailability {
  let snapshot: ReadonlyMap<string, DocumentAvailabilityState> = new Map();
  const askedAt = new Map<string, number>();
  const listeners = new Set<() => void>();
  let pending = new Set<string>();
  let isScheduled = false;
  let isUnsupported = false;

  const publish = (changes: ReadonlyMap<string, DocumentAvailabilityState>) => {
    const next = new Map(snapshot);
    let isChanged = false;
    for (const [id, state] of changes) {
      if (next.get(id) !== state) {
        next.set(id, state);
        isChanged = true;
      }
    }
    if (!isChanged) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const ask = async (ids: string[]) => {
    try {
      const result = await listAvailableKnowledgeDocuments(client, ids);
      if (result.unsupported) {
        isUnsupported = true;
        return;
      }
      const available = new Set(result.data.ids);
      publish(new Map(ids.map((id) => [id, available.has(id) ? 'available' : 'removed'])));
    } catch {
      // Signed out, offline: the sources stay as they are, asked again next time.
      for (const id of ids) askedAt.delete(id);
    }
  };

  const flush = () => {
    isScheduled = false;
    const ids = [...pending];
    pending = new Set();
    for (let start = 0; start < ids.length; start += BATCH) void ask(ids.slice(start, start + BATCH));
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    check(ids) {
      if (isUnsupported) return;
      const time = now();
      for (const id of ids) {
        const last = askedAt.get(id);
        if (last !== undefined && time - last < maxAgeMs) continue;
        askedAt.set(id, time);
        pending.add(id);
      }
      if (pending.size === 0 || isScheduled) return;
      isScheduled = true;
      queueMicrotask(flush);
    },
  };
}
