import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { ProfilePopup } from './ProfilePopup';

describe('ProfilePopup', () => {
  it('shows name, e-mail, role and version', () => {
    render(
      <ProfilePopup
        user={{ email: 'sam@example.com', name: 'Sam Staff', role: 'STAFF', version: '2.0.0' }}
        onLogout={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Sam Staff' })).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText('Role').nextElementSibling).toHaveTextContent('STAFF');
    expect(screen.getByText('Version').nextElementSibling).toHaveTextContent('2.0.0');
  });

  it("says 'User' when the name is missing", () => {
    render(<ProfilePopup user={{ email: 'a@example.com', name: '  ', role: 'STAFF' }} onLogout={() => {}} />);
    expect(screen.getByRole('heading', { name: 'User' })).toBeInTheDocument();
  });

  it('offers Chat (to the chat page) and Logout', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(
      <ProfilePopup
        user={{ email: 'a@example.com', role: 'STAFF' }}
        chatHref="/chat/Knowledge"
        onLogout={onLogout}
      />,
    );
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat/Knowledge');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(
      <ProfilePopup user={{ email: 'a@example.com', name: 'A B', role: 'STAFF' }} onLogout={() => {}} />,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});
