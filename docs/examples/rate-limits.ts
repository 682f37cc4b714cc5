import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, isDigitalAssistantError, unwrap } from '@digital-assistant/sdk';

const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });

/** Asks, and when the server says "too many requests" (429), waits as long as it asks, then again. */
async function ask(question: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await unwrap(client.POST('/api/chat/gpt', { body: { Message: question } }));
    } catch (error) {
      if (!isDigitalAssistantError(error) || error.code !== 'too_many_requests' || attempt === attempts) {
        throw error;
      }
      // The 429's Retry-After header, in seconds; the message says the same in words.
      const seconds = error.retryAfterSeconds ?? 60;
      console.log(`429: ${error.message}`);
      console.log(`Waiting ${seconds} s before asking again`);
      await sleep(seconds * 1000);
    }
  }
}

for (const question of ['First question', 'Second question', 'Third question']) {
  console.log((await ask(question)).Answer);
}
