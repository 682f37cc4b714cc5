import type { Notice } from '@digital-assistant/core';
import { useCoreContext } from './context';
import { useStore } from './use-store';

/** What {@link useNotices} returns. */
export interface UseNoticesResult {
  /** Oldest first. */
  notices: readonly Notice[];
  latest: Notice | null;
  dismiss: (id: number) => void;
  clear: () => void;
}

/** Messages the hooks reported ('Fetched users', 'Error adding user'...), for a status line or toasts. */
export function useNotices(): UseNoticesResult {
  const { notices } = useCoreContext('useNotices');
  const state = useStore(notices);
  return { notices: state.notices, latest: state.latest, dismiss: notices.dismiss, clear: notices.clear };
}
