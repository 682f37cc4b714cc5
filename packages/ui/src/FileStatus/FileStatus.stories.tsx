import {
  cycleSort,
  type KnowledgeDocumentColumn,
  knowledgeDocumentsPage,
  pageCount,
  paginationWindow,
  type SortState,
  UNSORTED,
} from '@digital-assistant/react';
import type { KnowledgeDocument } from '@digital-assistant/sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { sampleDocuments, settledDocuments, specStatusList } from '../test/knowledge-fixtures';
import { FileStatusPage, type FileStatusPageProps } from './FileStatusPage';
import type { FileStatusRow } from './FileStatusTable';

/** Deleting drops the row and re-ingesting queues it, as the page does once the server agreed. */
function Interactive(props: FileStatusPageProps) {
  const [documents, setDocuments] = useState<readonly FileStatusRow[]>(props.documents);
  return (
    <FileStatusPage
      {...props}
      documents={documents}
      onDelete={(deleted) => {
        props.onDelete?.(deleted);
        setDocuments((current) => current.filter((document) => document.id !== deleted.id));
      }}
      onReingest={(queued) => {
        props.onReingest?.(queued);
        setDocuments((current) =>
          current.map((document) =>
            document.id === queued.id
              ? { ...document, status: 'Queued', state: 'queued', reason: null }
              : document,
          ),
        );
      }}
    />
  );
}

const meta = {
  title: 'Knowledge/FileStatusPage',
  component: FileStatusPage,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  render: (args) => <Interactive {...args} />,
  args: {
    documents: sampleDocuments,
    inProgressCount: 2,
    isSupported: true,
    onDelete: fn(),
    onReingest: fn(),
    onUpload: fn(),
    formatTime: (iso: string) => iso.replace('T', ' ').slice(0, 16),
  },
} satisfies Meta<typeof FileStatusPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/**
 * Every status: queued and parsing (in progress, so the page refreshes by itself), Ready, no text to
 * index, failed with its reason, a legacy .ppt. Only 'Ready' is styled ready.
 */
export const EveryStatus: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(sampleDocuments.length + 1);
    await expect(canvas.getAllByText('Ready')[0]).toHaveAttribute('data-state', 'ready');
    await expect(canvas.getByText('Failed')).toHaveAttribute('data-state', 'not-ready');
    await expect(canvas.getByText('No text to index')).toHaveAttribute('data-state', 'not-ready');
    await expect(canvas.getByText('Queued')).toHaveAttribute('data-in-progress', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Refreshing by itself');
  },
};

/** Nothing left in progress: no refreshing. */
export const Settled: Story = { args: { documents: settledDocuments, inProgressCount: 0 } };

/** Delete asks first; OK deletes and the row goes. */
export const DeleteConfirmation: Story = {
  args: { documents: settledDocuments, inProgressCount: 0 },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete office-map.jpg' }));
    const dialog = body(canvasElement).getByRole('alertdialog', { name: 'Delete' });
    await expect(dialog).toHaveTextContent("Are you sure you want to delete 'office-map.jpg'?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledWith(settledDocuments[1]);
    await expect(canvas.queryByText('office-map.jpg')).toBeNull();
  },
};

/** Re-ingest asks first; the row then reads Queued. */
export const ReingestConfirmation: Story = {
  args: { documents: settledDocuments, inProgressCount: 0 },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Re-ingest quarterly-report.pdf' }));
    const dialog = body(canvasElement).getByRole('alertdialog', { name: 'Re-ingest' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-ingest' }));
    await expect(args.onReingest).toHaveBeenCalledOnce();
    const row = canvas.getByRole('row', { name: /quarterly-report/ });
    await expect(within(row).getByText('Queued')).toHaveAttribute('data-state', 'not-ready');
  },
};

/** The confirmation, left open. */
export const ConfirmationOpen: Story = {
  args: { documents: settledDocuments, inProgressCount: 0 },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete quarterly-report.pdf' }));
    await waitFor(() => expect(body(canvasElement).getByRole('alertdialog')).toBeVisible());
  },
};

/** The server is deleting one document. */
export const Busy: Story = {
  args: { documents: settledDocuments, inProgressCount: 0, busyId: settledDocuments[0]?.id },
};

/** A server that sends only the spec's { document, status }: two columns, no actions. */
export const SpecStatusList: Story = {
  args: { documents: specStatusList, inProgressCount: 0, onDelete: undefined, onReingest: undefined },
};

