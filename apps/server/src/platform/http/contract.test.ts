import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { MODULES } from '../../modules.js';
import {
  BACKENDS,
  type Caller,
  call,
  openTestDb,
  sessionFor,
  startTestServer,
  type TestServer,
  testConfig,
} from '../../test/harness.js';
import { openapiPath } from '../config/paths.js';
import {
  listOperations,
  loadContract,
  notImplementedHandler,
  type OpenApiDocument,
  type OperationMeta,
} from './contract.js';

const contract = loadContract(openapiPath());
const operations = listOperations(contract);

describe('contract registration', () => {
  it('registers one route per operation of openapi.yaml, each with a tag', () => {
    expect(operations.length).toBeGreaterThanOrEqual(33);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
  });

  it('fails start-up when an operation has no handler', async () => {
    const { db, cleanup } = await openTestDb('pglite');
    try {
      const withExtra: OpenApiDocument = structuredClone(contract);
      withExtra.paths['/api/mystery'] = {
        get: {
          operationId: 'mysteryOperation',
          tags: ['health'],
          security: [],
          responses: { '200': { description: 'ok' } },
        },
      };
      await expect(buildApp({ config: testConfig(), db, contract: withExtra })).rejects.toThrow(
        /No handler for operation\(s\) mysteryOperation \(GET \/api\/mystery\)/,
      );
    } finally {
      await cleanup();
    }
  });

  it('answers 501 not_implemented for a capability a server leaves out', async () => {
    // Every operation is built now; a server without the ELK agent answers its operations this way.
    const { db, cleanup } = await openTestDb('pglite');
    const withoutElk = [
      ...MODULES.filter((module) => module.name !== 'elk'),
      {
        name: 'elk-left-out',
        handlers: () => ({
          elkChat: notImplementedHandler('The ELK agent'),
          elkNewTopic: notImplementedHandler('The ELK agent'),
        }),
      },
    ];
    const app = await buildApp({ config: testConfig(), db, modules: withoutElk });
    try {
      const admin = await sessionFor(db, 'admin@example.com');
      const response = await call(app, admin, {
        method: 'POST',
        url: '/api/chat/elk',
        payload: { message: 'Hello' },
      });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'not_implemented' });
    } finally {
      await app.close();
      await cleanup();
    }
  });
});

// biome-ignore lint/suspicious/noExplicitAny: walking JSON schemas
function resolve(schema: any): any {
  let current = schema;
  while (current?.$ref) {
    current = (current.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      // biome-ignore lint/suspicious/noExplicitAny: JSON pointer walk
      .reduce((node: any, key: string) => node[key], contract);
  }
  return current;
}

function requestSchema(operation: OperationMeta) {
  const raw = contract.paths[operation.path][operation.method.toLowerCase()];
  const body = resolve(raw.requestBody);
  return { body: resolve(body?.content?.['application/json']?.schema), parameters: raw.parameters ?? [] };
}

interface Violation {
  label: string;
  url: string;
  payload?: string;
  type?: string;
  /** What the server answers: 400 validation_failed unless said otherwise. */
  expected?: { status: number; code: string };
}

/** Requests that violate the operation's request schema in several ways. */
function violations(operation: OperationMeta): Violation[] {
  const { body, parameters } = requestSchema(operation);
  const cases: Violation[] = [];
  if (operation.requestContentTypes.length > 0) {
    // Multipart-only operations: a JSON body, broken or not, is another media type (415).
    const json = operation.requestContentTypes.includes('application/json')
      ? {}
      : { expected: { status: 415, code: 'unsupported_media_type' } };
    cases.push({
      label: 'malformed JSON',
      url: operation.path,
      payload: '{"broken',
      type: 'application/json',
      ...json,
    });
    cases.push({
      label: 'a number instead of an object',
      url: operation.path,
      payload: '42',
      type: 'application/json',
      ...json,
    });
    if (body) {
      const properties = Object.keys(body.properties ?? {});
      if ((body.required ?? []).length > 0) {
        cases.push({
          label: 'no required field',
          url: operation.path,
          payload: '{}',
          type: 'application/json',
        });
      }
      if (properties.length > 0) {
        const wrong = Object.fromEntries(properties.map((name) => [name, { wrong: true }]));
        cases.push({
          label: 'wrongly typed fields',
          url: operation.path,
          payload: JSON.stringify(wrong),
          type: 'application/json',
        });
      }
    } else {
      cases.push({
        label: 'JSON instead of a form',
        url: operation.path,
        payload: '{"files":"x"}',
        type: 'application/json',
        ...json,
      });
    }
  }
  for (const parameter of parameters.map(resolve)) {
    const schema = resolve(parameter.schema);
    if (parameter.in !== 'query') continue;
    if (schema.type === 'integer')
      cases.push({ label: `${parameter.name}=abc`, url: `${operation.path}?${parameter.name}=abc` });
    if (schema.maxLength) {
      cases.push({
        label: `${parameter.name} too long`,
        url: `${operation.path}?${parameter.name}=${'x'.repeat(schema.maxLength + 1)}`,
      });
    }
    if (schema.format === 'date-time')
      cases.push({
        label: `${parameter.name} not a time`,
        url: `${operation.path}?${parameter.name}=yesterday`,
      });
  }
  if (parameters.some((parameter: { required?: boolean }) => resolve(parameter).required)) {
    cases.push({ label: 'required query parameter missing', url: operation.path });
  }
  return cases;
}

describe.each(BACKENDS)('every operation refuses schema-violating requests on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await sessionFor(server.db, 'admin@example.com');
  });
  afterAll(() => server.close());

  const withInput = operations.filter((operation) => violations(operation).length > 0);

  it('covers every operation that takes input', () => {
    const withoutInput = operations.filter((operation) => violations(operation).length === 0);
    for (const operation of withoutInput) {
      const raw = contract.paths[operation.path][operation.method.toLowerCase()];
      expect(raw.requestBody, operation.operationId).toBeUndefined();
      expect(raw.parameters ?? [], operation.operationId).toEqual([]);
    }
  });

  it.each(withInput.map((operation) => [operation.operationId, operation] as const))(
    '%s answers 400 validation_failed (415 for a body of another media type) with the error body',
    async (_operationId, operation) => {
      for (const violation of violations(operation)) {
        const response = await call(server.app, admin, {
          method: operation.method,
          url: violation.url,
          ...(violation.payload !== undefined
            ? { payload: violation.payload, headers: { 'content-type': violation.type! } }
            : {}),
        });
        const label = `${operation.operationId}: ${violation.label} -> ${response.statusCode} ${response.body}`;
        const expected = violation.expected ?? { status: 400, code: 'validation_failed' };
        // As an administrator holding every feature, nothing stops the request before validation.
        expect(response.statusCode, label).toBe(expected.status);
        const body = response.json();
        expect(typeof body.error, label).toBe('string');
        expect(body.code, label).toBe(expected.code);
      }
    },
  );
});
