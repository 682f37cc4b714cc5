import type { ReviewFile } from '@digital-assistant/sdk';
import { type DemoReviewFile, demoStaff, errorReply } from '@digital-assistant/sdk/testing';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/api';
import { reviewMessages } from './review-messages';
import { createReviewStore, type ReviewStoreOptions } from './review-store';

const zipBytes = () => new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 0, 0]);
const zip = (name: string) => new File([zipBytes()], name, { type: 'application/zip' });

const reviewFile = (index: number, status: ReviewFile['status'] = 'success'): DemoReviewFile => ({
  fileId: `f${index}`,
  filename: `project-${String(index).padStart(2, '0')}.zip`,
  status,
  progress: status === 'pending' ? { done: 1, total: 4 } : null,
  reason: status === 'failed' ? 'The zip holds no Python (.py) files to review.' : null,
  uploadedAt: '2026-11-20T10:00:00Z',
  owner: demoStaff.email,
});

function setup(files: DemoReviewFile[] = [], options: Partial<ReviewStoreOptions> = {}) {
  const api = createTestApi({ signedIn: demoStaff, reviewFiles: files });
  const logged: unknown[][] = [];
  const saved: { blob: Blob; filename: string }[] = [];
  let menuClosed = 0;
  const store = createReviewStore({
    client: api.client,
    logger: { error: (...args) => logged.push(args) },
    saveFile: (blob, filename) => saved.push({ blob, filename }),
    onViewOpened: () => menuClosed++,
    pollIntervalMs: 10,
    ...options,
  });
  return { api, store, logged, saved, menuClosed: () => menuClosed };
}

