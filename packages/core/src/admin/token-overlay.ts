/** The 'Token Creation Successful' popup: shown after generation, masked until toggled, copyable. */

import type { ClipboardWriter } from '../host';
import { createStore, type ReadableStore } from '../store';
import { adminMessages } from './admin-messages';

export type { ClipboardWriter };

/** Snapshot of the token overlay. */
export interface TokenOverlayState {
  isVisible: boolean;
  token: string;
  /** The server's message that came with the token. */
  message: string;
  /** True until the show/hide toggle is pressed. */
  isMasked: boolean;
  /** 'Token copied to clipboard!' after a copy, else `null`. */
  copyNotice: string | null;
}

/** The token overlay and its buttons. */
export interface TokenOverlayStore extends ReadableStore<TokenOverlayState> {
  /** Shows a freshly generated token, masked. */
  show(generated: { personal_access_token: string; message?: string }): void;
  /** Hides the overlay and forgets the token. */
  close(): void;
  toggleMasked(): void;
  /** Writes the token to the clipboard; resolves true when it was written. */
  copy(): Promise<boolean>;
}

/** Mask character used by {@link maskToken}. */
export const TOKEN_MASK_CHARACTER = '•';

/** The token as shown while masked: one mask character per character (so its length still shows). */
export function maskToken(token: string): string {
  return TOKEN_MASK_CHARACTER.repeat(token.length);
}

const hidden: TokenOverlayState = {
  isVisible: false,
  token: '',
  message: '',
  isMasked: true,
  copyNotice: null,
};

/**
 * Creates the token overlay store.
 * @param options.clipboard where Copy writes (for example `navigator.clipboard`)
 * @param options.onCopied called with 'Token copied to clipboard!' after a successful copy
 * @param options.onCopyFailed called with the error when the clipboard refuses
 */
export function createTokenOverlayStore(options: {
  clipboard?: ClipboardWriter | null;
  onCopied?: (text: string) => void;
  onCopyFailed?: (error: unknown) => void;
}): TokenOverlayStore {
  const store = createStore(hidden);
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    show: ({ personal_access_token, message }) =>
      store.setState({ ...hidden, isVisible: true, token: personal_access_token, message: message ?? '' }),
    close: () => store.setState(hidden),
    toggleMasked: () => store.setState((state) => ({ ...state, isMasked: !state.isMasked })),
    async copy() {
      const { token, isVisible } = store.getSnapshot();
      if (!isVisible || !token) return false;
      try {
        if (!options.clipboard) throw new Error('No clipboard available');
        await options.clipboard.writeText(token);
      } catch (error) {
        options.onCopyFailed?.(error);
        return false;
      }
      store.setState((state) =>
        state.token === token ? { ...state, copyNotice: adminMessages.tokenCopied } : state,
      );
      options.onCopied?.(adminMessages.tokenCopied);
      return true;
    },
  };
}
