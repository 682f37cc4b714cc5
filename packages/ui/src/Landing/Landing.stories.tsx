import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AgentsLanding, DiscoverLanding } from './LandingPages';

const meta = {
  title: 'Administration/Landing',
  component: AgentsLanding,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { isAdmin: false, onTrainBot: fn() },
} satisfies Meta<typeof AgentsLanding>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff: the two agent cards. */
export const AgentsStaff: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: /Upload/ })).toHaveAttribute('href', '/codereview');
    await expect(canvas.getByRole('link', { name: /Chat/ })).toHaveAttribute('href', '/elk');
  },
};

/** Admin: plus Train Bot, Admin Chat, Users and Status. */
export const AgentsAdmin: Story = {
  args: { isAdmin: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
    await userEvent.click(canvas.getByRole('button', { name: /Train Bot/ }));
    await expect(args.onTrainBot).toHaveBeenCalledOnce();
  },
};

/** The ELK agent marked as coming soon. */
export const ElkComingSoon: Story = { args: { isElkComingSoon: true } };

/** Staff without the ELK permission: the card says it needs it and whom to ask. */
export const ElkNeedsPermission: Story = {
  args: {
    elkPermissionNote:
      'Your role group, STAFF, does not have the ELK chat permission (elk_chat). Ask an administrator (CORE_ADMINS) to add it.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Needs permission')).toBeVisible();
    await expect(canvas.getByText(/Ask an administrator \(CORE_ADMINS\)/)).toBeVisible();
  },
};

/** The Discover page (menu) for an admin. */
export const DiscoverAdmin: Story = {
  args: { isAdmin: true },
  render: (args) => <DiscoverLanding {...args} />,
};

/** The Discover page (menu) for staff. */
export const DiscoverStaff: Story = {
  render: (args) => <DiscoverLanding {...args} />,
};
