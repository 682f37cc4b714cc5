import type { AnswerFeedbackItem, FeedbackVote } from '@digital-assistant/sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AnswerFeedbackTable, type AnswerFeedbackTableProps } from './AnswerFeedbackTable';

const vote = (
  id: string,
  value: FeedbackVote,
  rest: Partial<AnswerFeedbackItem> = {},
): AnswerFeedbackItem => ({
  id,
  vote: value,
  comment: null,
  chat: 'ai',
  department: null,
  user: 'staff@example.com',
  created_at: `2026-11-2${id}T10:00:00Z`,
  updated_at: `2026-11-2${id}T10:00:00Z`,
  conversation_id: `conversation-${id}`,
  question: 'How do I set up the VPN on Linux?',
  answer: 'Install the GlobalProtect client, then sign in with your company account.',
  ...rest,
});

const sampleFeedback: AnswerFeedbackItem[] = [
  vote('4', 'down', {
    comment: 'Missing the Linux steps',
    user: 'ben@example.com',
    chat: 'knowledge',
    department: 'it',
    conversation_id: null,
    question: 'How do I install the VPN client?',
    answer: 'Download **GlobalProtect** from the portal [1] and sign in with single sign-on [2].',
    sources: {
      '1': {
        context: 'GlobalProtect is downloaded from the self-service portal.',
        references: ['IT guide.pdf'],
        document: 'IT guide.pdf',
        location: 'page 5 · Remote access > VPN',
      },
      '2': {
        context: 'The VPN client connects with your single sign-on account.',
        references: ['IT guide.pdf'],
        document: 'IT guide.pdf',
        location: 'page 6',
      },
    },
  }),
  vote('3', 'down', { comment: 'It named the Windows client.', user: 'ana@example.com' }),
  vote('2', 'up'),
  vote('1', 'down', { comment: 'Out of date', conversation_id: null, question: null, answer: null }),
];

function Filterable(props: AnswerFeedbackTableProps) {
  const [filter, setFilter] = useState(props.voteFilter);
  const [filters, setFilters] = useState(props.filters ?? {});
  const items = props.items.filter(
    (item) =>
      (!filter || item.vote === filter) &&
      (!filters.chat || item.chat === filters.chat) &&
      (!filters.department || item.department === filters.department),
  );
  return (
    <AnswerFeedbackTable
      {...props}
      items={items}
      total={items.length}
      filters={filters}
      onFiltersChange={(next) => {
        setFilters(next);
        props.onFiltersChange?.(next);
      }}
      voteFilter={filter}
      onVoteFilterChange={(value) => {
        setFilter(value);
        props.onVoteFilterChange(value);
      }}
    />
  );
}

const meta = {
  title: 'Administration/AnswerFeedbackTable',
  component: AnswerFeedbackTable,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  render: (args) => <Filterable {...args} />,
  args: {
    items: sampleFeedback,
    total: sampleFeedback.length,
    offset: 0,
    pageSize: 50,
    onOffsetChange: fn(),
    voteFilter: null,
    onVoteFilterChange: fn(),
    onExport: fn(),
    onFiltersChange: fn(),
    formatTime: (iso: string) => iso.replace('T', ' ').slice(0, 16),
  },
} satisfies Meta<typeof AnswerFeedbackTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

export const FilteredToThumbsDown: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Thumbs down' }));
    await expect(args.onVoteFilterChange).toHaveBeenCalledWith('down');
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(args.onExport).toHaveBeenCalled();
  },
};

export const Empty: Story = { args: { items: [], total: 0 } };

export const Loading: Story = { args: { items: [], total: 0, isLoading: true } };

export const Failed: Story = { args: { items: [], total: 0, error: 'You may not read the feedback.' } };

export const SecondPage: Story = {
  render: (args) => <AnswerFeedbackTable {...args} />,
  args: { offset: 50, total: 103 },
};

/** The knowledge answers of IT only (chat and department filters). */
export const FilteredToItKnowledge: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Department/ }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: 'IT' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ department: 'it' });
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
  },
};

/** A row opened: the question, the answer (with its citation chips) and its sources, in a dialog. */
export const OpenedVote: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Open the question and answer ben@example.com voted on' }),
    );
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Thumbs down from ben@example.com' });
    await expect(dialog).toHaveTextContent('How do I install the VPN client?');
    await expect(within(dialog).getByRole('complementary', { name: 'Sources' })).toHaveTextContent(
      'GlobalProtect is downloaded from the self-service portal.',
    );
  },
};
