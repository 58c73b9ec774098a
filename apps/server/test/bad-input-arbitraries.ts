// fast-check arbitraries read off the OpenAPI document's JSON schemas (no zod-4 bridge exists, and the
// document is what every new route gets for free): values a schema accepts, with hostile free text, and
// bodies a schema must refuse, each carrying at least one mutation the schema cannot accept.
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  /** Date bounds (vendor extensions: OpenAPI 3.1 has no keyword for them). */
  'x-formatMinimum'?: string;
  'x-formatMaximum'?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  default?: unknown;
  /** A valid value (zod drops `examples` from the input side of transforming schemas, not `example`). */
  example?: unknown;
  examples?: unknown[];
};

/** Valid strings a careless server would mishandle: markup, SQL, templates, odd Unicode. */
export const HOSTILE_TEXT = [
  '<script>alert(1)</script>',
  "'; drop table leads; --",
  "Robert'); DROP TABLE clients;--",
  '" OR "1"="1',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../etc/passwd',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  'Ünïcödé ñ 中文 😀',
  '\\u0000 literally',
  '%00%ff',
  'tab\tnew\r\nline',
];

/** Strings the input guard refuses wherever they are: NUL and unpaired surrogates. */
export const DISALLOWED_TEXT = ['nul\u0000byte', '\u0000', 'lone\uD800high', '\uDC00low first', 'a\uD83D'];

/** Dates the domain refuses: malformed, impossible, or outside 1900-01-01 … 2100-12-31. */
const MALFORMED_DATES = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '31/12/1990',
  '1990-1-1',
  'yesterday',
  '+010000-01-01',
];
const EXTREME_DATES = ['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01', '0001-01-01'];

/** Numbers around PostgreSQL's and JavaScript's limits, fractions, negative zero. */
const EXTREME_NUMBERS = [
  2 ** 31,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -0,
  0.5,
  -1.5,
  -1,
  0,
  2 ** 31 - 1,
  5e-324,
];

export const nestedObject = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const typesOf = (s: JsonSchema): Set<string> => {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return new Set(branches.flatMap((b) => [...typesOf(b)]));
  if (s.enum) return new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (s.const !== undefined) return new Set([typeof s.const]);
  if (s.type === undefined) return new Set(['any']);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return new Set(types.includes('integer') ? [...types, 'number'] : types);
};

/** Makes a string fit the schema's length bounds without splitting a surrogate pair. */
const fit = (text: string, s: JsonSchema) => {
  const max = s.maxLength ?? 80;
  let out = text;
  while (out.length > max) out = Array.from(out).slice(0, -1).join('');
  return out.length < (s.minLength ?? 0) ? out + 'x'.repeat((s.minLength ?? 0) - out.length) : out;
};

const numberBounds = (s: JsonSchema, integer: boolean) => {
  const lowest = integer ? -(2 ** 31) : -1e9;
  const highest = integer ? 2 ** 31 - 1 : 1e9;
  const step = integer ? 1 : 0.001;
  const min = Math.max(
    lowest,
    s.minimum ?? lowest,
    s.exclusiveMinimum === undefined ? lowest : s.exclusiveMinimum + step,
  );
  const max = Math.min(
    highest,
    s.maximum ?? highest,
    s.exclusiveMaximum === undefined ? highest : s.exclusiveMaximum - step,
  );
  return { min, max };
};

/** A value the JSON schema accepts (zod's refinements may still refuse it); free text is hostile. */
export function validValue(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map(validValue));
  const types = typesOf(s);
  if (types.has('object')) {
    const shape = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(v)]));
    return fc.record(shape, { requiredKeys: s.required ?? [] });
  }
  if (types.has('array')) return fc.array(validValue(s.items ?? {}), { maxLength: Math.min(s.maxItems ?? 3, 3) });
  if (types.has('integer')) return fc.integer(numberBounds(s, true));
  if (types.has('number')) return fc.double({ ...numberBounds(s, false), noNaN: true });
  if (types.has('boolean')) return fc.boolean();
  if (types.has('string')) {
    if (s.format === 'date') return fc.constantFrom('1994-05-17', '2000-02-29', '1900-01-01', '1985-12-31');
    if (s.pattern) {
      const max = s.maxLength ?? 254;
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= (s.minLength ?? 0) && v.length <= max);
    }
    return hostileText(s);
  }
  return fc.constantFrom<unknown>(HOSTILE_TEXT[0], 0, true, null);
}

/** Free text: a bounded string with no enum, pattern or format, so any text of its length is valid. */
const isFreeText = (s: JsonSchema) =>
  s.type === 'string' && s.maxLength !== undefined && !s.enum && !s.pattern && !s.format;

const hostileText = (s: JsonSchema) =>
  fc
    .oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'grapheme', maxLength: 20 }))
    .map((t) => fit(t, s))
    .filter((t) => t.trim().length >= (s.minLength ?? 0));

