// Bad input never gives a 500 (DECISIONS.md §4). Every /api route the app registers is fuzzed from the route
// table and the OpenAPI document, so a new route is covered without a line added here: write routes get
// bodies their schema must refuse (wrong types, nulls, missing fields, huge strings, NUL and lone
// surrogates, extreme numbers and dates, arrays for objects, deep nesting, unknown fields), foreign content
// types, broken JSON and malformed ids; read routes get hostile query strings and ids. Every answer is below
// 500, every 4xx has the error shape, a refused body is never a 2xx, and the business tables do not change.
// A body starts from its schema's documented example when it has one (valid down to the cross-field rules
// JSON schema cannot state), so that the one bad value put in is the only thing wrong with it and a server
// that fails to refuse it shows, as a 2xx or a 5xx.
//
// Routes that read no body (sign-out, restore, permanent delete, ...) take any JSON: on them only what is
// refused before the handler runs goes with a real record (foreign types, broken JSON, NUL anywhere); junk
// JSON goes with ids that name nothing, or, on a route with no id at all, with a session of its own, since
// running the action there is the route doing its job. No refused body reaches a rate limit: lead creation
// and sign-in count only requests that passed validation, and a 429 would be a 4xx anyway.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@crm/domain';
import { unknownFieldMessage } from '../src/plugins/errors.ts';
import { NOT_UTF8_MESSAGE } from '../src/plugins/input-guard.ts';
import type { RegisteredRoute } from '../src/plugins/route-access.ts';
import {
  applyMutation,
  baseValue,
  BROKEN_JSON,
  DISALLOWED_TEXT,
  FOREIGN_CONTENT_TYPES,
  HOSTILE_TEXT,
  type JsonSchema,
  mutationArb,
  NOT_AN_OBJECT,
  unknownFieldNames,
  unknownFields,
  validValue,
} from './bad-input-arbitraries.ts';
import { businessFingerprint, changedTables, tablesContaining } from './database-fingerprint.ts';
import { createFixture, type Fixture } from './record-fixtures.ts';

const SEED = 20261123;
const WRITE_RUNS = 100;
const READ_RUNS = 60;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Streams until the client goes away; its input is the session cookie alone (events.test.ts). */
const STREAMING_URLS = new Set(['/api/events']);
/** Unknown fields carry it; after the run no table may hold it. */
const MARKER = `fuzzmarker${SEED}`;

/** Path segments that name no record: not uuids, too long, NUL, broken percent-encoding, SQL. */
const MALFORMED_IDS = [
  'abc',
  '1',
  '-1',
  '2147483648',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0199a7e2-0000-7000-8000-00000000000g',
  encodeURIComponent("'; drop table leads; --"),
  encodeURIComponent('<script>alert(1)</script>'),
  'x'.repeat(5_000),
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '..',
  '%20',
  '',
];

/** Raw query values: NUL, overflowing and negative numbers, SQL in sort, broken encoding. */
const QUERY_VALUES = [
  '',
  '%00',
  'a%00b',
  '99999999999',
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '-0',
  '1e308',
  'NaN',
  'Infinity',
  '0x10',
  'true',
  'yes',
  encodeURIComponent("'; drop table leads; --"),
  encodeURIComponent('<script>alert(1)</script>'),
  'x'.repeat(300),
  'createdAt:asc',
  'password:desc',
  encodeURIComponent('firstName:asc; drop table leads'),
  '%ED%A0%80',
  '%',
  'a|b|c',
  '|||',
];
const EXTRA_QUERY_NAMES = ['unknown', 'search[]', 'page[0]', '__proto__', 'constructor', 'a%00b', 'sort[field]'];

type Expected = '415' | '4xx' | 'below-500';
type FuzzCase = { url: string; contentType?: string; payload?: string; expected: Expected; note: string };
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

let fx: Fixture;
let adminCookie: string;
let openApi: { paths: Record<string, Record<string, Operation>> };
const realIds: Record<string, string> = {};
const stats = { requests: 0, serverErrors: 0, routes: new Set<string>() };

