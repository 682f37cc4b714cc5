import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('shows the title as the page heading with a close link', () => {
    render(<PageHeader title="Tenant Settings" closeHref="/agents" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tenant Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/agents');
  });

  it('calls onClose from a close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<PageHeader title="Status" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <PageHeader title="Status" closeHref="/menu" />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});
