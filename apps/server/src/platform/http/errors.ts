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

export const badRequest = (message: string, details?: unknown) =>
  new HttpError(400, 'validation_failed', message, details);
export const unauthenticated = (message = 'You are not signed in.') =>
  new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const notImplemented = (message: string) => new HttpError(501, 'not_implemented', message);
