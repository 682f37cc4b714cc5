// @vitest-environment jsdom
import type { KnowledgeDocument } from '@digital-assistant/sdk';
import { demoStaff, errorReply, offContract } from '@digital-assistant/sdk/testing';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotices } from '../core/use-notices';
import { useSession } from '../session/session-hooks';
import { withPlatformMultipart } from '../test-support/multipart';
import { renderWithProvider } from '../test-support/render';
import {
  useDeleteKnowledgeDocument,
  useKnowledgeDocuments,
  useReingestKnowledgeDocument,
  useTrainingUpload,
} from './knowledge-hooks';

withPlatformMultipart();

const document = (name: string, state: KnowledgeDocument['state'], status: string): KnowledgeDocument => ({
  document: name,
  status,
  id: `id-${name}`,
  state,
  departments: ['knowledge'],
  size: 1200,
  updated_at: '2026-11-02T09:00:00Z',
  reason: state === 'failed' ? `${name} could not be read.` : null,
  chunk_count: state === 'ready' ? 4 : 0,
});

const handbook = document('handbook.md', 'ready', 'Ready');
const runbook = document('runbook.docx', 'queued', 'Queued');
const broken = document('broken.pdf', 'failed', 'Failed');

const statuses = (documents: readonly KnowledgeDocument[]) =>
  documents.map((entry) => `${entry.document}: ${entry.status}`);

describe('useKnowledgeDocuments', () => {
  it('refreshes by itself while a document is queued or parsing, and stops once none is', async () => {
    const { result, api } = renderWithProvider(() => useKnowledgeDocuments({ pollIntervalMs: 30 }), {
      knowledgeDocuments: [runbook, handbook],
    });
    api.state.isIngestionPaused = true;
    await waitFor(() => expect(result.current.isSupported).toBe(true));
    expect(statuses(result.current.documents)).toEqual(['runbook.docx: Queued', 'handbook.md: Ready']);
    expect(result.current).toMatchObject({ inProgressCount: 1, isPolling: true });
    await waitFor(() => expect(api.callsTo('GET /api/knowledge/documents').length).toBeGreaterThan(2));
    // The demo server now moves a document one step per listing: parsing, then ready.
    api.state.isIngestionPaused = false;
    await waitFor(() =>
      expect(statuses(result.current.documents)).toEqual(['runbook.docx: Ready', 'handbook.md: Ready']),
    );
    expect(result.current).toMatchObject({ inProgressCount: 0, isPolling: false });
    const listings = api.callsTo('GET /api/knowledge/documents').length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(api.callsTo('GET /api/knowledge/documents')).toHaveLength(listings);
  });

  it('does not poll a list where nothing is in progress', async () => {
    const { result, api } = renderWithProvider(() => useKnowledgeDocuments({ pollIntervalMs: 20 }), {
      knowledgeDocuments: [handbook, broken],
    });
    await waitFor(() => expect(result.current.documents).toHaveLength(2));
    expect(result.current.isPolling).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(api.callsTo('GET /api/knowledge/documents')).toHaveLength(1);
  });

  it('says unsupported on a server without the extension (404 or 405), with no error', async () => {
    const first = renderWithProvider(() => useKnowledgeDocuments());
    first.api.remove('GET /api/knowledge/documents');
    await waitFor(() => expect(first.result.current.isSupported).toBe(false));
    expect(first.result.current).toMatchObject({ documents: [], isError: false, isPolling: false });
    first.unmount();

    const second = renderWithProvider(() => useKnowledgeDocuments());
    second.api.use({
      'GET /api/knowledge/documents': () => offContract(new Response(null, { status: 405 })),
    });
    await waitFor(() => expect(second.result.current.isSupported).toBe(false));
  });

  it('exposes a refusal (403) as a typed error, not as unsupported', async () => {
    const { result } = renderWithProvider(() => useKnowledgeDocuments(), { signedIn: demoStaff });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.code).toBe('forbidden');
    expect(result.current.isSupported).toBeUndefined();
  });
});