beforeAll(async () => {
  fx = await createFixture();
  adminCookie = await fx.t.signIn('account_administrator');
  const lead = await fx.createLead('account_administrator');
  const client = await fx.call('account_administrator', 'POST', '/api/clients', fx.clientInput());
  expect(client.statusCode, client.body).toBe(201);
  const archived = await fx.createLead('account_administrator');
  const contact = await fx.call('account_administrator', 'POST', `/api/leads/${archived.id}/archive`, {});
  expect(contact.statusCode, contact.body).toBe(200);
  // A path's collection says which record its :id names; a new collection gets a random uuid.
  const service = await fx.call('account_administrator', 'POST', `/api/leads/${lead.id}/services`, {
    serviceName: 'Visa Application',
    serviceFee: '100',
  });
  expect(service.statusCode, service.body).toBe(201);
  Object.assign(realIds, {
    leads: lead.id,
    clients: client.json().id,
    contacts: contact.json().contactId,
    services: service.json().id,
  });
  const doc = await fx.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(doc.statusCode).toBe(200);
  openApi = doc.json();
});

afterAll(async () => {
  // Only a run that fuzzed (not one filtered to a single test) reports.
  if (fx && stats.routes.size > 0) {
    const kind = fx.t.database.kind;
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const summary = {
      database: kind,
      seed: SEED,
      routes: stats.routes.size,
      requests: stats.requests,
      serverErrors: stats.serverErrors,
      line: `Bad-input fuzz (${label}): ${stats.requests} requests over ${stats.routes.size} routes, ${stats.serverErrors} × 5xx`,
      finishedAt: new Date().toISOString(),
    };
    writeFileSync(path.join(os.tmpdir(), `crm-bad-input-report-${kind}.json`), JSON.stringify(summary, null, 2));
    console.log(summary.line);
  }
  await fx?.t.close();
});

const operationOf = (route: RegisteredRoute): Operation | undefined =>
  openApi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];

/** Whether the route declares the content type (the evidence upload's multipart): then it is no foreign one. */
const declaresContentType = (op: Operation | undefined, contentType: string) =>
  Object.keys(op?.requestBody?.content ?? {}).includes(contentType.split(';')[0]!.trim());

const bodySchemaOf = (op: Operation | undefined) => op?.requestBody?.content?.['application/json']?.schema;

const paramNamesOf = (route: RegisteredRoute) => [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

function urlWith(route: RegisteredRoute, ids: Record<string, string>, query = '') {
  return route.url.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? '') + (query ? `?${query}` : '');
}

/** The real record the route's :id names: the collection right after /api/ decides. */
function realIdsFor(route: RegisteredRoute): Record<string, string> {
  const collection = route.url.split('/')[2] ?? '';
  const id = realIds[collection] ?? randomUUID();
  return Object.fromEntries(paramNamesOf(route).map((name) => [name, id]));
}

/** Path parameters that are no record id take a value of their own kind; the rest name real records. */
const VALID_PARAMS: Record<string, string> = { entity: 'leads', role: 'guest', weekStart: '2026-11-23' };
const validParamsFor = (route: RegisteredRoute) => ({
  ...realIdsFor(route),
  ...Object.fromEntries(
    paramNamesOf(route).flatMap((name) => (VALID_PARAMS[name] ? [[name, VALID_PARAMS[name]]] : [])),
  ),
});

const malformedIdArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...MALFORMED_IDS) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent) },
);

function describeCase(route: RegisteredRoute, c: FuzzCase, res: LightMyRequestResponse) {
  const payload = c.payload === undefined ? '(none)' : `${c.payload.slice(0, 300)}${c.payload.length > 300 ? '…' : ''}`;
  return [
    `${route.method} ${c.url.slice(0, 300)} [${c.note}]`,
    `content-type: ${c.contentType ?? '(none)'}; body (${c.payload?.length ?? 0} chars): ${JSON.stringify(payload)}`,
    `-> ${res.statusCode} ${res.body.slice(0, 500)}`,
  ].join('\n');
}

/** The cookie a route is called with; a sign-out case may end it, after which 401 comes before parsing. */
type Session = { cookie: string; mayEnd: boolean };

