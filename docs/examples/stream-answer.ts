import { createClient, streamChat } from '@digital-assistant/sdk';

const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });

let isStreamed = false;
for await (const event of streamChat(client, '/api/chat/gpt', { Message: 'Write a haiku about VPNs' })) {
  if (event.type === 'delta') {
    process.stdout.write(event.text); // each piece of the answer as it arrives
    isStreamed = true;
  } else if (event.type === 'done') {
    // A server without streaming answers JSON: then `done` is the only event.
    if (!isStreamed) process.stdout.write(event.data.Answer);
    console.log(`\nConversation: ${event.data.ChipSummary}`);
  } else if (event.type === 'error') {
    // The model failed after the answer began; what was said so far is kept.
    console.error(`\nThe answer stopped: ${event.error.error} (${event.error.code})`);
    process.exitCode = 1;
  }
}
