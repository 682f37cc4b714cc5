import { createClient, unwrap } from '@digital-assistant/sdk';

const baseUrl = process.env.DA_BASE_URL;
const client = createClient({ baseUrl, token: process.env.DA_TOKEN });

// The IT department's knowledge chat (omit `Department` for the general Knowledge chat).
const answer = await unwrap(
  client.POST('/api/chat', { body: { message: 'How do I connect to the VPN?', Department: 'it' } }),
);
// The answer text is in `response` or `message` (`raw_response` for IT), as on the existing backend.
console.log(answer.response ?? answer.message ?? answer.raw_response);

// Sources are keyed by the number the answer cites them with: [1], [2]...
for (const [id, source] of Object.entries(answer.sources)) {
  console.log(`[${id}] ${source.document} (${source.location})`);
  // `link` opens the cited passage in its document (with the same token); relative to the server.
  if (source.link) console.log(`    ${new URL(source.link, baseUrl)}`);
}
