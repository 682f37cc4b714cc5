import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CodeReviewMessage } from './CodeReviewHeader';

const meta = {
  title: 'Code review/CodeReviewMessage',
  component: CodeReviewMessage,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { message: { kind: 'info', text: 'Fetching file list.' } },
} satisfies Meta<typeof CodeReviewMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};

export const Success: Story = {
  args: { message: { kind: 'success', text: 'Fetched latest file info.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Fetched latest file info.')).toBeVisible();
  },
};

export const ErrorMessage: Story = {
  args: { message: { kind: 'error', text: 'Error fetching file list.' } },
};

/** While the zip uploads: the percentage sent. */
export const UploadProgress: Story = {
  args: { message: { kind: 'info', text: 'Uploading file.' }, uploadProgress: 42 },
};

/** Nothing to say: the line keeps its height. */
export const Empty: Story = { args: { message: null } };
