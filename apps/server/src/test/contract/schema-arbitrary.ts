// JSON Schema (the 2020-12 subset an OpenAPI 3.1 contract uses) -> fast-check arbitraries, for the
// contract fuzzer and the authorization matrix.
//
// Written here rather than taken from a package: json-schema-faker 0.6 (ESM, seeded) leaves recursive
// `$ref`s as null and draws its own random numbers, so fast-check could neither shrink what it makes
// nor mix invalid parts into it; json-schema-fast-check is built on fast-check 1. This mapper covers
// the keywords the contract uses (type and type lists, const, enum, $ref, allOf/anyOf/oneOf, string
// lengths, pattern, formats, numeric bounds, array bounds and uniqueness, properties, required,
// additionalProperties) and treats any other keyword as a plain annotation.
import fc from 'fast-check';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is arbitrary JSON
export type JsonSchema = Record<string, any>;

export interface SchemaContext {
  /** Resolves a local `$ref` of the contract ("#/components/schemas/X"). */
  resolveRef: (ref: string) => JsonSchema;
  /**
   * Strings worth trying wherever a string goes (e-mails, role names, ids that exist): values the
   * server knows make handlers go further than random text does.
   */
  dictionary?: readonly string[];
}

const MAX_DEPTH = 6;

/** The schema itself, `$ref`s followed. */
export function deref(schema: JsonSchema | undefined, context: SchemaContext): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`$ref loop at ${current.$ref}`);
    current = { ...context.resolveRef(current.$ref), ...withoutRef(current) };
  }
  return current;
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

/** allOf branches merged into one schema (properties and required united, the rest overlaid). */
function flatten(schema: JsonSchema, context: SchemaContext): JsonSchema {
  const resolved = deref(schema, context);
  if (!Array.isArray(resolved.allOf)) return resolved;
  const { allOf, ...rest } = resolved;
  let merged: JsonSchema = rest;
  for (const part of allOf as JsonSchema[]) {
    const branch = flatten(part, context);
    merged = {
      ...branch,
      ...merged,
      properties: { ...branch.properties, ...merged.properties },
      required: [...new Set([...(branch.required ?? []), ...(merged.required ?? [])])],
    };
  }
  if (Object.keys(merged.properties).length === 0) delete merged.properties;
  if (merged.required.length === 0) delete merged.required;
  return merged;
}

type TypeName = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object';

/** The types a schema admits (none given: what its keywords suggest, else any). */
export function typesOf(schema: JsonSchema): TypeName[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type as TypeName];
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items) return ['array'];
  if (schema.minLength !== undefined || schema.pattern || schema.format) return ['string'];
  return [];
}

const codePoints = (value: string) => [...value].length;

function stringFits(schema: JsonSchema, value: string): boolean {
  const length = codePoints(value);
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return true;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Any RFC 3339 date-time, including years 0000 and 9999 and offsets up to ±23:59. */
export const anyDateTime: fc.Arbitrary<string> = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: undefined }),
    offset: fc.oneof(
      fc.constantFrom('Z', 'z', '+00:00', '-00:00'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([sign, hours, minutes]) => `${sign}${pad(hours)}:${pad(minutes)}`),
    ),
  })
  .map(
    (parts) =>
      `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}` +
      `${parts.fraction ? `.${parts.fraction}` : ''}${parts.offset}`,
  );

/** Date-times a client would send: around now, as Date#toISOString writes them. */
const usualDateTime = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/** Date-times at the edges of what the format allows, which databases and Date handle differently. */
export const EDGE_DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '2026-01-01T00:00:00-17:00',
  '2026-01-01T00:00:00+16:00',
  '2026-01-01T00:00:00-23:59',
  '9999-12-31T23:59:59+23:59',
  '9999-12-31T23:59:59-23:59',
  '1969-12-31T23:59:59.999999999Z',
  '4713-01-01T00:00:00Z',
  '2026-02-28T23:59:60Z',
];

