// The server log holds one line per request and no personal data: not from bodies, query strings,
// cookies, nor from the parameters and messages of a failed database query.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildApp } from '../app.ts';
import { loggerOptions } from './logging.ts';
import { createMailer } from './mail.ts';

const SECRET_EMAIL = 'jane.citizen@example.com';
const SECRET_PHONE = '+61 412 987 654';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({
    config: t.app.config,
    database: t.database,
    mailer: createMailer({ smtpUrl: null }),
    logger: { ...loggerOptions('info'), stream },
  });
  // A route whose query fails inside PostgreSQL with personal data among its parameters.
  await app.register(async (instance) => {
    instance.post('/api/probe/failing-query', { config: { access: { signedIn: true } } }, async () => {
      await instance.db.execute(sql`select ${SECRET_EMAIL}::int`);
      return { ok: true };
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('server log', () => {
  it('writes one line per request and none of what a user typed', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'administrator@example.com', password: 'Test-Password-1!' },
    });
    const cookie = `crm_session=${signIn.cookies[0]!.value}`;
    const before = lines.length;
    await app.inject({
      method: 'GET',
      url: `/api/leads?search=${encodeURIComponent(SECRET_EMAIL)}`,
      headers: { cookie },
    });
    expect(lines.slice(before)).toHaveLength(1);
    const line = JSON.parse(lines.at(-1)!);
    expect(line).toMatchObject({ method: 'GET', route: '/api/leads', status: 200, msg: 'request' });

    await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { cookie },
      payload: { firstName: 'Jane', lastName: 'Citizen', email: SECRET_EMAIL, contactNumber: SECRET_PHONE },
    });
    const failed = await app.inject({
      method: 'POST',
      url: '/api/probe/failing-query',
      headers: { cookie },
      payload: {},
    });
    expect(failed.statusCode).toBe(500);

    const all = lines.join('\n');
    expect(all).toContain('database error 22P02');
    for (const secret of [SECRET_EMAIL, SECRET_PHONE, 'Citizen', signIn.cookies[0]!.value, 'Test-Password-1!']) {
      expect(all).not.toContain(secret);
    }
  });
});
