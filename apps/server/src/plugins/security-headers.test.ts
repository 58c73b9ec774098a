// Security headers: helmet's headers and the Content-Security-Policy on API, static and page
// responses; HSTS only over HTTPS; a fresh style nonce per copy of index.html that matches its policy;
// the API docs page's inline script allowed by its own nonce only; Cache-Control: no-store on every API
// answer (issue 28), while the web app's files keep their own caching.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INVOICE_EXAMPLE, type Role } from '@crm/domain';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { NONCE_PLACEHOLDER } from './security-headers.ts';

// A built web app in miniature: the real index.html template (with its nonce placeholder) and one asset.
const webDist = mkdtempSync(join(tmpdir(), 'crm-web-dist-'));
copyFileSync(resolve(import.meta.dirname, '../../../web/index.html'), join(webDist, 'index.html'));
writeFileSync(join(webDist, 'app.js'), 'console.log("app");\n');

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp({ webDistDir: webDist, trustProxy: true });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The policy's directives by name, each with its sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function nonceOf(sources: string[] | undefined): string | undefined {
  return sources?.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
}

const APP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function expectAppPolicy(response: LightMyRequestResponse) {
  const policy = policyOf(response);
  for (const [name, sources] of Object.entries(APP_DIRECTIVES)) expect(policy.get(name), name).toEqual(sources);
  expect(policy.get('style-src')?.[0]).toBe("'self'");
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
  expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval/);
}

function expectHelmetHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('API responses', () => {
  test('a JSON response carries the headers and the app policy, with no nonce', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expectHelmetHeaders(response);
    expectAppPolicy(response);
    expect(policyOf(response).get('style-src')).toEqual(["'self'"]);
  });

  test('an error response carries them too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(401);
    expectHelmetHeaders(response);
    expectAppPolicy(response);
  });

  test('the OpenAPI document is served under the app policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('openapi');
    expectAppPolicy(response);
  });
});

describe('HSTS', () => {
  test('is not sent over plain HTTP', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test('is sent when the request came over HTTPS (a trusted proxy says so)', async () => {
    for (const url of ['/api/health', '/leads']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  test('is not sent when X-Forwarded-Proto comes from a proxy the server does not trust', async () => {
    const untrusting = await buildTestApp({ trustProxy: false });
    try {
      const response = await untrusting.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusting.close();
    }
  });
});

describe('index.html', () => {
  test.each(['/', '/leads?tab=clients', '/index.html'])('%s gets a style nonce that its policy names', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expectHelmetHeaders(response);
    expectAppPolicy(response);
    const nonce = nonceOf(policyOf(response).get('style-src'));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(response.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
    expect(response.body).not.toContain(NONCE_PLACEHOLDER);
    // The nonce is for styles only: scripts still come from the server's own files.
    expect(policyOf(response).get('script-src')).toEqual(["'self'"]);
  });

  test('every copy gets its own nonce', async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) {
      nonces.add(nonceOf(policyOf(await app.inject({ method: 'GET', url: '/' })).get('style-src')));
    }
    expect(nonces.size).toBe(3);
  });

  test('a built asset is served under the app policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
    expectAppPolicy(response);
  });
});

describe('the API docs page', () => {
  test('allows its inline start-up script by a nonce of its own; inline styles on this page only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expectHelmetHeaders(response);
    const policy = policyOf(response);
    const nonce = nonceOf(policy.get('script-src'));
    expect(nonce).toBeDefined();
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    // Scalar writes <style> tags without a nonce and style="" attributes (security-headers.ts).
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    for (const [name, sources] of Object.entries(APP_DIRECTIVES)) {
      if (name !== 'script-src') expect(policy.get(name), name).toEqual(sources);
    }
    expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval|https?:/);

    const scripts = response.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.body).toContain('src="js/scalar.js"');
    expect(response.body).not.toContain(NONCE_PLACEHOLDER);

    const again = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(nonceOf(policyOf(again).get('script-src'))).not.toBe(nonce);
  });

  test('its script comes from this server, under the app policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expectAppPolicy(response);
  });
});

describe('Cache-Control', () => {
  const call = async (options: InjectOptions & { as?: Role }) => {
    const { as, ...request } = options;
    const cookie = as ? await testApp.signIn(as) : undefined;
    return app.inject({ ...request, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } });
  };

  test.each<[string, InjectOptions & { as?: Role }, number]>([
    ['a public answer', { method: 'GET', url: '/api/health' }, 200],
    ['a signed-in list', { method: 'GET', url: '/api/leads', as: 'administrator' }, 200],
    ['settings', { method: 'GET', url: '/api/settings/integrations', as: 'account_administrator' }, 200],
    ['the branding every page reads', { method: 'GET', url: '/api/settings/branding' }, 200],
    ['a PDF', { method: 'POST', url: '/api/invoices/preview', payload: INVOICE_EXAMPLE, as: 'administrator' }, 200],
    ['the OpenAPI document', { method: 'GET', url: '/api/openapi.json' }, 200],
    ['the API docs page', { method: 'GET', url: '/api/docs/' }, 200],
    ['signed out', { method: 'GET', url: '/api/profile' }, 401],
    ['refused', { method: 'GET', url: '/api/settings/integrations', as: 'consultant' }, 403],
    ['no such route', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['no such file', { method: 'GET', url: '/api/settings/branding/logo' }, 404],
    [
      'a body that is no JSON',
      { method: 'POST', url: '/api/auth/sign-in', payload: '{', headers: { 'content-type': 'application/json' } },
      400,
    ],
  ])('every API answer is no-store: %s', async (_name, request, status) => {
    const response = await call(request);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('the web app keeps its own caching', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/leads' })).headers['cache-control']).toBe('no-cache');
    const script = await app.inject({ method: 'GET', url: '/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('no-cache');
  });
});
