/**
 * Types of the contract fake, all derived from the generated `paths`: which operations exist, what a
 * handler receives for each and what it may answer. An answer the contract does not allow for that
 * operation (a status it does not list, a body of another shape) fails `tsc`.
 */
import type { paths } from '../generated/schema';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** Every operation of the contract as `"METHOD /path"`, e.g. `"GET /api/auth"` or `"POST /api/users"`. */
export type OperationKey = {
  [Path in keyof paths]: {
    [Method in HttpMethod]: paths[Path][Method] extends { responses: unknown }
      ? `${Uppercase<Method>} ${Path & string}`
      : never;
  }[HttpMethod];
}[keyof paths];

/** The generated operation type behind a key, e.g. `OperationOf<'GET /api/auth'>`. */
export type OperationOf<Key extends OperationKey> = Key extends `${infer Method} ${infer Path}`
  ? Path extends keyof paths
    ? Lowercase<Method> extends keyof paths[Path]
      ? NonNullable<paths[Path][Lowercase<Method>]>
      : never
    : never
  : never;

type ParametersOf<Key extends OperationKey> =
  OperationOf<Key> extends { parameters: infer Declared } ? Declared : never;

/** The query parameters of an operation as the contract types them (numbers as numbers, defaults applied). */
export type QueryOf<Key extends OperationKey> = [
  NonNullable<ParametersOf<Key>['query' & keyof ParametersOf<Key>]>,
] extends [never]
  ? Record<string, never>
  : NonNullable<ParametersOf<Key>['query' & keyof ParametersOf<Key>]>;

type RequestBodyDeclaration<Key extends OperationKey> =
  OperationOf<Key> extends { requestBody?: infer Body } ? Body : never;

/**
 * The request body an operation's handler receives: the parsed JSON for JSON bodies, `FormData` for
 * multipart ones, `undefined` for operations without a body (or an optional body that was not sent).
 */
export type RequestBodyOf<Key extends OperationKey> = [NonNullable<RequestBodyDeclaration<Key>>] extends [
  never,
]
  ? undefined
  : NonNullable<RequestBodyDeclaration<Key>> extends { content: infer Content }
    ? 'application/json' extends keyof Content
      ? Content['application/json'] | (undefined extends RequestBodyDeclaration<Key> ? undefined : never)
      : FormData
    : undefined;

type Responses<Key extends OperationKey> =
  OperationOf<Key> extends { responses: infer Declared } ? Declared : never;

/** The statuses the contract lists for an operation, e.g. `200 | 401 | 403 | 500`. */
export type StatusOf<Key extends OperationKey> = Extract<keyof Responses<Key>, number>;

/**
 * A JSON answer the contract allows for an operation: a status it lists with `application/json`
 * content, and a body of that status's schema.
 */
export type JsonReplyOf<Key extends OperationKey> = {
  [Status in StatusOf<Key>]: Responses<Key>[Status] extends { content: { 'application/json': infer Body } }
    ? {
        status: Status;
        body: Body;
        /** Extra response headers (`content-type` is `application/json`). */
        headers?: Record<string, string>;
      }
    : never;
}[StatusOf<Key>];

/** What a handler of the contract fake receives. */
export interface ContractRequest<Key extends OperationKey> {
  /** The operation, e.g. `"POST /api/users/delete"`. */
  readonly operation: Key;
  /** The path as requested (without the query). */
  readonly path: string;
  /** The query parameters, checked and converted to the contract's types (defaults applied). */
  readonly query: QueryOf<Key>;
  /** The request body, checked against the contract. */
  readonly body: RequestBodyOf<Key>;
  readonly headers: Headers;
  /** The original request (its body can still be read). */
  readonly request: Request;
}

/**
 * One operation's handler: answers a JSON reply the contract allows, or a `Response` (for text,
 * binary or streamed answers), which is checked against the contract all the same. Wrap a `Response`
 * in {@link offContract} to answer something the contract does not allow on purpose.
 */
export type ContractHandler<Key extends OperationKey> = (
  request: ContractRequest<Key>,
) => JsonReplyOf<Key> | Response | Promise<JsonReplyOf<Key> | Response>;

/** Handlers keyed by operation; operations without one answer 404 as on a server that lacks them. */
export type ContractHandlers = { [Key in OperationKey]?: ContractHandler<Key> };