const names = (files: readonly ReviewFile[]) => files.map((file) => file.filename);
const until = async (condition: () => boolean, timeoutMs = 2000) => {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the review store', () => {
  it('fetches the list on open with the spec messages, 20 files per page', async () => {
    const { store } = setup(Array.from({ length: 45 }, (_, index) => reviewFile(index + 1)));
    const opening = store.open();
    expect(store.getSnapshot()).toMatchObject({
      request: 'fetch',
      message: { kind: 'info', text: 'Fetching file list.' },
    });
    await opening;
    expect(store.getSnapshot().message).toEqual({ kind: 'success', text: 'Fetched latest file info.' });
    const page = store.getPage();
    expect(page).toMatchObject({ page: 1, pageCount: 3, itemCount: 45, pageLabel: '(1/3)' });
    expect(page.items).toHaveLength(20);
    store.setPage(3);
    expect(store.getPage().items).toHaveLength(5);
    expect(store.getPage().pageLabel).toBe('(3/3)');
    store.setPage(9);
    expect(store.getPage().page).toBe(3);
  });

  it('filters case-insensitively on a substring of the name, and a new filter shows page 1', async () => {
    const { store } = setup(Array.from({ length: 45 }, (_, index) => reviewFile(index + 1)));
    await store.open();
    store.setPage(2);
    store.setFilter('PROJECT-0');
    expect(store.getSnapshot().page).toBe(1);
    expect(names(store.getPage().items)).toEqual(
      Array.from({ length: 9 }, (_, index) => `project-0${index + 1}.zip`),
    );
    store.setFilter('t-4');
    expect(names(store.getPage().items)).toEqual([
      'project-40.zip',
      'project-41.zip',
      'project-42.zip',
      'project-43.zip',
      'project-44.zip',
      'project-45.zip',
    ]);
    expect(store.getPage().itemCountLabel).toBe('6 items');
  });

  it("says 'Error fetching latest files.' with the server's reason when the list fails", async () => {
    const { store, api, logged } = setup();
    api.use({ 'POST /api/file/files': () => errorReply(500, 'internal', 'Internal error') });
    await store.open();
    expect(store.getSnapshot()).toMatchObject({
      request: null,
      listError: 'Error fetching latest files.',
      message: { kind: 'error', text: 'Error fetching latest files.', detail: 'Internal error' },
    });
    expect(logged).toHaveLength(1);
  });

  it('uploads a zip: pending message, progress, the file added on the last page with the filter cleared, then success once reviewed', async () => {
    const files = Array.from({ length: 20 }, (_, index) => reviewFile(index + 1));
    const { store, api } = setup(files);
    await store.open();
    store.setFilter('project-01');
    store.openUpload();
    store.chooseUploadFile([zip('shop.zip')]);
    expect(store.getSnapshot().uploadFile?.name).toBe('shop.zip');
    const progress: number[] = [];
    const unsubscribe = store.subscribe(() => {
      const { uploadProgress } = store.getSnapshot();
      if (uploadProgress !== null && progress.at(-1) !== uploadProgress) progress.push(uploadProgress);
    });
    const uploading = store.submitUpload();
    expect(store.getSnapshot()).toMatchObject({
      isUploadOpen: false,
      request: 'upload',
      message: { kind: 'info', text: 'File upload and revision pending...' },
    });
    await uploading;
    unsubscribe();
    expect(progress.at(-1)).toBe(100);
    const state = store.getSnapshot();
    expect(state.filter).toBe('');
    expect(state.request).toBeNull();
    expect(store.getPage()).toMatchObject({ page: 2, pageCount: 2, pageLabel: '(2/2)' });
    expect(store.getPage().items).toMatchObject([{ filename: 'shop.zip', status: 'pending' }]);
    expect(state.message?.text).toBe('File upload and revision pending...');
    // The list refreshes by itself while the review is pending, then says it succeeded.
    await until(() => store.getSnapshot().message?.kind === 'success');
    expect(store.getSnapshot().message).toEqual({
      kind: 'success',
      text: 'File upload and revision successful.',
    });
    expect(store.getPage().items).toMatchObject([{ filename: 'shop.zip', status: 'success' }]);
    const listings = api.callsTo('POST /api/file/files').length;
    expect(listings).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(api.callsTo('POST /api/file/files')).toHaveLength(listings);
    store.dispose();
  });

  it('shows the progress of a pending review (files done of total) as it refreshes', async () => {
    const { store, api } = setup([reviewFile(1, 'pending')]);
    api.state.isReviewPaused = true;
    await store.open();
    expect(store.getSnapshot().files[0]?.progress).toEqual({ done: 1, total: 4 });
    api.state.reviewFiles[0]!.progress = { done: 3, total: 4 };
    await until(() => store.getSnapshot().files[0]?.progress?.done === 3);
    api.state.isReviewPaused = false;
    api.state.reviewFiles[0]!.progress = { done: 4, total: 4 };
    await until(() => store.getSnapshot().files[0]?.status === 'success');
    // Not uploaded here: the list changes, the message does not.
    expect(store.getSnapshot().message?.text).toBe('Fetched latest file info.');
    store.dispose();
  });

  it("says the review failed with the server's reason when an uploaded zip's review fails", async () => {
    const { store } = setup();
    await store.open();
    store.chooseUploadFile([zip('broken.zip')]);
    await store.submitUpload();
    await until(() => store.getSnapshot().message?.kind === 'error');
    expect(store.getSnapshot().message).toEqual({
      kind: 'error',
      text: reviewMessages.uploadError,
      detail: 'The review stopped: the zip could not be read again.',
    });
    store.dispose();
  });

  it("refuses Submit without a zip ('No zip provided for upload.'), a file that is not a .zip, and several at once", async () => {
    const { store, api } = setup();
    await store.open();
    store.openUpload();
    await store.submitUpload();
    expect(store.getSnapshot()).toMatchObject({
      isUploadOpen: true,
      uploadError: 'No zip provided for upload.',
    });
    store.chooseUploadFile([new File(['x'], 'notes.txt')]);
    expect(store.getSnapshot()).toMatchObject({
      uploadFile: null,
      uploadError: "'notes.txt' is not a .zip file: choose a .zip of your Python files.",
    });
    store.chooseUploadFile([zip('a.zip'), zip('b.zip')]);
    expect(store.getSnapshot().uploadError).toBe('Choose one .zip file at a time.');
    store.chooseUploadFile([zip('a.zip')]);
    store.removeUploadFile();
    expect(store.getSnapshot().uploadFile).toBeNull();
    expect(api.callsTo('POST /api/file/code_analysis')).toHaveLength(0);
  });

  it("reports a refused upload with the spec's error and the server's reason", async () => {
    const { store } = setup();
    await store.open();
    store.chooseUploadFile([new File(['print(1)'], 'fake.zip')]);
    await store.submitUpload();
    expect(store.getSnapshot().message).toEqual({
      kind: 'error',
      text: 'Error uploading zip file. Reduce uploaded zip file size/complexity if upload failure persists.',
      detail:
        'The file is not a zip archive, or a damaged one (invalid signature). Upload a .zip of your Python files.',
    });
    expect(store.getSnapshot().files).toEqual([]);
  });

  it('views a succeeded file: fetches the review, builds the tree, closes the menu; close resets', async () => {
    const { store, menuClosed } = setup([reviewFile(1)]);
    await store.open();
    const viewing = store.view('f1');
    expect(store.getSnapshot().request).toBe('view');
    await viewing;
    const { view } = store.getSnapshot();
    expect(view?.filename).toBe('project-01.zip');
    expect(view?.tree.map((node) => node.id)).toEqual(['shop']);
    expect(view?.expanded).toEqual(['shop', 'shop/cart.py', 'shop/util.py']);
    expect(view?.selectedId).toBe('shop/cart.py#Cart.total:4');
    expect(menuClosed()).toBe(1);
    store.toggleExpanded('shop/cart.py');
    expect(store.getSnapshot().view?.expanded).toEqual(['shop', 'shop/util.py']);
    store.selectFunction('shop/util.py#slugify:1');
    expect(store.getSnapshot().view?.selectedId).toBe('shop/util.py#slugify:1');
    store.closeView();
    expect(store.getSnapshot().view).toBeNull();
  });

  it('views and downloads only succeeded files, and deletes only files that are not pending', async () => {
    const { store, api } = setup([reviewFile(1, 'pending'), reviewFile(2, 'failed'), reviewFile(3)]);
    api.state.isReviewPaused = true;
    await store.open();
    await store.view('f1');
    await store.download('f2');
    await store.delete('f1');
    expect(api.callsTo('POST /api/file/file')).toHaveLength(0);
    expect(api.callsTo('POST /api/file/download')).toHaveLength(0);
    expect(api.callsTo('POST /api/file/delete')).toHaveLength(0);
    await store.delete('f2');
    expect(store.getSnapshot().message).toEqual({ kind: 'success', text: 'Successfully deleted file.' });
    expect(names(store.getSnapshot().files)).toEqual(['project-01.zip', 'project-03.zip']);
    store.dispose();
  });

  it("says 'Error getting file info.' when the review cannot be fetched", async () => {
    const { store, api } = setup([reviewFile(1)]);
    await store.open();
    api.use({ 'POST /api/file/file': () => errorReply(404, 'not_found', 'File not found.') });
    await store.view('f1');
    expect(store.getSnapshot()).toMatchObject({
      view: null,
      message: { kind: 'error', text: 'Error getting file info.', detail: 'File not found.' },
    });
  });

  it('downloads the enhanced zip with the spec messages and hands it to saveFile', async () => {
    const { store, saved, api, logged } = setup([reviewFile(1)]);
    await store.open();
    const downloading = store.download('f1');
    expect(store.getSnapshot().message).toEqual({ kind: 'info', text: 'Downloading file enhancements zip.' });
    await downloading;
    expect(store.getSnapshot().message).toEqual({ kind: 'success', text: 'File download successful.' });
    expect(saved.map((entry) => entry.filename)).toEqual(['project-01-enhanced.zip']);
    api.use({ 'POST /api/file/download': () => errorReply(500, 'internal', 'Internal error') });
    await store.download('f1');
    expect(store.getSnapshot().message).toMatchObject({
      kind: 'error',
      text: 'Error downloading zip file. Check console logs for more information',
    });
    expect(logged).toHaveLength(1);
  });

  it('goes back one page when a delete empties the page, and reports a failed delete', async () => {
    const { store, api } = setup(Array.from({ length: 21 }, (_, index) => reviewFile(index + 1)));
    await store.open();
    store.setPage(2);
    const deleting = store.delete('f21');
    expect(store.getSnapshot()).toMatchObject({
      request: 'delete',
      message: { kind: 'info', text: 'Deleting file.' },
    });
    await deleting;
    expect(store.getSnapshot().page).toBe(1);
    expect(store.getPage().pageLabel).toBe('(1/1)');
    api.use({ 'POST /api/file/delete': () => errorReply(404, 'not_found', 'File not found.') });
    await store.delete('f1');
    expect(store.getSnapshot().message).toEqual({
      kind: 'error',
      text: 'Error deleting file.',
      detail: 'File not found.',
    });
  });

  it('runs one request at a time: actions asked for while one runs are ignored', async () => {
    const { store, api } = setup([reviewFile(1), reviewFile(2)]);
    await store.open();
    const deleting = store.delete('f1');
    await store.view('f2');
    await store.download('f2');
    await store.refresh();
    store.openUpload();
    await deleting;
    expect(store.getSnapshot().isUploadOpen).toBe(false);
    expect(api.callsTo('POST /api/file/file')).toHaveLength(0);
    expect(api.callsTo('POST /api/file/download')).toHaveLength(0);
    expect(api.callsTo('POST /api/file/files')).toHaveLength(1);
  });

  it('stops refreshing by itself once disposed', async () => {
    const { store, api } = setup([reviewFile(1, 'pending')]);
    api.state.isReviewPaused = true;
    await store.open();
    await until(() => api.callsTo('POST /api/file/files').length >= 3);
    store.dispose();
    const listings = api.callsTo('POST /api/file/files').length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/file/files').length).toBeLessThanOrEqual(listings + 1);
  });
});
