import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { UsersAndPermissionsPage } from './UsersAndPermissionsPage';

describe('UsersAndPermissionsPage', () => {
  it('has tabs Users and Roles and a Close link to the menu', async () => {
    const user = userEvent.setup();
    const onSelectedTabChange = vi.fn();
    render(
      <UsersAndPermissionsPage
        usersPanel={<p>users here</p>}
        rolesPanel={<p>roles here</p>}
        onSelectedTabChange={onSelectedTabChange}
      />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Users', 'Roles']);
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('users here');
    await user.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('roles here');
    expect(onSelectedTabChange).toHaveBeenCalledWith('roles');
  });

  it('adds the Audit tab when given its panel', async () => {
    const user = userEvent.setup();
    render(<UsersAndPermissionsPage usersPanel="u" rolesPanel="r" auditPanel={<p>audit here</p>} />);
    await user.click(screen.getByRole('tab', { name: 'Audit' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('audit here');
  });

  it('puts the Tokens tab after Roles and before Audit when given its panel', async () => {
    const user = userEvent.setup();
    render(
      <UsersAndPermissionsPage
        usersPanel="u"
        rolesPanel="r"
        tokensPanel={<p>tokens here</p>}
        auditPanel={<p>audit here</p>}
      />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Users',
      'Roles',
      'Tokens',
      'Audit',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Tokens' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('tokens here');
  });

  it('follows a controlled tab', () => {
    render(<UsersAndPermissionsPage selectedTab="roles" usersPanel="u" rolesPanel="r" />);
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <UsersAndPermissionsPage usersPanel="u" rolesPanel="r" tokensPanel="t" auditPanel="a" />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});
