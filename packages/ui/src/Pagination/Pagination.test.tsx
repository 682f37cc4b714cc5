import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('renders the given pages with ellipses and marks the current one', () => {
    render(<Pagination pages={[1, '…', 4, 5, 6, '…', 20]} page={5} pageCount={20} onPageChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('1…456…20');
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
  });

  it('goes to a page, the previous and the next one', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination pages={[1, 2, 3]} page={2} pageCount={3} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1], [3]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pagination pages={[1, 2]} page={1} pageCount={2} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pagination pages={[1, 2]} page={2} pageCount={2} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('summarises which rows are shown', () => {
    render(
      <Pagination
        pages={[1, 2, 3]}
        page={3}
        pageCount={3}
        onPageChange={() => {}}
        totalCount={60}
        pageSize={25}
      />,
    );
    expect(screen.getByText('Showing 51–60 of 60')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<Pagination pages={[1, '…', 4, 5, 6, '…', 20]} page={5} pageCount={20} onPageChange={() => {}} />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});
