// The project's own stand-in for an OpenAI-compatible language model: a real HTTP server speaking
// the protocol the chats use (POST /v1/chat/completions, plain or `stream: true` as server-sent
// chunks ending with `data: [DONE]`; POST /v1/embeddings; GET /v1/models), with answers derived
// from the prompt so tests can check what the model was given:
//   - a knowledge prompt (numbered passages, see features/chat/prompts.ts) is answered with the
//     first sentence of up to three passages, each cited with its marker: "... [1]";
//   - anything else with "Stand-in answer to “<question>”." and how many earlier messages it saw.
// Every answer reports its tokens (`usage`: a token per four characters of the messages in, one per
// chunk out), in a last chunk of its own when streamed and asked for (`stream_options.include_usage`).
// Behaviour is scripted per request by directives in the last user message, `[[standin:NAME]]` or
// `[[standin:NAME=VALUE]]` (several may be combined), or by replies queued through `script()` or
// `POST /__standin/script` (what a test in another process uses):
//   slow | delay=MS      pause between chunks (slow = 150 ms)
//   ttft=MS              pause before the first chunk
//   error=STATUS         answer that HTTP status with an OpenAI error body (e.g. 500, 429, 401)
//   hang                 never answer (a timeout)
//   hang-after=N         stream N chunks, then go silent
//   drop-after=N         stream N chunks, then cut the connection
//   hostile              an answer carrying <script>, onerror= and javascript: link payloads
//   bad-citation         a knowledge answer also citing sources that were not given ([99], [1, 42])
//   words=N              an answer of N words
// A scripted reply may also be tool calls (`toolCalls`), answered with finish_reason `tool_calls`.
// The AI chat's request to name a new conversation (system prompt "Name the conversation...") is
// answered apart, at once, with the question's first six words: it takes no scripted reply and is
// not in the requests or stats (`labels()` counts them).
// `GET /__standin/stats` counts requests, completed answers and answers whose client went away
// (to check that a stopped chat stops the model request); `GET /__standin/requests` lists the last
// requests' messages; `POST /__standin/reset` clears both and the queue.
// Start it in-process (`startLlmStandin`) or as a process: `node apps/server/dist/llm-standin.js
// --port 0` prints `LLM stand-in listening on http://127.0.0.1:<port>/v1`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  /** The answer's text (else derived from the prompt). */
  text?: string;
  /** The answer in exactly these chunks. */
  chunks?: string[];
  ttftMs?: number;
  chunkDelayMs?: number;
  /** Answer this HTTP status with an OpenAI error body. */
  status?: number;
  /** 'before': never answer; a number: go silent after that many chunks. */
  hang?: 'before' | number;
  /** Cut the connection after that many chunks. */
  dropAfter?: number;
  /** Answer with these tool calls (finish_reason `tool_calls`) instead of text. */
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> | string }>;
}

export interface RecordedRequest {
  path: string;
  model?: string;
  stream: boolean;
  messages: Array<{ role: string; content: string }>;
  authorization?: string;
  /** The W3C trace context the caller sent (a traced server continues its trace here). */
  traceparent?: string;
  /** Whether the caller asked for the answer's token counts (`stream_options.include_usage`). */
  includeUsage?: boolean;
  /** The texts to embed (POST /v1/embeddings). */
  input?: string[];
  /** The tools offered (OpenAI `tools`), and the `tool_choice`. */
  tools?: unknown;
  toolChoice?: unknown;
}

export interface StandinStats {
  requests: number;
  completed: number;
  /** Answers whose client closed the connection before the end. */
  aborted: number;
  /** Requests being answered now. */
  active: number;
}

export interface LlmStandinOptions {
  port?: number;
  host?: string;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (else 401). */
  apiKey?: string;
  /** Default pause before the first chunk. @default 0 */
  ttftMs?: number;
  /** Default pause between chunks. @default 0 */
  chunkDelayMs?: number;
}

export interface LlmStandin {
  /** The base URL to configure as LLM_BASE_URL (ends with /v1). */
  url: string;
  script(...replies: ScriptedReply[]): void;
  requests(): RecordedRequest[];
  stats(): StandinStats;
  /** How many conversation names (the AI chat's label requests) it gave, in this process. */
  labels(): number;
  reset(): void;
  close(): Promise<void>;
}

export const HOSTILE_ANSWER = [
  'Here is a <script>window.__pwned = true; alert(1)</script> script tag,',
  'an image <img src=x onerror="window.__pwned = true"> with a handler,',
  'a [harmless looking link](javascript:window.__pwned=true) and',
  '<a href="javascript:alert(1)">a raw anchor</a>, and <iframe src="javascript:alert(1)"></iframe>.',
].join(' ');