function validString(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 40, minLength + 200);
  const sized = { minLength, maxLength };
  const formats: Record<string, fc.Arbitrary<string>> = {
    email: fc.emailAddress(),
    'date-time': fc.oneof(
      { weight: 3, arbitrary: usualDateTime },
      { weight: 2, arbitrary: anyDateTime },
      { weight: 1, arbitrary: fc.constantFrom(...EDGE_DATE_TIMES) },
    ),
    date: anyDateTime.map((value) => value.slice(0, 10)),
    uuid: fc.uuid(),
    uri: fc.webUrl(),
  };
  const texts: Array<fc.Arbitrary<string>> = [
    fc.string({ ...sized, unit: 'grapheme-ascii' }),
    fc.string({ ...sized, unit: 'grapheme' }),
    fc.string({ ...sized, unit: 'binary' }),
  ];
  if (schema.pattern) texts.push(fc.stringMatching(new RegExp(schema.pattern, 'u')));
  const base = (schema.format && formats[schema.format]) || fc.oneof(...texts);
  const known = (context.dictionary ?? []).filter((value) => stringFits(schema, value));
  const arbitrary: fc.Arbitrary<string> =
    known.length > 0
      ? fc.oneof({ weight: 3, arbitrary: base }, { weight: 2, arbitrary: fc.constantFrom(...known) })
      : base;
  return arbitrary.filter((value) => stringFits(schema, value));
}

function validNumber(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  if (isInteger) {
    const min = schema.minimum ?? (exclusiveMin !== undefined ? Math.floor(exclusiveMin) + 1 : -(2 ** 31));
    const max = schema.maximum ?? (exclusiveMax !== undefined ? Math.ceil(exclusiveMax) - 1 : 2 ** 31);
    return fc.integer({ min, max });
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    min: schema.minimum ?? exclusiveMin ?? -1e9,
    max: schema.maximum ?? exclusiveMax ?? 1e9,
    minExcluded: schema.minimum === undefined && exclusiveMin !== undefined,
    maxExcluded: schema.maximum === undefined && exclusiveMax !== undefined,
  });
}

/** Values the schema accepts (best effort: the tests check them against ajv). */
export function validValue(schema: JsonSchema, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const resolved = flatten(schema, context);
  if ('const' in resolved) return fc.constant(resolved.const);
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...resolved.enum);
  const branches = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = resolved;
    return fc.oneof(...branches.map((branch) => validValue({ ...shared, ...branch }, context, depth + 1)));
  }
  const types = typesOf(resolved);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => validOfType(type, resolved, context, depth)));
}

function validOfType(
  type: TypeName,
  schema: JsonSchema,
  context: SchemaContext,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return validString(schema, context);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength =
        depth >= MAX_DEPTH ? minLength : Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
      const items = validValue(schema.items ?? {}, context, depth + 1);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set<string>(schema.required ?? []);
      const keys = Object.keys(properties).filter((key) => depth < MAX_DEPTH || required.has(key));
      const record = fc.record(
        Object.fromEntries(keys.map((key) => [key, validValue(properties[key]!, context, depth + 1)])),
        { requiredKeys: keys.filter((key) => required.has(key)) },
      );
      const additional = schema.additionalProperties;
      if (!additional || typeof additional !== 'object' || depth >= MAX_DEPTH) return record;
      return fc
        .tuple(
          record,
          fc.dictionary(
            fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !(key in properties)),
            validValue(additional, context, depth + 1),
            { maxKeys: 3, noNullPrototype: true },
          ),
        )
        .map(([known, extra]) => ({ ...extra, ...known }));
    }
  }
}

// ---------------------------------------------------------------- invalid and nasty values

/** Strings that broke servers before: NUL and other control characters, odd unicode, injections. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u0000admin@example.com',
  '\u0001\u001f\u007f',
  '\ud800',
  'a\udfffb',
  '\ufeff',
  '\u202eevil',
  '\u200d\u200b',
  'e\u0301\u0301\u0301',
  '👩🏽‍💻🏳️‍🌈',
  '\uffff\ufffe',
  '\u2028\u2029',
  'ＡＤＭＩＮ',
  "' OR '1'='1' --",
  '%_%',
  '*',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e309',
  'ADMIN@EXAMPLE.COM',
  ' admin@example.com ',
  'core_admins',
  'a@b',
  '@',
];

/** The most JSON characters an array of one item repeated "too many" times takes (2 MB: twice the body limit). */
const MAX_REPEATED_JSON = 2_000_000;

