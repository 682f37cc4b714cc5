import { createTrainingUploadStore, KNOWLEDGE_DEPARTMENTS } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { sampleFile } from '../test/knowledge-fixtures';
import { StoreWiredUploader, StoreWiredUploadWindows } from '../test/train-bot-examples';
import { TrainBotSuccessDialog } from './TrainBotSuccessDialog';
import { TrainBotUploadDialog } from './TrainBotUploadDialog';
import { TrainBotUploader } from './TrainBotUploader';

const meta = {
  title: 'Knowledge/TrainBotUploader',
  component: TrainBotUploader,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
  args: {
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
} satisfies Meta<typeof TrainBotUploader>;

export default meta;
type Story = StoryObj<typeof meta>;

const chosenFiles = [
  { id: '1', name: 'vpn-setup-guide.docx', size: 48_200 },
  { id: '2', name: 'preprod-runbook.pptx', size: 1_250_000 },
  { id: '3', name: 'office-map.jpg', size: 310_000 },
];

/** Nothing chosen yet. */
export const Empty: Story = {};

/** Files chosen, for IT and DevOps. */
export const FilesChosen: Story = { args: { files: chosenFiles, departments: ['it', 'devops_preprod'] } };

/** Files refused when chosen, each with its reason. */
export const Rejected: Story = {
  args: {
    files: chosenFiles.slice(0, 1),
    rejected: [
      { name: 'setup.exe', reason: 'setup.exe: .exe files are not accepted.' },
      { name: 'blank.txt', reason: 'blank.txt is empty.' },
      {
        name: 'recording.mp4',
        reason: 'recording.mp4 is larger than the 50 MB limit for one file: split or compress it.',
      },
    ],
    onDismissRejected: fn(),
  },
};

/** Submit with nothing chosen. */
export const NoFileChosen: Story = { args: { submitError: 'Add at least one file to upload.' } };

/** Uploading: each file's percentage and the whole upload's; the choices are locked. */
export const Uploading: Story = {
  args: { files: chosenFiles, isUploading: true, progress: 62, filePercents: [100, 58, 0], onStop: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading' })).toHaveAttribute(
      'aria-valuenow',
      '62',
    );
    await expect(canvas.getByRole('button', { name: 'Browse' })).toBeDisabled();
  },
};

/** The upload failed: the files stay, with the reason. */
export const UploadFailed: Story = {
  args: {
    files: chosenFiles,
    error: 'Error during file upload: Your role does not include the \u2018train\u2019 feature.',
  },
};

/** Browse and Submit with the headless store: refused files are listed with their reason. */
export const ChooseFiles: Story = {
  render: () => <StoreWiredUploader />,
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Add at least one file to upload.');
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(
      input,
      [sampleFile('guide.docx'), sampleFile('tool.exe'), sampleFile('empty.md', 0)],
      {
        applyAccept: false,
      },
    );
    await expect(canvas.getByRole('heading', { name: '1 file to upload' })).toBeVisible();
    await expect(canvas.getByText('tool.exe: .exe files are not accepted.')).toBeVisible();
    await expect(canvas.getByText('empty.md is empty.')).toBeVisible();
  },
};

/** Files dragged from the desktop onto the drop zone. */
export const DragAndDrop: Story = {
  render: () => <StoreWiredUploader />,
  play: async ({ canvas, canvasElement }) => {
    const zone = canvasElement.querySelector('.da-drop-zone') as HTMLElement;
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(sampleFile('handbook.pdf', 4096, 'application/pdf'));
    dataTransfer.items.add(sampleFile('photo.png', 2048, 'image/png'));
    dataTransfer.effectAllowed = 'copy';
    const { x, y } = zone.getBoundingClientRect();
    const init = { bubbles: true, cancelable: true, dataTransfer, clientX: x + 10, clientY: y + 10 };
    zone.dispatchEvent(new DragEvent('dragenter', init));
    zone.dispatchEvent(new DragEvent('dragover', init));
    // A drag from the desktop carries a file-system entry per file; a DataTransfer made by a script has
    // none (webkitGetAsEntry() is null), so for the drop it gets the one the browser would give.
    const prototype = DataTransferItem.prototype;
    const original = Object.getOwnPropertyDescriptor(prototype, 'webkitGetAsEntry')!;
    Object.defineProperty(prototype, 'webkitGetAsEntry', {
      configurable: true,
      value: () => ({ isFile: true, isDirectory: false }),
    });
    try {
      zone.dispatchEvent(new DragEvent('drop', init));
    } finally {
      Object.defineProperty(prototype, 'webkitGetAsEntry', original);
    }
    await waitFor(() => expect(canvas.getByRole('heading', { name: '2 files to upload' })).toBeVisible());
    await expect(canvas.getByText('handbook.pdf')).toBeVisible();
  },
};

/** Knowledge means every department; ticking another department unticks it. */
export const ChooseDepartments: Story = {
  render: () => <StoreWiredUploader store={createTrainingUploadStore()} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'PGA' }));
    await expect(canvas.getByRole('checkbox', { name: 'Knowledge (all departments)' })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'PGA' })).toBeChecked();
  },
};

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The upload window as the landing card opens it. */
export const UploadWindow: Story = {
  render: (args) => <TrainBotUploadDialog {...args} files={chosenFiles} isOpen onOpenChange={fn()} />,
};

/** Submit: the upload window closes and the success window opens. */
export const UploadThenSuccess: Story = {
  render: () => <StoreWiredUploadWindows />,
  play: async ({ canvasElement }) => {
    const page = body(canvasElement);
    const input = page
      .getByRole('dialog', { name: 'Train Bot' })
      .querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [sampleFile('runbook.docx'), sampleFile('diagram.png', 900, 'image/png')]);
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(page.queryByRole('dialog', { name: 'Train Bot' })).toBeNull());
    await expect(page.getByRole('dialog', { name: 'Upload successful' })).toHaveTextContent(
      '2 files were uploaded and queued for ingestion.',
    );
  },
};

/** The success window, with a file the server did not store. */
export const SuccessWindow: Story = {
  render: () => (
    <TrainBotSuccessDialog
      isOpen
      onClose={fn()}
      files={['vpn-setup-guide.docx', 'preprod-runbook.pptx']}
      rejected={[
        {
          name: 'notes.ppt',
          reason: 'notes.ppt is larger than the 50 MB limit for one file: split or compress it.',
        },
      ]}
    />
  ),
};
