/**
 * A fake server for tests that speaks only the contract: handlers are keyed and typed by operation,
 * requests are checked as a contract-first server would (400 `validation_failed`), and every answer
 * is checked against the operation's responses before the client sees it.
 */
import type { ErrorBody, KnownErrorCode } from '../types';
import {
  type ContractOperation,
  checkQuery,
  checkRequestBody,
  checkResponse,
  findOperation,
} from './contract-validator';
import type { ContractHandler, ContractHandlers, ContractRequest, OperationKey } from './operation-types';

/** A request the fake received, as the client sent it. */
export interface RecordedCall {
  /** `"METHOD /path"` as requested, e.g. `"POST /api/users/delete"`. */
  readonly key: string;
  readonly method: string;
  readonly path: string;
  /** The query parameters as sent (strings). */
  readonly query: Record<string, string>;
  /** The parsed JSON body, the text of another body, `FormData` for forms; `undefined` without one. */
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/** Something that broke the contract: a request the client sent, an answer a handler gave, or a handler that threw. */
export interface ContractViolation {
  readonly kind: 'request' | 'response' | 'handler';
  /** `"METHOD /path"` of the operation. */
  readonly operation: string;
  readonly message: string;
}

/** Thrown (and the fake's `fetch` rejects with it) when an answer breaks the contract. */
export class ContractViolationError extends Error {
  readonly violations: readonly ContractViolation[];

  constructor(violations: readonly ContractViolation[]) {
    super(
      violations.length === 1
        ? `Contract violation: ${violations[0]?.operation} ${violations[0]?.message}`
        : `${violations.length} contract violations:\n${violations
            .map((violation) => `- ${violation.operation} ${violation.message}`)
            .join('\n')}`,
    );
    this.name = 'ContractViolationError';
    this.violations = violations;
  }
}

/** Options of {@link createContractFake}. */
export interface ContractFakeOptions {
  /** The operations the fake implements; the others answer 404 with the error body. */
  handlers?: ContractHandlers;
  /**
   * How long (ms) each answer takes, to observe in-flight states.
   * @default 0
   */
  delayMs?: number;
  /**
   * Answer a request that does not match the contract with 400 `validation_failed`, as a
   * contract-first server does (and record it as a violation). `false` hands it to the handler.
   * @default true
   */
  validateRequests?: boolean;
}

/** A `fetch`-compatible function: `(input, init?) => Promise<Response>`. */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The fake listening on a real HTTP port (see {@link ContractFake.listen}). */
export interface ListeningContractFake {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  close(): Promise<void>;
}

/** Options of {@link ContractFake.listen}. */
export interface ListenOptions {
  /**
   * Answer CORS (with credentials) for any origin, for browser-like clients on another origin.
   * @default false
   */
  cors?: boolean;
}

/** The fake returned by {@link createContractFake}. */
export interface ContractFake {
  /** Answers like the server would; pass it as the SDK client's `fetch`. */
  readonly fetch: FetchFunction;
  /** Every request received, in order. */
  readonly calls: readonly RecordedCall[];
  /** The requests to one operation, e.g. `callsTo('POST /api/users/delete')`. */
  callsTo(operation: OperationKey): RecordedCall[];
  /** Adds or replaces handlers (e.g. a 500 for one test). */
  use(handlers: ContractHandlers): void;
  /** Removes operations: they answer 404, as on a server without them (e.g. a missing extension). */
  remove(...operations: OperationKey[]): void;
  /** Every contract violation so far. */
  readonly violations: readonly ContractViolation[];
  /** Throws a {@link ContractViolationError} listing the violations, if there were any. */
  assertNoViolations(): void;
  /** Serves the fake over node:http on 127.0.0.1 and a free port, for clients that need a real server. */
  listen(options?: ListenOptions): Promise<ListeningContractFake>;
}

const offContractResponses = new WeakSet<Response>();

/**
 * Marks an answer as knowingly breaking the contract, so the fake sends it unchecked: for tests of
 * how a client copes with an older or newer server, a proxy's error page, or a non-JSON body.
 * @example
 * fake.use({ 'GET /api/audit': () => offContract(new Response(null, { status: 405 })) });
 */
export function offContract(response: Response): Response {
  offContractResponses.add(response);
  return response;
}

/**
 * An error answer with the contract's error body.
 * @example
 * fake.use({ 'POST /api/roles/create': () => errorReply(500, 'internal', 'Internal error') });
 */
export function errorReply<Status extends number>(
  status: Status,
  code: KnownErrorCode | (string & {}),
  error: string,
  details?: unknown,
): { status: Status; body: ErrorBody } {
  return { status, body: details === undefined ? { error, code } : { error, code, details } };
}

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json' } });

const notFound = () => jsonResponse(404, { error: 'Not found', code: 'not_found' });

const isJson = (contentType: string | null) => /^application\/([\w.+-]+\+)?json\b/i.test(contentType ?? '');
const isForm = (contentType: string | null) =>
  /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType ?? '');

