import { useNotices } from '@digital-assistant/react';
import { useEffect, useRef } from 'react';

/** How long a success message stays on screen. */
const NOTICE_VISIBLE_MS = 4000;

/**
 * The provider's notices as toasts, kept out of the way: an info message ('Fetching user list...')
 * reports progress, so it stays until a newer message arrives; success messages fade after a few
 * seconds; errors stay until dismissed. Whatever this page reported is cleared when the person
 * leaves it.
 */
export function useFadingNotices() {
  const { notices, latest, dismiss, clear } = useNotices();
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    for (const notice of notices) {
      if (notice.kind === 'info' && notice !== latest) dismiss(notice.id);
      else if (notice.kind === 'success' && !timers.current.has(notice.id)) {
        const timer = setTimeout(() => {
          timers.current.delete(notice.id);
          dismiss(notice.id);
        }, NOTICE_VISIBLE_MS);
        timers.current.set(notice.id, timer);
      }
    }
  }, [notices, latest, dismiss]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      clear();
    };
  }, [clear]);
  return { notices, dismiss };
}
