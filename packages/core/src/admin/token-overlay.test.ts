import { describe, expect, it } from 'vitest';
import { createTokenOverlayStore, maskToken } from './token-overlay';

function recordingClipboard() {
  const written: string[] = [];
  return { written, writeText: async (text: string) => void written.push(text) };
}

describe('token overlay', () => {
  it('is hidden until a token is generated, then shows it masked', () => {
    const store = createTokenOverlayStore({ clipboard: recordingClipboard() });
    expect(store.getSnapshot().isVisible).toBe(false);
    store.show({ personal_access_token: 'da_pat_secret', message: 'Token generated' });
    expect(store.getSnapshot()).toMatchObject({
      isVisible: true,
      token: 'da_pat_secret',
      message: 'Token generated',
      isMasked: true,
    });
    expect(maskToken('da_pat_secret')).toBe('•'.repeat(13));
  });

  it('unmasks and masks again with the toggle', () => {
    const store = createTokenOverlayStore({});
    store.show({ personal_access_token: 't' });
    store.toggleMasked();
    expect(store.getSnapshot().isMasked).toBe(false);
    store.toggleMasked();
    expect(store.getSnapshot().isMasked).toBe(true);
  });

  it("copies the token and reports 'Token copied to clipboard!'", async () => {
    const clipboard = recordingClipboard();
    const copied: string[] = [];
    const store = createTokenOverlayStore({ clipboard, onCopied: (text) => copied.push(text) });
    store.show({ personal_access_token: 'da_pat_secret' });
    expect(await store.copy()).toBe(true);
    expect(clipboard.written).toEqual(['da_pat_secret']);
    expect(store.getSnapshot().copyNotice).toBe('Token copied to clipboard!');
    expect(copied).toEqual(['Token copied to clipboard!']);
  });

  it('reports a refused copy without claiming success', async () => {
    const failures: unknown[] = [];
    const store = createTokenOverlayStore({
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
      onCopyFailed: (error) => failures.push(error),
    });
    store.show({ personal_access_token: 'x' });
    expect(await store.copy()).toBe(false);
    expect(store.getSnapshot().copyNotice).toBeNull();
    expect(failures).toHaveLength(1);
  });

  it('forgets the token when closed', () => {
    const store = createTokenOverlayStore({});
    store.show({ personal_access_token: 'x' });
    store.toggleMasked();
    store.close();
    expect(store.getSnapshot()).toEqual({
      isVisible: false,
      token: '',
      message: '',
      isMasked: true,
      copyNotice: null,
    });
  });
});
