/**
 * One error type for every failure at the SDK edge: an HTTP error answer (with the contract's
 * `{ error, code }` body) or a failure before any answer (network, timeout, abort, no file).
 */
import { type ERROR_CODE_BY_STATUS, errorCodeForStatus } from './error-codes';
import type { ErrorBody, KnownErrorCode } from './types';

/**
 * Codes for failures that happen in the client, before or instead of a server answer
 * (`http_error`: a failed answer whose status is not an error status, e.g. an unfollowed redirect;
 * `invalid_response`: a successful answer the client cannot read, e.g. a broken event stream).
 */
export type ClientErrorCode =
  | 'network_error'
  | 'timeout'
  | 'aborted'
  | 'no_file'
  | 'http_error'
  | 'invalid_response';

/** A stable snake_case error code: one of the contract's, one of the client's, or another server's. */
export type DigitalAssistantErrorCode = KnownErrorCode | ClientErrorCode | (string & {});

/** Options for {@link DigitalAssistantError}. */
export interface DigitalAssistantErrorOptions {
  code: DigitalAssistantErrorCode;
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** Optional machine-readable details from the error body. */
  details?: unknown;
  /** The underlying error or the raw error body. */
  cause?: unknown;
  /** Seconds to wait before trying again, from the answer's `Retry-After` header (429, 503). */
  retryAfterSeconds?: number;
}

/** The SDK's error: a stable `code`, a readable `message`, the HTTP `status` if any, and the `cause`. */
export class DigitalAssistantError extends Error {
  override readonly name = 'DigitalAssistantError';
  /** Stable snake_case code, e.g. `forbidden`, `validation_failed`, `timeout`. */
  declare readonly code: DigitalAssistantErrorCode;
  /** HTTP status of the answer, or `undefined` when no answer arrived. */
  declare readonly status: number | undefined;
  /** `details` of the error body, if any. */
  declare readonly details: unknown;
  /**
   * Seconds to wait before asking again, from the answer's `Retry-After` header: e.g. a 429
   * `too_many_requests` of the chat rate limit. `undefined` when the server sent none.
   */
  declare readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options: DigitalAssistantErrorOptions) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * Whether `value` is a {@link DigitalAssistantError} (also across bundles, by shape).
 * @example if (isDigitalAssistantError(error) && error.code === 'forbidden') showNoAccess();
 */
export function isDigitalAssistantError(value: unknown): value is DigitalAssistantError {
  return (
    value instanceof DigitalAssistantError ||
    (value instanceof Error &&
      value.name === 'DigitalAssistantError' &&
      typeof (value as { code?: unknown }).code === 'string')
  );
}

/** Whether `value` has the contract's error body shape `{ error: string, code: string }`. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

const clientMessages: Record<Exclude<ClientErrorCode, 'http_error' | 'invalid_response'>, string> = {
  network_error: 'Network error',
  timeout: 'The request timed out',
  aborted: 'The request was aborted',
  no_file: 'No file provided',
};

/** A {@link DigitalAssistantError} for a failure in the client, with its standard message. */
export function clientError(code: keyof typeof clientMessages, cause?: unknown): DigitalAssistantError {
  const detail = code === 'network_error' && cause instanceof Error ? `: ${cause.message}` : '';
  return new DigitalAssistantError(clientMessages[code] + detail, { code, cause });
}

/**
 * The seconds a `Retry-After` header asks to wait: delta-seconds or an HTTP date (RFC 9110), rounded
 * up and never negative; `undefined` when absent or unreadable.
 * @example retryAfterSeconds('42') // 42
 */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Turns anything that went wrong into a {@link DigitalAssistantError}. With a `response`, `error` is
 * the parsed error body of that answer; without one, it is what was thrown (network failure, abort...).
 * An answer without the contract's error body gets the contract's default code for its status
 * ({@link ERROR_CODE_BY_STATUS}), e.g. `method_not_allowed` for 405.
 */
export function toDigitalAssistantError(error: unknown, response?: Response): DigitalAssistantError {
  if (isDigitalAssistantError(error)) return error;
  if (!response || response.ok) {
    const name = (error as { name?: unknown } | null)?.name;
    return clientError(
      name === 'TimeoutError' ? 'timeout' : name === 'AbortError' ? 'aborted' : 'network_error',
      error,
    );
  }
  const { status } = response;
  const body = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const text = [body.error, body.message, error].find(
    (item) => typeof item === 'string' && item.trim() !== '',
  );
  return new DigitalAssistantError((text as string | undefined) ?? `Request failed with status ${status}`, {
    code: isErrorBody(error) ? error.code : (errorCodeForStatus(status) ?? 'http_error'),
    status,
    details: body.details,
    cause: error,
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  });
}

/** The `{ data, error, response }` value every SDK call resolves to. */
export type CallResult<Data, Error = unknown> =
  | { data: Data; error?: never; response: Response }
  | { data?: never; error: Error; response: Response };

/**
 * Awaits an SDK call and returns its `data`, or throws a {@link DigitalAssistantError}
 * (for error answers and for failures before an answer). Used by the query layer.
 * @example const { user } = await unwrap(client.GET('/api/auth'));
 */
export async function unwrap<Data>(
  call: Promise<{ data?: Data; error?: unknown; response: Response }>,
): Promise<Data> {
  let result: { data?: Data; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    throw toDigitalAssistantError(error);
  }
  if (result.error !== undefined || !result.response.ok) {
    throw toDigitalAssistantError(result.error, result.response);
  }
  return result.data as Data;
}

/**
 * Whether a failed call to one of the contract's optional extension operations (`x-extension: true`)
 * means "this server does not offer it" (404, 405 or 501), so the caller can fall back.
 * @example const tokens = await unwrap(client.GET('/api/users/tokens')).catch((e) => (isUnavailable(e) ? null : Promise.reject(e)));
 */
export function isUnavailable(error: unknown): boolean {
  return isDigitalAssistantError(error) && [404, 405, 501].includes(error.status as number);
}
