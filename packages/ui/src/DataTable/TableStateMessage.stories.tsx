import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button';
import { TableStateMessage } from './TableStateMessage';

const meta = {
  title: 'Foundation/TableStateMessage',
  component: TableStateMessage,
  parameters: { layout: 'centered' },
  args: { state: 'empty', children: 'No users yet.' },
} satisfies Meta<typeof TableStateMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Loading: Story = {
  args: { state: 'loading', children: 'Loading users…' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading users…');
  },
};
export const ErrorWithRetry: Story = {
  args: {
    state: 'error',
    children: 'Error fetching users: the server did not answer.',
    action: <Button>Retry</Button>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error fetching users');
  },
};
