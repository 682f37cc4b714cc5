// Contract-first routing: every operation of openapi/openapi.yaml becomes a route with the
// contract's request schemas (validation) and response schemas (serialization), bound to the
// handler registered under its operationId (fastify-openapi-glue does the schema plumbing). Start-up
// fails when an operation has no handler, or a handler names no operation, so gaps cannot hide.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import { parse } from 'yaml';
import { badRequest, unsupportedMediaType } from './errors.js';
import type { RateLimitOptions } from './rate-limit.js';
import { registerRequestInputChecks } from './request-input.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const SAFE_METHODS: ReadonlySet<string> = new Set(['get', 'head', 'options']);

export type SecuritySchemeKind = 'session' | 'bearer';

/** What the platform needs to know about one operation, read from the contract. */
export interface OperationMeta {
  operationId: string;
  method: string;
  path: string;
  /** Feature the caller's role group must hold; undefined for open operations. */
  requiredFeature?: string;
  /** `x-additional-required-feature`: a second feature required when a body field has a value. */
  additionalFeature?: { field: string; value: string; feature: string };
  /** How a caller may prove who they are (empty for open operations). */
  schemes: ReadonlySet<SecuritySchemeKind>;
  isExtension: boolean;
  /**
   * Whether the operation changes state: every method but GET/HEAD/OPTIONS, and a GET the contract
   * marks `x-state-changing: true`. A cookie-authenticated call to one needs the XSRF header and is
   * refused when fetch metadata shows a cross-site request or a navigation.
   */
  isStateChanging: boolean;
  /** Media types the request body may have (empty: no body). */
  requestContentTypes: readonly string[];
  isBodyRequired: boolean;
  /** Replaces the generic message of a validation failure (some spec messages are fixed). */
  validationMessage?: string;
  /** Replaces the generic message of a request without the body it requires (OperationHandler). */
  missingBodyMessage?: string;
}

export type OperationHandler =
  | RouteHandlerMethod
  | {
      handler: RouteHandlerMethod;
      /** Message answered (400 validation_failed) instead of the validator's when the request is invalid. */
      validationMessage?: string;
      /**
       * Message answered (400 bad_request) instead of the generic one when a request that needs a
       * body has none: the spec's 'No file provided' for an upload sent without anything.
       */
      missingBodyMessage?: string;
      /** A rate limit for this operation (see platform/http/rate-limit.ts); none when absent. */
      rateLimit?: RateLimitOptions;
      /**
       * Authorization that needs the validated request (a department the caller may not read):
       * throws the refusal. Runs before the rate limit counts the request, so what the caller may
       * never do is 403 however often they try, never 429.
       */
      authorize?: (request: FastifyRequest) => void | Promise<void>;
    };

export type Handlers = Record<string, OperationHandler>;

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is arbitrary JSON
export type OpenApiDocument = Record<string, any>;

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: OperationMeta;
  }
}

/** Reads and parses the contract. */
export function loadContract(file: string): OpenApiDocument {
  return parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

// biome-ignore lint/suspicious/noExplicitAny: resolves `$ref`s of arbitrary JSON
function resolveRef(document: OpenApiDocument, value: any): any {
  let current = value;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce(
      // biome-ignore lint/suspicious/noExplicitAny: JSON pointer walk
      (node: any, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')],
      document,
    );
  }
  return current;
}

function parseCondition(text: string): { field: string; value: string } {
  const match = /^\s*([A-Za-z_][\w]*)\s*=\s*['"]?([^'"]+?)['"]?\s*$/.exec(text);
  if (!match) throw new Error(`Cannot read x-additional-required-feature condition "${text}"`);
  return { field: match[1]!, value: match[2]! };
}

/** Every operation of the contract with what the platform enforces on it. */
export function listOperations(document: OpenApiDocument): OperationMeta[] {
  const operations: OperationMeta[] = [];
  const globalSecurity = document.security ?? [];
  for (const [path, pathItem] of Object.entries<Record<string, unknown>>(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      // biome-ignore lint/suspicious/noExplicitAny: OpenAPI operation object
      const operation = pathItem[method] as any;
      if (!operation) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const security: Record<string, unknown>[] = operation.security ?? globalSecurity;
      const schemes = new Set<SecuritySchemeKind>();
      for (const requirement of security) {
        for (const name of Object.keys(requirement)) {
          const scheme = document.components?.securitySchemes?.[name];
          if (scheme?.type === 'http' && scheme.scheme === 'bearer') schemes.add('bearer');
          else if (scheme?.type === 'apiKey' && scheme.in === 'cookie') schemes.add('session');
        }
      }
      const requiredFeature: string | undefined = operation['x-required-feature'];
      if (requiredFeature && schemes.size === 0) {
        throw new Error(
          `${operation.operationId} requires ${requiredFeature} but accepts no security scheme`,
        );
      }
      const additional = operation['x-additional-required-feature'];
      const requestBody = resolveRef(document, operation.requestBody);
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        requiredFeature,
        additionalFeature: additional
          ? { ...parseCondition(String(additional.when)), feature: String(additional.feature) }
          : undefined,
        schemes: requiredFeature ? schemes : new Set(),
        isExtension: operation['x-extension'] === true,
        isStateChanging: !SAFE_METHODS.has(method) || operation['x-state-changing'] === true,
        requestContentTypes: Object.keys(requestBody?.content ?? {}),
        isBodyRequired: requestBody?.required === true,
      });
    }
  }
  return operations;
}