type ReadBody =
  | { kind: 'none'; recorded: undefined }
  | { kind: 'json'; value: unknown; recorded: unknown }
  | { kind: 'invalid-json'; recorded: string }
  | { kind: 'other'; recorded: unknown };

async function readBody(request: Request): Promise<ReadBody> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) {
    return { kind: 'none', recorded: undefined };
  }
  const contentType = request.headers.get('content-type');
  if (isForm(contentType)) return { kind: 'other', recorded: await request.clone().formData() };
  const text = await request.clone().text();
  if (text === '') return { kind: 'none', recorded: undefined };
  if (!isJson(contentType)) return { kind: 'other', recorded: text };
  try {
    const value: unknown = JSON.parse(text);
    return { kind: 'json', value, recorded: value };
  } catch {
    return { kind: 'invalid-json', recorded: text };
  }
}

/**
 * Creates a fake server from handlers typed by the contract.
 * @example
 * const fake = createContractFake({
 *   handlers: {
 *     'GET /api/auth': () => ({ status: 200, body: { user, features: ['chat'] } }),
 *     'POST /api/users': ({ body }) => ({ status: 200, body: { user_profiles: find(body.email) } }),
 *   },
 * });
 * const client = createClient({ baseUrl: 'http://api.test', fetch: fake.fetch });
 * afterEach(() => fake.assertNoViolations());
 */
export function createContractFake(options: ContractFakeOptions = {}): ContractFake {
  const handlers = new Map<string, ContractHandler<OperationKey>>();
  const calls: RecordedCall[] = [];
  const violations: ContractViolation[] = [];
  const validateRequests = options.validateRequests ?? true;

  const use = (added: ContractHandlers) => {
    for (const [key, handler] of Object.entries(added)) {
      if (handler) handlers.set(key, handler as ContractHandler<OperationKey>);
    }
  };
  use(options.handlers ?? {});

  const violate = (violation: ContractViolation) => {
    violations.push(violation);
    return violation;
  };

  async function answer(operation: ContractOperation, request: Request, url: URL, body: ReadBody) {
    const handler = handlers.get(operation.key);
    if (!handler) return notFound();
    const { query, problem: queryProblem } = checkQuery(operation, url.searchParams);
    const bodyProblem =
      body.kind === 'invalid-json'
        ? 'the request body is not JSON'
        : checkRequestBody(
            operation,
            request.headers.get('content-type'),
            body.kind === 'json' ? body : body.kind === 'none' ? body : { kind: 'other' },
          );
    const requestProblem = queryProblem ?? bodyProblem;
    if (requestProblem && validateRequests) {
      const violation = violate({ kind: 'request', operation: operation.key, message: requestProblem });
      return jsonResponse(400, {
        error: `The request does not match the contract: ${violation.message}`,
        code: 'validation_failed',
      });
    }

    const contractRequest: ContractRequest<OperationKey> = {
      operation: operation.key,
      path: url.pathname,
      query: query as ContractRequest<OperationKey>['query'],
      body: (body.kind === 'json' ? body.value : body.recorded) as ContractRequest<OperationKey>['body'],
      headers: request.headers,
      request,
    };
    let reply: Awaited<ReturnType<ContractHandler<OperationKey>>>;
    try {
      reply = await handler(contractRequest);
    } catch (error) {
      violate({ kind: 'handler', operation: operation.key, message: `handler threw: ${String(error)}` });
      throw error;
    }
    const response =
      reply instanceof Response ? reply : jsonResponse(reply.status, reply.body, reply.headers);
    if (offContractResponses.has(response)) return response;
    const responseProblem = await checkResponse(operation, response);
    if (responseProblem) {
      throw new ContractViolationError([
        violate({ kind: 'response', operation: operation.key, message: responseProblem }),
      ]);
    }
    return response;
  }

  const fetch: FetchFunction = (input, init) => {
    const request = new Request(input, init);
    return abortable(request, answerRequest(request));
  };

  async function answerRequest(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = await readBody(request);
    calls.push({
      key: `${request.method} ${url.pathname}`,
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: body.recorded,
      headers: Object.fromEntries(request.headers),
    });
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const operation = findOperation(request.method, url.pathname);
    return operation ? answer(operation, request, url, body) : notFound();
  }

  return {
    fetch,
    calls,
    callsTo: (operation) => {
      const [method, template] = operation.split(' ') as [string, string];
      return calls.filter(
        (call) => call.method === method && findOperation(call.method, call.path)?.pathTemplate === template,
      );
    },
    use,
    remove: (...operations) => {
      for (const operation of operations) handlers.delete(operation);
    },
    violations,
    assertNoViolations: () => {
      if (violations.length > 0) throw new ContractViolationError([...violations]);
    },
    listen: (listenOptions) => listen(fetch, listenOptions),
  };
}

