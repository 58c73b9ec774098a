// Compression and caching as served: the build's Brotli and gzip copies of the web app's files, a year of
// immutable caching for hashed assets and revalidation for the rest, compressed API JSON, and a live
// stream that is never compressed (a compressor would hold its events back).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { cacheControlFor, IMMUTABLE } from './static-cache.ts';

// A built web app in miniature: the real index.html, one hashed asset with the copies the build writes,
// and the two files that keep their names.
const webDist = mkdtempSync(join(tmpdir(), 'crm-web-dist-'));
const ASSET = '/assets/app-Ab12Cd34.js';
const assetBody = Buffer.from(
  `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`,
);
const assetBr = brotliCompressSync(assetBody);
const assetGz = gzipSync(assetBody);
copyFileSync(resolve(import.meta.dirname, '../../../web/index.html'), join(webDist, 'index.html'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, ASSET), assetBody);
writeFileSync(join(webDist, `${ASSET}.br`), assetBr);
writeFileSync(join(webDist, `${ASSET}.gz`), assetGz);
writeFileSync(join(webDist, 'zod-jitless.js'), 'globalThis.__zod_globalConfig = { jitless: true };\n');
writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');

let testApp: TestApp;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  testApp = await buildTestApp({ webDistDir: webDist });
  app = testApp.app;
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  app?.server.closeAllConnections();
  await testApp?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('hashed assets', () => {
  test('Brotli to a browser that accepts it, the build’s own copy', async () => {
    const response = await app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(assetBr)).toBe(true);
  });

  test('gzip when Brotli is not accepted, the file itself when nothing is', async () => {
    const gzipped = await app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(assetBody)).toBe(true);

    const plain = await app.inject({ url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(assetBody)).toBe(true);
  });

  test('cached for a year and never revalidated, whichever copy is sent', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await app.inject({ url: ASSET, headers: { 'accept-encoding': encoding } });
      expect(response.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  test('the compressed copies are no addresses of their own', async () => {
    expect((await app.inject({ url: `${ASSET}.br` })).statusCode).toBe(404);
    expect((await app.inject({ url: `${ASSET}.gz` })).statusCode).toBe(404);
  });

  test('a missing asset is a 404, not the page (a chunk of an earlier build)', async () => {
    const response = await app.inject({ url: '/assets/gone-Zz99Yy88.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('files that keep their names', () => {
  test('index.html is revalidated on every visit', async () => {
    const response = await app.inject({ url: '/leads', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test('zod-jitless.js is revalidated (it must match the bundle); the icon is kept a day', async () => {
    const zod = await app.inject({ url: '/zod-jitless.js' });
    expect(zod.statusCode).toBe(200);
    expect(zod.headers['cache-control']).toBe('no-cache');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });

  test('the rule by path', () => {
    expect(cacheControlFor('assets/index-Ab12.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/index-Ab12.css.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('zod-jitless.js')).toBe('no-cache');
    expect(cacheControlFor('favicon.svg')).toBe('public, max-age=86400');
  });
});

describe('API answers', () => {
  test('JSON of 1 KB or more is compressed; a small answer is not', async () => {
    const document = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-encoding']).toBe('br');
    expect(document.headers.vary).toMatch(/accept-encoding/i);

    const gzipped = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toHaveProperty('openapi');

    const health = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  test('the live stream is not compressed and its first bytes arrive at once', async () => {
    const cookie = await testApp.signIn('administrator');
    const { headers, firstChunk } = await new Promise<{ headers: Record<string, unknown>; firstChunk: string }>(
      (done, fail) => {
        const request = httpRequest(
          `${baseUrl}/api/events`,
          { headers: { cookie, 'accept-encoding': 'br, gzip' } },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              done({ headers: response.headers, firstChunk: chunk.toString('utf8') });
              request.destroy();
            });
          },
        );
        request.on('error', (error) =>
          (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : fail(error),
        );
        request.end();
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    // Plain text: had a compressor taken the stream, this would be binary or still held back.
    expect(firstChunk).toMatch(/^retry: \d+\n/);
  });
});
