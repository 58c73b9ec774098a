// The route-permission table: every /api route the app registers is called signed out and as each of
// the seven roles, and must answer exactly as route-permissions.md says — a committed table whose rows
// cite the spec, not the rule the server runs, so a route that declares the wrong permission fails, and a
// new route fails until its row is written. Every refused call must leave the business data as it was.
// One test per route, generated from the route table (and no single test runs for long).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Permission, ROLES, type Role } from '@crm/domain';
import { buildApp } from '../src/app.ts';
import { createMailer } from '../src/plugins/mail.ts';
import { accessAllows, type RegisteredRoute } from '../src/plugins/route-access.ts';
import { buildTestApp } from './build-test-app.ts';
import { businessFingerprint, changedTables } from './database-fingerprint.ts';

/** What a route answers signed out and as each role: `ok` passes the access check, else the refusal. */
type Expected = { signedOut: 'ok' | '401' | '403'; roles: Record<Role, 'ok' | '403'> };

const SNAPSHOT_FILE = new URL('./route-permissions.md', import.meta.url);
const ROLE_COLUMNS = ['AA', 'AD', 'SU', 'TL', 'CO', 'ME', 'GU'] as const;

/** The table's rows by 'METHOD /api/url'; a row without a source, or with a value it cannot read, fails. */
function readSnapshot(): Map<string, Expected & { source: string }> {
  const rows = new Map<string, Expected & { source: string }>();
  const lines = readFileSync(SNAPSHOT_FILE, 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*Route\s*\|/.test(line));
  const columns = lines[header]!.split('|').map((cell) => cell.trim());
  expect(columns.slice(1, -1)).toEqual(['Route', 'Out', ...ROLE_COLUMNS, 'Source']);
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) continue;
    const [route, out, ...rest] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const source = rest.pop()!;
    if (!route || !/^(spec [123] §|DECISIONS §)/.test(source))
      throw new Error(`route-permissions.md: '${route}' cites no source`);
    if ((out !== 'ok' && out !== '401') || rest.length !== ROLES.length || rest.some((v) => v !== 'ok' && v !== '403'))
      throw new Error(`route-permissions.md: cannot read the row of '${route}'`);
    if (rows.has(route)) throw new Error(`route-permissions.md: '${route}' has two rows`);
    rows.set(route, {
      signedOut: out,
      roles: Object.fromEntries(ROLES.map((role, i) => [role, rest[i] as 'ok' | '403'])) as Expected['roles'],
      source,
    });
  }
  return rows;
}
const snapshot = readSnapshot();

/** The row a route is held to: a HEAD twin answers as its GET. */
const rowKey = (route: RegisteredRoute) =>
  `${route.method === 'HEAD' && route.url !== '/api/ping' ? 'GET' : route.method} ${route.url}`;

/** Streams until the client goes away: its signed-in behaviour is tested in events.test.ts. */
const STREAMING_URLS = new Set(['/api/events']);

// Built while the file is collected, so that the tests below can be generated from its route table.
const t = await buildTestApp();
afterAll(async () => {
  await t.close();
});

const cookies = new Map<Role, string>();
/** Roles whose cookie was last used for a write, which may have ended its session (sign-out). */
const maybeEnded = new Set<Role>();

/** A signed-in cookie for the role; signs in again when a call (sign-out) ended the last session. */
async function cookieFor(app: FastifyInstance, role: Role): Promise<string> {
  const cached = cookies.get(role);
  if (cached && !maybeEnded.delete(role)) return cached;
  if (cached) {
    const check = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: cached } });
    if (check.statusCode === 200) return cached;
  }
  const cookie = await t.signIn(role);
  cookies.set(role, cookie);
  return cookie;
}

function requestFor(route: RegisteredRoute, cookie?: string): InjectOptions {
  const url = route.url.replace(/:[A-Za-z_]+/g, () => randomUUID()).replace(/\*$/, '');
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
  return {
    method: route.method as InjectOptions['method'],
    url,
    headers: cookie ? { cookie } : {},
    ...(hasBody ? { payload: {} } : {}),
  };
}

const describeCall = (route: RegisteredRoute, who: string, res: LightMyRequestResponse) =>
  `${route.method} ${route.url} as ${who} -> ${res.statusCode} ${res.body.slice(0, 200)}`;

/** Sends the call; a refused one (401/403) must have written no business data. */
async function callAndCheckRefusal(app: FastifyInstance, options: InjectOptions, who: string, route: RegisteredRoute) {
  const before = await businessFingerprint(t.database.db);
  const res = await app.inject(options);
  if (res.statusCode === 401 || res.statusCode === 403) {
    const changed = changedTables(before, await businessFingerprint(t.database.db));
    expect(changed, `refused ${describeCall(route, who, res)} changed data`).toEqual([]);
  }
  return res;
}

/** The answers as a row of route-permissions.md would read, for the message of a route without a row. */
const asRow = (route: RegisteredRoute, seen: Expected) =>
  `| ${route.method} ${route.url} | ${seen.signedOut} | ${ROLES.map((r) => seen.roles[r]).join(' | ')} | <where in the spec> |`;

