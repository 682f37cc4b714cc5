// Handlers typed from the contract: src/generated/contract.ts is openapi-typescript's output for
// openapi/openapi.yaml (the same file the SDK generates; `pnpm --filter @digital-assistant/server
// run generate`, checked current by a test), imported as types only, so the server has no runtime
// dependency on the SDK. `defineHandlers` takes handlers keyed by operationId: each one's
// request.body, request.query and request.params get the operation's types and what it returns must
// be the operation's success body. A contract change that a handler does not follow breaks `tsc`.
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { operations } from '../../generated/contract.js';
import type { Handlers, OperationHandler } from './contract.js';

export type OperationId = keyof operations;

type JsonContent<Part> = Part extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON request body of an operation (unknown for multipart bodies, which handlers stream). */
export type RequestBodyOf<Id extends OperationId> = operations[Id] extends {
  requestBody?: infer Body;
}
  ? [NonNullable<Body>] extends [never]
    ? undefined
    : NonNullable<Body> extends { content: { 'application/json': infer Json } }
      ? Json
      : unknown
  : undefined;

type ParametersOf<Id extends OperationId, Where extends 'query' | 'path'> = operations[Id] extends {
  parameters: { [Key in Where]?: infer Value };
}
  ? [NonNullable<Value>] extends [never]
    ? Record<string, never>
    : NonNullable<Value>
  : Record<string, never>;

export type QueryOf<Id extends OperationId> = ParametersOf<Id, 'query'>;
export type ParamsOf<Id extends OperationId> = ParametersOf<Id, 'path'>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON body of the operation's success responses. */
export type ResponseOf<Id extends OperationId> = {
  [Status in keyof operations[Id]['responses'] & SuccessStatus]: JsonContent<
    operations[Id]['responses'][Status]
  >;
}[keyof operations[Id]['responses'] & SuccessStatus];

export type TypedRequest<Id extends OperationId> = FastifyRequest<{
  Body: RequestBodyOf<Id>;
  Querystring: QueryOf<Id>;
  Params: ParamsOf<Id>;
}>;

/**
 * A handler of operation `Id`: answers its success body, or the reply when it sends something
 * else itself (another status, text, a stream); errors are thrown as HttpError.
 */
export type TypedHandler<Id extends OperationId> = (
  request: TypedRequest<Id>,
  reply: FastifyReply,
) => Promise<ResponseOf<Id> | FastifyReply>;

/** A typed handler, alone or with the route options of `OperationHandler` (rateLimit, authorize...). */
export type TypedHandlerDefinition<Id extends OperationId> =
  | TypedHandler<Id>
  | (Omit<Exclude<OperationHandler, RouteHandlerMethod>, 'handler' | 'authorize'> & {
      handler: TypedHandler<Id>;
      authorize?: (request: TypedRequest<Id>) => void | Promise<void>;
    });

/** The handlers of some operations, each typed from its operationId. */
export type TypedHandlers = { [Id in OperationId]?: TypedHandlerDefinition<Id> };

/**
 * Types each handler from the operation it is keyed by; a key that names no operation is an error.
 * @example
 * defineHandlers({
 *   async deleteUsers(request) {
 *     const { emails } = request.body; // string[], from the contract
 *     return { message: '...', deleted: emails };
 *   },
 * });
 */
export function defineHandlers(handlers: TypedHandlers): Handlers {
  // The contract plugin validated the request against the same schema the types come from.
  return handlers as Record<string, OperationHandler>;
}

/** One handler typed from its operation, for use outside `defineHandlers`. */
export function typedHandler<Id extends OperationId>(handler: TypedHandler<Id>): RouteHandlerMethod {
  return handler as unknown as RouteHandlerMethod;
}
