/**
 * Checks requests and answers against the contract with Ajv (JSON Schema 2020-12, which OpenAPI 3.1
 * schemas are). The contract comes from src/generated/contract.json, bundled at build time, so
 * nothing reads openapi.yaml at run time.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import contractJson from '../generated/contract.json';
import type { OperationKey } from './operation-types';

type Json = Record<string, unknown>;

const CONTRACT_ID = 'digital-assistant-contract.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const contract = contractJson as unknown as Json;

/** One operation of the contract, as the fake matches and checks it. */
export interface ContractOperation {
  readonly key: OperationKey;
  readonly operationId: string;
  readonly method: string;
  readonly pathTemplate: string;
  /** JSON pointer of the operation in the bundled contract. */
  readonly pointer: string;
  readonly pattern: RegExp;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function at(pointer: string): unknown {
  let node: unknown = contract;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Json | undefined)?.[segment];
  }
  return node;
}

/** Follows `$ref`s inside the contract; answers the object and the pointer it lives at. */
function resolve(pointer: string): { node: Json; pointer: string } | undefined {
  let current = pointer;
  for (let hops = 0; hops < 10; hops++) {
    const node = at(current) as Json | undefined;
    if (!node || typeof node !== 'object') return undefined;
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return { node, pointer: current };
    current = ref.slice(1);
  }
  return undefined;
}

const operations: ContractOperation[] = Object.entries(contract.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((method) => (item as Json)[method]).map((method) => {
    const operation = (item as Json)[method] as Json;
    const pattern = new RegExp(
      `^${path
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('')}$`,
    );
    return {
      key: `${method.toUpperCase()} ${path}` as OperationKey,
      operationId: String(operation.operationId),
      method: method.toUpperCase(),
      pathTemplate: path,
      pointer: `/paths/${escapePointer(path)}/${method}`,
      pattern,
    };
  }),
);

/**
 * The contract's extension operations (`x-extension: true`): what a server with only the spec's seed
 * calls (section 7) lacks.
 */
export const EXTENSION_OPERATIONS: readonly OperationKey[] = operations
  .filter((operation) => (at(operation.pointer) as Json)['x-extension'] === true)
  .map((operation) => operation.key);

/** The contract's operation for a method and path, if any. */
export function findOperation(method: string, pathname: string): ContractOperation | undefined {
  const upper = method.toUpperCase();
  return operations.find((operation) => operation.method === upper && operation.pattern.test(pathname));
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: () => object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    // The contract is linted elsewhere; skipping meta-schema checks keeps the first call quick.
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, code: { optimize: false } });
      addFormats(ajv);
      ajv.addSchema(contract, CONTRACT_ID);
    }
    validate = ajv.compile(schema());
    validators.set(key, validate);
  }
  return validate;
}

const refTo = (pointer: string) => ({ $ref: `${CONTRACT_ID}#${pointer}` });

