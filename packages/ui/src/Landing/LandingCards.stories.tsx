import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LandingCards } from './LandingPages';

const meta = {
  title: 'Administration/LandingCards',
  component: LandingCards,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { isAdmin: false, onTrainBot: fn() },
} satisfies Meta<typeof LandingCards>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff: the two agents. */
export const Staff: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
  },
};

/** Administrators: the agents, then Train Bot, Admin Chat, Users and Status tagged Admin. */
export const Admin: Story = {
  args: { isAdmin: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
    await expect(canvas.getAllByText('Admin')).toHaveLength(4);
  },
};

/** Destinations can be changed, e.g. for an app mounted under a base path. */
export const CustomLinks: Story = {
  args: { isAdmin: true, codeReviewHref: '/assistant/codereview', usersHref: '/assistant/users' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Open: Users' })).toHaveAttribute(
      'href',
      '/assistant/users',
    );
  },
};

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
