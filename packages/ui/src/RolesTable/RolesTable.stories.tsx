import { adminMessages } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { sampleRoles } from '../test/fixtures';
import { RolesTable, RolesToolbar } from './RolesTable';

const meta = {
  title: 'Administration/RolesTable',
  component: RolesTable,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { roles: sampleRoles, onEditRole: fn(), onDeleteRole: fn() },
} satisfies Meta<typeof RolesTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  render: (args) => (
    <div className="da-stack">
      <RolesToolbar onCreateRole={() => {}} />
      <RolesTable {...args} />
    </div>
  ),
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit STAFF' }));
    await expect(args.onEditRole).toHaveBeenCalledWith(sampleRoles[1]);
    await expect(canvas.getByText('12 features')).toBeVisible();
  },
};

export const Empty: Story = { args: { roles: [] } };
export const Loading: Story = { args: { roles: [], isLoading: true } };
export const ErrorState: Story = { name: 'Error', args: { error: adminMessages.roleInfoError } };
