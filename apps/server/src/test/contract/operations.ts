// The contract as the fuzzer and the authorization matrix see it, read from openapi.yaml on its own
// (not through the server's contract plugin, so a mistake there cannot hide itself): every operation
// with its parameters, request bodies, security and features; requests generated from its schemas;
// and every answer checked against its responses with ajv (OpenAPI 3.1 = JSON Schema 2020-12).
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenApiDocument } from '../../platform/http/contract.js';
import {
  type ExampleHints,
  exampleValue,
  fuzzedValue,
  type JsonSchema,
  mutatedValue,
  NASTY_STRINGS,
  probes,
  type SchemaContext,
  validValue,
  withValueAt,
} from './schema-arbitrary.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** How a caller may prove who they are, by security scheme. */
export type SchemeKind = 'session' | 'xsrf' | 'bearer' | 'other';

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** Request body media types with their schemas; undefined: the operation takes no body. */
  body?: { isRequired: boolean; content: Record<string, { schema?: JsonSchema; encoding?: JsonSchema }> };
  requiredFeature?: string;
  /** `x-additional-required-feature`: `feature` is needed too when body field `field` equals `value`. */
  additionalFeature?: { field: string; value: string; feature: string };
  /** Alternatives of the security requirement, each the scheme kinds it needs together (empty list: open). */
  security: Array<ReadonlySet<SchemeKind>>;
  // biome-ignore lint/suspicious/noExplicitAny: OpenAPI response objects
  responses: Record<string, any>;
}

export class Contract {
  readonly operations: ContractOperation[];
  readonly context: SchemaContext;
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.context = { resolveRef: (ref) => this.resolve({ $ref: ref }) };
    this.operations = readOperations(this);
    this.#ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ $id: CONTRACT_ID, components: { schemas: document.components?.schemas ?? {} } });
  }

  /** Follows `$ref`s (any local JSON pointer of the document). */
  // biome-ignore lint/suspicious/noExplicitAny: JSON pointer walk
  resolve(value: any): any {
    let current = value;
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
      current = pointer.reduce(
        // biome-ignore lint/suspicious/noExplicitAny: JSON pointer walk
        (node: any, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')],
        this.document,
      );
      if (current === undefined) throw new Error(`Unresolvable $ref ${value.$ref}`);
    }
    return current;
  }

  /** An ajv validator for a schema of the document (its `$ref`s resolved against the contract). */
  validator(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#ajv.compile(rebase(schema) as JsonSchema);
      this.#validators.set(key, validate);
    }
    return validate;
  }

  errorsText(validate: ValidateFunction): string {
    return this.#ajv.errorsText(validate.errors, { separator: '; ' });
  }
}

const CONTRACT_ID = 'https://contract.invalid/openapi.json';

