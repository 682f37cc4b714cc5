import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  deepReviewJson,
  InteractiveReviewPage,
  manyReviewFiles,
  type ReviewPageFixture,
  reviewFiles,
  reviewJson,
} from '../test/review-fixtures';

/**
 * The Code Review screen (spec section 2) in each of its states. The page is controlled by
 * `useCodeReview()`; here filter, pages, tree, selection and the upload dialog are kept in React
 * state so every story can be clicked through, and server actions are spies.
 */
const meta = {
  title: 'Code review/CodeReviewPage',
  component: InteractiveReviewPage,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    fixture: {},
    actions: {
      refresh: fn(),
      viewFile: fn(),
      download: fn(),
      deleteFile: fn(),
      submitUpload: fn(),
    },
  },
} satisfies Meta<typeof InteractiveReviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const withFixture = (fixture: ReviewPageFixture): Story['args'] => ({ fixture });
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Files in every status: success (View, Download, Delete), pending with its progress, failed with its reason. */
export const Files: Story = {
  args: withFixture({ message: { kind: 'success', text: 'Fetched latest file info.' } }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Pending (7/18 files)')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'View inventory-sync.zip' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Delete legacy-scripts.zip' })).toBeEnabled();
  },
};

/** Before the first answer: 'Fetching file list.' */
export const Loading: Story = {
  args: withFixture({
    files: [],
    hasFetched: false,
    isBusy: true,
    message: { kind: 'info', text: 'Fetching file list.' },
  }),
};

/** No file uploaded yet. */
export const Empty: Story = { args: withFixture({ files: [] }) };

/** The list could not be fetched. */
export const FetchError: Story = {
  args: withFixture({
    files: [],
    listError: 'Error fetching latest files.',
    message: {
      kind: 'error',
      text: 'Error fetching latest files.',
      detail: 'The server could not be reached.',
    },
  }),
};

/** Three pages of files: previous and next with '(page/total)', and the filter going back to page 1. */
export const Pages: Story = {
  args: withFixture({ files: manyReviewFiles }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('(2/3)')).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search files' }), 'PROJECT-4');
    await expect(canvas.getByText('(1/1)')).toBeVisible();
    await expect(canvas.getByText('6 items')).toBeVisible();
  },
};

/** A request in progress: every button is disabled. */
export const Busy: Story = {
  args: withFixture({ isBusy: true, message: { kind: 'info', text: 'Downloading file enhancements zip.' } }),
};

/** The zip is being sent: 'File upload and revision pending...' and its percentage. */
export const Uploading: Story = {
  args: withFixture({
    isBusy: true,
    uploadProgress: 64,
    message: { kind: 'info', text: 'File upload and revision pending...' },
  }),
};

/** The zip is stored and its review runs: the message stays until it ends, the row counts files done. */
export const ReviewPending: Story = {
  args: withFixture({
    files: [
      ...reviewFiles.filter((file) => file.status !== 'pending'),
      {
        fileId: 'f9',
        filename: 'shop.zip',
        status: 'pending',
        progress: { done: 3, total: 12 },
        reason: null,
      },
    ],
    message: { kind: 'info', text: 'File upload and revision pending...' },
  }),
};

/** A review could not be fetched. */
export const ViewError: Story = {
  args: withFixture({
    message: { kind: 'error', text: 'Error getting file info.', detail: 'File not found.' },
  }),
};

/** The review of the uploaded zip succeeded. */
export const UploadSucceeded: Story = {
  args: withFixture({ message: { kind: 'success', text: 'File upload and revision successful.' } }),
};

/** The server refused the zip: the spec's message and the server's reason. */
export const UploadRefused: Story = {
  args: withFixture({
    message: {
      kind: 'error',
      text: 'Error uploading zip file. Reduce uploaded zip file size/complexity if upload failure persists.',
      detail:
        "The zip holds a path that leaves its folder ('../../etc/evil.py'): paths with '..' are not accepted.",
    },
  }),
};

/** The upload dialog, empty: Submit says 'No zip provided for upload.' */
export const UploadDialog: Story = {
  args: withFixture({ isUploadOpen: true }),
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog');
    await expect(dialog).toHaveTextContent('Supported Formats: .zip');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('No zip provided for upload.');
  },
};

/** The upload dialog with a zip chosen, listed as 'Uploaded' with a remove icon. */
export const UploadDialogWithZip: Story = {
  args: withFixture({ isUploadOpen: true, uploadFile: new File(['PK'], 'billing-service.zip') }),
};

/** A file that is not a zip was chosen. */
export const UploadDialogNotZip: Story = {
  args: withFixture({
    isUploadOpen: true,
    uploadError: "'notes.txt' is not a .zip file: choose a .zip of your Python files.",
  }),
};

/** Delete asks first: "Are you sure to delete '{name}'?" */
export const DeleteConfirmation: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete legacy-scripts.zip' }));
    const dialog = await body(canvasElement).findByRole('alertdialog');
    await expect(dialog).toHaveTextContent("Are you sure to delete 'legacy-scripts.zip'?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(args.actions?.deleteFile).toHaveBeenCalledWith('f3'));
  },
};

/**
 * A review open: the tree (folders and files collapse; a file that is not valid Python says so),
 * 'Function: {name}', the code highlighted, then both sections; the links under the function shown
 * scroll to them.
 */
export const Viewing: Story = {
  args: withFixture({ review: reviewJson }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Function: total' })).toBeVisible();
    await userEvent.click(canvas.getByText('fetch_all'));
    await expect(canvas.getByRole('heading', { name: 'Function: fetch_all' })).toBeVisible();
    await userEvent.click(canvas.getByRole('row', { name: 'Readability Enhancement' }));
    await waitFor(() =>
      expect(canvas.getByRole('heading', { name: 'Readability Enhancement' })).toHaveFocus(),
    );
  },
};

/** A deeply nested review: indentation grows 10px per level and stops at level 8. */
export const DeepTree: Story = { args: withFixture({ review: deepReviewJson }) };
