import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRenderer, cleanupApps, staff, usePlatformUploads } from '../test-support/app';

const renderApp = appRenderer(staff);

const saved: string[] = [];

// The upload goes through the SDK's fetch path with the platform's FormData and File (see
// Knowledge.test.tsx); the download's object URL is recorded instead of navigating.
beforeEach(async () => {
  await usePlatformUploads();
  URL.createObjectURL = () => 'blob:review';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  saved.length = 0;
});

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });

describe('Code Review (/codereview) as staff', () => {
  it('uploads a zip, follows its review to success, views a method, downloads and deletes it', async () => {
    const server = renderApp('/codereview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Code Review Agent' })).toBeTruthy();
    expect(await screen.findByText('Fetched latest file info.')).toBeTruthy();
    expect(server.callsTo('POST /api/file/files')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('No zip provided for upload.');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: {
        files: [new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'shop.zip', { type: 'application/zip' })],
      },
    });
    expect(within(dialog).getByText('shop.zip')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('File upload and revision pending...')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowOf('shop.zip').textContent).toContain('Pending'));
    // The demo server finishes a review after some polls of the list (about 8 s): a busy machine
    // takes longer.
    expect(
      await screen.findByText('File upload and revision successful.', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(rowOf('shop.zip').textContent).toContain('Success');

    fireEvent.click(screen.getByRole('button', { name: 'View shop.zip' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Function: total' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Performance Enhancement' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Readability Enhancement' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Upload' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download shop.zip' }));
    expect(await screen.findByText('File download successful.')).toBeTruthy();
    expect(saved).toEqual(['shop-enhanced.zip']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete shop.zip' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete' });
    expect(confirm.textContent).toContain("Are you sure to delete 'shop.zip'?");
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Successfully deleted file.')).toBeTruthy();
    expect(server.state.reviewFiles).toEqual([]);
  }, 40_000);

  it("shows the server's reason when it refuses a zip", async () => {
    renderApp('/codereview');
    await screen.findByText('Fetched latest file info.');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['print(1)'], 'fake.zip')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByText(
      'Error uploading zip file. Reduce uploaded zip file size/complexity if upload failure persists.',
    );
    expect(alert.closest('[role="alert"]')?.textContent).toContain('The file is not a zip archive');
  });
});
