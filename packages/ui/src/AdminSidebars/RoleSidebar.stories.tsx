import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleFeatures, sampleRoleNames } from '../test/fixtures';
import { RoleSidebar, type RoleSidebarProps } from './RoleSidebar';

/** The fields kept in React state, as the headless sidebars store keeps them in the app. */
function Controlled(props: RoleSidebarProps) {
  const [value, setValue] = useState(props.value);
  return (
    <RoleSidebar
      {...props}
      value={value}
      onNameChange={(name) => {
        setValue((current) => ({ ...current, name }));
        props.onNameChange(name);
      }}
      onFeaturesChange={(features) => {
        setValue((current) => ({ ...current, features }));
        props.onFeaturesChange(features);
      }}
    />
  );
}

const meta = {
  title: 'Administration/RoleSidebar',
  component: RoleSidebar,
  tags: ['autodocs'],
  render: (args) => <Controlled {...args} />,
  args: {
    isOpen: true,
    onClose: fn(),
    value: { mode: 'create', name: '', features: [], originalFeatures: [] },
    onNameChange: fn(),
    onFeaturesChange: fn(),
    features: sampleFeatures,
    existingRoleNames: sampleRoleNames,
    onSubmit: fn(),
  },
} satisfies Meta<typeof RoleSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Create Role Group: a name that exists already is refused before asking the server. */
export const CreateDuplicate: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(body(canvasElement).getByRole('dialog', { name: 'Create Role Group' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Role Name/ }), 'STAFF');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Invalid input vaules');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Editing Role QA: the name is locked, its features chosen. */
export const Edit: Story = {
  args: {
    value: {
      mode: 'edit',
      name: 'QA',
      features: ['landing', 'chat', 'search'],
      originalFeatures: ['landing', 'chat', 'search'],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(body(canvasElement).getByRole('dialog', { name: 'Editing Role QA' }));
    await expect(dialog.getByRole('textbox', { name: /Role Name/ })).toBeDisabled();
  },
};

/** The server refused the last Submit. */
export const ServerRefused: Story = {
  args: {
    value: { mode: 'create', name: 'qa', features: ['landing'], originalFeatures: [] },
    errorMessage: "Role 'qa' already exists.",
  },
};

/** The role group is being saved. */
export const Submitting: Story = {
  args: {
    value: { mode: 'create', name: 'QA', features: ['landing', 'chat'], originalFeatures: [] },
    isSubmitting: true,
  },
};
