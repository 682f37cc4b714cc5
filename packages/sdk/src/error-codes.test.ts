import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient } from './client';
import { ERROR_CODE_BY_STATUS, type ErrorCodeByStatus, errorCodeForStatus } from './error-codes';
import { isUnavailable, unwrap } from './errors';
import type { components } from './generated/schema';
import { rejectionOf, sendJson, startServer, type TestServer } from './test-support/server';
import type { KnownErrorCode } from './types';

describe('ERROR_CODE_BY_STATUS', () => {
  it("is the contract's ErrorCodeByStatus table, every code one of the contract's ErrorCode", () => {
    expectTypeOf(ERROR_CODE_BY_STATUS).toEqualTypeOf<Readonly<components['schemas']['ErrorCodeByStatus']>>();
    expectTypeOf<ErrorCodeByStatus[keyof ErrorCodeByStatus]>().toExtend<KnownErrorCode>();
  });

  it('gives a status its own code, else the code of its class', () => {
    expect(errorCodeForStatus(405)).toBe('method_not_allowed');
    expect(errorCodeForStatus(413)).toBe('payload_too_large');
    expect(errorCodeForStatus(418)).toBe('request_failed');
    expect(errorCodeForStatus(501)).toBe('not_implemented');
    expect(errorCodeForStatus(502)).toBe('internal');
    expect(errorCodeForStatus(302)).toBeUndefined();
  });
});

describe('error answers without the error body', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A server that is not ours: plain text or HTML pages, except where it answers the contract's body.
    server = await startServer((request, response) => {
      const status = Number(request.path.split('/').pop());
      if (request.headers['x-with-body']) {
        return sendJson(response, status, { error: 'Role group QA is busy.', code: 'role_busy' });
      }
      response.writeHead(status, { 'content-type': 'text/html' });
      response.end(status === 405 ? '' : `<h1>${status}</h1>`);
    });
  });
  afterAll(() => server.close());

  const failureFor = (status: number, headers: Record<string, string> = {}) =>
    rejectionOf(
      unwrap(
        createClient({ baseUrl: server.url }).GET('/api/users/tokens', {
          // The path's last segment picks the status the test server answers.
          fetch: (request: Request) => fetch(new Request(`${server.url}/status/${status}`, request)),
          headers,
        }),
      ),
    );

  it.each([
    [405, 'method_not_allowed'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [429, 'too_many_requests'],
    [431, 'headers_too_large'],
    [418, 'request_failed'],
    [501, 'not_implemented'],
    [502, 'internal'],
  ] as const)('a %i answer becomes a DigitalAssistantError with code %s', async (status, code) => {
    const error = await failureFor(status);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
  });

  it('still counts 405 as "extension not available" (as 404 and 501)', async () => {
    expect(isUnavailable(await failureFor(405))).toBe(true);
    expect(isUnavailable(await failureFor(413))).toBe(false);
  });

  it("keeps the server's own code when the answer has the error body", async () => {
    const error = await failureFor(409, { 'x-with-body': '1' });
    expect(error.code).toBe('role_busy');
    expect(error.message).toBe('Role group QA is busy.');
  });
});
