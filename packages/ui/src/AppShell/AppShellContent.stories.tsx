import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageHeader } from '../PageHeader/PageHeader';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellContent } from './AppShellContent';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellContent',
  component: AppShellContent,
  tags: ['autodocs'],
  render: (args) => <ShellAround content={<AppShell.Content {...args} />} />,
  args: {
    children: (
      <div className="da-page">
        <PageHeader title="Code Review" closeHref="/menu" />
        <p>Page content goes here.</p>
      </div>
    ),
  },
} satisfies Meta<typeof AppShellContent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page area is the document's `main` landmark. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main')).toHaveTextContent('Page content goes here.');
  },
};

/** A page taller than the window scrolls inside the content area. */
export const LongPage: Story = {
  args: {
    children: (
      <div className="da-page">
        <PageHeader title="Code Review" closeHref="/menu" />
        {Array.from({ length: 60 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <p key={index}>Paragraph {index + 1} of a long page.</p>
        ))}
      </div>
    ),
  },
};
