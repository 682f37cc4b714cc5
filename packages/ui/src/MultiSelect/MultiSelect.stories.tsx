import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { sampleFeatures } from '../test/fixtures';
import { MultiSelect, type MultiSelectProps } from './MultiSelect';

const items = sampleFeatures.map((feature) => ({ id: feature, label: feature.replaceAll('_', ' ') }));

function Controlled(props: MultiSelectProps) {
  const [selected, setSelected] = useState<string[]>([...props.selectedKeys]);
  return (
    <div style={{ width: 340 }}>
      <MultiSelect
        {...props}
        selectedKeys={selected}
        onSelectionChange={(keys) => {
          setSelected(keys);
          props.onSelectionChange(keys);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Administration/MultiSelect',
  component: MultiSelect,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  render: (args) => <Controlled {...args} />,
  args: { label: 'Features', items, selectedKeys: [], onSelectionChange: fn(), visibleItemCount: 8 },
} satisfies Meta<typeof MultiSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: the placeholder 'Select'. */
export const Placeholder: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Select/ })).toBeVisible();
  },
};

/** Five chosen: three named, then '+2 more'. */
export const WithSelection: Story = {
  args: { selectedKeys: ['chat', 'chatgpt', 'search', 'train', 'elk_chat'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('+2 more')).toBeVisible();
  },
};

/** Open, searched and picked with the keyboard-friendly list. */
export const SearchAndPick: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Features/ }));
    const body = within(canvasElement.ownerDocument.body);
    const search = await body.findByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'role');
    await waitFor(() => expect(body.getAllByRole('option')).toHaveLength(4));
    await userEvent.click(body.getByRole('option', { name: 'role group view' }));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(['role_group_view']);
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Select at least one user.', label: 'Users' },
};