export const Empty: Story = { args: { documents: [], inProgressCount: 0 } };
export const Loading: Story = { args: { documents: [], isLoading: true, inProgressCount: 0 } };
export const ErrorState: Story = { name: 'Error', args: { error: 'Error fetching file status.' } };

/** A server without the File Status extension. */
export const Unsupported: Story = { args: { documents: [], isSupported: false, onUpload: undefined } };

/**
 * As wide as the page is in an 800px window (752px): every column and the buttons fit without
 * scrolling sideways; long reasons wrap. Uses the default date format.
 */
export const Narrow: Story = {
  args: { formatTime: undefined },
  render: (args) => (
    <div style={{ width: 752 }}>
      <Interactive {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const container = canvasElement.querySelector('.da-table-container') as HTMLElement;
    await expect(container.scrollWidth).toBeLessThanOrEqual(container.clientWidth);
    const edge = container.getBoundingClientRect().right;
    for (const button of canvas.getAllByRole('button', { name: /^Delete / })) {
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(edge);
    }
  },
};

/** 57 documents: the sample statuses and 50 chapters of a handbook with long names. */
const manyDocuments: KnowledgeDocument[] = [
  ...sampleDocuments.filter((document) => document.state !== 'queued' && document.state !== 'parsing'),
  ...Array.from({ length: 52 }, (_, index) => ({
    ...settledDocuments[0]!,
    document: `team-handbook-chapter-${String(index + 1).padStart(2, '0')}-onboarding-and-travel.txt`,
    id: `chapter-${index + 1}`,
    state: 'ready' as const,
    status: 'Ready',
    reason: null,
    updated_at: `2026-11-01T${String(index % 24).padStart(2, '0')}:00:00Z`,
  })),
];

/** Search, sort and pages as the web app wires them, the page made from the whole list (10 a page). */
function Paged(props: FileStatusPageProps) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<KnowledgeDocumentColumn>>(UNSORTED);
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const shown = knowledgeDocumentsPage({ documents: manyDocuments }, { search, sort, page, pageSize });
  const count = pageCount(shown.totalCount, pageSize);
  return (
    <FileStatusPage
      {...props}
      documents={shown.documents}
      counts={shown.counts}
      inProgressCount={0}
      search={search}
      onSearchChange={(next) => {
        setSearch(next);
        setPage(1);
      }}
      sort={sort}
      onSortChange={(column) => {
        setSort(cycleSort(sort, column));
        setPage(1);
      }}
      pagination={{
        page: Math.min(page, count),
        pageCount: count,
        pages: paginationWindow(Math.min(page, count), count),
        totalCount: shown.totalCount,
        pageSize,
        onPageChange: setPage,
      }}
      updatedAt={Date.parse('2026-11-02T10:06:00Z')}
      formatUpdatedAt={() => '10:06'}
    />
  );
}

/**
 * A knowledge base that has grown: a search by name, every column sorting by its header (ascending,
 * descending, then the server's order), pages of 10 here (25 in the app) and a Refresh button.
 */
export const SearchSortAndPages: Story = {
  args: { onRefresh: fn() },
  render: (args) => <Paged {...args} />,
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('57 documents: 54 ready.')).toBeInTheDocument();
    await expect(canvas.getByText('Showing 1–10 of 57')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await expect(canvas.getByText('Showing 11–20 of 57')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('columnheader', { name: /Status/ }));
    await expect(canvas.getByRole('columnheader', { name: /Status/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('training-deck.ppt');
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search documents' }), 'CHAPTER-4');
    await expect(canvas.getByText('Showing 1–10 of 10')).toBeInTheDocument();
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search documents' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search documents' }), 'nothing like it');
    await expect(canvas.getByText("No document name contains 'nothing like it'.")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalledOnce();
  },
};

/**
 * What each status means, in its colour: no text to index is information (grey), a legacy .ppt asks
 * for a conversion, only a failure is red; Re-ingest is offered where it can change the outcome.
 */
export const StatusTones: Story = {
  args: { documents: settledDocuments, inProgressCount: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No text to index')).toHaveAttribute('data-tone', 'info');
    await expect(canvas.getByText('Convert to .pptx')).toHaveAttribute('data-tone', 'action');
    await expect(canvas.getByText('Failed')).toHaveAttribute('data-tone', 'error');
    await expect(canvas.queryByRole('button', { name: 'Re-ingest office-map.jpg' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Re-ingest training-deck.ppt' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Re-ingest quarterly-report.pdf' })).toBeEnabled();
  },
};
