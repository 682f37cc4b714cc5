import { type UseMyTokensResult, useRevokeToken } from '@digital-assistant/react';
import { ConfirmDialog, type TokenRow, TokensTable } from '@digital-assistant/ui';
import { useRef, useState } from 'react';

export interface TokensPanelProps {
  myTokens: UseMyTokensResult;
}

/**
 * The Tokens tab: the signed-in user's own personal access tokens. Revoke asks first; the hook
 * then reports 'Token revoked.' or 'Error revoking token.' and refreshes the list.
 */
export function TokensPanel({ myTokens }: TokensPanelProps) {
  const revokeToken = useRevokeToken();
  const [pending, setPending] = useState<TokenRow | null>(null);
  // Keeps the name in the text while the dialog animates out after `pending` went back to null.
  const shown = useRef(pending);
  if (pending) shown.current = pending;
  return (
    <div className="da-stack">
      <p className="app-tab-intro">
        Your personal access tokens, made with Generate Token on the Users tab. A revoked or expired token no
        longer works.
      </p>
      <TokensTable
        tokens={myTokens.tokens}
        onRevoke={setPending}
        revokingId={revokeToken.isPending ? revokeToken.variables : null}
        isLoading={myTokens.isPending}
        error={myTokens.error?.message ?? null}
      />
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null);
        }}
        title="Revoke token"
        text={`Revoke token '${shown.current?.name ?? ''}'? Scripts using it stop working at once.`}
        confirmLabel="Revoke"
        onConfirm={() => {
          if (pending) revokeToken.mutate(pending.id);
        }}
      />
    </div>
  );
}