/**
 * Very long strings, around and far beyond the usual limits. Escaped in JSON, the longest control
 * characters pass the 1 MiB body limit: the answer to that (413) must keep the contract too.
 */
const longString = fc
  .tuple(fc.constantFrom(257, 321, 2049, 20_001, 200_000), fc.constantFrom('x', 'é', '\u0000', '😀', ' '))
  .map(([length, unit]) => unit.repeat(length));

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_DATE_TIMES, 'yesterday', '2026-13-45T99:99:99Z') },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/** A string valid for the schema with a NUL byte (or another control character) slipped in. */
function withControlCharacter(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<string> {
  return fc
    .tuple(
      validString(schema, context),
      fc.nat(),
      fc.constantFrom('\u0000', '\u0000', '\u0000', '\u0008', '\u001b'),
    )
    .map(([value, position, character]) => {
      const points = [...value];
      points.splice(position % (points.length + 1), 0, character);
      return points.join('');
    });
}

const NUMBER_EDGES = [0, -1, 1.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308];

function nastyNumber(schema: JsonSchema): fc.Arbitrary<unknown> {
  const edges = [...NUMBER_EDGES];
  for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
    if (typeof bound === 'number') edges.push(bound - 1, bound, bound + 1, bound + 0.5);
  }
  return fc.oneof(fc.constantFrom(...edges), fc.constantFrom(...edges).map(String));
}

/** Any JSON value of another type than the schema admits. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const admitted = new Set(typesOf(schema));
  if (admitted.has('number')) admitted.add('integer');
  const candidates: Array<[TypeName, fc.Arbitrary<unknown>]> = [
    ['string', fc.constantFrom('x', '', '0', 'true')],
    ['integer', fc.constantFrom(0, 1, -1, 42)],
    ['number', fc.constantFrom(0.5, -1.25)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.constantFrom([], ['x'], [null], [{}])],
    ['object', fc.constantFrom({}, { x: 1 }, { '': null })],
  ];
  const others = candidates.filter(([type]) => !admitted.has(type)).map(([, arbitrary]) => arbitrary);
  return others.length > 0 ? fc.oneof(...others) : fc.constant(undefined);
}

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'role', 'is_admin', '', '\u0000'),
  fc.string({ minLength: 1, maxLength: 10 }),
);

/**
 * Values that are mostly shaped like the schema but break it somewhere: wrong types, missing and extra
 * fields, out-of-range numbers and lengths, NUL bytes, odd unicode, very long strings, edge dates.
 */
export function fuzzedValue(schema: JsonSchema, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const resolved = flatten(schema, context);
  const types = typesOf(resolved);
  const shaped =
    depth >= MAX_DEPTH ? validValue(resolved, context, depth) : fuzzedShape(resolved, context, depth);
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: validValue(resolved, context, depth) },
    { weight: 1, arbitrary: wrongType(resolved) },
    {
      weight: 1,
      arbitrary: types.includes('string') || types.length === 0 ? nastyString : nastyNumber(resolved),
    },
  );
}

