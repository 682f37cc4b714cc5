import { adminMessages } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { NoticeStack, StatusBanner } from './StatusBanner';

const meta = {
  title: 'Administration/StatusBanner',
  component: StatusBanner,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { kind: 'success', children: adminMessages.userAdded('new@example.com') },
} satisfies Meta<typeof StatusBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Successfully added user new@example.com.');
  },
};

export const ErrorKind: Story = {
  name: 'Error',
  args: { kind: 'error', children: adminMessages.fetchUsersError },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error fetching users');
  },
};

export const Info: Story = { args: { kind: 'info', children: adminMessages.fetchingUsers } };

export const Dismissable: Story = { args: { onDismiss: fn() } };

/** Toasts from the headless notice store, newest last. */
export const Toasts: Story = {
  render: () => (
    <NoticeStack
      onDismiss={() => {}}
      notices={[
        { id: 1, kind: 'info', text: adminMessages.fetchingUsers },
        { id: 2, kind: 'success', text: adminMessages.roleGroupCreated },
        { id: 3, kind: 'error', text: adminMessages.roleExists('QA') },
      ]}
    />
  ),
};
