import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TrainBotSuccessDialog } from './TrainBotSuccessDialog';

const meta = {
  title: 'Knowledge/TrainBotSuccessDialog',
  component: TrainBotSuccessDialog,
  tags: ['autodocs'],
  args: {
    isOpen: true,
    onClose: fn(),
    files: ['vpn-setup-guide.docx', 'preprod-runbook.pptx'],
  },
} satisfies Meta<typeof TrainBotSuccessDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  within(within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Upload successful' }));

/** Every file stored: a link to File Status, and OK closes. */
export const AllStored: Story = {
  play: async ({ canvasElement, args }) => {
    const success = dialog(canvasElement);
    await expect(success.getByText('2 files were uploaded and queued for ingestion.')).toBeVisible();
    await expect(success.getByRole('link', { name: 'View file status' })).toHaveAttribute('href', '/status');
    await userEvent.click(success.getByRole('button', { name: 'OK' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** A file the server did not store, with its reason. */
export const WithRejected: Story = {
  args: {
    rejected: [
      {
        name: 'notes.ppt',
        reason: 'notes.ppt is larger than the 50 MB limit for one file: split or compress it.',
      },
    ],
  },
};

/** Without a File Status page to link to. */
export const WithoutStatusLink: Story = {
  args: { statusHref: null },
  play: async ({ canvasElement }) => {
    await expect(dialog(canvasElement).queryByRole('link')).toBeNull();
  },
};

/** Many files: the list scrolls inside the window. */
export const ManyFiles: Story = {
  args: {
    files: Array.from({ length: 20 }, (_, index) => `chapter-${String(index + 1).padStart(2, '0')}.pdf`),
  },
};