function fuzzedShape(schema: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema || Array.isArray(schema.enum)) {
    const allowed: unknown[] = 'const' in schema ? [schema.const] : schema.enum;
    const near = allowed
      .filter((value): value is string => typeof value === 'string')
      .flatMap((value) => [value.toUpperCase(), `${value} `, `${value}\u0000`]);
    return fc.oneof(fc.constantFrom(...allowed), near.length > 0 ? fc.constantFrom(...near) : nastyString);
  }
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = schema;
    return fc.oneof(...branches.map((branch) => fuzzedValue({ ...shared, ...branch }, context, depth + 1)));
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.oneof(fc.jsonValue({ maxDepth: 3 }), nastyString);
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return fc.oneof(
            { weight: 2, arbitrary: withControlCharacter(schema, context) },
            { weight: 2, arbitrary: nastyString },
            {
              weight: 1,
              arbitrary: fc.string({
                unit: 'grapheme',
                minLength: (schema.maxLength ?? 64) + 1,
                maxLength: (schema.maxLength ?? 64) + 3,
              }),
            },
          );
        case 'integer':
        case 'number':
          return nastyNumber(schema);
        case 'boolean':
          return fc.constantFrom(true, false, 'true', 0, 1);
        case 'null':
          return fc.constantFrom(null, 'null', 0, '');
        case 'array': {
          const items = fuzzedValue(schema.items ?? {}, context, depth + 1);
          const minItems = schema.minItems ?? 0;
          const tooMany = schema.maxItems !== undefined ? schema.maxItems + 1 : 50;
          return fc.oneof(
            fc.array(items, { minLength: 0, maxLength: Math.max(minItems, 3) }),
            fc.constant([]),
            // Too many items, but never more than a few MB of JSON (an item can be a 200,000-character
            // string): a body the test cannot even build ('Invalid string length') tests nothing.
            items.map((item) => {
              const size = (JSON.stringify(item) ?? '').length + 1;
              const count = Math.min(tooMany, 2000, Math.max(2, Math.floor(MAX_REPEATED_JSON / size)));
              return Array.from({ length: count }, () => item);
            }),
            items.map((item) => [item, item]),
          );
        }
        case 'object': {
          const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
          const keys = Object.keys(properties);
          return fc
            .record({
              present: fc.record(
                Object.fromEntries(
                  keys.map((key) => [key, fuzzedValue(properties[key]!, context, depth + 1)]),
                ),
                { requiredKeys: [] },
              ),
              extra: fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 2 }), {
                maxKeys: 3,
                noNullPrototype: true,
              }),
            })
            .map(({ present, extra }) => {
              const value: Record<string, unknown> = {};
              // Defined with defineProperty so "__proto__" becomes a real key of the JSON body.
              for (const [key, item] of Object.entries(extra)) {
                Object.defineProperty(value, key, {
                  value: item,
                  enumerable: true,
                  configurable: true,
                  writable: true,
                });
              }
              return Object.assign(value, present);
            });
        }
      }
      return nastyString;
    }),
  );
}

/** Sets `key` as an own enumerable property, so "__proto__" becomes a real key of the JSON body. */
function setKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

/** A value of the schema's own kind that breaks it (or sits at its edges): the leaf mutations. */
function brokenLeaf(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  if (!types.includes('string') && types.length > 0) {
    return fc.oneof(
      { weight: 4, arbitrary: nastyNumber(schema) },
      { weight: 1, arbitrary: wrongType(schema) },
    );
  }
  const options: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 4, arbitrary: withControlCharacter(schema, context) },
    { weight: 3, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.constant('x'.repeat((schema.maxLength ?? 256) + 1)) },
    { weight: 1, arbitrary: wrongType(schema) },
  ];
  if (schema.format === 'date-time') {
    options.push({ weight: 6, arbitrary: fc.oneof(fc.constantFrom(...EDGE_DATE_TIMES), anyDateTime) });
  }
  return fc.oneof(...options);
}

/**
 * A value the schema accepts everywhere but in one place: one property, item or leaf replaced by a
 * broken one, one required property left out, or one unexpected property added. One fault at a time
 * gets past validation of the rest, so handlers see it.
 */
