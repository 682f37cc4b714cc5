// @vitest-environment jsdom
import { demoStaff } from '@digital-assistant/sdk/testing';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMenuPanel } from '../shell/shell-hooks';
import { renderWithProvider } from '../test-support/render';
import { useCodeReview } from './review-hooks';

describe('useCodeReview', () => {
  it('fetches the list when the screen opens, closes the menu when a review opens, and disables actions while a request runs', async () => {
    const { result, api } = renderWithProvider(() => ({ review: useCodeReview(), menu: useMenuPanel() }), {
      signedIn: demoStaff,
      windowWidth: 1280,
      reviewFiles: [
        {
          fileId: 'f1',
          filename: 'shop.zip',
          status: 'success',
          progress: null,
          reason: null,
          owner: demoStaff.email,
        },
      ],
    });
    await waitFor(() => expect(result.current.review.message?.text).toBe('Fetched latest file info.'));
    expect(api.callsTo('POST /api/file/files')).toHaveLength(1);
    expect(result.current.menu.isOpen).toBe(true);
    const [file] = result.current.review.currentPage.items;
    expect(result.current.review.actionsFor(file!)).toEqual({
      canView: true,
      canDownload: true,
      canDelete: true,
    });
    let viewing: Promise<void> | undefined;
    act(() => {
      viewing = result.current.review.viewFile('f1');
    });
    expect(result.current.review.isBusy).toBe(true);
    expect(result.current.review.actionsFor(file!)).toEqual({
      canView: false,
      canDownload: false,
      canDelete: false,
    });
    await act(() => viewing);
    expect(result.current.review.selectedFunction?.qualifiedName).toBe('Cart.total');
    expect(result.current.menu.isOpen).toBe(false);
  });
});
