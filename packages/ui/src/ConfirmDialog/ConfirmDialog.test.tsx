import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onConfirm, onCancel }: { onConfirm: () => void; onCancel?: () => void }) {
  const [isOpen, setOpen] = useState(true);
  return <ConfirmDialog isOpen={isOpen} onOpenChange={setOpen} onConfirm={onConfirm} onCancel={onCancel} />;
}

describe('ConfirmDialog', () => {
  it('asks to delete the chat by default', () => {
    render(<Harness onConfirm={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this chat?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('confirms with OK and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancels with Cancel or Escape without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { unmount } = render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    unmount();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('takes a title and text for other uses', () => {
    render(
      <ConfirmDialog
        isOpen
        onOpenChange={() => {}}
        onConfirm={() => {}}
        title="Delete Role Group"
        text="Are you sure you want to delete role group QA?"
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete Role Group' })).toHaveTextContent(
      'Are you sure you want to delete role group QA?',
    );
  });

  it('has no accessibility violations', async () => {
    render(<Harness onConfirm={() => {}} />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});
