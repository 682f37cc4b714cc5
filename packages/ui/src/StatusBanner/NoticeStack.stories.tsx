import { adminMessages } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { NoticeStack, type NoticeStackProps } from './StatusBanner';

const notices: NoticeStackProps['notices'] = [
  { id: 1, kind: 'info', text: 'Fetching users.' },
  { id: 2, kind: 'success', text: adminMessages.userAdded('new.hire@example.com') },
  { id: 3, kind: 'error', text: 'Error fetching file status.' },
  { id: 4, kind: 'success', text: 'Token generated.' },
];

/** Dismissing removes the notice, as the headless notice store does. */
function Dismissable(props: NoticeStackProps) {
  const [shown, setShown] = useState(props.notices);
  return (
    <NoticeStack
      {...props}
      notices={shown}
      onDismiss={(id) => {
        setShown((current) => current.filter((notice) => notice.id !== id));
        props.onDismiss?.(id);
      }}
    />
  );
}

const meta = {
  title: 'Administration/NoticeStack',
  component: NoticeStack,
  tags: ['autodocs'],
  render: (args) => <Dismissable {...args} />,
  args: { notices: notices.slice(1, 3), onDismiss: fn() },
} satisfies Meta<typeof NoticeStack>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A success (polite) and an error (assertive), each with Dismiss. */
export const SuccessAndError: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error fetching file status.');
    const dismiss = canvas.getAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(dismiss[1]!);
    await expect(args.onDismiss).toHaveBeenCalledWith(3);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Only the newest three of four are shown. */
export const NewestThree: Story = {
  args: { notices },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Fetching users.')).toBeNull();
    await expect(canvas.getByText('Token generated.')).toBeVisible();
  },
};

/** Without `onDismiss` there is nothing to press. */
export const NotDismissable: Story = {
  args: { notices: notices.slice(0, 1), onDismiss: undefined },
  render: (args) => <NoticeStack {...args} />,
};

export const Empty: Story = { args: { notices: [] } };
