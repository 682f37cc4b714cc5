// The baseline of the chat benchmark: a bare Fastify server with no plugins, in its own process.
// Started by chat-server.mjs.
//
//   GET|POST /hello     {"hello":"world"}: what HTTP with no work costs
//   POST /proxy         the same request the reference server sends to the model (the stand-in at
//                       MODEL_URL), streamed, its text collected and answered as JSON: the floor of
//                       "answer a chat question from this model over HTTP", with no database,
//                       authentication, validation or persistence; with `Accept: text/event-stream`
//                       each piece is written to the socket as an `event: delta` the moment it
//                       arrives (the floor of the server's time to first token)
//
// Environment: PORT, MODEL_URL (the stand-in's base URL, ending with /v1).
import Fastify from 'fastify';

const { PORT, MODEL_URL } = process.env;
if (!PORT || !MODEL_URL) {
  console.error('bare-chat-server.mjs needs PORT and MODEL_URL');
  process.exit(2);
}

const app = Fastify({ logger: false });
app.route({ method: ['GET', 'POST'], url: '/hello', handler: async () => ({ hello: 'world' }) });
app.post('/proxy', async (request, reply) => {
  const streaming = /text\/event-stream/.test(request.headers.accept ?? '');
  const question = /** @type {{ Message?: string }} */ (request.body)?.Message ?? '';
  const response = await fetch(`${MODEL_URL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'standin',
      stream: true,
      messages: [
        { role: 'system', content: 'You are a bare baseline.' },
        { role: 'user', content: question },
      ],
    }),
  });
  let text = '';
  let buffer = '';
  const decoder = new TextDecoder();
  if (streaming) {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  }
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (response.body)) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const line = buffer.slice(0, end).replace(/^data: /, '');
      buffer = buffer.slice(end + 2);
      const piece = line === '[DONE]' ? '' : (JSON.parse(line).choices?.[0]?.delta?.content ?? '');
      if (streaming && piece)
        reply.raw.write(`event: delta\ndata: ${JSON.stringify({ type: 'delta', text: piece })}\n\n`);
      text += piece;
      end = buffer.indexOf('\n\n');
    }
  }
  if (!streaming) return { Answer: text };
  reply.raw.end(`event: done\ndata: ${JSON.stringify({ type: 'done', data: { Answer: text } })}\n\n`);
  return reply;
});

await app.listen({ port: Number(PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => app.close().then(() => process.exit(0)));
