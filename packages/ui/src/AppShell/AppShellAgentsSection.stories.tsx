import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellAgentsSection } from './AppShellAgentsSection';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellAgentsSection',
  component: AppShellAgentsSection,
  tags: ['autodocs'],
  render: (args) => <ShellAround nav={<AppShell.AgentsSection {...args} />} />,
  args: { isElkDisabled: false },
} satisfies Meta<typeof AppShellAgentsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Administrators: Code Review and Elk Agent. */
export const Enabled: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Elk Agent' })).toHaveAttribute('href', '/elk');
    await expect(canvas.getByRole('link', { name: 'Code Review' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Staff: Elk Agent shown disabled. */
export const ElkDisabled: Story = {
  args: { isElkDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Elk Agent' })).toHaveAttribute('aria-disabled', 'true');
  },
};
