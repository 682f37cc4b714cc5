import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BookIcon, FileIcon } from '../icons/icons';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellMenuSection } from './AppShellMenuSection';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellMenuSection',
  component: AppShellMenuSection,
  tags: ['autodocs'],
  render: (args) => <ShellAround currentPath="/status" nav={<AppShell.MenuSection {...args} />} />,
  args: {
    title: 'Knowledge',
    children: (
      <>
        <AppShell.MenuLink href="/train" icon={<BookIcon />}>
          Train Bot
        </AppShell.MenuLink>
        <AppShell.MenuLink href="/status" icon={<FileIcon />}>
          File Status
        </AppShell.MenuLink>
      </>
    ),
  },
} satisfies Meta<typeof AppShellMenuSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A titled group: a region named by its heading. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Knowledge' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Knowledge' })).toBeVisible();
  },
};
