import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { StoreWiredTokenDialog } from '../test/examples';

const token = 'da_pat_secret_value_123';

describe('TokenDialog', () => {
  it("is titled 'Token Creation Successful' and keeps the token masked until shown", async () => {
    const user = userEvent.setup();
    render(<StoreWiredTokenDialog token={token} writeText={async () => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Token Creation Successful' });
    expect(dialog).not.toHaveTextContent(token);
    const toggle = screen.getByRole('button', { name: 'Show token' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(dialog).toHaveTextContent(token);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(dialog).not.toHaveTextContent(token);
  });

  it("copies the token and says 'Token copied to clipboard!'", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    render(<StoreWiredTokenDialog token={token} writeText={writeText} />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(token);
    expect(await screen.findByText('Token copied to clipboard!')).toBeInTheDocument();
  });

  it('closes with the Close button', async () => {
    const user = userEvent.setup();
    render(<StoreWiredTokenDialog token={token} writeText={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no accessibility violations', async () => {
    render(<StoreWiredTokenDialog token={token} writeText={async () => {}} />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});
