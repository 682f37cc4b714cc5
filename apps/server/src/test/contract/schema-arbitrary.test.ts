// The generators the contract fuzzer and the authorization matrix rely on: "valid" values really are
// valid for the contract's request schemas (checked with ajv), examples too, and fuzzed values break
// the schemas in the ways the fuzzer promises.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openapiPath } from '../../platform/config/paths.js';
import { loadContract } from '../../platform/http/contract.js';
import { Contract, probeRequests, requestArbitrary } from './operations.js';
import { anyDateTime, EDGE_DATE_TIMES, exampleValue, fuzzedValue, validValue } from './schema-arbitrary.js';

const contract = new Contract(loadContract(openapiPath()));

/** Every request schema of the contract: JSON bodies and parameters. */
const requestSchemas = contract.operations.flatMap((operation) => [
  ...Object.entries(operation.body?.content ?? {})
    .filter(([mediaType]) => /json/.test(mediaType))
    .map(([mediaType, media]) => ({
      label: `${operation.operationId} ${mediaType} body`,
      schema: media.schema ?? {},
    })),
  ...operation.parameters.map((parameter) => ({
    label: `${operation.operationId} ${parameter.in} ${parameter.name}`,
    schema: parameter.schema,
  })),
]);

describe('schema arbitraries', () => {
  it.each(requestSchemas.map((entry) => [entry.label, entry.schema] as const))(
    'generates values %s accepts, and an example it accepts',
    (label, schema) => {
      const validate = contract.validator(`test ${label}`, schema);
      for (const value of fc.sample(validValue(schema, contract.context), { numRuns: 150, seed: 42 })) {
        expect(validate(value), `${JSON.stringify(value)}: ${contract.errorsText(validate)}`).toBe(true);
      }
      const example = exampleValue(schema, contract.context, { email: 'someone@example.com' });
      expect(validate(example), `${JSON.stringify(example)}: ${contract.errorsText(validate)}`).toBe(true);
    },
  );

  it('generates date-times the contract accepts, from year 0000 to offsets of -23:59', () => {
    const validate = contract.validator('date-time', { type: 'string', format: 'date-time' });
    for (const value of [
      ...fc.sample(anyDateTime, { numRuns: 500, seed: 7 }),
      ...EDGE_DATE_TIMES.slice(0, 7),
    ]) {
      expect(validate(value), value).toBe(true);
    }
  });

  it('fuzzes a body schema with NUL bytes, wrong types, missing and extra fields', () => {
    const schema = { $ref: '#/components/schemas/CreateUserRequest' };
    const validate = contract.validator('fuzz CreateUserRequest', schema);
    const values = fc.sample(fuzzedValue(schema, contract.context), { numRuns: 400, seed: 3 });
    const json = values.map((value) => JSON.stringify(value) ?? '');
    expect(values.filter((value) => !validate(value)).length).toBeGreaterThan(100);
    expect(json.some((text) => text.includes('\\u0000'))).toBe(true);
    expect(values.some((value) => value === null || typeof value !== 'object')).toBe(true);
    expect(
      values.some(
        (value) =>
          typeof value === 'object' && value !== null && !Array.isArray(value) && !('email' in value),
      ),
    ).toBe(true);
    expect(
      values.some(
        (value) =>
          typeof value === 'object' &&
          value !== null &&
          Object.keys(value).some((key) => !['email', 'name', 'role'].includes(key)),
      ),
    ).toBe(true);
    expect(json.some((text) => text.length > 10_000)).toBe(true);
  });

  it('fuzzes arrays of long strings with too many items into bodies that can still be sent', () => {
    // The shape that once gave 'Invalid string length': up to 2,000 copies of a 200,000-character
    // string of NUL bytes, six characters each in JSON.
    const schema = { type: 'array', items: { type: 'string' }, maxItems: 5000 } as const;
    const values = fc.sample(fuzzedValue(schema, contract.context), { numRuns: 2000, seed: 11 });
    const lengths = values.map((value) => (JSON.stringify(value) ?? '').length);
    expect(Math.max(...lengths)).toBeGreaterThan(1_048_576);
    expect(Math.max(...lengths)).toBeLessThan(4_000_000);
  });

  it('builds requests for path, query and header parameters and multipart bodies of any operation', () => {
    const synthetic = new Contract({
      openapi: '3.1.0',
      paths: {
        '/api/items/{itemId}': {
          parameters: [
            { name: 'itemId', in: 'path', required: true, schema: { type: 'string', minLength: 1 } },
          ],
          post: {
            operationId: 'uploadItem',
            parameters: [
              { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 5 } },
              { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
            ],
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    required: ['file'],
                    properties: {
                      file: { type: 'string', contentMediaType: 'application/zip' },
                      note: { type: 'string' },
                    },
                  },
                },
              },
            },
            responses: { '200': { description: 'Stored.' } },
          },
        },
      },
    });
    const [operation] = synthetic.operations;
    for (const request of fc.sample(requestArbitrary(operation!, synthetic.context, 'valid'), {
      numRuns: 50,
      seed: 5,
    })) {
      expect(request.method).toBe('POST');
      expect(request.url).toMatch(/^\/api\/items\/[^/?]+(\?limit=[1-5])?$/);
      expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(String(request.payload)).toContain('name="file"; filename=');
    }
    const probes = probeRequests(operation!, synthetic.context).map((request) => request.url);
    expect(probes).toContain('/api/items/x%00');
    expect(probes).toContain('/api/items/x?limit=6');
    const mutated = fc.sample(requestArbitrary(operation!, synthetic.context, 'mutated'), {
      numRuns: 200,
      seed: 5,
    });
    expect(mutated.some((request) => 'x-trace' in request.headers)).toBe(true);
    expect(mutated.some((request) => !String(request.payload).includes('name="file"'))).toBe(true);
  });
});
