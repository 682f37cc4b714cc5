import { describe, expect, it } from 'vitest';
import { chatHistoryGroupOf, groupChatHistory } from './history-groups';

// Wednesday 27 November 2026, 09:30 local time.
const now = new Date(2026, 10, 27, 9, 30);
const at = (day: number, hour = 12) => new Date(2026, 10, day, hour).toISOString();

describe('History date groups', () => {
  it('puts a conversation in Today, Yesterday, Previous 7 days or Older by local calendar day', () => {
    expect(chatHistoryGroupOf(at(27, 0), now)).toBe('today');
    expect(chatHistoryGroupOf(new Date(2026, 10, 26, 23, 59).toISOString(), now)).toBe('yesterday');
    expect(chatHistoryGroupOf(at(26, 0), now)).toBe('yesterday');
    expect(chatHistoryGroupOf(at(25), now)).toBe('previous7Days');
    expect(chatHistoryGroupOf(at(20, 0), now)).toBe('previous7Days');
    expect(chatHistoryGroupOf(new Date(2026, 10, 19, 23, 59).toISOString(), now)).toBe('older');
    expect(chatHistoryGroupOf(new Date(2025, 0, 1).toISOString(), now)).toBe('older');
  });

  it('counts a date ahead of the clock as today, and a missing or unreadable one as undated', () => {
    expect(chatHistoryGroupOf(at(28), now)).toBe('today');
    expect(chatHistoryGroupOf(undefined, now)).toBe('undated');
    expect(chatHistoryGroupOf('not a date', now)).toBe('undated');
  });

  it('groups in heading order, keeps each group newest first and leaves empty groups out', () => {
    const items = [
      { conversationId: 'a', chipSummary: 'A', createdAt: at(27, 9) },
      { conversationId: 'b', chipSummary: 'B', createdAt: at(27, 8) },
      { conversationId: 'c', chipSummary: 'C', createdAt: at(22) },
      { conversationId: 'd', chipSummary: 'D', createdAt: at(1) },
    ];
    expect(
      groupChatHistory(items, now).map((group) => [
        group.label,
        group.items.map((item) => item.conversationId),
      ]),
    ).toEqual([
      ['Today', ['a', 'b']],
      ['Previous 7 days', ['c']],
      ['Older', ['d']],
    ]);
  });

  it('shows a server’s undated list as one group without a heading', () => {
    const items = [
      { conversationId: 'a', chipSummary: 'A' },
      { conversationId: 'b', chipSummary: 'B' },
    ];
    expect(groupChatHistory(items, now)).toEqual([{ key: 'undated', label: null, items }]);
    expect(groupChatHistory([], now)).toEqual([]);
  });
});
