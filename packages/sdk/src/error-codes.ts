/**
 * The contract's status -> default error code table (`ErrorCodeByStatus`): the code an error answer
 * has when nothing more specific names one. The reference server reads the same table from
 * openapi.yaml; this copy is typed from the generated contract, so it cannot drift from it.
 */
import type { components } from './generated/schema';
import type { KnownErrorCode } from './types';

/** The contract's `ErrorCodeByStatus`: HTTP status (or `4XX`/`5XX` for any other) -> error code. */
export type ErrorCodeByStatus = components['schemas']['ErrorCodeByStatus'];

/**
 * The code of an error answer that names none, by HTTP status; `4XX` and `5XX` cover the statuses
 * the table does not name.
 * @example ERROR_CODE_BY_STATUS[413] // 'payload_too_large'
 */
export const ERROR_CODE_BY_STATUS: Readonly<ErrorCodeByStatus> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
  '4XX': 'request_failed',
  501: 'not_implemented',
  '5XX': 'internal',
  // `satisfies` refuses a missing, extra or different entry: the generated type is the contract's table.
} satisfies ErrorCodeByStatus;

/**
 * The default error code for an HTTP status: its own entry in {@link ERROR_CODE_BY_STATUS}, else the
 * entry of its class (`4XX`, `5XX`), else `undefined` (not an error status).
 * @example errorCodeForStatus(405) // 'method_not_allowed'; errorCodeForStatus(418) // 'request_failed'
 */
export function errorCodeForStatus(status: number): KnownErrorCode | undefined {
  const table: Partial<Record<string, KnownErrorCode>> = ERROR_CODE_BY_STATUS;
  return table[status] ?? table[`${(status / 100) | 0}XX`];
}