const DIRECTIVE = /\[\[standin:([a-z-]+)(?:=([^\]]*))?\]\]/g;

interface Plan extends ScriptedReply {
  hostile?: boolean;
  badCitation?: boolean;
  words?: number;
}

function planFrom(question: string, scripted: ScriptedReply | undefined): Plan {
  const plan: Plan = { ...scripted };
  for (const match of question.matchAll(DIRECTIVE)) {
    const [, name, value] = match;
    const number = Number(value);
    if (name === 'slow') plan.chunkDelayMs = 150;
    else if (name === 'delay') plan.chunkDelayMs = number;
    else if (name === 'ttft') plan.ttftMs = number;
    else if (name === 'error') plan.status = number || 500;
    else if (name === 'hang') plan.hang = 'before';
    else if (name === 'hang-after') plan.hang = number;
    else if (name === 'drop-after') plan.dropAfter = number;
    else if (name === 'hostile') plan.hostile = true;
    else if (name === 'bad-citation') plan.badCitation = true;
    else if (name === 'words') plan.words = number;
  }
  return plan;
}

/** The AI chat naming a new conversation (features/chat/prompts.ts, LABEL_SYSTEM_PROMPT). */
function isLabelRequest(body: Record<string, unknown>): boolean {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const system = messages.find((message) => (message as { role?: unknown }).role === 'system');
  return contentText((system as { content?: unknown } | undefined)?.content).startsWith(
    'Name the conversation',
  );
}

/**
 * A conversation's name: the question's first six words without directives or final punctuation,
 * answered at once, streamed or not. Apart from the rest: not queued scripts, requests() or stats(),
 * so tests of answers see only answers; labels() counts them.
 */
function answerLabel(response: ServerResponse, body: Record<string, unknown>): void {
  labelCount++;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const question = contentText(
    (
      messages.filter((message) => (message as { role?: unknown }).role === 'user').at(-1) as
        | { content?: unknown }
        | undefined
    )?.content,
  );
  const name = question
    .replace(DIRECTIVE, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .join(' ')
    .replace(/[?.!,;:]+$/, '');
  const model = typeof body.model === 'string' ? body.model : 'standin';
  const created = Math.floor(Date.now() / 1000);
  // Counted like an answer's: a token per four characters of the prompt, one per word of the name.
  const promptTokens = Math.ceil(
    messages.reduce<number>(
      (sum, message) => sum + contentText((message as { content?: unknown }).content).length,
      0,
    ) / 4,
  );
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: name.split(' ').filter(Boolean).length,
    total_tokens: 0,
  };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
  if (body.stream !== true) {
    sendJson(response, 200, {
      id: 'chatcmpl-standin-label',
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: name }, finish_reason: 'stop' }],
      usage,
    });
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-standin-label', object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const usageChunk = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage
    ? `data: ${JSON.stringify({ id: 'chatcmpl-standin-label', object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`
    : '';
  response.end(
    `${chunk({ role: 'assistant', content: name }, null)}${chunk({}, 'stop')}${usageChunk}data: [DONE]\n\n`,
  );
}

let labelCount = 0;

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
      .join('');
  }
  return '';
}

/** The passages of a knowledge prompt: `[n] document — location` then the text. */
function passagesOf(system: string): Array<{ number: number; text: string }> {
  const start = system.indexOf('\nPassages:\n');
  if (start < 0) return [];
  const passages: Array<{ number: number; text: string }> = [];
  for (const block of system.slice(start + 11).split(/\n\n(?=\[\d+\] )/)) {
    const match = /^\s*\[(\d+)\] [^\n]*\n([\s\S]*)$/.exec(block);
    if (match) passages.push({ number: Number(match[1]), text: match[2]!.trim() });
  }
  return passages;
}