/** Points local `$ref`s of an inline schema at the contract's components. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? [key, `${CONTRACT_ID}${value}`]
        : [key, rebase(value)],
    ),
  );
}

function parseCondition(text: string): { field: string; value: string } {
  const match = /^\s*([A-Za-z_]\w*)\s*=\s*['"]?([^'"]+?)['"]?\s*$/.exec(text);
  if (!match) throw new Error(`Cannot read x-additional-required-feature condition "${text}"`);
  return { field: match[1]!, value: match[2]! };
}

function schemeKind(document: OpenApiDocument, name: string): SchemeKind {
  const scheme = document.components?.securitySchemes?.[name];
  if (scheme?.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') return 'bearer';
  if (scheme?.type === 'apiKey' && scheme.in === 'cookie') return 'session';
  if (scheme?.type === 'apiKey' && scheme.in === 'header' && /xsrf|csrf/i.test(scheme.name)) return 'xsrf';
  return 'other';
}

function readOperations(contract: Contract): ContractOperation[] {
  const { document } = contract;
  const operations: ContractOperation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const pathItem = contract.resolve(rawItem);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const parameters = new Map<string, Parameter>();
      for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = contract.resolve(raw);
        parameters.set(`${parameter.in}:${parameter.name}`, {
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true || parameter.in === 'path',
          schema: parameter.schema ?? {},
        });
      }
      const requestBody = operation.requestBody ? contract.resolve(operation.requestBody) : undefined;
      const additional = operation['x-additional-required-feature'];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...parameters.values()],
        body: requestBody
          ? { isRequired: requestBody.required === true, content: requestBody.content ?? {} }
          : undefined,
        requiredFeature: operation['x-required-feature'],
        additionalFeature: additional
          ? { ...parseCondition(String(additional.when)), feature: String(additional.feature) }
          : undefined,
        security: ((operation.security ?? document.security ?? []) as Array<Record<string, unknown>>).map(
          (requirement) => new Set(Object.keys(requirement).map((name) => schemeKind(document, name))),
        ),
        responses: operation.responses ?? {},
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------- requests

/** One request, ready for app.inject. */
export interface GeneratedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Short, readable description of a request for failure messages (long strings cut). */
export function describeRequest(request: GeneratedRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…(${text.length} chars)` : text);
  const payload =
    request.payload === undefined
      ? ''
      : ` ${request.headers['content-type'] ?? '(no content-type)'} ${cut(
          JSON.stringify(
            typeof request.payload === 'string' ? request.payload : request.payload.toString('latin1'),
          ),
        )}`;
  return `${request.method} ${cut(request.url)}${payload}`;
}

/** Attaches the readable description fast-check prints for counterexamples. */
function printable(request: GeneratedRequest): GeneratedRequest {
  Object.defineProperty(request, fc.toStringMethod, {
    value: () => describeRequest(request),
    enumerable: false,
  });
  return request;
}

function encode(value: string): string {
  return encodeURIComponent(value.toWellFormed());
}

/** How a JSON value travels in a query string or path segment. */
function asText(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function queryPairs(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(name, item));
  return [`${encode(name)}=${encode(asText(value))}`];
}

/**
 * `valid`: what the schemas accept. `mutated`: valid but for one fault in one part (a parameter, the
 * body, the query string or the media type), so the rest passes validation and the fault reaches the
 * handler. `chaos`: faults everywhere at once.
 */
export type Mode = 'valid' | 'mutated' | 'chaos';

function parameterArbitrary(parameter: Parameter, context: SchemaContext, mode: Mode): fc.Arbitrary<unknown> {
  if (mode === 'valid') {
    const value = validValue(parameter.schema, context);
    return parameter.required ? value : fc.option(value, { nil: undefined, freq: 3 });
  }
  if (mode === 'mutated') {
    // The parameter at fault: broken, or missing when required.
    const broken = mutatedValue(parameter.schema, context);
    return parameter.required ? fc.oneof({ weight: 4, arbitrary: broken }, fc.constant(undefined)) : broken;
  }
  return fc.option(fuzzedValue(parameter.schema, context), { nil: undefined, freq: 3 });
}

/** Query-string tricks: broken percent-encoding, repeated and unknown parameters, NUL bytes. */
function rawQueryArbitrary(parameters: Parameter[]): fc.Arbitrary<string> {
  const names = parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  const name = names.length > 0 ? fc.constantFrom(...names) : fc.constant('q');
  return fc.oneof(
    fc.constantFrom('%00=%00', '%=%', 'x=%ZZ', '&&&', '=x', '__proto__[x]=1', 'a[b]=1', 'x=%E0%A4%A'),
    name.map((key) => `${key}=%00`),
    name.map((key) => `${key}=%C0%80`),
    name.map((key) => `${key}=%ED%A0%80`),
    name.map((key) => `${key}=a&${key}=b`),
    name.map((key) => `${key}[]=a`),
    name.map((key) => `${key}=${'%F0%9F%98%80'.repeat(700)}`),
  );
}

type Body = { payload?: string | Buffer; contentType?: string };

const MALFORMED_JSON = fc.oneof(
  fc.constantFrom(
    '{"broken',
    '',
    '\u0000',
    'null',
    '[]',
    '"x"',
    '42',
    '{"a":1,"a":2}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '\ufeff{}',
  ),
  fc.constantFrom(64, 2000).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);

const WRONG_MEDIA_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=nothing',
  'application/json',
];

function bodyArbitrary(operation: ContractOperation, context: SchemaContext, mode: Mode): fc.Arbitrary<Body> {
  const body = operation.body;
  if (!body) {
    return mode === 'valid'
      ? fc.constant({})
      : fc.constantFrom<Body>({}, { payload: '{"unexpected":true}', contentType: 'application/json' });
  }
  const forms: Array<fc.Arbitrary<Body>> = [];
  for (const [mediaType, media] of Object.entries(body.content)) {
    const schema = media.schema ?? {};
    if (mediaType === 'multipart/form-data') {
      forms.push(multipartArbitrary(schema, media.encoding ?? {}, context, mode));
    } else if (/json/.test(mediaType)) {
      const value =
        mode === 'valid'
          ? validValue(schema, context)
          : mode === 'mutated'
            ? mutatedValue(schema, context)
            : fuzzedValue(schema, context);
      forms.push(
        value.map((item) => ({
          payload: item === undefined ? undefined : JSON.stringify(item),
          contentType: mediaType,
        })),
      );
    } else {
      forms.push(
        fc
          .string({ unit: 'binary', maxLength: 200 })
          .map((text) => ({ payload: text, contentType: mediaType })),
      );
    }
  }
  const declared = fc.oneof(...forms);
  if (mode === 'valid') {
    return body.isRequired ? declared : fc.oneof({ weight: 4, arbitrary: declared }, fc.constant({}));
  }
  const json = Object.keys(body.content).find((mediaType) => /json/.test(mediaType)) ?? 'application/json';
  const validForms = bodyArbitrary(operation, context, 'valid');
  return fc.oneof(
    { weight: 8, arbitrary: declared },
    { weight: 2, arbitrary: MALFORMED_JSON.map((payload) => ({ payload, contentType: json })) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(validForms, fc.constantFrom(...WRONG_MEDIA_TYPES))
        .map(([form, contentType]) => ({ payload: form.payload ?? '{}', contentType })),
    },
  );
}

function isBinary(schema: JsonSchema): boolean {
  return (
    schema.type === 'string' &&
    (schema.contentMediaType !== undefined ||
      schema.format === 'binary' ||
      schema.contentEncoding !== undefined)
  );
}

interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: string | Uint8Array;
}

const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

function fileArbitrary(field: string, contentType: string, mode: Mode): fc.Arbitrary<FormPart> {
  const validName = fc.constantFrom('a.zip', 'code.zip', 'notes.docx', 'slides.ppt', 'photo.jpg');
  const filename =
    mode === 'valid'
      ? validName
      : fc.oneof(
          validName,
          fc.constantFrom(...NASTY_STRINGS, 'a\u0000.zip', '../../x.zip', 'é.zip', 'x'.repeat(2000)),
        );
  const content = fc.oneof(
    fc.constant(EMPTY_ZIP),
    fc.uint8Array({ maxLength: 2048 }),
    fc.constant(new Uint8Array()),
  );
  return fc.record({ name: fc.constant(field), filename, contentType: fc.constant(contentType), content });
}

function multipartArbitrary(
  schema: JsonSchema,
  encoding: JsonSchema,
  context: SchemaContext,
  mode: Mode,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const form = resolveSchema(schema, context);
  const properties = (form.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set<string>(form.required ?? []);
  const fieldParts = Object.entries(properties).map(([name, raw]) => {
    const property = resolveSchema(raw, context);
    const contentType = String(encoding[name]?.contentType ?? 'application/octet-stream')
      .split(',')[0]!
      .trim();
    let parts: fc.Arbitrary<FormPart[]>;
    if (isBinary(property)) {
      parts = fileArbitrary(name, contentType, mode).map((part) => [part]);
    } else if (property.type === 'array' && isBinary(resolveSchema(property.items ?? {}, context))) {
      parts = fc.array(fileArbitrary(name, contentType, mode), {
        minLength: property.minItems ?? 1,
        maxLength: Math.max(property.minItems ?? 1, 3),
      });
    } else {
      const value =
        mode === 'valid'
          ? validValue(property, context)
          : mode === 'mutated'
            ? mutatedValue(property, context)
            : fuzzedValue(property, context);
      parts = value.map((item) => (item === undefined ? [] : [{ name, content: asText(item) }]));
    }
    const isKept = mode === 'valid' && required.has(name);
    return isKept ? parts : fc.option(parts, { nil: [], freq: 4 });
  });
  const extra: fc.Arbitrary<FormPart[]> =
    mode === 'valid'
      ? fc.constant([])
      : fc.array(
          fc.oneof(
            fc.record({
              name: fc.constantFrom('extra', '\u0000', '__proto__'),
              content: fc.constantFrom('x', '\u0000'),
            }),
            fileArbitrary('unexpected', 'application/octet-stream', mode),
          ),
          { maxLength: 2 },
        );
  return fc
    .record({
      parts: fc.tuple(...fieldParts, extra).map((groups) => groups.flat()),
      boundary: fc.constantFrom('----fuzzboundary7MA4YWxkTrZu0gW', 'x'),
      isTruncated: mode === 'valid' ? fc.constant(false) : fc.boolean(),
    })
    .map(({ parts, boundary, isTruncated }) => {
      const chunks: Buffer[] = [];
      for (const part of parts) {
        const disposition =
          part.filename === undefined
            ? `form-data; name="${part.name}"`
            : `form-data; name="${part.name}"; filename="${part.filename.replaceAll('"', '%22')}"`;
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
              (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
              '\r\n',
          ),
          Buffer.from(part.content),
          Buffer.from('\r\n'),
        );
      }
      if (!isTruncated) chunks.push(Buffer.from(`--${boundary}--\r\n`));
      return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
    });
}

