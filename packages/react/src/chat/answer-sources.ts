/**
 * The list of sources under a knowledge answer (the core's `answerSourceList`), each marked removed
 * once the server says its document no longer opens (the core's `createDocumentAvailability`, one
 * store per client, so every answer shares what was asked).
 */
import {
  type AnswerSourceEntry,
  answerSourceList,
  createDocumentAvailability,
  type DocumentAvailability,
} from '@digital-assistant/core';
import type { DigitalAssistantClient, KnowledgeSource } from '@digital-assistant/sdk';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useClient } from '../core/chat-provider';

/** One entry of {@link useAnswerSources}. */
export interface AnswerSourceView extends AnswerSourceEntry {
  /** The document was deleted since the answer (or the reader may no longer open it): not linked. */
  isRemoved: boolean;
}

const availabilities = new WeakMap<DigitalAssistantClient, DocumentAvailability>();

function availabilityFor(client: DigitalAssistantClient): DocumentAvailability {
  let availability = availabilities.get(client);
  if (!availability) {
    availability = createDocumentAvailability(client);
    availabilities.set(client, availability);
  }
  return availability;
}

/** Options of {@link useAnswerSources}. */
export interface UseAnswerSourcesOptions {
  /**
   * The answer has finished (done or stopped): only then are its documents asked about.
   * @default true
   */
  isSettled?: boolean;
}

/**
 * The sources a knowledge answer cites, for the list under it: each document (and page or slide)
 * once, in citation order, with `isRemoved` when its document was deleted since. Needs
 * `DigitalAssistantChatProvider` (or the core provider).
 * @example
 * const entries = useAnswerSources(message.message, message.sources);
 * entries.map((entry) => (entry.isRemoved ? `${entry.source.document} (removed)` : entry.source.link));
 */
export function useAnswerSources(
  text: string,
  sources: Readonly<Record<string, KnowledgeSource>> | undefined,
  { isSettled = true }: UseAnswerSourcesOptions = {},
): readonly AnswerSourceView[] {
  const availability = availabilityFor(useClient());
  const states = useSyncExternalStore(
    availability.subscribe,
    availability.getSnapshot,
    availability.getSnapshot,
  );
  const entries = useMemo(() => answerSourceList(text, sources), [text, sources]);
  const documentIds = entries.flatMap((entry) => (entry.documentId ? [entry.documentId] : [])).join(',');
  useEffect(() => {
    if (isSettled && documentIds) availability.check(documentIds.split(','));
  }, [availability, documentIds, isSettled]);
  return useMemo(
    () =>
      entries.map((entry) => ({
        ...entry,
        isRemoved: entry.documentId !== undefined && states.get(entry.documentId) === 'removed',
      })),
    [entries, states],
  );
}
