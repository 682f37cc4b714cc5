import { buildReviewTree, type ReviewTreeFunction, walkReviewTree } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { reviewJson } from '../test/review-fixtures';
import { CodeReviewFunction } from './CodeReviewFunction';

const functions = walkReviewTree(buildReviewTree(reviewJson)).filter(
  (node): node is ReviewTreeFunction => node.kind === 'function',
);

const meta = {
  title: 'Code review/CodeReviewFunction',
  component: CodeReviewFunction,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <main style={{ maxWidth: 900 }}>
        <Story />
      </main>
    ),
  ],
  args: { fn: functions[0]!, idPrefix: 'review' },
} satisfies Meta<typeof CodeReviewFunction>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Function: {name}', its code, then the two enhancement sections. */
export const First: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: `Function: ${args.fn.name}` })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Performance Enhancement' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Readability Enhancement' })).toBeVisible();
  },
};

/** The last function of the review (a method or async function). */
export const Last: Story = { args: { fn: functions.at(-1)! } };
