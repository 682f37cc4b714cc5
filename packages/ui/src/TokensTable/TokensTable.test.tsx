import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { sampleNow, sampleTokens } from '../test/fixtures';
import { TokensTable, tokenStatus } from './TokensTable';

const day = (iso: string) => iso.slice(0, 10);

describe('TokensTable', () => {
  it('shows name, created, expires, last used and status for each token, in the given order', () => {
    render(<TokensTable tokens={sampleTokens} onRevoke={() => {}} now={sampleNow} formatTime={day} />);
    for (const name of ['Name', 'Created', 'Expires', 'Last used', 'Status']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'CI pipeline',
      'Reporting script',
      'Old notebook',
      'laptop',
    ]);
    expect(rows[0]).toHaveTextContent('CI pipeline2026-11-022027-01-312026-11-02Active');
    expect(rows[0]?.querySelector('time')).toHaveAttribute('dateTime', '2026-11-02T09:42:00Z');
    // No expiry and never used.
    expect(rows[1]).toHaveTextContent('Reporting script2026-10-20NeverNeverActive');
  });

  it('marks revoked and expired tokens through data-state and offers Revoke only on active ones', () => {
    render(<TokensTable tokens={sampleTokens} onRevoke={() => {}} now={sampleNow} />);
    const status = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) })).getByText(/^(Active|Revoked|Expired)$/);
    expect(status('CI pipeline')).toHaveAttribute('data-state', 'active');
    expect(status('Old notebook')).toHaveTextContent('Revoked');
    expect(status('Old notebook')).toHaveAttribute('data-state', 'revoked');
    expect(status('laptop')).toHaveTextContent('Expired');
    expect(status('laptop')).toHaveAttribute('data-state', 'expired');
    expect(
      screen.getAllByRole('button', { name: /^Revoke / }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Revoke CI pipeline', 'Revoke Reporting script']);
  });

  it('reports which token to revoke', async () => {
    const user = userEvent.setup();
    const onRevoke = vi.fn();
    render(<TokensTable tokens={sampleTokens} onRevoke={onRevoke} now={sampleNow} />);
    await user.click(screen.getByRole('button', { name: 'Revoke Reporting script' }));
    expect(onRevoke).toHaveBeenCalledWith(sampleTokens[1]);
  });

  it('shows progress on the token being revoked', () => {
    render(
      <TokensTable
        tokens={sampleTokens}
        onRevoke={() => {}}
        now={sampleNow}
        revokingId={sampleTokens[0]?.id}
      />,
    );
    expect(screen.getByRole('button', { name: /Revoke CI pipeline/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Revoke Reporting script' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('shows loading, error and empty states', () => {
    const first = render(<TokensTable tokens={[]} isLoading onRevoke={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Fetching tokens...');
    first.unmount();
    const second = render(
      <TokensTable tokens={sampleTokens} error="Error fetching tokens." onRevoke={() => {}} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error fetching tokens.');
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    second.unmount();
    render(<TokensTable tokens={[]} onRevoke={() => {}} />);
    expect(screen.getByText('You have no personal access tokens.')).toBeInTheDocument();
  });

  it('judges expiry at the given moment; a revoked token stays revoked', () => {
    const [active, , revoked, expired] = sampleTokens;
    expect(tokenStatus(active!, sampleNow)).toBe('active');
    expect(tokenStatus(active!, new Date('2027-02-01T00:00:00Z'))).toBe('expired');
    expect(tokenStatus(expired!, new Date('2026-10-01T00:00:00Z'))).toBe('active');
    expect(tokenStatus(revoked!, new Date('2027-06-01T00:00:00Z'))).toBe('revoked');
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <TokensTable tokens={sampleTokens} onRevoke={() => {}} now={sampleNow} />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});
