import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { settledDocuments } from '../test/knowledge-fixtures';
import { FileStatusPage } from './FileStatusPage';
import { FileStatusTable } from './FileStatusTable';

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });

describe('File Status as the knowledge base grows', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('styles no text to index as information and a legacy .ppt as something to do, not as failures', () => {
    render(<FileStatusTable documents={settledDocuments} />);
    expect(within(rowOf('office-map.jpg')).getByText('No text to index')).toHaveAttribute(
      'data-tone',
      'info',
    );
    expect(within(rowOf('training-deck.ppt')).getByText('Convert to .pptx')).toHaveAttribute(
      'data-tone',
      'action',
    );
    expect(within(rowOf('quarterly-report.pdf')).getByText('Failed')).toHaveAttribute('data-tone', 'error');
    // The spec's rule stays: anything but 'Ready' is not ready.
    expect(within(rowOf('office-map.jpg')).getByText('No text to index')).toHaveAttribute(
      'data-state',
      'not-ready',
    );
  });

  it('offers Re-ingest only where it can change the outcome; Delete everywhere', () => {
    render(<FileStatusTable documents={settledDocuments} onDelete={() => {}} onReingest={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Re-ingest office-map.jpg' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Re-ingest training-deck.ppt' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Re-ingest quarterly-report.pdf' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Re-ingest company-handbook.md' })).toBeEnabled();
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(settledDocuments.length);
  });

  it('gives a Reason column only to a page where a row has a reason', () => {
    const ready = settledDocuments.filter((document) => document.state === 'ready');
    const first = render(<FileStatusTable documents={ready} />);
    expect(headers()).toEqual(['Document', 'Status', 'Departments', 'Updated']);
    first.unmount();
    render(<FileStatusTable documents={settledDocuments} />);
    expect(headers()).toEqual(['Document', 'Status', 'Departments', 'Updated', 'Reason']);
  });

  it('writes the reason under the name in a table too narrow for a Reason column', () => {
    // jsdom measures every element 0 px wide once the table can be measured.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    render(<FileStatusTable documents={settledDocuments} />);
    expect(headers()).toEqual(['Document', 'Status', 'Departments', 'Updated']);
    expect(within(rowOf('quarterly-report.pdf')).getByRole('rowheader')).toHaveTextContent(
      /quarterly-report\.pdf.*is not a readable PDF/,
    );
  });

  it('sorts by each header, searches, pages and refreshes through its callbacks', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const onSearchChange = vi.fn();
    const onPageChange = vi.fn();
    const onRefresh = vi.fn();
    render(
      <main>
        <FileStatusPage
          documents={settledDocuments}
          counts={{ documents: 300, ready: 280, inProgress: 0 }}
          sort={{ column: 'status', direction: 'descending' }}
          onSortChange={onSortChange}
          search=""
          onSearchChange={onSearchChange}
          pagination={{
            page: 1,
            pageCount: 12,
            pages: [1, 2, 3, '…', 12],
            totalCount: 300,
            pageSize: 25,
            onPageChange,
          }}
          onRefresh={onRefresh}
          updatedAt={Date.parse('2026-11-02T10:06:00Z')}
          formatUpdatedAt={() => '10:06'}
        />
      </main>,
    );
    expect(screen.getByText('300 documents: 280 ready.')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Status/ })).toHaveAttribute('aria-sort', 'descending');
    for (const [name, column] of [
      ['Document', 'document'],
      ['Departments', 'departments'],
      ['Updated', 'updated_at'],
      ['Reason', 'reason'],
    ] as const) {
      await user.click(screen.getByRole('columnheader', { name: new RegExp(name) }));
      expect(onSortChange).toHaveBeenLastCalledWith(column);
    }
    await user.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'p');
    expect(onSearchChange).toHaveBeenLastCalledWith('p');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByText('Showing 1–25 of 300')).toBeInTheDocument();
    expect(screen.getByText('10:06')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(await accessibilityViolations(document.body)).toEqual([]);
  });

  it('says when no document name contains the search', () => {
    render(<FileStatusPage documents={[]} search="zebra " onSearchChange={() => {}} />);
    expect(screen.getByText("No document name contains 'zebra'.")).toBeInTheDocument();
  });
});
