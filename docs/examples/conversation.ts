import { createClient, unwrap } from '@digital-assistant/sdk';

const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });

// The first question starts a conversation...
const first = await unwrap(
  client.POST('/api/chat/gpt', { body: { Message: 'Suggest a name for a build server' } }),
);
// ...and sending its ConversationId continues it (the model sees the earlier messages).
await unwrap(
  client.POST('/api/chat/gpt', {
    body: { Message: 'Make it shorter', ConversationId: first.ConversationId },
  }),
);

// History: the caller's conversations, most recently used first.
const { History } = await unwrap(client.POST('/api/chat/getHistory', { body: {} }));
console.log(`Latest conversation: ${History[0]?.ChipSummary}`);

// One conversation with its messages (type 1: the person, 0: the assistant).
const conversation = await unwrap(
  client.POST('/api/chat/getConversation', { body: { ConversationId: first.ConversationId } }),
);
for (const message of conversation.Messages) {
  console.log(`${message.type === 1 ? 'You' : 'Assistant'}: ${message.message}`);
}
