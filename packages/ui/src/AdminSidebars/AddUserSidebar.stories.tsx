import type { AddUserForm } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleRoleNames } from '../test/fixtures';
import { AddUserSidebar, type AddUserSidebarProps } from './AddUserSidebar';

/** The fields kept in React state, as the headless sidebars store keeps them in the app. */
function Controlled(props: AddUserSidebarProps) {
  const [value, setValue] = useState(props.value);
  return (
    <AddUserSidebar
      {...props}
      value={value}
      onChange={(patch) => {
        setValue((current) => ({ ...current, ...patch }));
        props.onChange(patch);
      }}
    />
  );
}

const empty: AddUserForm = { email: '', name: '', role: '' };

const meta = {
  title: 'Administration/AddUserSidebar',
  component: AddUserSidebar,
  tags: ['autodocs'],
  render: (args) => <Controlled {...args} />,
  args: {
    isOpen: true,
    onClose: fn(),
    value: empty,
    onChange: fn(),
    roles: sampleRoleNames,
    onSubmit: fn(),
  },
} satisfies Meta<typeof AddUserSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  within(within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Add User' }));

/** Empty: Submit shows what is missing and sends nothing. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(dialog(canvasElement).getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(dialog(canvasElement).getByText('Email is required.')).toBeVisible();
  },
};

/** Typing the fields and Submit sends them. */
export const FillInAndSubmit: Story = {
  args: { value: { email: '', name: '', role: 'STAFF' } },
  play: async ({ canvasElement, args }) => {
    const sidebar = dialog(canvasElement);
    await userEvent.type(sidebar.getByRole('textbox', { name: /Email/ }), 'new.hire@example.com');
    await userEvent.type(sidebar.getByRole('textbox', { name: /Name/ }), 'New Hire');
    await userEvent.click(sidebar.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: 'new.hire@example.com',
      name: 'New Hire',
      role: 'STAFF',
    });
  },
};

/** An address that is not one. */
export const InvalidEmail: Story = {
  args: { value: { email: 'new.hire', name: 'New Hire', role: 'STAFF' } },
};

/** The user is being created: Submit shows progress. */
export const Submitting: Story = {
  args: { value: { email: 'new.hire@example.com', name: 'New Hire', role: 'STAFF' }, isSubmitting: true },
};