/** Sends one case and checks the rules every answer follows. */
async function send(route: RegisteredRoute, c: FuzzCase, session: Session): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { cookie: session.cookie };
  if (c.contentType) headers['content-type'] = c.contentType;
  const res = await fx.t.app.inject({
    method: route.method as InjectOptions['method'],
    url: c.url,
    headers,
    ...(c.payload === undefined ? {} : { payload: c.payload }),
  });
  stats.requests++;
  const what = describeCase(route, c, res);
  if (res.statusCode >= 500) {
    stats.serverErrors++;
    throw new Error(`5xx for bad input:\n${what}`);
  }
  if (res.statusCode >= 400 && route.method !== 'HEAD') {
    const shape = apiErrorSchema.safeParse(safeJson(res.body));
    if (!shape.success) throw new Error(`4xx without the error shape {code, message, fieldErrors?}:\n${what}`);
  }
  const refused = res.statusCode >= 400 && res.statusCode < 500;
  if (c.expected === '4xx' && !refused) throw new Error(`Input the schema must refuse was accepted:\n${what}`);
  const endedSession = session.mayEnd && res.statusCode === 401;
  if (c.expected === '415' && res.statusCode !== 415 && !endedSession) {
    throw new Error(`A foreign content type did not get 415:\n${what}`);
  }
  return res;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Guaranteed-invalid JSON bodies from the route's body schema: a hostile valid body plus 1-3 mutations. */
function schemaBodyArb(schema: JsonSchema) {
  return fc
    .tuple(
      baseValue(schema),
      unknownFields(schema, MARKER),
      // Mostly one mutation, so each bad value is tested on its own; sometimes a few at once.
      fc.oneof(
        { weight: 3, arbitrary: mutationArb(schema).map((m) => [m]) },
        { weight: 1, arbitrary: fc.array(mutationArb(schema), { minLength: 2, maxLength: 3 }) },
      ),
      fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON; charset=UTF-8'),
    )
    .map(([base, extra, mutations, contentType]) => {
      let body: unknown =
        base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...base, ...extra } : base;
      for (const m of mutations) body = applyMutation(body, m);
      const note = mutations.map((m) => `${m.path.join('.') || '(body)'}: ${m.note}`).join('; ');
      return { payload: JSON.stringify(body), contentType, note };
    });
}

/** Bodies refused whatever the route: foreign types, broken JSON, disallowed characters anywhere. */
const alwaysRefusedBodyArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(...FOREIGN_CONTENT_TYPES), fc.constantFrom('{"reason":"x"}', 'a=1&b=2', '<a>1</a>', ''))
    .map(([contentType, payload]) => ({
      payload,
      contentType,
      note: 'foreign content type',
      expected: '415' as const,
    })),
  fc.constantFrom(...BROKEN_JSON).map((payload) => ({
    payload,
    contentType: 'application/json',
    note: 'broken JSON',
    expected: '4xx' as const,
  })),
  fc.tuple(fc.constantFrom(...DISALLOWED_TEXT), fc.boolean()).map(([text, asKey]) => ({
    payload: JSON.stringify(asKey ? { [text]: 'value' } : { reason: text, notes: text }),
    contentType: 'application/json',
    note: asKey ? 'disallowed character in a key' : 'disallowed character in a value',
    expected: '4xx' as const,
  })),
);

/** Any JSON at all, for routes that read no body: refused only when something else (the id) is wrong. */
const anyJsonBodyArb = fc
  .oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom<unknown>({}, [], 'x', 1e308, { reason: HOSTILE_TEXT[1] }))
  .map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json', note: 'junk JSON' }));

