import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatTypeDialog } from './ChatTypeDialog';

const meta = {
  title: 'Chat/ChatTypeDialog',
  component: ChatTypeDialog,
  tags: ['autodocs'],
  args: { isOpen: true, onOpenChange: fn(), onChoose: fn() },
} satisfies Meta<typeof ChatTypeDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'o9 GPT' or 'GPT 3.5', 275px wide; choosing returns true or false and closes. */
export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await waitFor(() => expect(dialog.closest('.da-modal')?.getBoundingClientRect().width).toBe(275));
    await userEvent.click(within(dialog).getByRole('button', { name: /GPT 3\.5/ }));
    await expect(args.onChoose).toHaveBeenCalledWith(false);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