function firstSentence(text: string): string {
  const line = text
    .replace(/^#+\s.*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^(.{20,200}?[.!?])(\s|$)/.exec(line)?.[1] ?? line.slice(0, 160);
  return sentence.replace(/\[(\d+)\]/g, '($1)');
}

function answerFor(messages: RecordedRequest['messages'], plan: Plan): string {
  if (plan.text !== undefined) return plan.text;
  if (plan.hostile) return HOSTILE_ANSWER;
  const system = messages
    .filter((message) => message.role === 'system')
    .map((m) => m.content)
    .join('\n');
  const turns = messages.filter((message) => message.role !== 'system');
  const question = (turns.at(-1)?.content ?? '').replace(DIRECTIVE, '').trim();
  if (plan.words) {
    return Array.from({ length: plan.words }, (_, index) => `word${index + 1}`).join(' ');
  }
  const passages = passagesOf(system);
  if (passages.length > 0) {
    const lines = passages
      .slice(0, 3)
      .map((passage) => `- ${firstSentence(passage.text)} [${passage.number}]`);
    if (plan.badCitation)
      lines.push('- This claim cites nothing that was given [99], and this one half [1, 42].');
    return `From the knowledge base:\n\n${lines.join('\n')}`;
  }
  const earlier = turns.length - 1;
  const first = turns[0]?.content.replace(DIRECTIVE, '').trim() ?? '';
  return earlier > 0
    ? `Stand-in answer to “${question}”. This conversation has ${earlier} earlier messages; it began with “${first}”.`
    : `Stand-in answer to “${question}”.`;
}

function chunksOf(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function openAiError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, {
    error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: String(status) },
  });
}