function writeCaseArb(route: RegisteredRoute, op: Operation | undefined): fc.Arbitrary<FuzzCase> {
  const schema = bodySchemaOf(op);
  const params = paramNamesOf(route);
  const real = realIdsFor(route);
  type Ids = { ids: Record<string, string>; malformed: boolean };
  const malformedIds = malformedIdArb.map((id): Ids => ({
    ids: Object.fromEntries(params.map((p) => [p, id])),
    malformed: true,
  }));
  const anyIds = params.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constant<Ids>({ ids: real, malformed: false }) },
        { weight: 1, arbitrary: malformedIds },
      )
    : fc.constant<Ids>({ ids: {}, malformed: false });
  type Body = { payload: string; contentType: string; note: string; expected: Expected };
  const cases: { weight: number; arbitrary: fc.Arbitrary<[Ids, Body]> }[] = [
    { weight: 2, arbitrary: fc.tuple(anyIds, alwaysRefusedBodyArb) },
  ];
  if (schema) {
    const notAnObject = fc.constantFrom(...NOT_AN_OBJECT).map((payload) => ({
      payload,
      contentType: 'application/json',
      note: 'body is not an object',
      expected: '4xx' as const,
    }));
    cases.push(
      {
        weight: 8,
        arbitrary: fc.tuple(
          anyIds,
          schemaBodyArb(schema).map((b) => ({ ...b, expected: '4xx' as const })),
        ),
      },
      { weight: 1, arbitrary: fc.tuple(anyIds, notAnObject) },
    );
  } else if (params.length) {
    // The route reads no body: junk JSON on a real record would just run the action (a permanent delete),
    // so it goes with ids that name nothing, and those must be refused.
    cases.push({
      weight: 1,
      arbitrary: fc.tuple(
        malformedIds,
        anyJsonBodyArb.map((b) => ({ ...b, expected: '4xx' as const })),
      ),
    });
  } else {
    // No body and no id (sign-out): junk JSON is no bad input here; it may run the action, never break it.
    cases.push({
      weight: 1,
      arbitrary: fc.tuple(
        anyIds,
        anyJsonBodyArb.map((b) => ({ ...b, expected: 'below-500' as const })),
      ),
    });
  }
  return fc.oneof(...cases).map(([{ ids, malformed }, body]) => ({
    url: urlWith(route, ids),
    ...body,
    // A URL Fastify cannot route or decode is refused before the content type is looked at; a declared type
    // with a broken body is refused by the route.
    expected:
      (malformed || declaresContentType(op, body.contentType)) && body.expected === '415' ? '4xx' : body.expected,
  }));
}

/**
 * A query string of valid values for some of the route's parameters (free text hostile, pages large) with
 * up to two hostile pairs mixed in, so a hostile value is often the only odd one and reaches the database.
 */
function queryArb(op: Operation | undefined): fc.Arbitrary<string> {
  const params = (op?.parameters ?? []).filter((p) => p.in === 'query');
  const encode = (v: unknown) => encodeURIComponent(Array.isArray(v) ? v.join('|') : String(v));
  const validPairs = params.map((p) =>
    fc.option(
      validValue(p.schema ?? {}).map((v) => `${p.name}=${encode(v)}`),
      { nil: undefined },
    ),
  );
  const hostileValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...QUERY_VALUES) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  );
  const hostilePair = fc
    .tuple(fc.constantFrom(...params.map((p) => p.name), ...EXTRA_QUERY_NAMES), hostileValue)
    .map(([name, value]) => `${name}=${value}`);
  return fc
    .tuple(fc.tuple(...validPairs), fc.array(hostilePair, { maxLength: 2 }))
    .map(([valid, hostile]) => [...valid.filter((p) => p !== undefined), ...hostile].join('&'));
}

function readCaseArb(route: RegisteredRoute, op: Operation | undefined): fc.Arbitrary<FuzzCase> {
  const params = paramNamesOf(route);
  const real = realIdsFor(route);
  const idsArb = params.length
    ? fc.oneof(
        fc.constant(real),
        malformedIdArb.map((id) => Object.fromEntries(params.map((p) => [p, id]))),
      )
    : fc.constant({} as Record<string, string>);
  return fc.tuple(idsArb, queryArb(op)).map(([ids, query]) => ({
    url: urlWith(route, ids, query),
    expected: 'below-500' as const,
    note: 'hostile query / id',
  }));
}

/** Routes whose action a junk body may legitimately run (no body schema, no id): each gets its own session. */
const mayRunAction = (route: RegisteredRoute, op: Operation | undefined) =>
  WRITE_METHODS.has(route.method) && !bodySchemaOf(op) && paramNamesOf(route).length === 0;

