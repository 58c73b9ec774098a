// The error handler's mapping of database errors: a unique index that catches a duplicate the checks
// missed (two saves at once) answers 409 with the spec's message, never 500.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { GENERIC_MESSAGES } from '@crm/domain';
import { registerErrorHandler } from './errors.ts';

const pg = new PGlite();
const app = Fastify();

beforeAll(async () => {
  await pg.exec('create table person (email text unique)');
  registerErrorHandler(app);
  app.post('/person', async () => {
    await pg.query('insert into person (email) values ($1)', ['ada@example.com']);
    return { ok: true };
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await pg.close();
});

test('a unique violation (23505) answers 409 Duplicate record detected', async () => {
  expect((await app.inject({ method: 'POST', url: '/person' })).statusCode).toBe(200);
  const second = await app.inject({ method: 'POST', url: '/person' });
  expect(second.statusCode).toBe(409);
  expect(second.json()).toEqual({ code: 'CONFLICT', message: GENERIC_MESSAGES.duplicateRecord });
  expect((await pg.query<{ n: number }>('select count(*)::int as n from person')).rows[0]?.n).toBe(1);
});
