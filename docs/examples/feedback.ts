import {
  createClient,
  deleteAnswerFeedback,
  listAnswerFeedback,
  setAnswerFeedback,
  unwrap,
} from '@digital-assistant/sdk';

const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });

// An answer the server kept carries an AnswerId (an extension: without it there is nothing to vote on).
const answer = await unwrap(
  client.POST('/api/chat', { body: { message: 'How do I install the VPN client?', Department: 'it' } }),
);
if (!answer.AnswerId) throw new Error('This server keeps no answers to vote on');

// One vote per person per answer, with an optional comment: voting again replaces it.
const voted = await setAnswerFeedback(client, {
  AnswerId: answer.AnswerId,
  vote: 'down',
  comment: 'Missing the Linux steps',
});
if (voted.unsupported) throw new Error(voted.reason);
console.log(`Voted ${voted.data.vote}: ${voted.data.comment}`);

// Administrators (feature feedback_view) list the votes: by chat, department, vote and time.
const votes = await listAnswerFeedback(client, { chat: 'knowledge', department: 'it', vote: 'down' });
if (votes.unsupported) throw new Error(votes.reason);
for (const item of votes.data.items) {
  const sources = Object.values(item.sources ?? {}).map((source) => source.document);
  console.log(`${item.user} on “${item.question}”: ${item.comment} (sources: ${sources.join(', ')})`);
}

// The vote can be withdrawn.
const withdrawn = await deleteAnswerFeedback(client, answer.AnswerId);
if (!withdrawn.unsupported) console.log(withdrawn.data.message);
