import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { sampleRoles } from '../test/fixtures';
import { RolesTable, RolesToolbar } from './RolesTable';

describe('RolesTable', () => {
  it('lists each role group with its feature count, first features and member count', () => {
    render(<RolesTable roles={sampleRoles} onEditRole={() => {}} onDeleteRole={() => {}} />);
    const admins = screen.getByRole('row', { name: /CORE_ADMINS/ });
    expect(admins).toHaveTextContent('12 features');
    expect(admins).toHaveTextContent('role group view');
    expect(admins).toHaveTextContent('+8 more');
    expect(within(screen.getByRole('row', { name: /STAFF/ })).getByText('41')).toBeInTheDocument();
  });

  it('edits and deletes from the row buttons', async () => {
    const user = userEvent.setup();
    const onEditRole = vi.fn();
    const onDeleteRole = vi.fn();
    render(<RolesTable roles={sampleRoles} onEditRole={onEditRole} onDeleteRole={onDeleteRole} />);
    await user.click(screen.getByRole('button', { name: 'Edit PGA' }));
    await user.click(screen.getByRole('button', { name: 'Delete STAFF' }));
    expect(onEditRole).toHaveBeenCalledWith(sampleRoles[2]);
    expect(onDeleteRole).toHaveBeenCalledWith(sampleRoles[1]);
  });

  it('shows loading, error and empty states', () => {
    const first = render(<RolesTable roles={[]} isLoading onEditRole={() => {}} onDeleteRole={() => {}} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    first.unmount();
    const second = render(
      <RolesTable
        roles={sampleRoles}
        error="Error getting role information."
        onEditRole={() => {}}
        onDeleteRole={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error getting role information.');
    second.unmount();
    render(<RolesTable roles={[]} onEditRole={() => {}} onDeleteRole={() => {}} />);
    expect(screen.getByText('No role groups yet.')).toBeInTheDocument();
  });

  it("opens 'Create Role Group' from the toolbar", async () => {
    const user = userEvent.setup();
    const onCreateRole = vi.fn();
    render(<RolesToolbar onCreateRole={onCreateRole} />);
    await user.click(screen.getByRole('button', { name: 'Create Role Group' }));
    expect(onCreateRole).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <RolesTable roles={sampleRoles} onEditRole={() => {}} onDeleteRole={() => {}} />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});
