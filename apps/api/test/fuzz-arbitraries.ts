/**
 * fast-check arbitraries for hostile requests, derived from the api-client's zod (mini) request
 * schemas: values close to what a schema accepts (its keys, its limits and one past them) mixed with
 * anything JSON can carry, texts with NUL, lone surrogates or 100,000 characters, and keys named like
 * built-in properties.
 */
import fc from 'fast-check';

/** Keys that trip code treating a plain object as a map. */
export const BUILT_IN_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
] as const;

/** Texts that break naive code: NUL, lone surrogates, control and bidi characters, SQL and LIKE. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udfffb',
  '\ud83d',
  '💊',
  '\u202e',
  '\r\n',
  '%',
  '%_\\',
  "'; drop table products; --",
  '$1',
  '{}',
  '[]',
  'null',
  '1e309',
  'NaN',
  '-0',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  ...BUILT_IN_KEYS,
];

/** Any text, mostly short: full Unicode including lone surrogates, with the nasty ones above. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 2 },
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(101, 201, 1001, 10_000, 100_000), fc.constantFrom('x', '\u0000', 'ñ', '\ud800'))
      .map(([length, unit]) => unit.repeat(length)),
    weight: 1,
  },
);

/** Numbers at and past every limit the schemas use, and the ones JSON allows that code forgets. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 1.5, 0.1, 99, 100, 101, 500, 501, 9999, 10_000, 100_000, 100_001),
  fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A key of an object: a built-in property's name, a nasty text or any text. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...BUILT_IN_KEYS), weight: 3 },
  { arbitrary: hostileString, weight: 2 },
);

/** An object whose own keys may be anything, `__proto__` included (as an own data property). */
function objectOf(entries: fc.Arbitrary<[string, unknown][]>): fc.Arbitrary<Record<string, unknown>> {
  return entries.map((list) => Object.fromEntries(list));
}

/** Any JSON value with hostile texts, numbers and keys, a few levels deep. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    objectOf(fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 })),
  ),
})).value;

interface ZodDef {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  element?: { _zod: { def: ZodDef } };
  innerType?: { _zod: { def: ZodDef } };
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: { _zod: { def: ZodDef } }[];
  coerce?: boolean;
}

/** A schema as seen from its definition (zod mini keeps it at `_zod.def`). */
export interface SchemaLike {
  _zod: { def: unknown };
}

function checks(def: ZodDef): Record<string, unknown>[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

/** A value of one limit check (`max_length` → its maximum), when the schema has it. */
function limit(def: ZodDef, check: string, field: string): number | undefined {
  const found = checks(def).find((entry) => entry.check === check);
  return typeof found?.[field] === 'number' ? (found[field] as number) : undefined;
}

function fromDef(def: ZodDef): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return def.innerType ? fromDef(def.innerType._zod.def) : hostileJson;
    case 'string': {
      const max = limit(def, 'max_length', 'maximum') ?? 100;
      return fc.oneof(
        { arbitrary: fc.string({ maxLength: Math.min(max, 30) }), weight: 3 },
        { arbitrary: fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1)), weight: 1 },
        { arbitrary: hostileString, weight: 2 },
      );
    }
    case 'number': {
      const min = limit(def, 'greater_than', 'value') ?? 0;
      const max = limit(def, 'less_than', 'value') ?? 1_000_000;
      const near = fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.min(Math.floor(max), Math.ceil(min) + 20) }),
        fc.constantFrom(min, max, min - 1, max + 1, min + 0.5),
        hostileNumber,
      );
      // A query string carries texts: a coerced number is sent as one.
      return def.coerce
        ? fc.oneof(
            near.map(String),
            hostileString,
            fc.array(near.map(String), { minLength: 2, maxLength: 3 }),
          )
        : near;
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })), hostileString);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => fromDef(option._zod.def)));
    case 'array': {
      const max = limit(def, 'max_length', 'maximum') ?? 10;
      const element = def.element ? fromDef(def.element._zod.def) : hostileJson;
      return fc.oneof(
        { arbitrary: fc.array(element, { maxLength: 5 }), weight: 4 },
        // One past the limit, the length is what is tried: elements near their schema would multiply
        // through nested limits (a body's 200 blocks of 50 items of 100 runs) into gigabytes.
        { arbitrary: fc.array(fc.constant(null), { minLength: max + 1, maxLength: max + 1 }), weight: 1 },
      );
    }
    case 'object': {
      const shape = Object.entries(def.shape ?? {});
      // Each known key: absent, a value near its schema, or anything; then extra hostile keys.
      const known = shape.map(([key, schema]) =>
        fc
          .option(
            fc.oneof(
              { arbitrary: fromDef(schema._zod.def), weight: 4 },
              { arbitrary: hostileJson, weight: 1 },
            ),
            { nil: undefined, freq: 4 },
          )
          .map((value): [string, unknown][] => (value === undefined ? [] : [[key, value]])),
      );
      const extra = fc.oneof(
        { arbitrary: fc.constant([] as [string, unknown][]), weight: 3 },
        { arbitrary: fc.array(fc.tuple(hostileKey, hostileJson), { minLength: 1, maxLength: 3 }), weight: 2 },
      );
      return objectOf(fc.tuple(fc.tuple(...known), extra).map(([lists, more]) => [...lists.flat(), ...more]));
    }
    default:
      return hostileJson;
  }
}

/**
 * Values for a request schema: mostly near it (its keys, its limits and one past), sometimes any
 * JSON at all (an array, a number, a text, null instead of the object).
 * @example fc.sample(requestArbitrary(SearchRequestSchema), 3)
 */
export function requestArbitrary(schema: SchemaLike): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fromDef(schema._zod.def as ZodDef), weight: 5 },
    { arbitrary: hostileJson, weight: 1 },
  );
}

/**
 * Percent-encodes a text's UTF-8 bytes (a lone surrogate becomes U+FFFD's bytes, where
 * `encodeURIComponent` would throw).
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** A path segment: a plausible id, a limit, or any text (percent-encoded, or raw when it is ASCII). */
export function segmentArbitrary(plausible: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...plausible), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        ...['0', '-1', '1.5', '2147483648', '99999999999', '1e3', '..', '9'.repeat(120)],
        ...['%', '%zz', '%00', '%FF', '%ED%A0%80', '%C0%AF', '%2F', '%2e%2e'],
      ),
      weight: 2,
    },
    { arbitrary: hostileString.map(percentEncode), weight: 2 },
    {
      arbitrary: fc
        .string({ unit: 'grapheme-ascii', maxLength: 12 })
        .map((text) => text.replace(/[/?#\s]/g, '')),
      weight: 1,
    },
  );
}

/** A query string from a query schema's arbitrary values: `?page=2&x=…`, arrays as repeated keys. */
export function queryArbitrary(schema: SchemaLike): fc.Arbitrary<string> {
  return requestArbitrary(schema).map((value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return `?${percentEncode(String(value))}`;
    const params = new URLSearchParams();
    for (const [key, item] of Object.entries(value)) {
      // Arrays in bracket notation, as the API reads them (api-client's search-params.ts).
      const name = Array.isArray(item) ? `${key}[]` : key;
      for (const one of Array.isArray(item) ? item : [item]) {
        params.append(name, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
      }
    }
    const text = params.toString();
    return text ? `?${text}` : '';
  });
}
