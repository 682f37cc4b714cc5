import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpinnerIcon } from '../icons/icons';
import { accessibilityViolations } from '../test/axe';
import { StatusBadge } from './StatusBadge';

describe('StatusBadge', () => {
  it('shows the status in words with what it means as its tone, a dot only for a state that holds', () => {
    render(
      <>
        <StatusBadge tone="success" hasDot>
          Active
        </StatusBadge>
        <StatusBadge tone="error">Failed</StatusBadge>
      </>,
    );
    expect(screen.getByText('Active')).toHaveAttribute('data-tone', 'success');
    expect(screen.getByText('Active')).toHaveAttribute('data-dot');
    expect(screen.getByText('Failed')).toHaveAttribute('data-tone', 'error');
    expect(screen.getByText('Failed')).not.toHaveAttribute('data-dot');
  });

  it("draws its icon before the words and keeps the caller's attributes and class", () => {
    render(
      <StatusBadge tone="progress" icon={<SpinnerIcon />} className="da-file-status" data-state="not-ready">
        Processing
      </StatusBadge>,
    );
    const badge = screen.getByText('Processing');
    expect(badge).toHaveClass('da-status-badge', 'da-file-status');
    expect(badge).toHaveAttribute('data-state', 'not-ready');
    expect(badge.firstElementChild?.tagName.toLowerCase()).toBe('svg');
    expect(badge).toHaveTextContent(/^Processing$/);
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<StatusBadge tone="muted">Expired</StatusBadge>);
    expect(await accessibilityViolations(container)).toEqual([]);
  });
});
