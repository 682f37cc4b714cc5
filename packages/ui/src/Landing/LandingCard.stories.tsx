import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { BookIcon, ChartIcon, CodeIcon } from '../icons/icons';
import { LandingCard } from './LandingCard';

const meta = {
  title: 'Administration/LandingCard',
  component: LandingCard,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    title: 'Code Enhancement Agent',
    description:
      'Upload your python files as .zip to receive potential improvements, in both code & docstrings',
    icon: <CodeIcon />,
    actionLabel: 'Upload',
    href: '/codereview',
  },
} satisfies Meta<typeof LandingCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With `href` the action is a link named after the card. */
export const WithLink: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Upload: Code Enhancement Agent' })).toHaveAttribute(
      'href',
      '/codereview',
    );
  },
};

/** Without `href` the action is a button calling `onAction` (Train Bot opens its upload window). */
export const WithAction: Story = {
  args: {
    title: 'Train Bot',
    description: 'Upload documents to the knowledge base the assistant answers from.',
    icon: <BookIcon />,
    href: undefined,
    onAction: fn(),
    tag: 'Admin',
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Upload: Train Bot' }));
    await expect(args.onAction).toHaveBeenCalledOnce();
  },
};

/** Shown but not usable, with a tag saying why. */
export const ComingSoon: Story = {
  args: {
    title: 'ELK Agent',
    description: 'Get ELK metrics for a specific environment/tenant over a period of time.',
    icon: <ChartIcon />,
    actionLabel: 'Chat',
    href: '/elk',
    tag: 'Coming soon',
    isDisabled: true,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Chat: ELK Agent' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** A long description wraps inside the card. */
export const LongText: Story = {
  args: {
    description:
      'Upload your python files as .zip to receive potential improvements, in both code & docstrings. The agent reads every function, suggests faster and more readable versions, and keeps the review for you to download later, even across several sessions and devices.',
  },
};
