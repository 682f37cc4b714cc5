import { adminMessages } from '@digital-assistant/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { NoticeStack, StatusBanner } from './StatusBanner';

describe('StatusBanner', () => {
  it('announces success politely and errors assertively', () => {
    render(
      <>
        <StatusBanner kind="success">{adminMessages.userRolesUpdated}</StatusBanner>
        <StatusBanner kind="error">{adminMessages.updateUserRolesError}</StatusBanner>
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Successfully updates user roles.');
    expect(screen.getByRole('alert')).toHaveTextContent('Error updating user roles.');
  });

  it('can be dismissed', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(
      <StatusBanner kind="info" onDismiss={onDismiss}>
        {adminMessages.fetchingUsers}
      </StatusBanner>,
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('stacks only the newest notices', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(
      <NoticeStack
        maxVisible={2}
        onDismiss={onDismiss}
        notices={[
          { id: 1, kind: 'info', text: 'first' },
          { id: 2, kind: 'success', text: 'second' },
          { id: 3, kind: 'error', text: 'third' },
        ]}
      />,
    );
    expect(screen.queryByText('first')).toBeNull();
    expect(screen.getByText('second')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Dismiss' })[1]!);
    expect(onDismiss).toHaveBeenCalledWith(3);
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <StatusBanner kind="error" onDismiss={() => {}}>
          {adminMessages.addUserError}
        </StatusBanner>
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});