/**
 * The schema's own example, its free text swapped for hostile text: a body valid down to the cross-field
 * rules the JSON schema cannot state (a visa required when inside Australia), so that a mutation applied to
 * it is the only thing wrong with it.
 */
function fromExample(s: JsonSchema, example: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(example)) return fc.tuple(...example.map((item) => fromExample(s.items ?? {}, item)));
  if (example !== null && typeof example === 'object') {
    const entries = Object.entries(example).map(([k, v]) => [k, fromExample(s.properties?.[k] ?? {}, v)] as const);
    return fc.record(Object.fromEntries(entries));
  }
  if (typeof example === 'string' && isFreeText(s)) {
    return fc.oneof(fc.constant(example), hostileText(s));
  }
  return fc.constant(example);
}

/** A body to mutate: from the schema's example when it has one, else generated from the schema. */
export function baseValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const examples = s.examples ?? (s.example === undefined ? [] : [s.example]);
  return examples.length ? fc.oneof(...examples.map((e) => fromExample(s, e))) : validValue(s);
}

const matchesPattern = (pattern: string, value: string) => {
  const re = new RegExp(pattern);
  // zod trims many strings before its regex, so a value counts as refused only if its trimmed form fails too.
  return re.test(value) || re.test(value.trim());
};

const PG_INTEGER = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * An integer field whose schema sets no bound of its own (zod writes the safe-integer range) lands in an
 * integer column: beyond PostgreSQL's range it must be refused, not reach the database (SQLSTATE 22003).
 */
const withColumnBounds = (s: JsonSchema): JsonSchema => {
  if ([s.type].flat()[0] !== 'integer') return s;
  const unbounded = (v: number | undefined) => v === undefined || Math.abs(v) >= Number.MAX_SAFE_INTEGER;
  return {
    ...s,
    ...(unbounded(s.maximum) ? { maximum: PG_INTEGER.max } : {}),
    ...(unbounded(s.minimum) ? { minimum: PG_INTEGER.min } : {}),
  };
};

const numberAccepted = (s: JsonSchema, v: number): boolean => {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.some((b) => numberAccepted(b, v));
  if (s.enum) return s.enum.includes(v);
  const types = [s.type ?? 'number'].flat();
  if (!types.includes('number') && !(types.includes('integer') && Number.isInteger(v))) return false;
  if (s.minimum !== undefined && v < s.minimum) return false;
  if (s.maximum !== undefined && v > s.maximum) return false;
  if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return false;
  return s.exclusiveMaximum === undefined || v < s.exclusiveMaximum;
};

export type Refused = { value: unknown; note: string };

/**
 * Values the slot's schema must refuse. `null` and '' only where the field is required: optional fields
 * read them as 'not given' (spec 1 §2.7), which the JSON schema cannot say.
 */
export function refusedValues(s: JsonSchema, required: boolean): Refused[] {
  // A nullable slot refuses what its value schema refuses, except null (a PATCH field: null clears it).
  const inner = nonNull(s);
  if (inner) return refusedValues(inner, false).filter((r) => r.value !== null);
  const types = typesOf(s);
  const out: Refused[] = DISALLOWED_TEXT.map((value) => ({ value, note: 'disallowed character' }));
  if (types.has('any')) return out;
  const wrongType: [string, unknown][] = [
    ['string', HOSTILE_TEXT[1]],
    ['number', 1e308],
    ['boolean', true],
    ['array', [HOSTILE_TEXT[0]]],
    ['object', { injected: HOSTILE_TEXT[1] }],
    ['object', nestedObject(2_000)],
  ];
  for (const [type, value] of wrongType) {
    if (!types.has(type)) out.push({ value, note: `wrong type (${type})` });
  }
  if (required && !types.has('null')) out.push({ value: null, note: 'null' });
  if (s.enum && types.has('string')) {
    for (const text of HOSTILE_TEXT.slice(0, 4))
      if (!s.enum.includes(text)) out.push({ value: text, note: 'not in enum' });
  } else if (types.has('string') && s.type === 'string') {
    if (s.maxLength !== undefined) {
      out.push({ value: 'x'.repeat(s.maxLength + 1), note: 'one over maxLength' });
      if (s.maxLength < 1_000_000) out.push({ value: 'x'.repeat(1_048_576), note: '~1 MB string' });
    }
    if ((s.minLength ?? 0) >= 1 && required) out.push({ value: '', note: 'empty required string' });
    if ((s.minLength ?? 0) >= 2) out.push({ value: 'x'.repeat(s.minLength! - 1), note: 'under minLength' });
    if (s.pattern) {
      for (const text of [...HOSTILE_TEXT, 'not-an-address']) {
        if (!matchesPattern(s.pattern, text)) out.push({ value: text, note: 'pattern mismatch' });
      }
    }
    if (s.format === 'date') {
      for (const d of MALFORMED_DATES) out.push({ value: d, note: 'malformed date' });
      // Without declared bounds, still no year 0: PostgreSQL has none (SQLSTATE 22008).
      const min = s['x-formatMinimum'] ?? '0001-01-01';
      const max = s['x-formatMaximum'] ?? '9999-12-31';
      for (const d of EXTREME_DATES) if (d < min || d > max) out.push({ value: d, note: 'date out of range' });
    }
  }
  if (types.has('number')) {
    for (const n of EXTREME_NUMBERS) {
      if (!numberAccepted(withColumnBounds(s), n)) out.push({ value: n, note: `number ${n}` });
    }
  }
  if (types.has('array') && s.maxItems !== undefined) {
    out.push({ value: Array.from({ length: s.maxItems + 1 }, () => ({})), note: 'one over maxItems' });
  }
  return out;
}

