import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ShellAround, sampleAdmin, sampleStaff } from '../test/app-shell-examples';
import { AppShellFooter } from './AppShellFooter';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellFooter',
  component: AppShellFooter,
  tags: ['autodocs'],
  render: (args) => <ShellAround footer={<AppShell.Footer {...args} />} />,
  args: { user: sampleStaff, onLogout: fn() },
} satisfies Meta<typeof AppShellFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The user's initials and name; pressing it opens the profile popup, whose Logout signs out. */
export const Staff: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Sam Staff/ }));
    const popup = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Profile' });
    await waitFor(() => expect(within(popup).getByText('staff@example.com')).toBeVisible());
    await userEvent.click(within(popup).getByRole('button', { name: /Logout/ }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

export const Admin: Story = { args: { user: sampleAdmin } };

/** No name: shown by e-mail. */
export const WithoutName: Story = {
  args: { user: { ...sampleStaff, name: '', email: 'no.name@example.com' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /no\.name@example\.com/ })).toBeVisible();
  },
};

/** A long name is cut with an ellipsis. */
export const LongName: Story = {
  args: { user: { ...sampleStaff, name: 'Maximiliane Alexandra von Hohenberg-Lichtenstein' } },
};
