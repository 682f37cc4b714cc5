import { type UseTokenOverlayResult, useGenerateToken, useTokenOverlay } from '@digital-assistant/react';
import { TokenDialog } from '@digital-assistant/ui';

/** Generate Token and the popup that shows the new token once. */
export interface TokenPopupModel {
  overlay: UseTokenOverlayResult;
  generate: () => void;
  isGenerating: boolean;
}

/** Generating a token opens the 'Token Creation Successful' popup with it. */
export function useTokenPopup(): TokenPopupModel {
  const overlay = useTokenOverlay();
  const generateToken = useGenerateToken();
  return {
    overlay,
    generate: () => generateToken.mutate(undefined, { onSuccess: overlay.show }),
    isGenerating: generateToken.isPending,
  };
}

/**
 * The 'Token Creation Successful' popup: masked until toggled, Copy -> 'Token copied to clipboard!'.
 * The server's message is left out: the dialog already says the token is shown only once.
 */
export function TokenPopup({ popup: { overlay } }: { popup: TokenPopupModel }) {
  return (
    <TokenDialog
      isOpen={overlay.isVisible}
      token={overlay.token}
      isMasked={overlay.isMasked}
      onToggleMasked={overlay.toggleMasked}
      onCopy={() => void overlay.copy()}
      copyNotice={overlay.copyNotice}
      onClose={overlay.close}
    />
  );
}
