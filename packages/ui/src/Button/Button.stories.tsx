import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { PlusIcon, TrashIcon } from '../icons/icons';
import { Button, IconButton, LinkButton } from './Button';

const meta = {
  title: 'Foundation/Button',
  component: Button,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { onPress: fn(), children: 'Button' },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary', children: 'Add User' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add User' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete' } };
export const Disabled: Story = { args: { variant: 'primary', isDisabled: true, children: 'Submit' } };

/** Every variant side by side, with icons, a link styled as a button and icon-only buttons. */
export const Gallery: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="primary">
        <PlusIcon />
        Add User
      </Button>
      <Button>Modify User Roles</Button>
      <Button variant="ghost">Ghost</Button>
      <Button variant="danger">
        <TrashIcon />
        Delete
      </Button>
      <Button size="sm">Small</Button>
      <LinkButton href="/codereview" variant="primary">
        Upload
      </LinkButton>
      <IconButton aria-label="Delete">
        <TrashIcon />
      </IconButton>
    </div>
  ),
};
