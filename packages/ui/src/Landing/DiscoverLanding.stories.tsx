import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DiscoverLanding } from './LandingPages';

const meta = {
  title: 'Administration/DiscoverLanding',
  component: DiscoverLanding,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { isAdmin: false, onTrainBot: fn() },
} satisfies Meta<typeof DiscoverLanding>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Discover page (menu) for staff. */
export const Staff: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
  },
};

/** The Discover page for an administrator. */
export const Admin: Story = { args: { isAdmin: true } };
