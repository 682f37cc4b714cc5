import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { HeaderSelector } from '../Chat/HeaderSelector';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellHeader } from './AppShellHeader';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellHeader',
  component: AppShellHeader,
  tags: ['autodocs'],
  render: (args) => <ShellAround header={<AppShell.Header {...args} />} />,
  args: { title: 'Code Review' },
} satisfies Meta<typeof AppShellHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Toggle menu' and the page title; the toggle collapses the menu. */
export const WithTitle: Story = {
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Toggle menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The chat's header: no title, the chat-type selector instead. */
export const WithSelector: Story = {
  args: {
    title: undefined,
    children: (
      <HeaderSelector
        selection="knowledge"
        department="IT"
        canUsePga={false}
        onSelectionChange={() => {}}
        onDepartmentChange={() => {}}
      />
    ),
  },
};

/** A long title is cut rather than pushing the header wider. */
export const LongTitle: Story = {
  args: { title: 'Users & Permissions for every department, tenant and environment of the company' },
};
