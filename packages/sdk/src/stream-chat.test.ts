import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createClient } from './client';
import type { DigitalAssistantError } from './errors';
import { type ChatStreamEventOf, streamChat } from './stream-chat';
import { type Handler, rejectionOf, sendJson, startServer, type TestServer } from './test-support/server';
import type { GptChatResponse, KnowledgeSource } from './types';

let server: TestServer | undefined;

afterEach(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  server = undefined;
});

async function serve(handler: Handler): Promise<TestServer> {
  server = await startServer(handler);
  return server;
}

function openStream(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  response.flushHeaders();
}

const sse = (type: string, payload: object) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;

const source: KnowledgeSource = {
  context: 'Reset your password in the portal.',
  references: ['IT guide p. 3'],
};
const answer: GptChatResponse = { Answer: 'Hello there', ConversationId: 'c1', ChipSummary: 'Greeting' };

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('streamChat', () => {
  it('yields delta, sources and done events as the server streams them, split anywhere', async () => {
    const { url } = await serve(async (_request, response) => {
      openStream(response);
      const text =
        sse('delta', { text: 'Hello' }) +
        // A comment and a keep-alive, then an event split across writes.
        ': keep-alive\n\n' +
        sse('delta', { text: ' there' }) +
        sse('sources', { sources: { '1': source } }) +
        sse('done', { data: answer });
      for (let index = 0; index < text.length; index += 7) {
        response.write(text.slice(index, index + 7));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      response.end();
    });
    const client = createClient({ baseUrl: url });

    const events = await collect(streamChat(client, '/api/chat/gpt', { Message: 'Hi' }));

    expect(events).toEqual([
      { type: 'delta', text: 'Hello' },
      { type: 'delta', text: ' there' },
      { type: 'sources', sources: { '1': source } },
      { type: 'done', data: answer },
    ]);
  });

  it('hands out each event as it arrives, before the answer is complete', async () => {
    let finish: () => void = () => {};
    const { url } = await serve((_request, response) => {
      openStream(response);
      response.write(sse('delta', { text: 'first' }));
      finish = () => response.end(sse('done', { data: answer }));
    });
    const client = createClient({ baseUrl: url });
    const iterator = streamChat(client, '/api/chat/gpt', { Message: 'Hi' })[Symbol.asyncIterator]();

    expect((await iterator.next()).value).toEqual({ type: 'delta', text: 'first' });
    finish();
    expect((await iterator.next()).value).toEqual({ type: 'done', data: answer });
    expect((await iterator.next()).done).toBe(true);
  });

  it('posts the body with Accept: text/event-stream through the client: base URL, headers, bearer token, XSRF and middleware', async () => {
    const { url, requests } = await serve((_request, response) => {
      openStream(response);
      response.end(sse('done', { data: { sources: {}, message: 'ok' } }));
    });
    vi.stubGlobal('location', { origin: url, href: `${url}/chat` });
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=xsrf-1' });
    const client = createClient({ baseUrl: `${url}/`, token: 'pat_1', headers: { 'X-Team': 'support' } });
    client.use({
      onRequest({ request }) {
        request.headers.set('X-Trace', 'trace-7');
        return request;
      },
    });

    await collect(streamChat(client, '/api/chat', { message: 'VPN?', Department: 'it' }));

    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/chat');
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({ message: 'VPN?', Department: 'it' });
    expect(request?.headers).toMatchObject({
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: 'Bearer pat_1',
      'x-xsrf-token': 'xsrf-1',
      'x-team': 'support',
      'x-trace': 'trace-7',
    });
  });

  it('yields one done event with the answer when the server answers JSON instead of a stream', async () => {
    const { url } = await serve((_request, response) => sendJson(response, 200, answer));
    const client = createClient({ baseUrl: url });

    const contentTypes: (string | null)[] = [];

    const events = await collect(
      streamChat(
        client,
        '/api/chat/gpt',
        { Message: 'Hi', ConversationId: 'c1' },
        { onResponse: (response) => contentTypes.push(response.headers.get('content-type')) },
      ),
    );

    expect(events).toEqual([{ type: 'done', data: answer }]);
    expect(contentTypes).toEqual(['application/json']);
  });

  it("rejects with the SDK's error, code and status when the server answers an error", async () => {
    const { url } = await serve((_request, response) =>
      sendJson(response, 403, { error: 'You need the PGA capability.', code: 'forbidden' }),
    );
    const client = createClient({ baseUrl: url });

    const error = await rejectionOf(
      collect(streamChat(client, '/api/chat', { message: 'Go-live?', Department: 'pga' })),
    );

    expect(error).toMatchObject({ code: 'forbidden', status: 403, message: 'You need the PGA capability.' });
  });

  it('passes an error event on and ends there', async () => {
    const { url } = await serve((_request, response) => {
      openStream(response);
      response.end(
        sse('delta', { text: 'Par' }) +
          sse('error', { error: { error: 'Model timed out', code: 'internal' } }),
      );
    });
    const client = createClient({ baseUrl: url });

    const events = await collect(streamChat(client, '/api/chat/gpt', { Message: 'Hi' }));

    expect(events).toEqual([
      { type: 'delta', text: 'Par' },
      { type: 'error', error: { error: 'Model timed out', code: 'internal' } },
    ]);
  });

  it('stops with code aborted when the signal fires mid-stream, after the events so far, and disconnects', async () => {
    let closed: Promise<void> = Promise.resolve();
    const { url } = await serve((_request, response) => {
      closed = new Promise((resolve) => response.on('close', () => resolve()));
      openStream(response);
      response.write(sse('delta', { text: 'So far' }));
    });
    const client = createClient({ baseUrl: url });
    const controller = new AbortController();
    const seen: ChatStreamEventOf<'/api/chat/gpt'>[] = [];

    const error = await rejectionOf(
      (async () => {
        for await (const event of streamChat(client, '/api/chat/gpt', { Message: 'Hi' }, controller)) {
          seen.push(event);
          controller.abort();
        }
      })(),
    );

    expect(seen).toEqual([{ type: 'delta', text: 'So far' }]);
    expect(error.code).toBe('aborted');
    await closed;
  });

  it('disconnects when the caller stops iterating early', async () => {
    let closed = false;
    const { url } = await serve((_request, response) => {
      response.on('close', () => {
        closed = true;
      });
      openStream(response);
      response.write(sse('delta', { text: 'one' }));
    });
    const client = createClient({ baseUrl: url });

    for await (const event of streamChat(client, '/api/chat/gpt', { Message: 'Hi' })) {
      expect(event).toEqual({ type: 'delta', text: 'one' });
      break;
    }

    await vi.waitFor(() => expect(closed).toBe(true));
  });

  it('rejects with network_error when the stream ends before done, and invalid_response on a broken event', async () => {
    const { url } = await serve((request, response) => {
      openStream(response);
      if (request.path === '/api/chat/gpt') response.end(sse('delta', { text: 'cut' }));
      else response.end('event: delta\ndata: {not json\n\n');
    });
    const client = createClient({ baseUrl: url });

    const cut: DigitalAssistantError = await rejectionOf(
      collect(streamChat(client, '/api/chat/gpt', { Message: 'Hi' })),
    );
    const broken = await rejectionOf(collect(streamChat(client, '/api/chat/elk', { message: 'cpu?' })));

    expect(cut.code).toBe('network_error');
    expect(broken.code).toBe('invalid_response');
  });

  it('rejects with network_error when nothing listens', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9' });
    const error = await rejectionOf(collect(streamChat(client, '/api/chat/gpt', { Message: 'Hi' })));
    expect(error.code).toBe('network_error');
  });

  it('types the done event with the answer of the path', () => {
    expectTypeOf<
      Extract<ChatStreamEventOf<'/api/chat/gpt'>, { type: 'done' }>['data']
    >().toEqualTypeOf<GptChatResponse>();
  });
});
