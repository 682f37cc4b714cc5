import type { PersonalAccessToken } from '@digital-assistant/sdk';
import { Cell, Column, Row, Table, TableHeader } from 'react-aria-components';
import { Button } from '../Button/Button';
import { ActionsColumn } from '../DataTable/ActionsColumn';
import { DataTableBody } from '../DataTable/DataTableBody';
import { TableTime } from '../DataTable/TableTime';
import { StatusBadge, type StatusBadgeTone } from '../StatusBadge/StatusBadge';

/** A personal access token as `GET /api/users/tokens` lists it (the SDK's PersonalAccessToken): never its value. */
export type TokenRow = Pick<
  PersonalAccessToken,
  'id' | 'name' | 'created_at' | 'expires_at' | 'last_used_at' | 'revoked_at'
>;

/** Whether a token still works: `active`, or `revoked` / `expired` (a call with it gets 401). */
export type TokenStatus = 'active' | 'revoked' | 'expired';

const statusLabels: Record<TokenStatus, string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
};

const statusTones: Record<TokenStatus, StatusBadgeTone> = {
  active: 'success',
  revoked: 'error',
  expired: 'muted',
};

/** A token's status at `now`: revoked wins over expired; no expiry means it never expires. */
export function tokenStatus(token: TokenRow, now: Date = new Date()): TokenStatus {
  if (token.revoked_at) return 'revoked';
  if (token.expires_at && Date.parse(token.expires_at) <= now.getTime()) return 'expired';
  return 'active';
}

/** Props of `TokensTable`. */
export interface TokensTableProps {
  /** The signed-in user's tokens, in display order (the server lists newest first). */
  tokens: readonly TokenRow[];
  /** Called by an active token's Revoke button; ask for confirmation before revoking. */
  onRevoke: (token: TokenRow) => void;
  /** Id of the token being revoked: its button shows progress. */
  revokingId?: string | null;
  /** The list is being fetched: shows 'Fetching tokens...' when there are no rows yet. */
  isLoading?: boolean;
  /** A fetch error to show instead of rows. */
  error?: string | null;
  /** Text of the empty state. @default 'You have no personal access tokens.' */
  emptyMessage?: string;
  /** The moment expiry is judged against. @default the time of rendering */
  now?: Date;
  /**
   * Formats a timestamp. By default the medium date and short time in the user's locale, the time
   * going under the date when the column is narrow.
   */
  formatTime?: (isoTime: string) => string;
}

/**
 * The signed-in user's personal access tokens: name, when created, when it expires, when last
 * used, and its status (Active, Revoked or Expired, styled through `data-state`); each active
 * token has a Revoke button. Controlled: the caller confirms and revokes.
 *
 * @example
 * <TokensTable tokens={myTokens.tokens} onRevoke={(token) => setPending(token)} />
 */
export function TokensTable({
  tokens,
  onRevoke,
  revokingId = null,
  isLoading = false,
  error = null,
  emptyMessage = 'You have no personal access tokens.',
  now,
  formatTime,
}: TokensTableProps) {
  const at = now ?? new Date();

  return (
    <div className="da-table-container da-tokens-table">
      <Table aria-label="Personal access tokens" className="da-table">
        <TableHeader className="da-table-header">
          <Column isRowHeader className="da-table-column">
            Name
          </Column>
          <Column className="da-table-column">Created</Column>
          <Column className="da-table-column">Expires</Column>
          <Column className="da-table-column">Last used</Column>
          <Column className="da-table-column">Status</Column>
          <ActionsColumn />
        </TableHeader>
        <DataTableBody
          items={tokens}
          error={error}
          isLoading={isLoading}
          loadingMessage="Fetching tokens..."
          emptyMessage={emptyMessage}
        >
          {(token) => {
            const status = tokenStatus(token, at);
            return (
              <Row id={token.id} className="da-table-row da-token-row" data-state={status}>
                <Cell className="da-table-cell da-table-cell-strong da-token-name">
                  <span className="da-token-name-text">{token.name}</span>
                </Cell>
                <Cell className="da-table-cell da-token-time">
                  <TableTime isoTime={token.created_at} formatTime={formatTime} />
                </Cell>
                <Cell className="da-table-cell da-token-time">
                  <TableTime isoTime={token.expires_at} absent="Never" formatTime={formatTime} />
                </Cell>
                <Cell className="da-table-cell da-token-time">
                  <TableTime isoTime={token.last_used_at} absent="Never" formatTime={formatTime} />
                </Cell>
                <Cell className="da-table-cell">
                  <StatusBadge
                    tone={statusTones[status]}
                    hasDot
                    className="da-token-status"
                    data-state={status}
                  >
                    {statusLabels[status]}
                  </StatusBadge>
                </Cell>
                <Cell className="da-table-cell da-table-actions">
                  {status === 'active' ? (
                    <Button
                      size="sm"
                      // The visible word starts the name (WCAG label in name); the token's name tells rows apart.
                      aria-label={`Revoke ${token.name}`}
                      onPress={() => onRevoke(token)}
                      isPending={revokingId === token.id}
                    >
                      Revoke
                    </Button>
                  ) : null}
                </Cell>
              </Row>
            );
          }}
        </DataTableBody>
      </Table>
    </div>
  );
}
