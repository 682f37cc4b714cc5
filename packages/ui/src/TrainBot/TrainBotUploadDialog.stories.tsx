import { KNOWLEDGE_DEPARTMENTS } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TrainBotUploadDialog } from './TrainBotUploadDialog';

const chosenFiles = [
  { id: '1', name: 'vpn-setup-guide.docx', size: 48_200 },
  { id: '2', name: 'preprod-runbook.pptx', size: 1_250_000 },
  { id: '3', name: 'office-map.jpg', size: 310_000 },
];

const meta = {
  title: 'Knowledge/TrainBotUploadDialog',
  component: TrainBotUploadDialog,
  tags: ['autodocs'],
  args: {
    isOpen: true,
    onOpenChange: fn(),
    files: [],
    departments: ['knowledge'],
    departmentOptions: KNOWLEDGE_DEPARTMENTS,
    onAddFiles: fn(),
    onRemoveFile: fn(),
    onDepartmentsChange: fn(),
    onSubmit: fn(),
    maxFileBytes: 50 * 1024 * 1024,
    maxFiles: 20,
  },
} satisfies Meta<typeof TrainBotUploadDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  within(within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Train Bot' }));

/** Nothing chosen yet; Cancel closes the window. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(dialog(canvasElement).getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const FilesChosen: Story = { args: { files: chosenFiles, departments: ['it', 'devops_preprod'] } };

/** While uploading it cannot be dismissed: Escape does nothing, 'Stop upload' stops. */
export const Uploading: Story = {
  args: { files: chosenFiles, isUploading: true, progress: 62, filePercents: [100, 58, 0], onStop: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await userEvent.click(dialog(canvasElement).getByRole('button', { name: 'Stop upload' }));
    await expect(args.onStop).toHaveBeenCalledOnce();
  },
};

/** The upload failed: the files stay, with the reason. */
export const UploadFailed: Story = {
  args: {
    files: chosenFiles,
    error: 'Error during file upload: Your role does not include the \u2018train\u2019 feature.',
  },
};
