/**
 * The SDK's in-memory demo server (checked against the contract) with its client. Every one made in a
 * test is checked for contract violations after that test (see setup.ts).
 */
import { createDemoServer, type DemoServer, type DemoServerOptions } from '@digital-assistant/sdk/testing';

export type TestApi = DemoServer;

const created: TestApi[] = [];

export function createTestApi(options: DemoServerOptions = {}): TestApi {
  const api = createDemoServer(options);
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
