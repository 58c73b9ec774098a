// Two server instances on one database agree on every limit and every duplicate rule, because both live
// in PostgreSQL (DECISIONS.md §6): a second process is no way around them.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '@crm/domain';
import { clients, leads } from '../src/db/schema/index.ts';
import { demoEmail } from '../src/seed/demo-users.ts';
import { signInAs, TEST_PASSWORD } from './build-test-app.ts';
import { createFixture, type Fixture } from './record-fixtures.ts';

let f: Fixture;
let second: { app: FastifyInstance; close: () => Promise<void> };
let secondCookie: string;
beforeAll(async () => {
  f = await createFixture();
  second = await f.t.secondInstance();
  secondCookie = await signInAs(second.app, demoEmail('administrator'), TEST_PASSWORD);
});
afterAll(async () => {
  await second?.close();
  await f?.t.close();
});

const createThroughSecond = (payload: Record<string, unknown>) =>
  second.app.inject({ method: 'POST', url: '/api/leads', headers: { cookie: secondCookie }, payload });

describe('two app instances on one database', () => {
  it('refuses the 6th lead creation for one email through the second instance', async () => {
    const email = `limit.${Date.now()}@example.com`;
    const first = await f.call('administrator', 'POST', '/api/leads', f.leadInput({ email }));
    expect(first.statusCode).toBe(201);
    // Every attempt counts (spec 1 §5.1), duplicates refused or not.
    for (let i = 0; i < 4; i++) {
      const again = await f.call('administrator', 'POST', '/api/leads', f.leadInput({ email }));
      expect(again.statusCode).toBe(409);
    }
    const sixth = await createThroughSecond(f.leadInput({ email }));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'RATE_LIMITED', message: LEAD_MESSAGES.rateLimited });
  });

  it('stores exactly one of ten parallel creations with one contact number, spread over both instances', async () => {
    const contactNumber = '+61 499 000 123';
    const attempts = Array.from({ length: 10 }, (_, i) => {
      const body = f.leadInput({ contactNumber, email: `race.${i}.${Date.now()}@example.com` });
      return i % 2 === 0 ? f.call('administrator', 'POST', '/api/leads', body) : createThroughSecond(body);
    });
    const answers = await Promise.all(attempts);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const stored = await f.t.database.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(sql`regexp_replace(${leads.contactNumber}, '[^0-9]', '', 'g')`, '61499000123'));
    expect(stored).toHaveLength(1);
  });

  it('refuses a lead with the email or number of an existing client, also under a race with a client creation', async () => {
    const client = await f.call('administrator', 'POST', '/api/clients', f.clientInput());
    expect(client.statusCode).toBe(201);
    const { email, contactNumber } = client.json();
    const byEmail = await createThroughSecond(f.leadInput({ email }));
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toBe(LEAD_MESSAGES.duplicateDetected(`email ${email}`, 'clients'));
    const byNumber = await f.call('administrator', 'POST', '/api/leads', f.leadInput({ contactNumber }));
    expect(byNumber.statusCode).toBe(409);

    // A lead and a client for one new person at the same moment: exactly one of them is stored.
    const person = { email: `both.${Date.now()}@example.com`, contactNumber: '+61 499 000 456' };
    const [asLead, asClient] = await Promise.all([
      createThroughSecond(f.leadInput(person)),
      f.call('administrator', 'POST', '/api/clients', f.clientInput(person)),
    ]);
    expect([asLead.statusCode, asClient.statusCode].sort()).toEqual([201, 409]);
    const leadsStored = await f.t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.email, person.email));
    const clientsStored = await f.t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.email, person.email));
    expect(leadsStored.length + clientsStored.length).toBe(1);
  });
});
