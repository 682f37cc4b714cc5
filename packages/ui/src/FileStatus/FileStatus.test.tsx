import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { sampleDocuments, settledDocuments, specStatusList } from '../test/knowledge-fixtures';
import { FileStatusPage } from './FileStatusPage';
import { FileStatusTable } from './FileStatusTable';

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const bodyRows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
const statusOf = (name: string) => within(rowOf(name)).getAllByRole('gridcell')[0]!.firstElementChild;

describe('FileStatusTable', () => {
  it('shows Document and Status, with departments, update time and reason, in the given order', () => {
    render(<FileStatusTable documents={sampleDocuments} formatTime={day} />);
    for (const name of ['Document', 'Status', 'Departments', 'Updated', 'Reason']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      sampleDocuments.map((document) => document.document),
    );
    expect(rowOf('preprod-runbook.pptx')).toHaveTextContent(
      'preprod-runbook.pptxReadyDevOps, IT2026-11-02 10:01',
    );
    expect(rowOf('company-handbook.md')).toHaveTextContent('All departments');
    expect(rowOf('quarterly-report.pdf')).toHaveTextContent(
      'quarterly-report.pdf is not a readable PDF (it may be damaged): export it again from its source.',
    );
    expect(rowOf('vpn-setup-guide.docx').querySelector('time')).toHaveAttribute(
      'dateTime',
      '2026-11-02T10:05:00Z',
    );
  });

  it("styles exactly 'Ready' as ready and every other status as not ready", () => {
    render(<FileStatusTable documents={sampleDocuments} />);
    expect(statusOf('preprod-runbook.pptx')).toHaveAttribute('data-state', 'ready');
    expect(statusOf('company-handbook.md')).toHaveAttribute('data-state', 'ready');
    for (const name of [
      'vpn-setup-guide.docx',
      'pga-go-live-notes.pdf',
      'office-map.jpg',
      'quarterly-report.pdf',
      'training-deck.ppt',
    ]) {
      expect(statusOf(name)).toHaveAttribute('data-state', 'not-ready');
    }
    // Queued and parsing documents are on their way: not ready, marked in progress.
    expect(statusOf('vpn-setup-guide.docx')).toHaveAttribute('data-in-progress', 'true');
    expect(statusOf('pga-go-live-notes.pdf')).toHaveTextContent('Parsing');
    expect(statusOf('quarterly-report.pdf')).not.toHaveAttribute('data-in-progress');
    expect(rowOf('quarterly-report.pdf')).toHaveAttribute('data-state', 'not-ready');
  });

  it("shows a server's plain { document, status } list as it is: two columns, no actions", () => {
    render(<FileStatusTable documents={specStatusList} onDelete={() => {}} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Document',
      'Status',
      'Actions',
    ]);
    expect(statusOf('notes.txt')).toHaveAttribute('data-state', 'not-ready');
    expect(statusOf('Onboarding.docx')).toHaveAttribute('data-state', 'ready');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reports which document to delete or re-ingest; a document in progress cannot be re-ingested', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const onReingest = vi.fn();
    render(<FileStatusTable documents={sampleDocuments} onDelete={onDelete} onReingest={onReingest} />);
    await user.click(screen.getByRole('button', { name: 'Delete office-map.jpg' }));
    expect(onDelete).toHaveBeenCalledWith(sampleDocuments[3]);
    await user.click(screen.getByRole('button', { name: 'Re-ingest quarterly-report.pdf' }));
    expect(onReingest).toHaveBeenCalledWith(sampleDocuments[4]);
    expect(screen.getByRole('button', { name: 'Re-ingest vpn-setup-guide.docx' })).toBeDisabled();
  });

  it('shows progress on the document being acted on', () => {
    render(
      <FileStatusTable documents={settledDocuments} onDelete={() => {}} busyId={settledDocuments[0]?.id} />,
    );
    expect(screen.getByRole('button', { name: /Delete preprod-runbook.pptx/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Delete office-map.jpg' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('shows loading, error and empty states', () => {
    const first = render(<FileStatusTable documents={[]} isLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Fetching file status...');
    first.unmount();
    const second = render(
      <FileStatusTable documents={sampleDocuments} error="Error fetching file status." />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error fetching file status.');
    second.unmount();
    render(<FileStatusTable documents={[]} />);
    expect(screen.getByText('No training documents yet. Upload some with Train Bot.')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <FileStatusTable documents={sampleDocuments} onDelete={() => {}} onReingest={() => {}} />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});

/** A page whose server answers a re-ingest at once: the list comes back queued while the confirmation still closes. */
function QueuedAtOnce({ name }: { name: string }) {
  const [documents, setDocuments] = useState(settledDocuments);
  const queued = settledDocuments.map((document) =>
    document.document === name ? { ...document, state: 'queued' as const, status: 'Queued' } : document,
  );
  return <FileStatusPage documents={documents} onDelete={() => {}} onReingest={() => setDocuments(queued)} />;
}

describe('FileStatusPage', () => {
  it('deletes a document only after confirmation', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<FileStatusPage documents={settledDocuments} onDelete={onDelete} onReingest={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete office-map.jpg' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent(
      "Are you sure you want to delete 'office-map.jpg'? Answers stop citing it at once.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete office-map.jpg' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(settledDocuments[1]);
  });

  it('re-ingests a document after confirmation', async () => {
    const user = userEvent.setup();
    const onReingest = vi.fn();
    render(<FileStatusPage documents={settledDocuments} onDelete={() => {}} onReingest={onReingest} />);
    await user.click(screen.getByRole('button', { name: 'Re-ingest quarterly-report.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Re-ingest' });
    expect(dialog).toHaveTextContent("Ingest 'quarterly-report.pdf' again from its stored file?");
    await user.keyboard('{Escape}');
    expect(onReingest).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Re-ingest quarterly-report.pdf' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-ingest' }));
    expect(onReingest).toHaveBeenCalledWith(settledDocuments[2]);
  });

  it('keeps the focus in the row once a confirmed re-ingest puts the document in progress', async () => {
    const user = userEvent.setup();
    const name = 'quarterly-report.pdf';
    const { rerender } = render(
      <FileStatusPage documents={settledDocuments} onDelete={() => {}} onReingest={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: `Re-ingest ${name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-ingest' }));
    const reingest = screen.getByRole('button', { name: `Re-ingest ${name}` });
    await vi.waitFor(() => expect(reingest).toHaveFocus());
    // The list comes back with the document queued: its Re-ingest button can no longer be pressed.
    const queued = settledDocuments.map((document) =>
      document.document === name ? { ...document, state: 'queued' as const, status: 'Queued' } : document,
    );
    rerender(<FileStatusPage documents={queued} onDelete={() => {}} onReingest={() => {}} />);
    expect(reingest).toBeDisabled();
    expect(document.activeElement).not.toBe(document.body);
    expect(rowOf(name)).toHaveFocus();
  });

  it('gives the focus to the row when the document is queued before the confirmation has closed', async () => {
    const user = userEvent.setup();
    const name = 'quarterly-report.pdf';
    render(<QueuedAtOnce name={name} />);
    await user.click(screen.getByRole('button', { name: `Re-ingest ${name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-ingest' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await vi.waitFor(() => expect(rowOf(name)).toHaveFocus());
  });

  it('says how many documents are ready, and that it refreshes while some are in progress', () => {
    const first = render(<FileStatusPage documents={sampleDocuments} inProgressCount={2} />);
    expect(screen.getByRole('heading', { level: 1, name: 'File Status' })).toBeInTheDocument();
    expect(screen.getByText('7 documents: 2 ready, 2 in progress.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Refreshing by itself until every document is processed.',
    );
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/menu');
    first.unmount();
    render(<FileStatusPage documents={settledDocuments} inProgressCount={0} />);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('opens the upload window from its Upload button', async () => {
    const user = userEvent.setup();
    const onUpload = vi.fn();
    render(<FileStatusPage documents={settledDocuments} onUpload={onUpload} />);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(onUpload).toHaveBeenCalled();
  });

  it('says so when the server does not list training documents', () => {
    render(<FileStatusPage documents={[]} isSupported={false} />);
    expect(screen.getByRole('note')).toHaveTextContent('This server does not list training documents.');
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('has no accessibility violations, its confirmation open', async () => {
    const user = userEvent.setup();
    render(
      <main>
        <FileStatusPage
          documents={sampleDocuments}
          inProgressCount={2}
          onDelete={() => {}}
          onUpload={() => {}}
        />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete office-map.jpg' }));
    expect(await accessibilityViolations()).toEqual([]);
  });
});
