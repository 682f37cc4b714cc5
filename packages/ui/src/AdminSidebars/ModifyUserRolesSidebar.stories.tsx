import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleProfiles, sampleRoleNames } from '../test/fixtures';
import { ModifyUserRolesSidebar, type ModifyUserRolesSidebarProps } from './ModifyUserRolesSidebar';

/** The fields kept in React state, as the headless sidebars store keeps them in the app. */
function Controlled(props: ModifyUserRolesSidebarProps) {
  const [value, setValue] = useState(props.value);
  return (
    <ModifyUserRolesSidebar
      {...props}
      value={value}
      onChange={(patch) => {
        setValue((current) => ({ ...current, ...patch }));
        props.onChange(patch);
      }}
    />
  );
}

const users = sampleProfiles(20);

const meta = {
  title: 'Administration/ModifyUserRolesSidebar',
  component: ModifyUserRolesSidebar,
  tags: ['autodocs'],
  render: (args) => <Controlled {...args} />,
  args: {
    isOpen: true,
    onClose: fn(),
    value: { emails: [], role: '' },
    onChange: fn(),
    users,
    roles: sampleRoleNames,
    onSubmit: fn(),
  },
} satisfies Meta<typeof ModifyUserRolesSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  within(within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Modify User Roles' }));

/** Nothing chosen: Submit sends nothing. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(dialog(canvasElement).getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Two users chosen (from the table's selection) and a role: Submit sends them. */
export const TwoUsersChosen: Story = {
  args: { value: { emails: users.slice(0, 2).map((user) => user.email), role: 'PGA' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(dialog(canvasElement).getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      emails: users.slice(0, 2).map((user) => user.email),
      role: 'PGA',
    });
  },
};

/** The roles are being updated: Submit shows progress. */
export const Submitting: Story = {
  args: { value: { emails: [users[0]!.email], role: 'STAFF' }, isSubmitting: true },
};
