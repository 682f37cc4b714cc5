/**
 * History's date groups, as a pure rule: Today, Yesterday, Previous 7 days, Older, by when each
 * conversation started, in the reader's local calendar. Entries keep their order (newest first);
 * groups with no entry are left out. On a server that gives no dates, one group without a heading.
 */
import type { ChatHistoryEntry } from './chat-history';

/** Which date group an entry falls in; `undated` when the server gave no date. */
export type ChatHistoryGroupKey = 'today' | 'yesterday' | 'previous7Days' | 'older' | 'undated';

/** One group of History's list. */
export interface ChatHistoryGroup<T extends ChatHistoryEntry = ChatHistoryEntry> {
  /** Which group. */
  key: ChatHistoryGroupKey;
  /** The heading ('Today'...), or null for `undated` (no heading). */
  label: string | null;
  /** Its entries, newest first. */
  items: readonly T[];
}

/** The headings, in order. */
export const CHAT_HISTORY_GROUP_LABELS: Record<Exclude<ChatHistoryGroupKey, 'undated'>, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  previous7Days: 'Previous 7 days',
  older: 'Older',
};

const ORDER: readonly ChatHistoryGroupKey[] = ['today', 'yesterday', 'previous7Days', 'older', 'undated'];

/** The local midnight starting `date`'s day, `days` days later (negative: earlier). */
function startOfDay(date: Date, days = 0): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days).getTime();
}

/**
 * The group of a conversation started at `createdAt` (ISO 8601), seen at `now`. A date in the
 * future (a clock ahead) counts as today; an unreadable one as undated.
 */
export function chatHistoryGroupOf(createdAt: string | undefined, now: Date): ChatHistoryGroupKey {
  if (!createdAt) return 'undated';
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) return 'undated';
  if (time >= startOfDay(now)) return 'today';
  if (time >= startOfDay(now, -1)) return 'yesterday';
  if (time >= startOfDay(now, -7)) return 'previous7Days';
  return 'older';
}

/**
 * Groups History's entries by date (Today, Yesterday, Previous 7 days, Older).
 * @example
 * groupChatHistory(history.getSnapshot().items, new Date()); // [{ key: 'today', label: 'Today', items }, ...]
 */
export function groupChatHistory<T extends ChatHistoryEntry>(
  items: readonly T[],
  now: Date,
): Array<ChatHistoryGroup<T>> {
  const byKey = new Map<ChatHistoryGroupKey, T[]>();
  const dated = items.some((item) => chatHistoryGroupOf(item.createdAt, now) !== 'undated');
  let previous: ChatHistoryGroupKey = 'today';
  for (const item of items) {
    // Among dated entries, one without a date (a conversation this page just started, before History
    // is fetched again) stays where it is in the newest-first list: in the group of the entry above it.
    const own = chatHistoryGroupOf(item.createdAt, now);
    const key: ChatHistoryGroupKey = own === 'undated' && dated ? previous : own;
    previous = key;
    const group = byKey.get(key);
    if (group) group.push(item);
    else byKey.set(key, [item]);
  }
  return ORDER.flatMap((key) => {
    const group = byKey.get(key);
    if (!group) return [];
    return [{ key, label: key === 'undated' ? null : CHAT_HISTORY_GROUP_LABELS[key], items: group }];
  });
}