async function fuzzRoute(route: RegisteredRoute) {
  const op = operationOf(route);
  const isWrite = WRITE_METHODS.has(route.method);
  const session: Session = mayRunAction(route, op)
    ? { cookie: await fx.t.signIn('account_administrator'), mayEnd: true }
    : { cookie: adminCookie, mayEnd: false };
  stats.routes.add(`${route.method} ${route.url}`);
  const before = await businessFingerprint(fx.t.database.db);

  if (isWrite) {
    // Every route, every foreign content type, on a real record: 415 before any handler runs. A type the
    // route declares (the evidence upload's multipart) is its own: with a broken body it is a 4xx.
    for (const contentType of FOREIGN_CONTENT_TYPES) {
      const declared = declaresContentType(op, contentType);
      const c: FuzzCase = {
        url: urlWith(route, realIdsFor(route)),
        contentType,
        payload: '{"reason":"x"}',
        expected: declared ? '4xx' : '415',
        note: 'foreign content type',
      };
      await send(route, c, session);
    }
  }
  const arb = isWrite ? writeCaseArb(route, op) : readCaseArb(route, op);
  await fc.assert(
    fc.asyncProperty(arb, async (c) => {
      await send(route, c, session);
    }),
    { seed: SEED, numRuns: isWrite ? WRITE_RUNS : READ_RUNS },
  );

  const after = await businessFingerprint(fx.t.database.db);
  expect(changedTables(before, after), `${route.method} ${route.url} changed business tables`).toEqual([]);
}

const fuzzedRoutes = (writes: boolean) =>
  fx.t.app.routeRegistry.filter((r) => WRITE_METHODS.has(r.method) === writes && !STREAMING_URLS.has(r.url));

