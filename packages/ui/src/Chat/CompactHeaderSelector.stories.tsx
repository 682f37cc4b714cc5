import type { ChatDepartmentName, ChatSelection } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CompactHeaderSelector, type CompactHeaderSelectorProps } from './CompactHeaderSelector';

/** The selector with its own state, as the chat store would hold it. */
function Interactive(props: CompactHeaderSelectorProps) {
  const [selection, setSelection] = useState<ChatSelection>(props.selection);
  const [department, setDepartment] = useState<ChatDepartmentName>(props.department);
  return (
    <CompactHeaderSelector
      {...props}
      selection={selection}
      department={department}
      onSelectionChange={(next) => {
        setSelection(next);
        props.onSelectionChange(next);
      }}
      onDepartmentChange={(next) => {
        setDepartment(next);
        setSelection('knowledge');
        props.onDepartmentChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Chat/CompactHeaderSelector',
  component: CompactHeaderSelector,
  tags: ['autodocs'],
  render: (args) => <Interactive {...args} />,
  decorators: [
    (Story) => (
      <header style={{ padding: 16, width: 368 }}>
        <Story />
      </header>
    ),
  ],
  args: {
    selection: 'knowledge',
    department: 'Knowledge',
    canUsePga: false,
    onSelectionChange: fn(),
    onDepartmentChange: fn(),
  },
} satisfies Meta<typeof CompactHeaderSelector>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Knowledge mode, Knowledge department. */
export const Knowledge: Story = {};

/** OpenAI GPT selected: the select still shows the last department. */
export const OpenAi: Story = {
  args: { selection: 'openai', department: 'IT' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'OpenAI GPT' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('combobox', { name: 'Department' })).toHaveValue('IT');
  },
};

/** A user with the PGA capability also has PGA in the list. */
export const WithPga: Story = {
  args: { canUsePga: true, department: 'PGA' },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Department' });
    await expect(within(select).getByRole('option', { name: 'PGA' })).toBeInTheDocument();
    await expect(select).toHaveValue('PGA');
  },
};

/** Choosing a department calls `onDepartmentChange` and goes to the knowledge chat; the focus stays. */
export const ChoosingFromOpenAi: Story = {
  args: { selection: 'openai', department: 'CS' },
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Department' });
    await userEvent.selectOptions(select, 'Education');
    await expect(args.onDepartmentChange).toHaveBeenCalledWith('Education');
    await expect(select).toHaveValue('Education');
    await expect(select).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Internal Knowledge' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};
