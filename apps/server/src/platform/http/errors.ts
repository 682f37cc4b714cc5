import { errorCodeForStatus } from './error-codes.js';

/** The one error body of every operation (contract `Error`). */
export interface ErrorBody {
  error: string;
  code: string;
  details?: unknown;
}

/** An error a handler throws to answer with a given status and the common error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, details: this.details };
  }
}

/** An error with the contract's default code for its status (`ErrorCodeByStatus`). */
export const statusError = (statusCode: number, message: string, details?: unknown) =>
  new HttpError(statusCode, errorCodeForStatus(statusCode), message, details);

export const badRequest = (message: string, details?: unknown) => statusError(400, message, details);
export const unauthenticated = (message = 'You are not signed in.') => statusError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => statusError(403, message);
export const notFound = (message: string) => statusError(404, message);
export const conflict = (message: string) => statusError(409, message);
export const unsupportedMediaType = (message: string) => statusError(415, message);
export const notImplemented = (message: string) => statusError(501, message);
