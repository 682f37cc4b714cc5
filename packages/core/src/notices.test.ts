import { describe, expect, it } from 'vitest';
import { createNoticeStore, MAX_NOTICES } from './notices';

describe('notices', () => {
  it('keeps notices newest last and exposes the latest', () => {
    const store = createNoticeStore();
    store.push('info', 'Fetching user list...');
    const done = store.push('success', 'Fetched users');
    expect(store.getSnapshot().notices.map((notice) => notice.text)).toEqual([
      'Fetching user list...',
      'Fetched users',
    ]);
    expect(store.getSnapshot().latest).toEqual(done);
  });

  it('dismisses one notice and clears all', () => {
    const store = createNoticeStore();
    const first = store.push('error', 'Error fetching users');
    store.push('info', 'later');
    store.dismiss(first.id);
    expect(store.getSnapshot().notices.map((notice) => notice.text)).toEqual(['later']);
    store.clear();
    expect(store.getSnapshot()).toEqual({ notices: [], latest: null });
  });

  it('drops the oldest beyond the limit', () => {
    const store = createNoticeStore();
    for (let index = 0; index < MAX_NOTICES + 5; index++) store.push('info', `n${index}`);
    expect(store.getSnapshot().notices).toHaveLength(MAX_NOTICES);
    expect(store.getSnapshot().notices[0]?.text).toBe('n5');
  });
});
