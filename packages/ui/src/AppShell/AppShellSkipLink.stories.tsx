import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellSkipLink } from './AppShellSkipLink';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellSkipLink',
  component: AppShellSkipLink,
  tags: ['autodocs'],
  render: (args) => <ShellAround skipLink={<AppShell.SkipLink {...args} />} />,
  args: {},
} satisfies Meta<typeof AppShellSkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Out of sight until Tab reaches it first; Enter moves the focus to the page, past the menu. */
export const ToMainContent: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Skip to main content' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

/** To another target, such as the chat's message box. */
export const ToTheMessageBox: Story = {
  args: { targetId: 'story-composer', children: 'Skip to the message box' },
  render: (args) => (
    <ShellAround
      skipLink={<AppShell.SkipLink {...args} />}
      content={
        <AppShell.Content>
          <textarea id="story-composer" aria-label="Message" />
        </AppShell.Content>
      }
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  },
};
