import { createClient, isDigitalAssistantError, unwrap } from '@digital-assistant/sdk';

const baseUrl = process.env.DA_BASE_URL;
const client = createClient({ baseUrl, token: process.env.DA_TOKEN });

// 1. Errors as values: every call resolves to { data } or { error, response }, never throws for HTTP.
const { error, response } = await client.POST('/api/chat/getConversation', {
  body: { ConversationId: 'no-such-conversation' },
});
if (error) console.log(`${response.status} ${error.code}: ${error.error}`);

// 2. Or throw: `unwrap` gives the data or throws a DigitalAssistantError with a stable `code`.
const stranger = createClient({ baseUrl, token: 'da_pat_not-a-real-token' });
try {
  await unwrap(stranger.GET('/api/auth'));
} catch (caught) {
  if (!isDigitalAssistantError(caught)) throw caught;
  switch (caught.code) {
    case 'unauthenticated':
      console.log(`${caught.status} ${caught.code}: get a new token`);
      break;
    case 'forbidden':
      console.log('Your role group lacks this feature');
      break;
    default:
      throw caught;
  }
}

// 3. A request the contract refuses: 400 validation_failed, with the reason.
try {
  await unwrap(client.POST('/api/chat/gpt', { body: { Message: '' } }));
} catch (caught) {
  if (isDigitalAssistantError(caught)) console.log(`${caught.status} ${caught.code}`);
}

// 4. Failures before any answer have codes too: network_error, timeout, aborted.
const unreachable = createClient({ baseUrl: 'http://127.0.0.1:9', token: 'unused' });
const failure = await unwrap(unreachable.GET('/api/ping')).catch((caught: unknown) => caught);
if (isDigitalAssistantError(failure)) console.log(`${failure.code} (status ${failure.status})`);
