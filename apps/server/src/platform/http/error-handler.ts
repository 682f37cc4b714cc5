// One error handler for the whole server: every error leaves as the contract's error body. Client
// errors keep their message; server errors are logged and answered with a generic message only.
import type { FastifyError, FastifyInstance } from 'fastify';
import { type ErrorBody, HttpError } from './errors.js';

const CODES: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  501: 'not_implemented',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.toBody());
    }
    if (error.validation) {
      const message =
        request.routeOptions.config.operation?.validationMessage ?? `Invalid request: ${error.message}.`;
      const body: ErrorBody = {
        error: message,
        code: 'validation_failed',
        details: error.validation.map((issue) => ({
          in: error.validationContext,
          path: issue.instancePath,
          message: issue.message,
          ...(issue.params && Object.keys(issue.params).length > 0 ? { params: issue.params } : {}),
        })),
      };
      return reply.code(400).send(body);
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on the server.', code: 'internal' });
    }
    return reply.code(status).send({ error: error.message, code: CODES[status] ?? 'request_failed' });
  });
}
