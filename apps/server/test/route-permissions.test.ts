// The route-permission table: every /api route the app registers is called signed out and as each of
// the seven roles, and must answer exactly as its declared access and the domain matrix say; every
// refused call must leave the business data as it was. One test per route, generated from the route
// table, so a new route is covered without a new line (and no single test runs for long).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Permission, ROLES, type Role } from '@crm/domain';
import { buildApp, FEATURE_ROUTES } from '../src/app.ts';
import { createMailer } from '../src/plugins/mail.ts';
import { accessAllows, type RegisteredRoute } from '../src/plugins/route-access.ts';
import { buildTestApp } from './build-test-app.ts';
import { businessFingerprint, changedTables } from './database-fingerprint.ts';

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

/** Calls the route signed out and as every role, and checks each answer against its declared access. */
async function checkRoute(app: FastifyInstance, route: RegisteredRoute) {
  const signedOut = await callAndCheckRefusal(app, requestFor(route), 'signed out', route);
  const hasResponseBody = route.method !== 'HEAD';
  if ('public' in route.access) {
    expect([401, 403], describeCall(route, 'signed out', signedOut)).not.toContain(signedOut.statusCode);
  } else {
    expect(signedOut.statusCode, describeCall(route, 'signed out', signedOut)).toBe(401);
    if (hasResponseBody) expect(signedOut.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  }
  expect(signedOut.statusCode, describeCall(route, 'signed out', signedOut)).toBeLessThan(500);
  if (STREAMING_URLS.has(route.url)) return;

  for (const role of ROLES) {
    const res = await callAndCheckRefusal(app, requestFor(route, await cookieFor(app, role)), role, route);
    if (!['GET', 'HEAD'].includes(route.method)) maybeEnded.add(role);
    const call = describeCall(route, role, res);
    if (accessAllows(route.access, role)) {
      expect([401, 403], call).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode, call).toBe(403);
      if (hasResponseBody) expect(res.json(), call).toMatchObject({ code: 'FORBIDDEN' });
    }
    // Whatever the body ({} for every write), bad input is a 4xx, never a server error.
    expect(res.statusCode, call).toBeLessThan(500);
  }
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

  for (const route of [...t.app.routeRegistry, ...headTwins]) {
    it(`${route.method} ${route.url}`, async () => {
      await checkRoute(t.app, route);
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
    FEATURE_ROUTES.push(async (app) => {
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
    try {
      probeApp = await buildApp({
        config: t.app.config,
        database: t.database,
        mailer: createMailer({ smtpUrl: null }),
      });
      await probeApp.ready();
    } finally {
      FEATURE_ROUTES.pop();
    }
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
      for (const route of probes) await checkRoute(probeApp, route);

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
    FEATURE_ROUTES.push(async (app) => {
      app.get('/api/undeclared', async () => ({ ok: true }));
    });
    try {
      await expect(
        buildApp({
          config: t.app.config,
          database: t.database,
          mailer: createMailer({ smtpUrl: null }),
        }),
      ).rejects.toThrow('Route GET /api/undeclared declares no access: add config.access');
    } finally {
      FEATURE_ROUTES.pop();
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
