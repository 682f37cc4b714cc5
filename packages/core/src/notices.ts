/**
 * Messages a person is shown after an action ('Successfully added user a@b.c.', 'Error fetching
 * users'...). Hooks push them here; the screens decide how long to show them.
 */
import { createStore, type ReadableStore } from './store';

/** The kind of a message, which decides its icon and colour. */
export type NoticeKind = 'info' | 'success' | 'error';

/** One message shown to a person. */
export interface Notice {
  /** Increasing id, unique within the store. */
  id: number;
  kind: NoticeKind;
  text: string;
}

/** Snapshot of the notice store: newest last. */
export interface NoticesState {
  notices: readonly Notice[];
  /** The newest notice, or `null`. */
  latest: Notice | null;
}

/** Where hooks report what happened, and screens read it. */
export interface NoticeStore extends ReadableStore<NoticesState> {
  /** Adds a notice and returns it. */
  push(kind: NoticeKind, text: string): Notice;
  dismiss(id: number): void;
  clear(): void;
}

/** Notices kept at most; older ones are dropped. */
export const MAX_NOTICES = 20;

/** Creates an empty notice store. */
export function createNoticeStore(): NoticeStore {
  const store = createStore<NoticesState>({ notices: [], latest: null });
  let nextId = 1;
  const set = (notices: readonly Notice[]) => store.setState({ notices, latest: notices.at(-1) ?? null });
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    push(kind, text) {
      const notice = { id: nextId++, kind, text };
      set([...store.getSnapshot().notices, notice].slice(-MAX_NOTICES));
      return notice;
    },
    dismiss(id) {
      const { notices } = store.getSnapshot();
      if (notices.some((notice) => notice.id === id)) set(notices.filter((notice) => notice.id !== id));
    },
    clear: () => {
      if (store.getSnapshot().notices.length > 0) set([]);
    },
  };
}
