// Test support: every error answer a test receives through `call()` is checked against the contract:
// its body is the common error body, its code is one of `ErrorCode`, and its status is one the
// operation lists. A handler or plugin that answers something the contract does not say fails the
// test that provoked it, whatever that test was about.
import type { LightMyRequestResponse } from 'fastify';
import { openapiPath } from '../platform/config/paths.js';
import { listOperations, loadContract } from '../platform/http/contract.js';
import { ERROR_CODES } from '../platform/http/error-codes.js';

const contract = loadContract(openapiPath());
const declaredStatuses = new Map(
  listOperations(contract).map((operation) => [
    `${operation.method} ${operation.path}`,
    new Set(Object.keys(contract.paths[operation.path][operation.method.toLowerCase()].responses)),
  ]),
);

/** What is wrong with an error answer to `method url`, or undefined when it keeps the contract. */
export function errorAnswerProblem(
  method: string,
  url: string,
  response: LightMyRequestResponse,
): string | undefined {
  if (response.statusCode < 400) return undefined;
  const path = url.split('?')[0]!;
  const where = `${method.toUpperCase()} ${path} answered ${response.statusCode}`;
  if (!path.startsWith('/api/')) return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${where} without a JSON error body: ${response.body.slice(0, 200)}`;
  }
  const { error, code } = (body ?? {}) as { error?: unknown; code?: unknown };
  if (typeof error !== 'string' || typeof code !== 'string') {
    return `${where} without the error body { error, code }: ${response.body.slice(0, 200)}`;
  }
  if (!ERROR_CODES.has(code)) {
    return `${where} with code '${code}', which is not in the contract's ErrorCode enum (openapi.yaml)`;
  }
  const statuses = declaredStatuses.get(`${method.toUpperCase()} ${path}`);
  if (statuses && !statuses.has(String(response.statusCode))) {
    return `${where} ${code}, a status openapi.yaml does not list for this operation (it lists ${[...statuses].join(', ')})`;
  }
  return undefined;
}