describe('deleting and re-ingesting a document', () => {
  it('deletes a document, says so and drops it from the list', async () => {
    const { result, api } = renderWithProvider(
      () => ({ list: useKnowledgeDocuments(), remove: useDeleteKnowledgeDocument(), notices: useNotices() }),
      { knowledgeDocuments: [handbook, broken] },
    );
    await waitFor(() => expect(result.current.list.documents).toHaveLength(2));
    await act(() => result.current.remove.mutateAsync(broken));
    expect(api.callsTo('POST /api/knowledge/documents/delete')[0]?.body).toEqual({ id: 'id-broken.pdf' });
    expect(result.current.notices.latest).toMatchObject({
      kind: 'success',
      text: 'Successfully deleted broken.pdf.',
    });
    await waitFor(() => expect(statuses(result.current.list.documents)).toEqual(['handbook.md: Ready']));
  });

  it("reports a failed delete with the server's reason", async () => {
    const { result } = renderWithProvider(
      () => ({ remove: useDeleteKnowledgeDocument(), notices: useNotices() }),
      { knowledgeDocuments: [] },
    );
    await act(async () => {
      await result.current.remove.mutateAsync(broken).catch(() => undefined);
    });
    expect(result.current.notices.latest).toMatchObject({
      kind: 'error',
      text: 'Error deleting broken.pdf. No training document has this id.',
    });
    await waitFor(() => expect(result.current.remove.error?.code).toBe('not_found'));
  });

  it('re-ingests a document: Queued at once, then the list follows it to its outcome', async () => {
    const { result } = renderWithProvider(
      () => ({
        list: useKnowledgeDocuments({ pollIntervalMs: 20 }),
        reingest: useReingestKnowledgeDocument(),
        notices: useNotices(),
      }),
      { knowledgeDocuments: [handbook, broken] },
    );
    await waitFor(() => expect(result.current.list.documents).toHaveLength(2));
    await act(() => result.current.reingest.mutateAsync(handbook));
    expect(result.current.notices.latest?.text).toBe('handbook.md is queued for ingestion again.');
    await waitFor(() => expect(result.current.list.isPolling).toBe(true));
    await waitFor(() =>
      expect(statuses(result.current.list.documents)).toEqual(['handbook.md: Ready', 'broken.pdf: Failed']),
    );
    expect(result.current.list.isPolling).toBe(false);
  });
});

const file = (name: string, size = 64, type = '') =>
  new File([new Uint8Array(size).fill(65)], name, { type });

