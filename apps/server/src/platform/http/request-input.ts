// What every contract operation's input must satisfy before any handler or query sees it, checked
// once here rather than in each handler:
// - text the database can store: no NUL character (PostgreSQL text and jsonb refuse it) and no
//   unpaired UTF-16 surrogate (jsonb refuses its escape), in the query parameters the operation
//   declares, in path parameters and in every string (and key) of a JSON body, however deeply nested;
// - date-times (`format: date-time` in the operation's schemas) within what PostgreSQL stores,
//   normalised to UTC (`YYYY-MM-DDTHH:MM:SS[.ffffff]Z`, sub-second digits kept to the microsecond)
//   so an offset like -17:00, valid in RFC 3339 but not in PostgreSQL, never reaches a query.
// Both answer 400 `validation_failed` with the common error body.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

type Location = 'querystring' | 'params' | 'body';

interface Issue {
  in: Location;
  path: string;
  message: string;
}

const UNSTORABLE_MESSAGE =
  'contains a character that cannot be stored (the NUL character \\u0000 or an unpaired surrogate)';

/** Whether a string can be stored as PostgreSQL text and inside jsonb. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

const pointer = (parts: readonly (string | number)[]): string =>
  parts.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** The first string (value or key) of `value` the database could not store, as a JSON pointer. */
function findUnstorable(value: unknown): string | undefined {
  // Iterative, and linear: each entry links to its parent, the path is spelled out only for the
  // string refused (copying it at every level made a deep body cost its depth squared).
  interface Entry {
    value: unknown;
    key: string | number | undefined;
    parent: Entry | undefined;
  }
  const pathOf = (entry: Entry | undefined, last?: string): string => {
    const parts: (string | number)[] = last === undefined ? [] : [last];
    for (let at = entry; at?.key !== undefined; at = at.parent) parts.push(at.key);
    return pointer(parts.reverse());
  };
  const stack: Entry[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(entry);
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        stack.push({ value: current[index], key: index, parent: entry });
      }
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return pathOf(entry, key);
        stack.push({ value: item, key, parent: entry });
      }
    }
  }
  return undefined;
}

/**
 * Throws 400 `validation_failed` when `value` holds text the database cannot store. For input the
 * central hook does not see (e.g. the fields of a streamed multipart body).
 */
export function assertStorableText(value: unknown, location: string): void {
  const path = findUnstorable(value);
  if (path !== undefined) {
    throw badRequest(`Invalid request: ${location}${path} ${UNSTORABLE_MESSAGE}.`, [
      { in: location, path, message: UNSTORABLE_MESSAGE },
    ]);
  }
}

// RFC 3339 date-time, as the validator's `date-time` format reads it (T, t or a space between date and time).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
/** The range kept: four-digit years in UTC, which PostgreSQL's timestamptz and ISO 8601 both hold. */
const MIN_TIME = new Date('0001-01-01T00:00:00Z').getTime();
const MAX_TIME = new Date('9999-12-31T23:59:59.999Z').getTime();

export type DateTimeResult = { value: string } | { error: string } | undefined;

/**
 * Reads an RFC 3339 date-time and answers it in UTC (`YYYY-MM-DDTHH:MM:SS[.ffffff]Z`), or an error
 * when a field or the instant is out of range; undefined when the text is not shaped like a
 * date-time at all (left to the schema validator's message).
 */
export function normalizeDateTime(text: string): DateTimeResult {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = match[7];
  const sign = match[9] === '-' ? -1 : 1;
  const offsetHours = match[8] ? 0 : Number(match[10]);
  const offsetMinutes = match[8] ? 0 : Number(match[11]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { error: 'is not a calendar date' };
  }
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) {
    return { error: 'is not a valid time of day or UTC offset' };
  }
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, 0);
  const utc = local.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  if (second === 60 && new Date(utc - 1000).toISOString().slice(11, 19) !== '23:59:59') {
    return { error: 'has a leap second outside 23:59:60 UTC' };
  }
  if (!(utc >= MIN_TIME && utc <= MAX_TIME)) {
    return { error: 'is out of range (from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)' };
  }
  const digits = fraction ? `.${fraction.slice(0, 6)}` : '';
  return { value: `${new Date(utc).toISOString().slice(0, 19)}${digits}Z` };
}

function daysInMonth(year: number, month: number): number {
  const isLeapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 ? (isLeapYear ? 29 : 28) : [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON schema of the route
type Schema = Record<string, any>;

/**
 * Normalises, in place, every string of `value` whose schema says `format: date-time`; collects an
 * issue for each one out of range.
 */
function normalizeDateTimes(
  value: unknown,
  schema: Schema | undefined,
  location: Location,
  path: (string | number)[],
  issues: Issue[],
  replace: (next: string) => void,
  depth = 0,
): void {
  if (!schema || typeof schema !== 'object' || depth > 32) return;
  for (const part of schema.allOf ?? []) {
    normalizeDateTimes(value, part, location, path, issues, replace, depth + 1);
  }
  if (typeof value === 'string') {
    if (schema.format !== 'date-time') return;
    const result = normalizeDateTime(value);
    if (!result) return;
    if ('error' in result) issues.push({ in: location, path: pointer(path), message: result.error });
    else replace(result.value);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const set = (next: string) => {
        value[index] = next;
      };
      normalizeDateTimes(item, schema.items, location, [...path, index], issues, set, depth + 1);
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      const itemSchema =
        schema.properties?.[key] ??
        (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      const set = (next: string) => {
        record[key] = next;
      };
      normalizeDateTimes(item, itemSchema, location, [...path, key], issues, set, depth + 1);
    }
  }
}

function bodySchema(request: FastifyRequest): Schema | undefined {
  const body = request.routeOptions.schema?.body as Schema | undefined;
  if (!body) return undefined;
  if (!body.content) return body;
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  return body.content[mediaType]?.schema;
}

/**
 * The query parameters the operation declares: the others are ignored by every handler (and an
 * operation without parameters must not start answering 400 because of them).
 */
function declaredParameters(query: unknown, schema: Schema | undefined): Record<string, unknown> {
  const declared = schema?.properties ?? {};
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([name]) =>
      Object.hasOwn(declared, name),
    ),
  );
}

/** Registers the checks on every contract operation (routes carrying `config.operation`). */
export function registerRequestInputChecks(app: FastifyInstance): void {
  // preValidation: after authentication (401/403 come first) and body parsing, before the schema
  // validator, which then sees the normalised date-times.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.operation) return;
    const schema = request.routeOptions.schema;
    const inputs: Array<[Location, unknown]> = [
      ['querystring', declaredParameters(request.query, schema?.querystring as Schema | undefined)],
      ['params', request.params],
      ['body', request.body],
    ];
    for (const [location, value] of inputs) assertStorableText(value, location);

    const issues: Issue[] = [];
    const keep = () => {};
    normalizeDateTimes(request.query, schema?.querystring as Schema, 'querystring', [], issues, keep);
    normalizeDateTimes(request.params, schema?.params as Schema, 'params', [], issues, keep);
    normalizeDateTimes(request.body, bodySchema(request), 'body', [], issues, (next) => {
      request.body = next;
    });
    if (issues.length > 0) {
      const first = issues[0]!;
      throw badRequest(`Invalid request: ${first.in}${first.path} ${first.message}.`, issues);
    }
  });
}