/** Calls the route signed out and as every role, and checks each answer against what is expected. */
async function checkRoute(app: FastifyInstance, route: RegisteredRoute, expected: Expected | undefined) {
  const signedOut = await callAndCheckRefusal(app, requestFor(route), 'signed out', route);
  const hasResponseBody = route.method !== 'HEAD';
  expect(signedOut.statusCode, describeCall(route, 'signed out', signedOut)).toBeLessThan(500);
  const seen: Expected = {
    signedOut: signedOut.statusCode === 401 ? '401' : signedOut.statusCode === 403 ? '403' : 'ok',
    roles: Object.fromEntries(ROLES.map((role) => [role, 'ok'])) as Expected['roles'],
  };
  if (!STREAMING_URLS.has(route.url)) {
    for (const role of ROLES) {
      const res = await callAndCheckRefusal(app, requestFor(route, await cookieFor(app, role)), role, route);
      if (!['GET', 'HEAD'].includes(route.method)) maybeEnded.add(role);
      const call = describeCall(route, role, res);
      // Whatever the body ({} for every write), bad input is a 4xx, never a server error; a signed-in
      // user is never told to sign in.
      expect(res.statusCode, call).toBeLessThan(500);
      expect(res.statusCode, call).not.toBe(401);
      if (res.statusCode === 403) {
        if (hasResponseBody) expect(res.json(), call).toMatchObject({ code: 'FORBIDDEN' });
        seen.roles[role] = '403';
      }
    }
  }
  if (!expected)
    throw new Error(
      `${route.method} ${route.url} has no row in route-permissions.md; it answered:\n${asRow(route, seen)}`,
    );
  if (seen.signedOut === '401' && hasResponseBody) expect(signedOut.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  // The events stream answers a signed-in caller by streaming: only its signed-out answer is checked here.
  const compared = STREAMING_URLS.has(route.url) ? { ...seen, roles: expected.roles } : seen;
  expect(compared, `${route.method} ${route.url}: the answers differ from route-permissions.md`).toEqual({
    signedOut: expected.signedOut,
    roles: expected.roles,
  });
}

/** The HEAD twin Fastify adds to every GET route: guarded the same way. */
const headTwins = t.app.routeRegistry
  .filter((r) => r.method === 'GET')
  .filter((r) => !t.app.routeRegistry.some((h) => h.method === 'HEAD' && h.url === r.url))
  .map((r) => ({ ...r, method: 'HEAD' }));

describe('every registered /api route, signed out and as each role', () => {
  it('lists the routes of every feature', () => {
    const keys = t.app.routeRegistry.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'HEAD /api/ping',
        'POST /api/auth/sign-in',
        'POST /api/auth/sign-out',
        'GET /api/auth/session',
        'GET /api/profile',
        'PATCH /api/profile',
        'POST /api/profile/password',
        'GET /api/events',
      ]),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(headTwins.length).toBeGreaterThan(0);
  });

  it('has a row for every route and no row for a route that is gone', () => {
    const routes = new Set([...t.app.routeRegistry, ...headTwins].map(rowKey));
    expect(
      [...snapshot.keys()].filter((key) => !routes.has(key)),
      'rows of no route',
    ).toEqual([]);
  });

  for (const route of [...t.app.routeRegistry, ...headTwins]) {
    it(`${route.method} ${route.url}`, async () => {
      await checkRoute(t.app, route, snapshot.get(rowKey(route)));
    });
  }
});

describe('permission routes follow the domain matrix', () => {
  // Probes for permissions of modules no feature route guards yet (finance, staffing, admin, ...): they go
  // through the same start-up registration and access hook, so the matrix is proven before features need it.
  const PROBED: Permission[] = [
    'leads:view',
    'leads:create',
    'leads:delete',
    'leads:delete_permanent',
    'contacts:export',
    'my_tasks:view',
    'timesheet:approve',
    'staffing:view',
    'finance:view',
    'finance:create',
    'admin:view',
    'admin:manage_users',
    'admin:manage_settings',
    'profile:view',
  ];
  let probeApp: FastifyInstance;

  beforeAll(async () => {
    probeApp = await buildApp({
      config: t.app.config,
      database: t.database,
      mailer: createMailer({ smtpUrl: null }),
    });
    // Routes added after the app is built pass through the same access hook as the features' own.
    await probeApp.register(async (app) => {
      for (const permission of PROBED) {
        app.post(
          `/api/probe/${permission.replace(':', '/')}/:id`,
          { config: { access: { permission } } },
          async () => ({
            ok: true,
          }),
        );
      }
    });
    await probeApp.ready();
  });
  afterAll(async () => {
    await probeApp?.close();
  });

  it(
    'refuses exactly the roles can() refuses, with a message naming what is missing',
    { timeout: 120_000 },
    async () => {
      const probes = probeApp.routeRegistry.filter((r) => r.url.startsWith('/api/probe/'));
      expect(probes).toHaveLength(PROBED.length);
      // The hook against the domain matrix (its own unit tests hold the matrix to the spec).
      for (const route of probes) {
        const roles = Object.fromEntries(
          ROLES.map((role) => [role, accessAllows(route.access, role) ? 'ok' : '403']),
        ) as Expected['roles'];
        await checkRoute(probeApp, route, { signedOut: '401', roles });
      }

      const teamLead = await cookieFor(probeApp, 'team_lead');
      const createLead = await probeApp.inject({
        method: 'POST',
        url: `/api/probe/leads/create/${randomUUID()}`,
        headers: { cookie: teamLead },
        payload: {},
      });
      expect(createLead.statusCode).toBe(403);
      expect(createLead.json().message).toBe('Your role is not allowed to create in Leads.');

      const guest = await cookieFor(probeApp, 'guest');
      const finance = await probeApp.inject({
        method: 'POST',
        url: `/api/probe/finance/create/${randomUUID()}`,
        headers: { cookie: guest },
        payload: {},
      });
      expect(finance.statusCode).toBe(403);
      // A module the role cannot open is refused as a whole, not action by action.
      expect(finance.json().message).toBe('Your role does not have access to Finance and Sales.');
    },
  );
});