describe('useTrainingUpload', () => {
  it('does not send anything without a file, and says what is missing', async () => {
    const { result, api } = renderWithProvider(() => useTrainingUpload());
    await act(() => result.current.submit());
    expect(result.current.submitError).toBe('Add at least one file to upload.');
    expect(api.callsTo('POST /api/file/success')).toHaveLength(0);
  });

  it('sends the accepted files with the departments, reports progress per file and overall, then the result', async () => {
    const uploaded: unknown[] = [];
    const overall: number[] = [];
    const perFile: number[][] = [];
    const { result, api } = renderWithProvider(
      () => {
        const upload = useTrainingUpload({ onUploaded: (answer) => uploaded.push(answer) });
        if (upload.isUploading && upload.progress !== null) {
          overall.push(upload.progress);
          perFile.push(upload.filePercents);
        }
        return { upload, list: useKnowledgeDocuments({ pollIntervalMs: 20 }) };
      },
      { knowledgeDocuments: [handbook] },
    );
    await waitFor(() => expect(result.current.list.documents).toHaveLength(1));
    act(() => {
      result.current.upload.addFiles([
        file('guide.md', 600_000, 'text/markdown'),
        file('photo.jpg', 600_000, 'image/jpeg'),
        file('setup.exe'),
      ]);
      result.current.upload.setDepartments(['knowledge', 'it']);
      result.current.upload.setDepartments(['it', 'devops_preprod']);
    });
    expect(result.current.upload.rejected.map((entry) => entry.reason)).toEqual([
      'setup.exe: .exe files are not accepted.',
    ]);
    await act(() => result.current.upload.submit());

    const [call] = api.callsTo('POST /api/file/success');
    const form = call?.body as FormData;
    expect(form.getAll('department')).toEqual(['it', 'devops_preprod']);
    expect(form.getAll('files').map((entry) => (entry as File).name)).toEqual(['guide.md', 'photo.jpg']);
    expect(overall.at(-1)).toBeGreaterThan(0);
    expect(overall).toEqual([...overall].sort((a, b) => a - b));
    expect(perFile.some(([first, second]) => first === 100 && second! < 100)).toBe(true);
    expect(result.current.upload).toMatchObject({
      status: 'success',
      progress: 100,
      files: [],
      result: { files: ['guide.md', 'photo.jpg'], rejected: [] },
    });
    expect(uploaded).toHaveLength(1);
    // The File Status list is refreshed: the new documents show, and it polls until they are done.
    await waitFor(() =>
      expect(statuses(result.current.list.documents)).toEqual([
        'photo.jpg: No text to index',
        'guide.md: Ready',
        'handbook.md: Ready',
      ]),
    );
    act(() => result.current.upload.dismissResult());
    expect(result.current.upload).toMatchObject({ status: 'idle', result: null });
  });

  it('lists the files the server refused with its reasons when it stored none, keeping the others', async () => {
    const { result, api } = renderWithProvider(() => useTrainingUpload());
    const rejected = [{ name: 'a.pdf', code: 'too_large', reason: 'a.pdf is larger than the 1 MB limit.' }];
    api.use({
      'POST /api/file/success': () =>
        errorReply(413, 'payload_too_large', 'a.pdf is larger than the 1 MB limit.', { rejected }),
    });
    act(() => result.current.addFiles([file('a.pdf'), file('b.md')]));
    await act(() => result.current.submit());
    expect(result.current).toMatchObject({
      status: 'error',
      error: 'Error during file upload: a.pdf is larger than the 1 MB limit.',
      rejected,
    });
    expect(result.current.files.map((entry) => entry.name)).toEqual(['b.md']);
  });

  it('tells someone without the train feature that the server refused (403), keeping the files', async () => {
    const { result } = renderWithProvider(() => useTrainingUpload(), { signedIn: demoStaff });
    act(() => result.current.addFiles([file('a.md')]));
    await act(() => result.current.submit());
    expect(result.current.error).toBe(
      "Error during file upload: Your role does not include the 'train' feature.",
    );
    expect(result.current.files).toHaveLength(1);
  });

  it('offers the PGA department only to people with the PGA capability', async () => {
    const admin = renderWithProvider(() => ({ upload: useTrainingUpload(), session: useSession() }));
    await act(() => admin.result.current.session.validate());
    expect(admin.result.current.upload.departmentOptions.map((option) => option.label)).toEqual([
      'Knowledge',
      'IT',
      'DevOps',
      'CS',
      'PGA',
      'Education',
    ]);
    admin.unmount();
    const staff = renderWithProvider(() => ({ upload: useTrainingUpload(), session: useSession() }), {
      signedIn: demoStaff,
    });
    await act(() => staff.result.current.session.validate());
    expect(staff.result.current.upload.departmentOptions.map((option) => option.id)).not.toContain('pga');
  });

  it('cancels an upload in progress and keeps the files chosen', async () => {
    const { result } = renderWithProvider(() => useTrainingUpload(), { delayMs: 200 });
    act(() => result.current.addFiles([file('a.md')]));
    let pending!: Promise<void>;
    act(() => {
      pending = result.current.submit();
    });
    expect(result.current.isUploading).toBe(true);
    act(() => result.current.cancel());
    await act(() => pending);
    expect(result.current).toMatchObject({ status: 'idle', error: null, progress: null });
    expect(result.current.files).toHaveLength(1);
  });
});