function resolveSchema(schema: JsonSchema, context: SchemaContext): JsonSchema {
  let current = schema;
  while (typeof current.$ref === 'string') current = context.resolveRef(current.$ref);
  return current;
}

function buildUrl(operation: ContractOperation, values: unknown[], rawQuery: string | undefined): string {
  let path = operation.path;
  const query: string[] = [];
  operation.parameters.forEach((parameter, index) => {
    const value = values[index];
    if (parameter.in === 'path') {
      path = path.replace(`{${parameter.name}}`, value === undefined ? '' : encode(asText(value)));
    } else if (parameter.in === 'query') {
      query.push(...queryPairs(parameter.name, value));
    }
  });
  if (rawQuery) query.push(rawQuery);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

function headerValues(operation: ContractOperation, values: unknown[]): Record<string, string> {
  const headers: Record<string, string> = {};
  operation.parameters.forEach((parameter, index) => {
    const value = values[index];
    // Header values cannot carry control characters at all: light-my-request would refuse them.
    if (parameter.in === 'header' && value !== undefined) {
      headers[parameter.name.toLowerCase()] = asText(value).replace(/[^\x20-\x7e]/g, '');
    }
  });
  return headers;
}

function assemble(
  operation: ContractOperation,
  parts: { values: unknown[]; rawQuery?: string; body: Body },
): GeneratedRequest {
  const headers = headerValues(operation, parts.values);
  if (parts.body.contentType !== undefined) headers['content-type'] = parts.body.contentType;
  return printable({
    method: operation.method,
    url: buildUrl(operation, parts.values, parts.rawQuery),
    headers,
    ...(parts.body.payload !== undefined ? { payload: parts.body.payload } : {}),
  });
}

function partsArbitrary(
  operation: ContractOperation,
  context: SchemaContext,
  mode: 'valid' | 'chaos',
): fc.Arbitrary<{ values: unknown[]; rawQuery?: string; body: Body }> {
  const parameters = operation.parameters.map((parameter) => parameterArbitrary(parameter, context, mode));
  return fc.record({
    values: parameters.length > 0 ? fc.tuple(...parameters) : fc.constant([] as unknown[]),
    rawQuery:
      mode === 'valid'
        ? fc.constant(undefined)
        : fc.option(rawQueryArbitrary(operation.parameters), { nil: undefined, freq: 3 }),
    body: bodyArbitrary(operation, context, mode),
  });
}

/** Requests for an operation, generated from its schemas in the given mode. */
export function requestArbitrary(
  operation: ContractOperation,
  context: SchemaContext,
  mode: Mode,
): fc.Arbitrary<GeneratedRequest> {
  if (mode !== 'mutated') {
    return partsArbitrary(operation, context, mode).map((parts) => assemble(operation, parts));
  }
  const valid = partsArbitrary(operation, context, 'valid');
  // One part at fault: a parameter, the body (or its media type), or the query string itself.
  const faults: Array<fc.Arbitrary<{ values: unknown[]; rawQuery?: string; body: Body }>> = [
    fc
      .tuple(valid, rawQueryArbitrary(operation.parameters))
      .map(([parts, rawQuery]) => ({ ...parts, rawQuery })),
  ];
  if (operation.body) {
    faults.push(
      fc
        .tuple(valid, bodyArbitrary(operation, context, 'mutated'))
        .map(([parts, body]) => ({ ...parts, body })),
    );
  }
  operation.parameters.forEach((parameter, index) => {
    faults.push(
      fc.tuple(valid, parameterArbitrary(parameter, context, 'mutated')).map(([parts, broken]) => ({
        ...parts,
        values: parts.values.map((value, position) => (position === index ? broken : value)),
      })),
    );
  });
  return fc.oneof(...faults).map((parts) => assemble(operation, parts));
}

/** Requests of every mode: valid, one fault, and faults everywhere. */
export function anyRequestArbitrary(
  operation: ContractOperation,
  context: SchemaContext,
): fc.Arbitrary<GeneratedRequest> {
  return fc.oneof(
    { weight: 2, arbitrary: requestArbitrary(operation, context, 'valid') },
    { weight: 5, arbitrary: requestArbitrary(operation, context, 'mutated') },
    { weight: 1, arbitrary: requestArbitrary(operation, context, 'chaos') },
  );
}

function exampleParts(
  operation: ContractOperation,
  context: SchemaContext,
  hints: ExampleHints,
): { values: unknown[]; body: Body } {
  const values = operation.parameters.map((parameter) =>
    parameter.required ? exampleValue(parameter.schema, context, hints) : undefined,
  );
  const content = operation.body?.content ?? {};
  const json = Object.keys(content).find((mediaType) => /json/.test(mediaType));
  if (json) {
    return {
      values,
      body: {
        payload: JSON.stringify(exampleValue(content[json]!.schema ?? {}, context, hints)),
        contentType: json,
      },
    };
  }
  const form = content['multipart/form-data'];
  if (form) {
    const [body] = fc.sample(multipartArbitrary(form.schema ?? {}, form.encoding ?? {}, context, 'valid'), {
      seed: 1,
      numRuns: 1,
    });
    return { values, body: body! };
  }
  return { values, body: {} };
}

/**
 * One small, schema-valid request (required parameters and properties only), so that what decides
 * the answer is who is calling, not what they sent. `hints.properties` overrides body fields.
 */
export function exampleRequest(
  operation: ContractOperation,
  context: SchemaContext,
  hints: ExampleHints = {},
): GeneratedRequest {
  return assemble(operation, exampleParts(operation, context, hints));
}

/**
 * For each base (example hints), the example request, then that request with one fault in one place
 * (see `probes`): each parameter and each place of the JSON body in turn. The fuzzer runs these
 * before its random requests; a base naming things that exist lets the faults reach storage.
 */
export function probeRequests(
  operation: ContractOperation,
  context: SchemaContext,
  bases: readonly ExampleHints[] = [{}],
): GeneratedRequest[] {
  const requests: GeneratedRequest[] = [];
  const seen = new Set<string>();
  const add = (parts: { values: unknown[]; body: Body }) => {
    const request = assemble(operation, parts);
    const key = describeRequest(request);
    if (!seen.has(key)) requests.push(request);
    seen.add(key);
  };
  for (const hints of bases) {
    const base = exampleParts(operation, context, hints);
    add(base);
    operation.parameters.forEach((parameter, index) => {
      const current = base.values[index] ?? exampleValue(parameter.schema, context, hints);
      for (const probe of probes(parameter.schema, context)) {
        const value = withValueAt(current, probe.path, probe);
        add({ ...base, values: base.values.map((item, position) => (position === index ? value : item)) });
      }
    });
    const json = Object.entries(operation.body?.content ?? {}).find(([mediaType]) => /json/.test(mediaType));
    if (json && base.body.payload !== undefined) {
      const body = JSON.parse(String(base.body.payload));
      for (const probe of probes(json[1].schema ?? {}, context)) {
        const payload = JSON.stringify(withValueAt(body, probe.path, probe));
        add({ ...base, body: { payload, contentType: json[0] } });
      }
    }
  }
  return requests;
}

// ---------------------------------------------------------------- answers

function mediaTypeOf(response: LightMyRequestResponse): string {
  return String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

/** The response object the contract declares for a status (exact, then 4XX-style, then default). */
// biome-ignore lint/suspicious/noExplicitAny: OpenAPI response object
export function declaredResponse(contract: Contract, operation: ContractOperation, status: number): any {
  const responses = operation.responses;
  const raw = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return raw ? contract.resolve(raw) : undefined;
}

/** Whether the contract lists this status (exactly, as 4XX-style, or as default) for the operation. */
export function isDeclaredStatus(contract: Contract, operation: ContractOperation, status: number): boolean {
  return declaredResponse(contract, operation, status) !== undefined;
}

/**
 * What is wrong with an answer: a 5xx (but the 501 an operation declares for a capability not built
 * yet); an error without the contract's error body; a 2xx the contract does not declare, or whose
 * media type or body does not match it. (Undeclared error statuses: see isDeclaredStatus.)
 */
export function answerProblems(
  contract: Contract,
  operation: ContractOperation,
  response: LightMyRequestResponse,
): string[] {
  const status = response.statusCode;
  const declared = declaredResponse(contract, operation, status);
  if (status >= 500 && !(status === 501 && declared)) return [`server error ${status}`];
  if (status >= 400) return errorBodyProblems(contract, response);
  if (status < 200 || status >= 300) return [];
  if (!declared) return [`${status} is not an answer the contract lists for ${operation.operationId}`];
  const content = (declared.content ?? {}) as Record<string, { schema?: JsonSchema }>;
  if (Object.keys(content).length === 0) return [];
  const mediaType = mediaTypeOf(response);
  const media = content[mediaType];
  if (!media) {
    return [
      `${status} answered ${mediaType || 'no media type'}; the contract lists ${Object.keys(content).join(', ')}`,
    ];
  }
  if (!media.schema) return [];
  let body: unknown;
  if (/json/.test(mediaType)) {
    try {
      body = response.json();
    } catch {
      return [`${status} ${mediaType} body is not JSON`];
    }
  } else if (mediaType.startsWith('text/') && mediaType !== 'text/event-stream') {
    body = response.body;
  } else {
    return [];
  }
  const validate = contract.validator(`${operation.operationId} ${status} ${mediaType}`, media.schema);
  return validate(body)
    ? []
    : [`${status} body does not match the contract: ${contract.errorsText(validate)}`];
}

function errorBodyProblems(contract: Contract, response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  if (mediaTypeOf(response) !== 'application/json') {
    return [`a ${status} answered ${mediaTypeOf(response) || 'no media type'}, not the JSON error body`];
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return [`a ${status} whose body is not JSON`];
  }
  const validate = contract.validator('#/components/schemas/Error', { $ref: '#/components/schemas/Error' });
  return validate(body)
    ? []
    : [`a ${status} without the error body {error, code}: ${contract.errorsText(validate)}`];
}
