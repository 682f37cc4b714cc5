import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleFile } from '../test/knowledge-fixtures';
import { CodeReviewUploadDialog } from './CodeReviewUploadDialog';

const meta = {
  title: 'Code review/CodeReviewUploadDialog',
  component: CodeReviewUploadDialog,
  tags: ['autodocs'],
  args: {
    isOpen: true,
    onOpenChange: fn(),
    file: null,
    onChooseFiles: fn(),
    onRemoveFile: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof CodeReviewUploadDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  within(within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Upload zip' }));

/** No zip yet: Browse reports the picked files. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const picker = within(canvasElement.ownerDocument.body)
      .getByRole('dialog', { name: 'Upload zip' })
      .querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(picker, sampleFile('billing-service.zip', 4096, 'application/zip'));
    await expect(args.onChooseFiles).toHaveBeenCalled();
  },
};

/** A zip chosen: listed with a remove icon. */
export const WithZip: Story = {
  args: { file: { name: 'billing-service.zip' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(dialog(canvasElement).getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** A file that is not a zip was refused. */
export const NotZip: Story = {
  args: { error: "'notes.txt' is not a .zip file: choose a .zip of your Python files." },
};