export function mutatedValue(schema: JsonSchema, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const resolved = flatten(schema, context);
  const leaf = brokenLeaf(resolved, context);
  if (depth >= MAX_DEPTH) return leaf;
  const branches = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = resolved;
    return fc.oneof(
      leaf,
      ...branches.map((branch) => mutatedValue({ ...shared, ...branch }, context, depth + 1)),
    );
  }
  const types = typesOf(resolved);
  if (types.includes('object') && resolved.properties) {
    const base = validOfType('object', resolved, context, depth) as fc.Arbitrary<Record<string, unknown>>;
    const properties = resolved.properties as Record<string, JsonSchema>;
    const keys = Object.keys(properties);
    const required = (resolved.required ?? []) as string[];
    const options: Array<fc.WeightedArbitrary<unknown>> = [
      {
        weight: 6,
        arbitrary: fc
          .constantFrom(...keys)
          .chain((key) =>
            fc
              .tuple(base, mutatedValue(properties[key]!, context, depth + 1))
              .map(([value, broken]) => setKey({ ...value }, key, broken)),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, extraKey, fc.jsonValue({ maxDepth: 2 }))
          .map(([value, key, extra]) => (key in properties ? value : setKey({ ...value }, key, extra))),
      },
      { weight: 1, arbitrary: leaf },
    ];
    if (required.length > 0) {
      options.push({
        weight: 2,
        arbitrary: fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
          const { [key]: _dropped, ...rest } = value;
          return rest;
        }),
      });
    }
    return fc.oneof(...options);
  }
  if (types.includes('array')) {
    const minItems = Math.max(resolved.minItems ?? 0, 1);
    const base = validOfType('array', { ...resolved, minItems }, context, depth) as fc.Arbitrary<unknown[]>;
    const tooMany = (resolved.maxItems ?? 100) + 1;
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(base, mutatedValue(resolved.items ?? {}, context, depth + 1), fc.nat())
          .map(([items, broken, index]) =>
            items.map((item, position) => (position === index % items.length ? broken : item)),
          ),
      },
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: base.map((items) => [...items, ...items]) },
      {
        weight: 1,
        arbitrary: base.map((items) =>
          Array.from({ length: Math.min(tooMany, 2000) }, (_, index) => items[index % items.length]),
        ),
      },
      { weight: 1, arbitrary: leaf },
    );
  }
  return leaf;
}

// ---------------------------------------------------------------- one deterministic example

export interface ExampleHints {
  /** E-mail to use wherever an e-mail goes (the caller's own, so "it must be you" checks pass). */
  email?: string;
  /** Values for named properties, wherever they appear. */
  properties?: Record<string, unknown>;
  /** Text to use wherever a plain string goes and it fits (a name the server knows, say). */
  text?: string;
}

/** A small value the schema accepts: required properties only, first enum value, shortest strings. */
export function exampleValue(schema: JsonSchema, context: SchemaContext, hints: ExampleHints = {}): unknown {
  const resolved = flatten(schema, context);
  if ('const' in resolved) return resolved.const;
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  const branches = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = resolved;
    return exampleValue({ ...shared, ...branches[0] }, context, hints);
  }
  const types = typesOf(resolved);
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'string':
      return exampleString(resolved, hints);
    case 'integer':
    case 'number': {
      const value =
        resolved.minimum ?? (resolved.exclusiveMinimum !== undefined ? resolved.exclusiveMinimum + 1 : 1);
      return resolved.maximum !== undefined ? Math.min(value, resolved.maximum) : value;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = resolved.minItems ?? 0;
      const items = deref(resolved.items ?? {}, context);
      if (resolved.uniqueItems && Array.isArray(items.enum)) return items.enum.slice(0, count);
      return Array.from({ length: count }, () => exampleValue(items, context, hints));
    }
    case 'object': {
      const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(
        ((resolved.required ?? []) as string[]).map((key) => [
          key,
          hints.properties && key in hints.properties
            ? hints.properties[key]
            : exampleValue(properties[key] ?? {}, context, hints),
        ]),
      );
    }
    default:
      return {};
  }
}

function exampleString(schema: JsonSchema, hints: ExampleHints): string {
  const candidates: string[] = [];
  if (schema.format === 'email') candidates.push(hints.email ?? 'someone@example.com');
  if (schema.format === 'date-time') candidates.push('2026-01-01T00:00:00Z');
  if (schema.format === 'date') candidates.push('2026-01-01');
  if (schema.format === 'uuid') candidates.push('00000000-0000-4000-8000-000000000000');
  if (schema.format === 'uri') candidates.push('https://example.com/');
  if (!schema.format && hints.text !== undefined) candidates.push(hints.text);
  candidates.push('x'.repeat(Math.max(1, schema.minLength ?? 1)));
  const found = candidates.find((candidate) => stringFits(schema, candidate));
  if (found !== undefined) return found;
  const [matching] = fc.sample(validString(schema, { resolveRef: () => ({}) }), { seed: 1, numRuns: 1 });
  return matching!;
}