describe('start-up guard', () => {
  it('refuses to build an app with an /api route that declares no access', async () => {
    const app = await buildApp({
      config: t.app.config,
      database: t.database,
      mailer: createMailer({ smtpUrl: null }),
    });
    try {
      await expect(
        app
          .register(async (instance) => {
            instance.get('/api/undeclared', async () => ({ ok: true }));
          })
          .ready(),
      ).rejects.toThrow('Route GET /api/undeclared declares no access: add config.access');
    } finally {
      await app.close().catch(() => {});
    }
  });
});

describe('cross-site writes', () => {
  it('refuses a cookie-authenticated write from another origin with 403 and changes nothing', async () => {
    const cookie = await cookieFor(t.app, 'member');
    const before = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();

    const crossSite = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { firstName: 'Mallory', lastName: 'Evil', version: before.version },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ code: 'FORBIDDEN', message: 'Cross-site request refused.' });

    const fetchMetadata = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { firstName: 'Mallory', lastName: 'Evil', version: before.version },
    });
    expect(fetchMetadata.statusCode).toBe(403);

    const after = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();
    expect(after).toEqual(before);

    // Forwarded headers cannot vouch for a foreign Origin: no proxy is trusted unless TRUST_PROXY names it.
    const forwarded = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: {
        cookie,
        host: 'crm.example.com',
        origin: 'http://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      },
      payload: { firstName: 'Mallory', lastName: 'Evil', version: before.version },
    });
    expect(forwarded.statusCode).toBe(403);

    // Scheme and port count, not only the host name.
    for (const origin of ['https://crm.example.com', 'http://crm.example.com:8080', 'null']) {
      const other = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie, host: 'crm.example.com', origin },
        payload: { firstName: 'Mallory', lastName: 'Evil', version: before.version },
      });
      expect(other.statusCode, origin).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json()).toEqual(before);

    // The same write from the app's own origin goes through.
    const sameOrigin = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, host: 'crm.example.com', origin: 'http://crm.example.com' },
      payload: { firstName: 'Liam', lastName: 'Walsh', version: before.version },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(sameOrigin.json()).toMatchObject({ lastName: 'Walsh', version: before.version + 1 });
  });

  it('behind a trusted proxy, the forwarded scheme and host make the own origin; APP_URL is accepted too', async () => {
    const behindProxy = await buildTestApp({ trustProxy: '127.0.0.1', appUrl: 'https://crm.firm.com.au' });
    try {
      const cookie = await behindProxy.signIn('member');
      const profile = async () =>
        (await behindProxy.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();
      const patch = (headers: Record<string, string>, firstName: string, version: number) =>
        behindProxy.app.inject({
          method: 'PATCH',
          url: '/api/profile',
          headers: { cookie, ...headers },
          payload: { firstName, lastName: 'Walsh', version },
        });
      const start = await profile();
      const viaProxy = await patch(
        {
          host: '10.0.0.5:3000',
          origin: 'https://crm.internal',
          'x-forwarded-host': 'crm.internal',
          'x-forwarded-proto': 'https',
        },
        'Proxied',
        start.version,
      );
      expect(viaProxy.statusCode).toBe(200);
      const viaAppUrl = await patch(
        { host: '10.0.0.5:3000', origin: 'https://crm.firm.com.au' },
        'AppUrl',
        start.version + 1,
      );
      expect(viaAppUrl.statusCode).toBe(200);
      const foreign = await patch(
        { host: '10.0.0.5:3000', origin: 'https://evil.example', 'x-forwarded-proto': 'https' },
        'Evil',
        start.version + 2,
      );
      expect(foreign.statusCode).toBe(403);
    } finally {
      await behindProxy.close();
    }
  });
});
