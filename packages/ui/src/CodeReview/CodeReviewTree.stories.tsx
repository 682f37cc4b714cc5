import {
  buildReviewTree,
  firstReviewFunction,
  initiallyExpanded,
  type ReviewTreeFunction,
  walkReviewTree,
} from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { deepReviewJson, reviewJson } from '../test/review-fixtures';
import { CodeReviewTree, type CodeReviewTreeProps } from './CodeReviewTree';

/** Expansion and selection kept in React state, as `useCodeReview()` keeps them. */
function Interactive(props: CodeReviewTreeProps) {
  const [expanded, setExpanded] = useState(props.expanded);
  const [selectedId, setSelectedId] = useState(props.selectedId);
  return (
    <CodeReviewTree
      {...props}
      expanded={expanded}
      selectedId={selectedId}
      onToggle={(id) => {
        setExpanded((current) =>
          current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
        );
        props.onToggle(id);
      }}
      onSelectFunction={(id) => {
        setSelectedId(id);
        props.onSelectFunction(id);
      }}
    />
  );
}

const tree = buildReviewTree(reviewJson);
const deepTree = buildReviewTree(deepReviewJson);
const secondFunction = walkReviewTree(tree).filter(
  (node): node is ReviewTreeFunction => node.kind === 'function',
)[1]!;

const meta = {
  title: 'Code review/CodeReviewTree',
  component: CodeReviewTree,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => <Interactive {...args} />,
  args: {
    tree,
    expanded: initiallyExpanded(tree),
    selectedId: firstReviewFunction(tree)?.id ?? null,
    onToggle: fn(),
    onSelectFunction: fn(),
    onShowSection: fn(),
  },
} satisfies Meta<typeof CodeReviewTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Folders, files and functions; the first function selected. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('treegrid', { name: 'Review files' })).toBeVisible();
  },
};

/** Everything collapsed. */
export const Collapsed: Story = { args: { expanded: [], selectedId: null } };

/** Deeply nested folders. */
export const Deep: Story = {
  args: { tree: deepTree, expanded: initiallyExpanded(deepTree), selectedId: null },
};

/** Choosing another function shows it and reports it. */
export const SelectFunction: Story = {
  play: async ({ canvas, args }) => {
    const row = canvas
      .getAllByRole('row')
      .find((candidate) => candidate.textContent?.includes(secondFunction.name));
    await userEvent.click(row!);
    await expect(args.onSelectFunction).toHaveBeenCalledWith(secondFunction.id);
    await waitFor(() => expect(row).toHaveAttribute('data-current', 'true'));
  },
};
