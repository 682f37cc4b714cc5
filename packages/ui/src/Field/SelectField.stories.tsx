import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleRoleNames } from '../test/fixtures';
import { SelectField, type SelectFieldProps } from './Fields';

/** The field keeps its own choice here, as the admin sidebars' store does. */
function Controlled(props: SelectFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SelectField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Foundation/SelectField',
  component: SelectField,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => <Controlled {...args} />,
  args: { label: 'Role', options: sampleRoleNames, value: '', onChange: fn(), isRequired: true },
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: the placeholder. Choosing an option reports it. */
export const Empty: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const trigger = canvas.getByRole('button', { name: /Role/ });
    await expect(trigger).toHaveTextContent('Select');
    await userEvent.click(trigger);
    const listbox = await within(canvasElement.ownerDocument.body).findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'PGA' }));
    await expect(args.onChange).toHaveBeenCalledWith('PGA');
    await expect(trigger).toHaveTextContent('PGA');
  },
};

export const Chosen: Story = { args: { value: 'STAFF' } };

export const Invalid: Story = { args: { errorMessage: 'Role is required.' } };

export const Disabled: Story = { args: { value: 'CORE_ADMINS', isDisabled: true } };

/** Many options scroll inside the popover. */
export const ManyOptions: Story = {
  args: {
    label: 'Department',
    options: Array.from({ length: 30 }, (_, index) => `department_${String(index + 1).padStart(2, '0')}`),
  },
};