describe('bad input never gives a 500', () => {
  it('reads every /api route from the route table and the OpenAPI document', () => {
    const writes = fuzzedRoutes(true);
    expect(writes.length + fuzzedRoutes(false).length).toBeGreaterThan(30);
    // Every write route is documented: its body schema is where the malformed bodies come from.
    expect(writes.filter((r) => !operationOf(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('write routes refuse malformed bodies, ids and content types with a 4xx and write nothing', async () => {
    for (const route of fuzzedRoutes(true)) await fuzzRoute(route);
  }, 300_000);

  it('read routes answer hostile query strings and ids below 500', async () => {
    for (const route of fuzzedRoutes(false)) await fuzzRoute(route);
  }, 300_000);

  it('refuses an unknown field on every write with 400 naming it, and changes nothing', async () => {
    // The documented example of each body, valid, with fields no body may set (a route that reads no body
    // gets them alone): each answers 400 with "Unknown field '…'" for every one of them, and nothing lands.
    const before = await businessFingerprint(fx.t.database.db);
    const notRefused: string[] = [];
    let checked = 0;
    for (const route of fuzzedRoutes(true)) {
      const op = operationOf(route);
      const schema = bodySchemaOf(op);
      const extra = Object.fromEntries(unknownFieldNames(schema ?? {}).map((k) => [k, `${MARKER}-${k}`]));
      const url = urlWith(route, validParamsFor(route));
      const example = schema?.example ?? {};
      const base = typeof example === 'object' && example !== null ? await validBodyFor(route, url, example) : {};
      const c: FuzzCase = {
        url,
        payload: JSON.stringify({ ...base, ...extra }),
        contentType: 'application/json',
        expected: '4xx',
        note: 'valid example with unknown fields',
      };
      const res = await send(route, c, { cookie: adminCookie, mayEnd: false });
      const fieldErrors = (safeJson(res.body) as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      const named = Object.keys(extra).every((k) => fieldErrors[k]?.includes(unknownFieldMessage(k)));
      if (res.statusCode !== 400 || !named) notRefused.push(describeCase(route, c, res));
      checked++;
    }
    expect(notRefused).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(changedTables(before, await businessFingerprint(fx.t.database.db))).toEqual([]);
    expect(await tablesContaining(fx.t.database.db, MARKER)).toEqual([]);
  });

  it('refuses an unknown query parameter on every read with 400 naming it', async () => {
    const notRefused: string[] = [];
    for (const route of fuzzedRoutes(false)) {
      if (route.method === 'HEAD') continue;
      const c: FuzzCase = {
        url: urlWith(route, validParamsFor(route), 'zzUnknown=1'),
        expected: '4xx',
        note: 'unknown query parameter',
      };
      const res = await send(route, c, { cookie: adminCookie, mayEnd: false });
      const fieldErrors = (safeJson(res.body) as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      if (res.statusCode !== 400 || !fieldErrors.zzUnknown?.includes(unknownFieldMessage('zzUnknown'))) {
        notRefused.push(describeCase(route, c, res));
      }
    }
    expect(notRefused).toEqual([]);
  });
});

/**
 * The example body, made valid for an edit of a real record: where the record can be read at the same
 * URL, its own values (email, number, version, ...) replace the example's, so the edit is accepted on its
 * merits rather than refused as a duplicate or a stale version, and the unknown fields really meet a write.
 */
async function validBodyFor(route: RegisteredRoute, url: string, documented: object): Promise<object> {
  const example = withRealUsers(documented);
  const readable =
    ['PATCH', 'PUT'].includes(route.method) &&
    fx.t.app.routeRegistry.some((r) => r.method === 'GET' && r.url === route.url);
  if (!readable) return example;
  const current = await fx.t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
  if (current.statusCode !== 200) return example;
  const record = current.json() as Record<string, unknown>;
  const own = Object.keys({ ...example, version: 0 })
    .filter((key) => key in record && (record[key] === null || typeof record[key] !== 'object'))
    .map((key) => [key, record[key]]);
  return { ...example, ...Object.fromEntries(own) };
}

/**
 * A documented example names users by made-up ids; a valid body names real ones. The supervisor fits every
 * user picker (manager, assistant manager, migration agent).
 */
function withRealUsers(body: object): object {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, key.endsWith('UserId') && value ? fx.idOf('supervisor') : value]),
  );
}

describe('the input guard', () => {
  const patchLead = (payload: string | Buffer, contentType = 'application/json') =>
    fx.t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${realIds.leads}`,
      headers: { cookie: adminCookie, 'content-type': contentType },
      payload,
    });

  it('refuses NUL and lone surrogates in values, keys, query and path with the field path', async () => {
    const nul = await patchLead(JSON.stringify({ firstName: 'Pri\u0000ya', dependents: [{ firstName: '\uD800' }] }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Validation failed: Contains characters that are not allowed',
      fieldErrors: {
        firstName: ['Contains characters that are not allowed'],
        'dependents.0.firstName': ['Contains characters that are not allowed'],
      },
    });
    const key = await patchLead(JSON.stringify({ ['bad\u0000key']: 1 }));
    expect(key.json().fieldErrors).toEqual({ 'bad\uFFFDkey': ['Contains characters that are not allowed'] });
    const query = await fx.t.app.inject({
      method: 'GET',
      url: '/api/leads?search=a%00b',
      headers: { cookie: adminCookie },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().fieldErrors).toEqual({ search: ['Contains characters that are not allowed'] });
    const param = await fx.t.app.inject({ method: 'GET', url: '/api/leads/a%00b', headers: { cookie: adminCookie } });
    expect(param.statusCode).toBe(400);
    expect(param.json().fieldErrors).toEqual({ id: ['Contains characters that are not allowed'] });
  });

  it('answers 415 in the error shape for a foreign charset or content type', async () => {
    for (const contentType of ['application/json; charset=latin1', 'text/plain', 'application/xml']) {
      const res = await patchLead('{"firstName":"Priya"}', contentType);
      expect(res.statusCode, contentType).toBe(415);
      expect(apiErrorSchema.safeParse(res.json()).success, res.body).toBe(true);
    }
    const utf8 = await patchLead('{"firstName":"Priya"}', 'application/json; charset=UTF-8');
    expect(utf8.statusCode).toBe(400);
  });

  it('answers 415 for bytes that are not UTF-8, storing nothing', async () => {
    const before = await businessFingerprint(fx.t.database.db);
    for (const bytes of [
      Buffer.from([0x43, 0x61, 0x66, 0xe9]),
      Buffer.from([0xc3, 0x28]),
      Buffer.from([0xed, 0xa0, 0x80]),
    ]) {
      const payload = Buffer.concat([Buffer.from('{"firstName":"'), bytes, Buffer.from('","version":1}')]);
      const res = await patchLead(payload);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: expect.any(String), message: NOT_UTF8_MESSAGE });
    }
    expect(changedTables(before, await businessFingerprint(fx.t.database.db))).toEqual([]);
    const fine = await patchLead(Buffer.from('{"firstName":"Café"}', 'utf8'));
    expect(fine.statusCode).toBe(400);
    expect(fine.json().fieldErrors).toHaveProperty('version');
  });
});
