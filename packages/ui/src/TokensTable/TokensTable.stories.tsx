import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { sampleNow, sampleTokens } from '../test/fixtures';
import { type TokenRow, TokensTable, type TokensTableProps } from './TokensTable';

/** Revoking marks the row revoked at once, as the page does after the server agreed. */
function Revocable(props: TokensTableProps) {
  const [tokens, setTokens] = useState<readonly TokenRow[]>(props.tokens);
  return (
    <TokensTable
      {...props}
      tokens={tokens}
      onRevoke={(revoked) => {
        props.onRevoke(revoked);
        setTokens((current) =>
          current.map((token) =>
            token.id === revoked.id ? { ...token, revoked_at: sampleNow.toISOString() } : token,
          ),
        );
      }}
    />
  );
}

const meta = {
  title: 'Administration/TokensTable',
  component: TokensTable,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  render: (args) => <Revocable {...args} />,
  args: {
    tokens: sampleTokens,
    onRevoke: fn(),
    now: sampleNow,
    formatTime: (iso: string) => iso.replace('T', ' ').slice(0, 16),
  },
} satisfies Meta<typeof TokensTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Several tokens: two active, one revoked, one expired (only active ones can be revoked). */
export const Full: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(5);
    await expect(canvas.getByText('Revoked')).toHaveAttribute('data-state', 'revoked');
    await expect(canvas.getByText('Expired')).toHaveAttribute('data-state', 'expired');
    await expect(canvas.getAllByRole('button', { name: /^Revoke / })).toHaveLength(2);
  },
};

/** Revoke reports the token; here the row then reads Revoked and loses its button. */
export const Revoke: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke CI pipeline' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(sampleTokens[0]);
    await expect(canvas.getAllByText('Revoked')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: 'Revoke CI pipeline' })).toBeNull();
  },
};

/** The server is revoking one token. */
export const Revoking: Story = { args: { revokingId: sampleTokens[0]?.id } };

export const Empty: Story = { args: { tokens: [] } };
export const Loading: Story = { args: { tokens: [], isLoading: true } };
export const ErrorState: Story = { name: 'Error', args: { error: 'Error fetching tokens.' } };

/**
 * As wide as the page is in an 800px window (752px): every column and each Revoke button fit
 * without scrolling, the names stay on one line (a long one ends in an ellipsis) and a time goes
 * under its date. Uses the default date format.
 */
export const Narrow: Story = {
  args: {
    formatTime: undefined,
    tokens: [
      { ...sampleTokens[0]!, name: 'Nightly reporting pipeline for the finance team' },
      { ...sampleTokens[1]!, name: 'Token 2026-11-23', last_used_at: '2026-11-02T10:00:00Z' },
      ...sampleTokens.slice(2),
    ],
  },
  render: (args) => (
    <div style={{ width: 752 }}>
      <Revocable {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const container = canvasElement.querySelector('.da-table-container') as HTMLElement;
    await expect(container.scrollWidth).toBeLessThanOrEqual(container.clientWidth);
    const edge = container.getBoundingClientRect().right;
    for (const button of canvas.getAllByRole('button', { name: /^Revoke / })) {
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(edge);
    }
    const lineHeight = Number.parseFloat(getComputedStyle(canvas.getByText('Token 2026-11-23')).lineHeight);
    for (const name of canvasElement.querySelectorAll('.da-token-name-text')) {
      await expect(name.getBoundingClientRect().height).toBeLessThanOrEqual(lineHeight + 1);
    }
  },
};
