import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Avatar } from './Avatar';

const meta = {
  title: 'Foundation/Avatar',
  component: Avatar,
  parameters: { layout: 'centered' },
  args: { name: 'Ada Admin', email: 'admin@example.com' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A person's initials. */
export const WithName: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('AA');
  },
};
/** Without a name, the e-mail's first letter. */
export const EmailOnly: Story = { args: { name: null } };
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };
