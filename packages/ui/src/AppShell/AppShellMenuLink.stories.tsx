import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ChartIcon, CompassIcon } from '../icons/icons';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellMenuLink } from './AppShellMenuLink';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellMenuLink',
  component: AppShellMenuLink,
  tags: ['autodocs'],
  render: (args) => <ShellAround currentPath="/codereview" nav={<AppShell.MenuLink {...args} />} />,
  args: { href: '/menu', icon: <CompassIcon />, children: 'Discover' },
} satisfies Meta<typeof AppShellMenuLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Discover' })).not.toHaveAttribute('aria-current');
  },
};

/** The link to the current page (AppShell.Root's `currentPath`) is marked. */
export const Current: Story = {
  args: { href: '/codereview', children: 'Code Review' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Code Review' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Greyed out and not followable. */
export const Disabled: Story = {
  args: { href: '/elk', icon: <ChartIcon />, children: 'Elk Agent', isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Elk Agent' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** With a badge after the label. */
export const WithBadge: Story = {
  args: { href: '/status', children: 'File Status', badge: <span className="da-badge">3</span> },
};

/** A long label stays inside the panel. */
export const LongLabel: Story = {
  args: { children: 'Discover everything the assistant can do for you and your team' },
};