function handlerOf(definition: OperationHandler): RouteHandlerMethod {
  return typeof definition === 'function' ? definition : definition.handler;
}

/**
 * Registers every operation of `document` on `app`, bound to `handlers` by operationId. Throws
 * (failing start-up) when an operation has no handler or a handler matches no operation.
 */
export async function registerContract(
  app: FastifyInstance,
  document: OpenApiDocument,
  handlers: Handlers,
): Promise<OperationMeta[]> {
  const operations = listOperations(document);
  const known = new Set(operations.map((operation) => operation.operationId));
  const missing = operations.filter((operation) => !handlers[operation.operationId]);
  if (missing.length > 0) {
    throw new Error(
      `No handler for operation(s) ${missing.map((operation) => `${operation.operationId} (${operation.method} ${operation.path})`).join(', ')}. ` +
        'Every operation of openapi.yaml needs a handler; answer 501 not_implemented for capabilities not built yet.',
    );
  }
  const orphans = Object.keys(handlers).filter((operationId) => !known.has(operationId));
  if (orphans.length > 0) {
    throw new Error(`Handler(s) for operation(s) missing from openapi.yaml: ${orphans.join(', ')}`);
  }
  const byId = new Map(
    operations.map((operation) => {
      const definition = handlers[operation.operationId]!;
      const { validationMessage, missingBodyMessage } = typeof definition === 'function' ? {} : definition;
      return [operation.operationId, { ...operation, validationMessage, missingBodyMessage }];
    }),
  );

  app.addHook('onRoute', (route) => {
    const operation = route.config?.operation;
    // Multipart bodies are streamed by their handlers: validating `request.body` (undefined for
    // streamed parts) against the form schema would refuse every upload.
    const body = route.schema?.body as { content?: Record<string, unknown> } | undefined;
    if (operation && body?.content?.['multipart/form-data']) {
      delete body.content['multipart/form-data'];
      if (Object.keys(body.content).length === 0) delete route.schema!.body;
    }
  });

  // Fastify validates a body only when a schema exists for its media type; a JSON body sent to a
  // multipart operation (or no body where one is required) must be refused just the same. Checked
  // before the body is parsed, so another media type is 415 whether a parser reads it or not.
  app.addHook('preParsing', async (request: FastifyRequest, _reply, payload) => {
    const operation = request.routeOptions.config.operation;
    if (!operation || operation.requestContentTypes.length === 0) return payload;
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (!mediaType) {
      if (operation.isBodyRequired) {
        throw badRequest(
          operation.missingBodyMessage ??
            `A request body is required (${operation.requestContentTypes.join(' or ')}).`,
        );
      }
      return payload;
    }
    if (!operation.requestContentTypes.includes(mediaType)) {
      throw unsupportedMediaType(
        `Expected a ${operation.requestContentTypes.join(' or ')} body, got ${mediaType}.`,
      );
    }
    return payload;
  });
  // Text the database cannot store and out-of-range date-times: refused once, for every operation.
  registerRequestInputChecks(app);

  // Glue warns at start-up of every media type in the contract without a body parser, answers'
  // included (application/zip, text/event-stream, images...): request bodies are checked above, so
  // those warnings would only tell an operator something is wrong when it is not.
  const requestMediaTypes = new Set(operations.flatMap((operation) => operation.requestContentTypes));
  const warn = app.log.warn.bind(app.log);
  app.log.warn = ((message: unknown, ...rest: unknown[]) => {
    const mediaType =
      typeof message === 'string' && /^ContentTypeParser for '(.+)' not found$/.exec(message)?.[1];
    if (mediaType && !requestMediaTypes.has(mediaType)) return;
    (warn as (...args: unknown[]) => void)(message, ...rest);
  }) as typeof app.log.warn;
  await app.register(openapiGlue, {
    specification: document,
    // Glue merges what the resolver answers into the route options it builds from the contract.
    operationResolver: ((operationId: string) => {
      const operation = byId.get(operationId);
      if (!operation) throw new Error(`Unknown operation ${operationId}`);
      const definition = handlers[operationId]!;
      const limit = typeof definition === 'function' ? undefined : definition.rateLimit;
      const authorize = typeof definition === 'function' ? undefined : definition.authorize;
      return {
        handler: handlerOf(definition),
        config: { operation, ...(limit ? { rateLimit: limit } : {}) },
        // The rate limit adds its hook after the route's own preHandler: a refusal comes before the count.
        ...(authorize ? { preHandler: async (request: FastifyRequest) => authorize(request) } : {}),
      };
    }) as unknown as FastifyOpenapiGlueOptions['operationResolver'],
  });
  app.log.warn = warn as typeof app.log.warn;
  return [...byId.values()];
}

/** A handler answering 501 not_implemented: for operations whose capability comes in a later release. */
export function notImplementedHandler(capability: string): RouteHandlerMethod {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    return reply.code(501).send({
      error: `${capability} is not available on this server yet.`,
      code: 'not_implemented',
    });
  };
}
