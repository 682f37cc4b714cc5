// One error handler for the whole server: every error leaves as the contract's error body. Client
// errors keep their message; server errors are logged and answered with a generic message only.
// Codes not named by the error come from the contract's ErrorCodeByStatus table.
import type { FastifyError, FastifyInstance } from 'fastify';
import { errorCodeForStatus } from './error-codes.js';
import { type ErrorBody, HttpError } from './errors.js';

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
      return reply
        .code(500)
        .send({ error: 'Something went wrong on the server.', code: errorCodeForStatus(500) });
    }
    // The web framework's own errors (413, 415...) carry no contract code: the contract's table gives it.
    return reply.code(status).send({ error: error.message, code: errorCodeForStatus(status) });
  });
}