/**
 * Aborting the request rejects the answer and, once it has come, errors its body and cancels the
 * handler's stream, as the platform's fetch does (a streamed answer sees the disconnect).
 */
function abortable(request: Request, answer: Promise<Response>): Promise<Response> {
  const { signal } = request;
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbortBeforeAnswer = () => reject(signal.reason);
    signal.addEventListener('abort', onAbortBeforeAnswer, { once: true });
    answer.then((response) => {
      signal.removeEventListener('abort', onAbortBeforeAnswer);
      if (signal.aborted) {
        response.body?.cancel(signal.reason).catch(() => {});
        return reject(signal.reason);
      }
      if (!response.body) return resolve(response);
      const reader = response.body.getReader();
      let onAbort = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          onAbort = () => {
            controller.error(signal.reason);
            reader.cancel(signal.reason).catch(() => {});
          };
          signal.addEventListener('abort', onAbort, { once: true });
        },
        async pull(controller) {
          try {
            const { value, done } = await reader.read();
            if (signal.aborted) return;
            if (done) {
              signal.removeEventListener('abort', onAbort);
              controller.close();
            } else controller.enqueue(value);
          } catch (error) {
            if (!signal.aborted) controller.error(error);
          }
        },
        cancel(reason) {
          signal.removeEventListener('abort', onAbort);
          return reader.cancel(reason);
        },
      });
      const wrapped = new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      if (offContractResponses.has(response)) offContractResponses.add(wrapped);
      resolve(wrapped);
    }, reject);
  });
}

async function listen(fetch: FetchFunction, options: ListenOptions = {}): Promise<ListeningContractFake> {
  // Loaded only here, so the entry itself stays usable in browsers.
  const { createServer } = await import('node:http');
  const server = createServer((incoming, outgoing) => {
    const origin = incoming.headers.origin;
    if (options.cors && origin) {
      outgoing.setHeader('access-control-allow-origin', origin);
      outgoing.setHeader('access-control-allow-credentials', 'true');
      if (incoming.method === 'OPTIONS') {
        outgoing.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
          'access-control-allow-headers': incoming.headers['access-control-request-headers'] ?? '',
        });
        outgoing.end();
        return;
      }
    }
    const chunks: Uint8Array[] = [];
    incoming.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const method = incoming.method ?? 'GET';
      const bytes = Buffer.concat(chunks);
      // The client's disconnect aborts the request, so a streamed answer stops as on a real server.
      const disconnected = new AbortController();
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) disconnected.abort();
      });
      const request = new Request(`http://${incoming.headers.host ?? '127.0.0.1'}${incoming.url ?? '/'}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' || bytes.length === 0 ? undefined : bytes,
        signal: disconnected.signal,
      });
      fetch(request)
        .then(async (response) => {
          const responseHeaders: Record<string, string> = {};
          response.headers.forEach((value, name) => {
            responseHeaders[name] = value;
          });
          outgoing.writeHead(response.status, responseHeaders);
          if (!response.body) return void outgoing.end();
          outgoing.flushHeaders();
          // Written as it comes, so server-sent events reach the client one by one.
          const reader = response.body.getReader();
          for (let read = await reader.read(); !read.done; read = await reader.read())
            outgoing.write(read.value);
          outgoing.end();
        })
        .catch((error: unknown) => {
          if (outgoing.headersSent) return void outgoing.destroy();
          outgoing.writeHead(500, { 'content-type': 'application/json' });
          outgoing.end(JSON.stringify({ error: String(error), code: 'internal' }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
