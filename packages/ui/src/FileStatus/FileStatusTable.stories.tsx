import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { sampleDocuments, settledDocuments, specStatusList } from '../test/knowledge-fixtures';
import { FileStatusTable } from './FileStatusTable';

const meta = {
  title: 'Knowledge/FileStatusTable',
  component: FileStatusTable,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    documents: sampleDocuments,
    onDelete: fn(),
    onReingest: fn(),
    formatTime: (iso: string) => iso.replace('T', ' ').slice(0, 16),
  },
} satisfies Meta<typeof FileStatusTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every status; only exactly 'Ready' is styled ready. The buttons report the row (the page confirms). */
export const EveryStatus: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(sampleDocuments.length + 1);
    await expect(canvas.getByText('Failed')).toHaveAttribute('data-state', 'not-ready');
    await expect(canvas.getByText('Queued')).toHaveAttribute('data-in-progress', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Re-ingest quarterly-report.pdf' }));
    await expect(args.onReingest).toHaveBeenCalledWith(
      expect.objectContaining({ document: 'quarterly-report.pdf' }),
    );
  },
};

/** The server is deleting one document: its buttons show progress. */
export const Busy: Story = { args: { documents: settledDocuments, busyId: settledDocuments[0]?.id } };

/** The spec's `{ document, status }` only: no actions. */
export const SpecStatusList: Story = {
  args: { documents: specStatusList, onDelete: undefined, onReingest: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Empty: Story = {
  args: { documents: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No training documents yet. Upload some with Train Bot.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { documents: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Fetching file status/)).toBeVisible();
  },
};

export const ErrorState: Story = { name: 'Error', args: { error: 'Error fetching file status.' } };

/** A hundred documents. */
export const LongList: Story = {
  args: {
    documents: Array.from({ length: 100 }, (_, index) => ({
      ...settledDocuments[index % settledDocuments.length]!,
      id: `doc-${index}`,
      document: `document-${String(index + 1).padStart(3, '0')}.pdf`,
    })),
  },
};
