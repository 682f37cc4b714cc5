import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ShellAround, sampleAdmin } from '../test/app-shell-examples';
import { AppShellAdminSection } from './AppShellAdminSection';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellAdminSection',
  component: AppShellAdminSection,
  tags: ['autodocs'],
  render: (args) => (
    <ShellAround
      currentPath="/status"
      nav={<AppShell.AdminSection {...args} />}
      footer={<AppShell.Footer user={sampleAdmin} onLogout={() => {}} />}
    />
  ),
  args: {},
} satisfies Meta<typeof AppShellAdminSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Users & Permissions, File Status and Admin Chat at their default paths. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Admin' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'File Status' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Admin Chat' })).toHaveAttribute('href', '/menu/chat');
  },
};

/** Under another base path. */
export const CustomPaths: Story = {
  args: { usersHref: '/admin/users', statusHref: '/admin/status', adminChatHref: '/admin/chat' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Users & Permissions' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
  },
};

/** With the server's answer feedback: Feedback and Knowledge Gaps between File Status and Admin Chat. */
export const WithFeedbackPages: Story = {
  args: { feedbackHref: '/feedback', knowledgeGapsHref: '/knowledge-gaps' },
  play: async ({ canvas }) => {
    const links = canvas.getAllByRole('link').map((link) => link.textContent);
    await expect(links).toEqual(
      expect.arrayContaining([
        'Users & Permissions',
        'File Status',
        'Feedback',
        'Knowledge Gaps',
        'Admin Chat',
      ]),
    );
    await expect(canvas.getByRole('link', { name: 'Knowledge Gaps' })).toHaveAttribute(
      'href',
      '/knowledge-gaps',
    );
  },
};