function describeErrors(errors: ErrorObject[] | null | undefined, root: string): string {
  const messages = (errors ?? []).map((error) => {
    const where = `${root}${error.instancePath}`;
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String(error.params.additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${(error.params.allowedValues as unknown[]).join(', ')})`
          : '';
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
  return [...new Set(messages)].slice(0, 6).join('; ');
}

const mediaTypeOf = (contentType: string | null) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
const isJsonMediaType = (mediaType: string) =>
  mediaType === 'application/json' || mediaType.endsWith('+json');

function findMediaType(content: Json, mediaType: string): string | undefined {
  if (mediaType in content) return mediaType;
  const [type] = mediaType.split('/');
  if (`${type}/*` in content) return `${type}/*`;
  if ('*/*' in content) return '*/*';
  return undefined;
}

/** A query string value in the type its schema names (left as it is when it is not one). */
function convert(value: string, types: unknown[], all: string[]): unknown {
  if (types.includes('array')) return all;
  const isNumeric = value.trim() !== '' && !Number.isNaN(Number(value));
  if ((types.includes('integer') || types.includes('number')) && isNumeric) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** The query of a request, converted to the contract's types, or what is wrong with it. */
export function checkQuery(
  operation: ContractOperation,
  searchParams: URLSearchParams,
): { query: Record<string, unknown>; problem?: string } {
  const pathPointer = operation.pointer.slice(0, operation.pointer.lastIndexOf('/'));
  const parameterPointers = [pathPointer, operation.pointer].flatMap((owner) =>
    (((at(`${owner}/parameters`) as unknown[] | undefined) ?? []) as unknown[]).map(
      (_, index) => `${owner}/parameters/${index}`,
    ),
  );
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const defaults: Record<string, unknown> = {};
  const types: Record<string, unknown[]> = {};
  for (const pointer of parameterPointers) {
    const parameter = resolve(pointer);
    if (parameter?.node.in !== 'query') continue;
    const name = String(parameter.node.name);
    properties[name] = refTo(`${parameter.pointer}/schema`);
    if (parameter.node.required === true) required.push(name);
    // Converted and defaulted here, as a server does (Ajv would apply no default behind a $ref).
    const schema = resolve(`${parameter.pointer}/schema`);
    if (schema && 'default' in schema.node) defaults[name] = schema.node.default;
    types[name] = [schema?.node.type].flat();
  }
  const query: Record<string, unknown> = {};
  for (const [name, value] of searchParams)
    query[name] = convert(value, types[name] ?? [], searchParams.getAll(name));
  for (const [name, value] of Object.entries(defaults)) if (!(name in query)) query[name] = value;
  const validate = validatorFor(`${operation.pointer} query`, () => ({
    type: 'object',
    properties,
    required,
  }));
  return validate(query) ? { query } : { query, problem: describeErrors(validate.errors, 'query') };
}

/** Whether a request body matches the contract; answers what is wrong, or nothing. */
export function checkRequestBody(
  operation: ContractOperation,
  contentType: string | null,
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'other' },
): string | undefined {
  const declared = resolve(`${operation.pointer}/requestBody`);
  if (!declared) return undefined;
  if (body.kind === 'none')
    return declared.node.required === true ? 'the request body is required' : undefined;
  const content = (declared.node.content ?? {}) as Json;
  const mediaType = findMediaType(content, mediaTypeOf(contentType));
  if (!mediaType) {
    return `the request's content-type '${mediaTypeOf(contentType)}' is not one the contract lists (${Object.keys(content).join(', ')})`;
  }
  if (body.kind !== 'json') return undefined;
  const pointer = `${declared.pointer}/content/${escapePointer(mediaType)}/schema`;
  const validate = validatorFor(pointer, () => refTo(pointer));
  return validate(body.value) ? undefined : describeErrors(validate.errors, 'body');
}

/** The statuses the contract lists for an operation. */
export function listedStatuses(operation: ContractOperation): string[] {
  return Object.keys((at(`${operation.pointer}/responses`) as Json | undefined) ?? {});
}

/** Whether an answer matches the contract; answers what is wrong, or nothing. */
export async function checkResponse(
  operation: ContractOperation,
  response: Response,
): Promise<string | undefined> {
  const statuses = listedStatuses(operation);
  const status = String(response.status);
  const listed = [status, `${status[0]}XX`, 'default'].find((candidate) => statuses.includes(candidate));
  if (!listed) {
    return `answered ${status}, a status the contract does not list for ${operation.operationId} (it lists ${statuses.join(', ')})`;
  }
  const declared = resolve(`${operation.pointer}/responses/${listed}`);
  const content = declared?.node.content as Json | undefined;
  if (!declared || !content) return undefined;
  const actual = mediaTypeOf(response.headers.get('content-type'));
  const mediaType = findMediaType(content, actual);
  if (!mediaType) {
    return `answered ${status} with content-type '${actual || '(none)'}'; the contract lists ${Object.keys(content).join(', ')}`;
  }
  const schemaPointer = `${declared.pointer}/content/${escapePointer(mediaType)}/schema`;
  if (at(schemaPointer) === undefined || !(isJsonMediaType(actual) || actual === 'text/plain'))
    return undefined;
  const text = await response.clone().text();
  let value: unknown = text;
  if (isJsonMediaType(actual)) {
    try {
      value = JSON.parse(text);
    } catch {
      return `answered ${status} with a body that is not JSON`;
    }
  }
  const validate = validatorFor(schemaPointer, () => refTo(schemaPointer));
  return validate(value) ? undefined : `answered ${status} with ${describeErrors(validate.errors, 'body')}`;
}