// ---------------------------------------------------------------- deterministic probes

/** Where a probe puts its value: property names and array indexes from the root. */
export type ValuePath = Array<string | number>;

/** The date-times that broke servers: out of range for the database, odd offsets. */
const PROBE_DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '2026-01-01T00:00:00-17:00',
  '2026-01-01T00:00:00+16:00',
  '9999-12-31T23:59:59-23:59',
];

function probesForLeaf(schema: JsonSchema, context: SchemaContext): unknown[] {
  if ('const' in schema || Array.isArray(schema.enum)) {
    const allowed: unknown[] = 'const' in schema ? [schema.const] : schema.enum;
    const first = allowed[0];
    return typeof first === 'string' ? [`${first}\u0000`, first.toUpperCase(), 7] : ['x', null];
  }
  const types = typesOf(schema);
  const probes: unknown[] = [];
  if (types.includes('string') || types.length === 0) {
    const example = String(exampleValue(schema, context));
    const middle = Math.ceil(example.length / 2);
    probes.push(
      `${example.slice(0, middle)}\u0000${example.slice(middle)}`,
      'x'.repeat((schema.maxLength ?? 10_000) + 1),
    );
    if (schema.format === 'date-time') probes.push(...PROBE_DATE_TIMES);
  }
  if (types.includes('integer') || types.includes('number')) {
    probes.push(1.5, 2 ** 53 + 2, -(2 ** 63), '1');
    if (typeof schema.maximum === 'number') probes.push(schema.maximum + 1);
    if (typeof schema.minimum === 'number') probes.push(schema.minimum - 1);
  }
  if (types.includes('boolean')) probes.push('true');
  const wrong = fc.sample(wrongType(schema), { seed: 1, numRuns: 1 })[0];
  if (wrong !== undefined) probes.push(wrong);
  return probes;
}

/**
 * One fault at a time, in every place of a schema: for each leaf (properties at any depth, the first
 * item of arrays, every branch of anyOf/oneOf) a NUL byte, a too long string, edge date-times,
 * out-of-range numbers, a wrong type; for each object a required property left out. Deterministic,
 * so classes of defects that random generation reaches only by luck are tried on every run.
 */
export function probes(
  schema: JsonSchema,
  context: SchemaContext,
  path: ValuePath = [],
  depth = 0,
): Array<{ path: ValuePath; value: unknown } | { path: ValuePath; isRemoved: true }> {
  const resolved = flatten(schema, context);
  if (depth > 4) return [];
  const branches = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = resolved;
    return branches.flatMap((branch) => probes({ ...shared, ...branch }, context, path, depth + 1));
  }
  const types = typesOf(resolved);
  if (types.includes('object') && resolved.properties) {
    const properties = resolved.properties as Record<string, JsonSchema>;
    return [
      ...((resolved.required ?? []) as string[]).map((key) => ({
        path: [...path, key],
        isRemoved: true as const,
      })),
      ...Object.entries(properties).flatMap(([key, property]) =>
        probes(property, context, [...path, key], depth + 1),
      ),
    ];
  }
  if (types.includes('array') && resolved.items) {
    return probes(resolved.items, context, [...path, 0], depth + 1);
  }
  return probesForLeaf(resolved, context).map((value) => ({ path, value }));
}

/** `base` with `value` set (or the key removed) at `path`; missing containers are created. */
export function withValueAt(
  base: unknown,
  path: ValuePath,
  change: { value: unknown } | { isRemoved: true },
): unknown {
  if (path.length === 0) return 'isRemoved' in change ? undefined : change.value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const items = Array.isArray(base) ? [...base] : [];
    items[head] = withValueAt(items[head], rest, change);
    return items;
  }
  const object: Record<string, unknown> =
    base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  if (rest.length === 0 && 'isRemoved' in change) {
    delete object[head!];
    return object;
  }
  return setKey(object, head!, withValueAt(object[head!], rest, change));
}
