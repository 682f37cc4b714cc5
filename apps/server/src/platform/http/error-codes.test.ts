import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { openapiPath } from '../config/paths.js';
import { listOperations, loadContract } from './contract.js';
import { ERROR_CODE_BY_STATUS, ERROR_CODES, errorCodeForStatus } from './error-codes.js';

const contract = loadContract(openapiPath());
const operations = listOperations(contract);
const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : [];
  });
}

describe('error codes', () => {
  it("the status table names only the contract's codes, with a code for any error status", () => {
    expect(Object.values(ERROR_CODE_BY_STATUS).every((code) => ERROR_CODES.has(code))).toBe(true);
    expect(errorCodeForStatus(405)).toBe('method_not_allowed');
    expect(errorCodeForStatus(413)).toBe('payload_too_large');
    expect(errorCodeForStatus(418)).toBe('request_failed');
    expect(errorCodeForStatus(431)).toBe('headers_too_large');
    expect(errorCodeForStatus(500)).toBe('internal');
    expect(errorCodeForStatus(503)).toBe('internal');
  });

  it("every code written in the server's source is in the contract's ErrorCode enum", () => {
    const found = new Map<string, string>();
    const computed: string[] = [];
    for (const file of sourceFiles(sourceRoot)) {
      const text = readFileSync(file, 'utf8');
      const where = path.relative(sourceRoot, file);
      // Error bodies written out: `reply.send({ error, code: 'x' })` and `const body: ErrorBody = {...}`
      // (other objects may have a `code` of their own vocabulary, e.g. a rejected upload's reason).
      const bodies = [
        ...text.matchAll(/\.send\(\s*\{([\s\S]*?)\}\s*\)/g),
        ...text.matchAll(/:\s*ErrorBody\s*=\s*\{([\s\S]*?)\n\s*\};/g),
      ];
      for (const body of bodies) {
        for (const match of body[1]!.matchAll(/\bcode:\s*['"`]([^'"`]+)['"`]/g)) found.set(match[1]!, where);
      }
      // new HttpError(status, code, ...): the code must be a literal, or passed on from another HttpError.
      for (const match of text.matchAll(/new HttpError\(\s*[^,]+,\s*([^,]+?)\s*,/g)) {
        const argument = match[1]!;
        const literal = /^['"`]([^'"`]+)['"`]$/.exec(argument);
        if (literal) found.set(literal[1]!, where);
        else if (!/^(error\.code|errorCodeForStatus\(.*\))$/.test(argument))
          computed.push(`${where}: ${argument}`);
      }
    }
    // The scan still sees the codes it is meant to see (a rename of the helpers would blind it).
    expect([...found.keys()]).toEqual(
      expect.arrayContaining([
        'validation_failed',
        'xsrf_failed',
        'idp_unavailable',
        'not_implemented',
        'not_found',
        'account_deactivated',
      ]),
    );
    const unknown = [...found]
      .filter(([code]) => !ERROR_CODES.has(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(unknown, 'codes missing from ErrorCode in openapi.yaml').toEqual([]);
    expect(computed, 'HttpError codes the scan cannot check').toEqual([]);
  });
});

describe('the error statuses each operation lists', () => {
  // biome-ignore lint/suspicious/noExplicitAny: OpenAPI operation objects
  const raw = (method: string, route: string): any => contract.paths[route][method.toLowerCase()];

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s lists what the platform answers for every operation of its kind',
    (_operationId, operation) => {
      const definition = raw(operation.method, operation.path);
      const statuses = new Set(Object.keys(definition.responses));
      // Any query string or body holding text the server cannot store (NUL...) is refused with 400,
      // a URL and headers over Node's limit with 431 (client-errors.ts).
      const expected = ['400', '431', '500'];
      if (operation.requestContentTypes.length > 0) expected.push('413', '415');
      if (operation.requiredFeature) expected.push('401', '403');
      expect([...statuses]).toEqual(expect.arrayContaining(expected));
      for (const status of statuses) {
        if (Number(status) < 400) continue;
        const response = definition.responses[status];
        const name = String(response.$ref ?? '')
          .split('/')
          .pop()!;
        const component = contract.components.responses[name];
        expect(component?.content?.['application/json']?.schema?.$ref, `${status} of ${name}`).toBe(
          '#/components/schemas/Error',
        );
      }
    },
  );

  it('every error response names only codes of the ErrorCode enum', () => {
    for (const [name, response] of Object.entries<{ description: string }>(contract.components.responses)) {
      for (const [, code] of response.description.matchAll(/`([a-z_]+)`/g)) {
        expect(ERROR_CODES.has(code!), `${name} names ${code}`).toBe(true);
      }
    }
  });
});

describe.each(BACKENDS)('what the framework answers carries the contract codes on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await sessionFor(server.db, 'admin@example.com');
  });
  afterAll(() => server.close());

  const withJsonBody = operations.filter((operation) =>
    operation.requestContentTypes.includes('application/json'),
  );

  it('a body over the limit answers 413 payload_too_large', async () => {
    for (const operation of withJsonBody) {
      // call() also checks that the operation lists 413.
      const response = await call(server.app, admin, {
        method: operation.method,
        url: operation.path,
        payload: JSON.stringify({ role: 'x'.repeat(1024 * 1024 + 1) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, operation.operationId).toBe(413);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'payload_too_large' });
    }
  });

  it('a body of another media type answers 415 unsupported_media_type, parsed or not', async () => {
    for (const operation of withJsonBody) {
      for (const type of ['application/xml', 'text/plain']) {
        const response = await call(server.app, admin, {
          method: operation.method,
          url: operation.path,
          payload: '<role>STAFF</role>',
          headers: { 'content-type': type },
        });
        expect(response.statusCode, `${operation.operationId} ${type}`).toBe(415);
        expect(response.json().code).toBe('unsupported_media_type');
      }
    }
  });

  it('an unknown operation answers 404 not_found', async () => {
    const response = await call(server.app, admin, { method: 'PUT', url: '/api/roles/view' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});
