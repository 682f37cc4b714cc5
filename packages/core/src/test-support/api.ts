/**
 * The SDK's in-memory demo server (checked against the contract) and a client over it. Every one
 * made in a test is checked for contract violations after that test (see setup.ts).
 */
import { createClient, type DigitalAssistantClient } from '@digital-assistant/sdk';
import { createDemoServer, type DemoServer, type DemoServerOptions } from '@digital-assistant/sdk/testing';

export type TestApi = DemoServer & { readonly client: DigitalAssistantClient };

const created: TestApi[] = [];

/** The demo server's `fetch`, rejecting when the request is aborted as the platform's does. */
function abortable(fetch: DemoServer['fetch']): DemoServer['fetch'] {
  return (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const answer = fetch(input, init);
    if (!signal) return answer;
    return new Promise((resolve, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      answer.then(resolve, reject);
    });
  };
}

export function createTestApi(options: DemoServerOptions = {}): TestApi {
  const server = createDemoServer(options);
  const api = Object.assign(server, {
    client: createClient({ baseUrl: 'http://api.test', fetch: abortable(server.fetch) }),
  });
  created.push(api);
  return api;
}

/** Throws when a server made since the last call saw a request or gave an answer the contract refuses. */
export function assertNoContractViolations(): void {
  for (const api of created.splice(0)) api.assertNoViolations();
}

/** A JSON answer, for answers a test sends on purpose outside the contract (with `offContract`). */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
