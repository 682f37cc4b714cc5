// Files attached to the next question, over the demo server: nothing can be attached on a server
// without the extension; a file read gets its id for the question; a file refused by the limits or
// by the server says why; a file taken off is not sent.
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/api';
import { createChatAttachments } from './chat-attachments';

const LIMITS = { MaxFiles: 5, MaxFileBytes: 1024, MaxTotalBytes: 2048, Extensions: ['md', 'pdf'] };

describe('createChatAttachments', () => {
  it('is unsupported on a server without attached files', async () => {
    // The demo server is a seed-only server for operations it was not given.
    const api = createTestApi();
    const attachments = createChatAttachments({ client: api.client });
    await attachments.load();
    expect(attachments.getSnapshot().isSupported).toBe(false);
  });

  it('reads a file for the question, refuses what the limits or the server refuse, and forgets a removed one', async () => {
    const api = createTestApi();
    api.use({
      'GET /api/chat/attachments': () => ({ status: 200, body: LIMITS }),
      'POST /api/chat/attachments': () => ({
        status: 200,
        body: {
          Attachments: [{ Id: 'a1', Name: 'notes.md', Size: 5, Passages: 1 }],
          Rejected: [{ name: 'scan.pdf', code: 'no_text', reason: 'scan.pdf has no text to read.' }],
        },
      }),
    });
    const attachments = createChatAttachments({ client: api.client });
    await attachments.load();
    expect(attachments.getSnapshot().isSupported).toBe(true);
    await attachments.add([
      new File(['notes'], 'notes.md'),
      new File(['%PDF'], 'scan.pdf'),
      new File(['MZ'], 'tool.exe'),
      new File(['x'.repeat(2000)], 'big.md'),
    ]);
    const state = attachments.getSnapshot();
    expect(state.items.map((item) => [item.name, item.status])).toEqual([['notes.md', 'ready']]);
    expect(attachments.readyIds()).toEqual(['a1']);
    expect(state.error).toContain('tool.exe: this type of file cannot be read.');
    expect(state.error).toContain('big.md is larger than the 1 KB a file may be.');
    expect(state.error).toContain('scan.pdf has no text to read.');
    attachments.remove(state.items[0]!.key);
    expect(attachments.readyIds()).toEqual([]);
  });
});
