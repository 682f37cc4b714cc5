import type { KnowledgeDocument } from '@digital-assistant/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, appRenderer, cleanupApps, staff, usePlatformUploads } from '../test-support/app';

const renderApp = appRenderer(admin);

const knowledgeDocument = (
  name: string,
  state: KnowledgeDocument['state'],
  status: string,
): KnowledgeDocument => ({
  document: name,
  status,
  id: `id-${name}`,
  state,
  departments: ['knowledge'],
  size: 2048,
  updated_at: '2026-11-02T09:00:00Z',
  reason: state === 'failed' ? `${name} is not a readable PDF: export it again from its source.` : null,
  chunk_count: 0,
});

beforeEach(usePlatformUploads);

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('grid', { name: 'File status' });
const statusCell = (name: string) =>
  within(within(table()).getByRole('row', { name: new RegExp(name.replace('.', '\\.')) })).getAllByRole(
    'gridcell',
  )[0]!;
const chooseFiles = (files: File[]) => {
  const input = document.querySelector<HTMLInputElement>('.da-train-bot input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
};

describe('File Status (/status) as the admin', () => {
  it('lists the documents and refreshes by itself until none is in progress', async () => {
    renderApp('/status', {
      knowledgeDocuments: [
        knowledgeDocument('runbook.docx', 'queued', 'Queued'),
        knowledgeDocument('broken.pdf', 'failed', 'Failed'),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'File Status' })).toBeTruthy();
    // The demo server moves a document one step per listing: Parsing now, Ready at the next refresh.
    await waitFor(() => expect(statusCell('runbook.docx').textContent).toBe('Parsing'));
    expect(screen.getByText('Refreshing by itself until every document is processed.')).toBeTruthy();
    await waitFor(() => expect(statusCell('runbook.docx').textContent).toBe('Ready'), { timeout: 6000 });
    expect(statusCell('runbook.docx').querySelector('[data-state]')?.getAttribute('data-state')).toBe(
      'ready',
    );
    expect(statusCell('broken.pdf').querySelector('[data-state]')?.getAttribute('data-state')).toBe(
      'not-ready',
    );
    expect(
      screen.getByText('broken.pdf is not a readable PDF: export it again from its source.'),
    ).toBeTruthy();
    expect(screen.queryByText('Refreshing by itself until every document is processed.')).toBeNull();
  });

  it('deletes and re-ingests a document only after confirmation', async () => {
    const server = renderApp('/status', {
      knowledgeDocuments: [
        knowledgeDocument('guide.md', 'ready', 'Ready'),
        knowledgeDocument('broken.pdf', 'failed', 'Failed'),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete guide.md' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete' });
    expect(confirm.textContent).toContain("Are you sure you want to delete 'guide.md'?");
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.callsTo('POST /api/knowledge/documents/delete')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete guide.md' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Successfully deleted guide.md.')).toBeTruthy();
    await waitFor(() => expect(within(table()).queryByText('guide.md')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Re-ingest broken.pdf' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Re-ingest' })).getByRole('button', {
        name: 'Re-ingest',
      }),
    );
    expect(await screen.findByText('broken.pdf is queued for ingestion again.')).toBeTruthy();
    expect(server.callsTo('POST /api/knowledge/documents/reingest').map((call) => call.body)).toEqual([
      { id: 'id-broken.pdf' },
    ]);
    await waitFor(() => expect(statusCell('broken.pdf').textContent).not.toBe('Failed'));
  });

  it('says so on a server without the File Status extension', async () => {
    const server = renderApp('/status');
    server.remove('GET /api/knowledge/documents');
    expect((await screen.findByRole('note')).textContent).toBe(
      'This server does not list training documents.',
    );
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });
});

describe('Train Bot', () => {
  it('the landing card opens the upload window; Submit uploads, closes it and shows the success window', async () => {
    const server = renderApp('/agents');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload: Train Bot' }));
    const window = await screen.findByRole('dialog', { name: 'Train Bot' });

    fireEvent.click(within(window).getByRole('button', { name: 'Submit' }));
    expect(within(window).getByRole('alert').textContent).toBe('Add at least one file to upload.');
    expect(server.callsTo('POST /api/file/success')).toEqual([]);

    chooseFiles([
      new File(['# VPN'], 'vpn.md', { type: 'text/markdown' }),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'map.jpg', { type: 'image/jpeg' }),
      new File(['MZ'], 'tool.exe'),
    ]);
    expect(within(window).getByText('tool.exe: .exe files are not accepted.')).toBeTruthy();
    fireEvent.click(within(window).getByRole('checkbox', { name: 'IT' }));
    fireEvent.click(within(window).getByRole('button', { name: 'Submit' }));

    const success = await screen.findByRole('dialog', { name: 'Upload successful' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Train Bot' })).toBeNull());
    expect(success.textContent).toContain('2 files were uploaded and queued for ingestion.');
    const form = server.callsTo('POST /api/file/success')[0]?.body as FormData;
    expect(form.getAll('department')).toEqual(['it']);
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['vpn.md', 'map.jpg']);

    fireEvent.click(within(success).getByRole('link', { name: 'View file status' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/status'));
    await waitFor(() => expect(statusCell('map.jpg').textContent).toMatch(/Parsing|No text to index/));
    expect(within(table()).getByRole('row', { name: /vpn\.md/ }).textContent).toContain('IT');
  });

  it('the train-bot route shows the same uploader on the page', async () => {
    const server = renderApp('/train-bot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Train Bot' })).toBeTruthy();
    chooseFiles([new File(['notes'], 'notes.txt', { type: 'text/plain' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const success = await screen.findByRole('dialog', { name: 'Upload successful' });
    expect(success.textContent).toContain('1 file was uploaded and queued for ingestion.');
    expect(server.state.knowledgeDocuments.map((entry) => entry.document)).toEqual(['notes.txt']);
  });

  it('tells staff without the train feature instead of offering an upload, and keeps them off File Status', async () => {
    renderApp('/train-bot', { signedIn: staff });
    expect((await screen.findByRole('note')).textContent).toContain("needs the 'train' permission");
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    cleanup();
    renderApp('/status', { signedIn: staff });
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toBe('/status'));
  });
});
