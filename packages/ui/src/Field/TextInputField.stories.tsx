import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { TextInputField, type TextInputFieldProps } from './Fields';

/** The field keeps its own text here, as the admin sidebars' store does. */
function Controlled(props: TextInputFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <TextInputField
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
  title: 'Foundation/TextInputField',
  component: TextInputField,
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
  args: { label: 'Email', value: '', onChange: fn(), type: 'email', isRequired: true },
} satisfies Meta<typeof TextInputField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing reports every edit. */
export const Empty: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: /Email/ });
    await expect(input).toBeRequired();
    await userEvent.type(input, 'new.hire@example.com');
    await expect(args.onChange).toHaveBeenLastCalledWith('new.hire@example.com');
  },
};

export const Filled: Story = { args: { value: 'new.hire@example.com' } };

export const WithDescription: Story = {
  args: {
    label: 'Token name',
    type: 'text',
    isRequired: false,
    value: '',
    placeholder: 'e.g. CI pipeline',
    description: 'Shown in your token list so you can tell your tokens apart.',
  },
};

/** An error marks the field invalid and is read with it. */
export const Invalid: Story = {
  args: { value: 'not-an-email', errorMessage: 'Enter a valid e-mail address.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /Email/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Enter a valid e-mail address.');
  },
};

export const Disabled: Story = { args: { label: 'Role Name', type: 'text', value: 'QA', isDisabled: true } };
