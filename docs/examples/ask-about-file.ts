import { createClient, getChatAttachmentLimits, unwrap, uploadChatAttachments } from '@digital-assistant/sdk';

const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });

// A server without the extension answers `unsupported`: then there is nothing to attach to.
const limits = await getChatAttachmentLimits(client);
if (limits.unsupported) throw new Error(limits.reason);
console.log(`Up to ${limits.data.MaxFiles} files, ${limits.data.MaxFileBytes / 1024 / 1024} MB each`);

// Any of the training formats (.pdf, .docx, .pptx, .md, .txt, .csv, .html); read for this
// conversation only, never added to the knowledge base.
const notes = new File(
  ['# Office move\n\nThe team moves to the third floor of building B on 3 March.\n'],
  'office-move.md',
);
const uploaded = await uploadChatAttachments(client, [notes]);
if (uploaded.unsupported) throw new Error(uploaded.reason);
for (const refused of uploaded.data.Rejected) console.log(`Not attached: ${refused.reason}`);

// The files' ids go with the question (the AI chat here; knowledge chats take `Attachments` too).
const answer = await unwrap(
  client.POST('/api/chat/gpt', {
    body: {
      Message: 'When do we move?',
      Attachments: uploaded.data.Attachments.map((file) => file.Id),
    },
  }),
);
console.log(answer.Answer);
// The passages cited from the files, marked `attachment` (no link: the file is yours alone).
for (const [id, source] of Object.entries(answer.sources ?? {})) {
  console.log(`[${id}] ${source.document}${source.attachment ? ' (attached)' : ''}`);
}
