import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ProfilePopup } from './ProfilePopup';

const meta = {
  title: 'Foundation/ProfilePopup',
  component: ProfilePopup,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div className="da-popover">
        <Story />
      </div>
    ),
  ],
  args: {
    user: { email: 'ada.admin@example.com', name: 'Ada Admin', role: 'CORE_ADMINS', version: '0.1.0' },
    onLogout: fn(),
  },
} satisfies Meta<typeof ProfilePopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Ada Admin' })).toBeVisible();
    await expect(canvas.getByText('Role')).toBeVisible();
    await expect(canvas.getByText('Version')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** Without a name the popup says 'User'. */
export const WithoutName: Story = {
  args: { user: { email: 'someone@example.com', name: '', role: 'STAFF', version: '0.1.0' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'User' })).toBeVisible();
  },
};