/** Words too common to tell texts apart, left out of the stand-in's embeddings. */
const EMBEDDING_STOP_WORDS = new Set(
  'a an and are as at be by can do does for from has have how i if in is it its may my of on or our so that the their then there this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);
const EMBEDDING_DIMENSIONS = 2048;

/**
 * A deterministic embedding (not a semantic model): each word that is not a stop word, with a
 * crude suffix stripped ("resetting" and "reset" meet), hashed into 1024 buckets, plus its
 * character trigrams at a lower weight (so "vpn" and "vpns", "onboard" and "onboarding" stay
 * close), normalised. Enough for hybrid retrieval to be exercised over real HTTP and pgvector.
 */
function embed(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  const add = (feature: string, weight: number) => {
    let hash = 2166136261;
    for (const char of feature) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    const bucket = (hash >>> 0) % EMBEDDING_DIMENSIONS;
    vector[bucket] = Math.max(vector[bucket]!, weight);
  };
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (EMBEDDING_STOP_WORDS.has(word)) continue;
    const stem = word.length > 5 ? word.replace(/(ing|ed|es|s|ly|ion|ions)$/, '') : word;
    add(stem, 1);
    const padded = ` ${stem} `;
    for (let index = 0; index + 3 <= padded.length; index++) add(`#${padded.slice(index, index + 3)}`, 0.25);
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

export async function startLlmStandin(options: LlmStandinOptions = {}): Promise<LlmStandin> {
  const queue: ScriptedReply[] = [];
  let recorded: RecordedRequest[] = [];
  const stats: StandinStats = { requests: 0, completed: 0, aborted: 0, active: 0 };
  let sequence = 0;

  async function chatCompletions(
    request: IncomingMessage,
    response: ServerResponse,
    body: Record<string, unknown>,
  ) {
    const messages = (Array.isArray(body.messages) ? body.messages : []).map((message) => ({
      role: String((message as { role?: unknown }).role ?? ''),
      content: contentText((message as { content?: unknown }).content),
    }));
    const model = typeof body.model === 'string' ? body.model : 'standin';
    const stream = body.stream === true;
    recorded.push({
      path: '/v1/chat/completions',
      model,
      stream,
      messages,
      authorization: request.headers.authorization,
      ...(typeof request.headers.traceparent === 'string'
        ? { traceparent: request.headers.traceparent }
        : {}),
      ...(stream
        ? {
            includeUsage:
              (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true,
          }
        : {}),
      ...(body.tools ? { tools: body.tools, toolChoice: body.tool_choice } : {}),
    });
    if (recorded.length > 200) recorded = recorded.slice(-200);
    const question = messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
    const plan = planFrom(question, queue.shift());
    const ttftMs = plan.ttftMs ?? options.ttftMs ?? 0;
    const chunkDelayMs = plan.chunkDelayMs ?? options.chunkDelayMs ?? 0;

    const closed = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) {
        stats.aborted++;
        closed.abort();
      }
    });
    const silence = () =>
      new Promise<void>((resolve) => closed.signal.addEventListener('abort', () => resolve()));
    // Never answers: the client's timeout or abort ends it.
    if (plan.hang === 'before') return silence();
    await sleep(ttftMs, closed.signal);
    if (closed.signal.aborted) return;
    if (plan.status) {
      openAiError(response, plan.status, `Stand-in error ${plan.status}`);
      return;
    }
    if (plan.toolCalls) {
      const calls = plan.toolCalls.map((call, index) => ({
        id: `call_standin_${sequence + 1}_${index}`,
        type: 'function',
        function: {
          name: call.name,
          arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
        },
      }));
      const id = `chatcmpl-standin-${++sequence}`;
      const created = Math.floor(Date.now() / 1000);
      if (!stream) {
        sendJson(response, 200, {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: null, tool_calls: calls },
              finish_reason: 'tool_calls',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      } else {
        response.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
        });
        const write = (delta: Record<string, unknown>, finish: string | null) =>
          response.write(
            `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
          );
        write({ role: 'assistant', tool_calls: calls.map((call, index) => ({ index, ...call })) }, null);
        write({}, 'tool_calls');
        response.end('data: [DONE]\n\n');
      }
      stats.completed++;
      return;
    }
    const text = answerFor(messages, plan);
    const chunks = plan.chunks ?? chunksOf(text);
    const id = `chatcmpl-standin-${++sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: Math.ceil(messages.reduce((sum, message) => sum + message.content.length, 0) / 4),
      completion_tokens: chunks.length,
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    if (!stream) {
      sendJson(response, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: chunks.join('') }, finish_reason: 'stop' },
        ],
        usage,
      });
      stats.completed++;
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    response.flushHeaders();
    const write = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    write(chunk({ role: 'assistant', content: '' }, null));
    for (const [index, piece] of chunks.entries()) {
      if (closed.signal.aborted) return;
      if (plan.hang !== undefined && index === plan.hang) return silence();
      if (plan.dropAfter !== undefined && index === plan.dropAfter) {
        // Let what was written reach the client first.
        await sleep(50, closed.signal);
        response.socket?.destroy();
        return;
      }
      if (index > 0) await sleep(chunkDelayMs, closed.signal);
      if (closed.signal.aborted) return;
      write(chunk({ content: piece }, null));
    }
    write(chunk({}, 'stop'));
    if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) {
      write({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
    }
    response.end('data: [DONE]\n\n');
    stats.completed++;
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://standin');
    try {
      if (url.pathname === '/__standin/stats') return sendJson(response, 200, stats);
      if (url.pathname === '/__standin/requests') return sendJson(response, 200, { requests: recorded });
      if (url.pathname === '/__standin/reset' && request.method === 'POST') {
        handle.reset();
        return sendJson(response, 200, { ok: true });
      }
      if (url.pathname === '/__standin/script' && request.method === 'POST') {
        const body = await readJson(request);
        queue.push(...((body.replies as ScriptedReply[] | undefined) ?? []));
        return sendJson(response, 200, { queued: queue.length });
      }
      if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return openAiError(response, 401, 'Incorrect API key provided.');
      }
      if (url.pathname === '/v1/models' && request.method === 'GET') {
        return sendJson(response, 200, {
          object: 'list',
          data: [{ id: 'standin', object: 'model', owned_by: 'standin' }],
        });
      }
      if (url.pathname === '/v1/chat/completions' && request.method === 'POST') {
        const body = await readJson(request);
        if (isLabelRequest(body)) return answerLabel(response, body);
        stats.requests++;
        stats.active++;
        try {
          await chatCompletions(request, response, body);
        } finally {
          stats.active--;
        }
        return;
      }
      if (url.pathname === '/v1/embeddings' && request.method === 'POST') {
        const body = await readJson(request);
        const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? '')];
        recorded.push({
          path: '/v1/embeddings',
          ...(typeof body.model === 'string' ? { model: body.model } : {}),
          stream: false,
          messages: [],
          input: inputs,
          ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        });
        return sendJson(response, 200, {
          object: 'list',
          model: body.model ?? 'standin-embedding',
          data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: embed(input) })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        });
      }
      openAiError(response, 404, `No route ${request.method} ${url.pathname}`);
    } catch (error) {
      if (!response.headersSent) openAiError(response, 400, `Bad request: ${(error as Error).message}`);
      else response.destroy();
    }
  });
  // Connections stay open between requests, as hosted model APIs keep them: undici (Node's fetch)
  // does not reuse a connection whose advertised keep-alive is under its 2 s threshold, so the 1 s
  // this once was meant a new TCP connection for every request to the model.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  const handle: LlmStandin = {
    url: `http://${host}:${address.port}/v1`,
    labels: () => labelCount,
    script: (...replies) => {
      queue.push(...replies);
    },
    requests: () => [...recorded],
    stats: () => ({ ...stats }),
    reset: () => {
      queue.length = 0;
      recorded = [];
      Object.assign(stats, { requests: 0, completed: 0, aborted: 0 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return handle;
}