type Path = (string | number)[];
export type Slot = { path: Path; schema: JsonSchema; required: boolean };

/** Every place in a body a value can go: properties, and the first item of arrays, recursively. */
export function slotsOf(s: JsonSchema, path: Path = [], required = true): Slot[] {
  const own: Slot = { path, schema: s, required };
  const children: Slot[] = [];
  const value = nonNull(s) ?? s;
  for (const [key, child] of Object.entries(value.properties ?? {})) {
    children.push(...slotsOf(child, [...path, key], (value.required ?? []).includes(key)));
  }
  if (value.items) children.push(...slotsOf(value.items, [...path, 0], true));
  return [own, ...children];
}

/** The value schema of a nullable one (zod writes `.nullable()` as anyOf [value, null]), else null. */
function nonNull(s: JsonSchema): JsonSchema | null {
  const branches = s.anyOf ?? [];
  const values = branches.filter((b) => b.type !== 'null');
  return branches.length === 2 && values.length === 1 ? (values[0] ?? null) : null;
}

export type Mutation = { path: Path; note: string } & ({ op: 'set'; value: unknown } | { op: 'delete' });

/** One change the schema must refuse, at a slot of the body. */
export function mutationArb(s: JsonSchema): fc.Arbitrary<Mutation> {
  const options: Mutation[] = [];
  for (const slot of slotsOf(s)) {
    const isRoot = slot.path.length === 0;
    for (const r of refusedValues(slot.schema, slot.required && !isRoot)) {
      options.push({ path: slot.path, op: 'set', value: r.value, note: r.note });
    }
    const value = nonNull(slot.schema) ?? slot.schema;
    for (const key of value.required ?? []) {
      const child = value.properties?.[key];
      if (child && child.default === undefined) {
        options.push({ path: [...slot.path, key], op: 'delete', note: `missing required '${key}'` });
      }
    }
  }
  return fc.constantFrom(...options);
}

const isContainer = (value: unknown): value is Record<string | number, unknown> =>
  value !== null && typeof value === 'object';

/**
 * Applies a mutation, copying only the containers on its path (the rest is shared: a body may hold a
 * 2,000-deep object) and creating the ones the body lacks.
 */
export function applyMutation(body: unknown, m: Mutation): unknown {
  const [key, ...rest] = m.path;
  if (key === undefined) return m.op === 'set' ? m.value : undefined;
  // An array stays an array (indexing it by a property name is itself a wrong shape); a scalar makes way.
  const copy = (
    Array.isArray(body) ? [...(body as unknown[])] : isContainer(body) ? { ...body } : typeof key === 'number' ? [] : {}
  ) as Record<string | number, unknown>;
  if (rest.length === 0) {
    if (m.op === 'delete') delete copy[key];
    else copy[key] = m.value;
  } else {
    copy[key] = applyMutation(copy[key], { ...m, path: rest });
  }
  return copy;
}

/** Unknown fields a body may carry: never stored; the marker lets the test look for them. */
export const unknownFields = (s: JsonSchema, marker: string) =>
  fc.subarray(unknownFieldNames(s)).map((keys) => Object.fromEntries(keys.map((k) => [k, `${marker}-${k}`])));

/** Names a body must not be able to set (mass assignment), minus those the schema does take. */
export const unknownFieldNames = (s: JsonSchema) =>
  [
    'id',
    'role',
    'isAdmin',
    'isHidden',
    'createdBy',
    'deletedAt',
    'convertedToClientId',
    'passwordHash',
    'zzUnknown',
  ].filter((name) => !(name in (s.properties ?? {})));

/** Bodies that are no JSON at all (empty included), or JSON the parser refuses (prototype poisoning). */
export const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  "{'single': 'quotes'}",
  '[1, 2',
  'undefined',
  '{"a": 1,}',
  '\u0000',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  nestedArray(1) + '}',
];

/** A body whose top level is not an object: arrays, scalars, deep nesting. */
export const NOT_AN_OBJECT = ['[]', '[{}]', '"<script>alert(1)</script>"', '42', '1e999', 'true', nestedArray(5_000)];

/** Content types the API does not read: answered 415 before any handler runs. */
export const FOREIGN_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/json; charset=iso-8859-1',
  'application/json; charset="utf-16"',
];
