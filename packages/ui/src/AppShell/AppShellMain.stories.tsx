import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellMain } from './AppShellMain';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellMain',
  component: AppShellMain,
  tags: ['autodocs'],
  render: (args) => <ShellAround main={<AppShell.Main {...args} />} />,
  args: {
    children: (
      <>
        <AppShell.Header title="File Status" />
        <AppShell.Content>
          <div className="da-page">
            <p>Page content goes here.</p>
          </div>
        </AppShell.Content>
      </>
    ),
  },
} satisfies Meta<typeof AppShellMain>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The column right of the menu: header above, page below. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toHaveTextContent('File Status');
    await expect(canvas.getByRole('main')).toHaveTextContent('Page content goes here.');
  },
};
