// Contact numbers (issue 9, issue 26; decision 0005): every write stores the number in international form
// with its E.164 number and digits and refuses a number no country would dial, every list finds a record
// by any common way of writing its number or a run of its digits, the duplicate check compares E.164
// numbers across leads and clients, the start-up back-fill and its review list, and (on the PostgreSQL
// server) the plan of a phone search.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPhoneNumber, LEAD_MESSAGES, type LeadRecord, PHONE_MESSAGES, phoneToE164 } from '@crm/domain';
import { idPath } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { buildTestApp, testDatabaseUrl } from '../../../test/build-test-app.ts';
import { backfillContactNumbers, NORMALISED_ACTION } from '../../db/backfill-contact-numbers.ts';
import { withContactNumberForms } from '../../db/contact-number-e164.ts';
import { auditLogs, clients, contacts, leads, users } from '../../db/schema/index.ts';
import { seedDemoClients } from '../../seed/demo-clients.ts';
import { seedDemoLeads } from '../../seed/demo-leads.ts';
import { createRandom, generateLead, seedUsersFrom } from '../../seed/lead-generator.ts';
import { insertLeads } from '../leads/leads.repository.ts';

const f = fixtureForFile();

/**
 * The ways people write one Australian mobile ('412 345 678'): national, E.164, without the 0 (spaced and
 * not), international, and a run of six of its digits.
 */
const waysOfWriting = (national: string) => [
  `0${national}`,
  `+61${national.replace(/ /g, '')}`,
  national,
  national.replace(/ /g, ''),
  `+61 ${national}`,
  national.replace(/ /g, '').slice(-6),
];

const e164Of = async (table: typeof leads | typeof clients | typeof contacts, id: string) =>
  (await f.t.database.db.select({ e164: table.contactNumberE164 }).from(table).where(eq(table.id, id)))[0]?.e164;

/** What a row holds: the number as stored, its E.164 number and its digits. */
const storedOf = async (table: typeof leads | typeof clients | typeof contacts, id: string) =>
  (
    await f.t.database.db
      .select({ number: table.contactNumber, e164: table.contactNumberE164, digits: table.contactNumberDigits })
      .from(table)
      .where(eq(table.id, id))
  )[0];

/** The ids a list finds for the search term (100 a page), as the administrator. */
const idsOf = (res: { response: Response; data?: { items: { id: string }[] }; error?: unknown }) => {
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.items.map((item) => item.id);
};
const byTerm = (term: string) => ({ params: { query: { pageSize: 100, search: term } } });
const search = {
  leads: async (term: string) => idsOf(await f.api('administrator').GET('/api/leads', byTerm(term))),
  records: async (term: string) => idsOf(await f.api('administrator').GET('/api/records', byTerm(term))),
  clients: async (term: string) => idsOf(await f.api('administrator').GET('/api/clients', byTerm(term))),
  contacts: async (term: string) => idsOf(await f.api('administrator').GET('/api/contacts', byTerm(term))),
};

describe('search by number', () => {
  let lead: LeadRecord;
  let clientId: string;
  let contactId: string;

  beforeAll(async () => {
    lead = await f.createLead('administrator', { lastName: 'Nakamura', contactNumber: '+61 412 345 678' });
    const admin = f.api('administrator');
    const client = await admin.POST('/api/clients', { body: f.clientInput({ contactNumber: '+61 413 222 333' }) });
    expect(client.response.status, JSON.stringify(client.error)).toBe(201);
    clientId = client.data!.id;
    const archived = await f.createLead('administrator', { contactNumber: '+61 414 555 666' });
    const res = await admin.POST('/api/leads/{id}/archive', { ...idPath(archived.id), body: {} });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    contactId = res.data!.contactId;
  });

  it('finds a lead in /api/leads and /api/records however its number is written', async () => {
    for (const term of waysOfWriting('412 345 678')) {
      expect(await search.leads(term), term).toEqual([lead.id]);
      expect(await search.records(term), term).toEqual([lead.id]);
    }
  });

  it('finds a client in /api/clients and /api/records, and a contact in /api/contacts', async () => {
    for (const term of waysOfWriting('413 222 333')) {
      expect(await search.clients(term), term).toEqual([clientId]);
      expect(await search.records(term), term).toEqual([clientId]);
    }
    for (const term of waysOfWriting('414 555 666')) {
      expect(await search.contacts(term), term).toEqual([contactId]);
    }
  });

  it('finds a number by its beginning, and still finds names and typed text', async () => {
    expect(await search.leads('0412 345')).toContain(lead.id);
    expect(await search.leads('nakamura')).toEqual([lead.id]);
    // As stored ('+61 412 345 678' contains '345 678'): the text search is unchanged.
    expect(await search.leads('345 678')).toContain(lead.id);
    expect(await search.leads('0499 999 999')).toEqual([]);
  });

  it('stores a Kenyan number in international form with its E.164 number, and finds it', async () => {
    const kenyan = await f.createLead('administrator', { contactNumber: '+254 0711 222 333' });
    expect(kenyan.contactNumber).toBe('+254 711 222333');
    expect((await f.api('administrator').GET('/api/leads/{id}', idPath(kenyan.id))).data?.contactNumber).toBe(
      '+254 711 222333',
    );
    expect(await storedOf(leads, kenyan.id)).toEqual({
      number: '+254 711 222333',
      e164: '+254711222333',
      digits: '254711222333',
    });
    for (const term of ['+254711222333', '+254 711 222 333', '254 711 222 333', '0711 222 333', '711222333']) {
      expect(await search.leads(term), term).toEqual([kenyan.id]);
    }
  });

  it.each([
    // Colombia: no trunk 0; found by part of its number (issue 26: '3470785').
    ['+57 317 347 0785', '+57 317 3470785', ['+573173470785', '317 347 0785', '3173470785', '3470785', '573173']],
    // The Philippines: found by its local form with the trunk 0 and without.
    [
      '+63 0917 555 1234',
      '+63 917 555 1234',
      ['+639175551234', '0917 555 1234', '09175551234', '9175551234', '5551234'],
    ],
  ])('stores %s as %s and finds it in every list however written', async (typed, stored, terms) => {
    const found = await f.createLead('administrator', { contactNumber: typed });
    expect(found.contactNumber).toBe(stored);
    const admin = f.api('administrator');
    const client = await admin.POST('/api/clients', { body: f.clientInput({ contactNumber: typed }) });
    // The same number is a duplicate of the lead: the client gets the number with one digit changed.
    expect(client.response.status).toBe(409);
    for (const term of terms) {
      expect(await search.leads(term), term).toEqual([found.id]);
      expect(await search.records(term), term).toEqual([found.id]);
    }
    const archived = await admin.POST('/api/leads/{id}/archive', { ...idPath(found.id), body: {} });
    expect(archived.response.status, JSON.stringify(archived.error)).toBe(200);
    for (const term of terms) {
      expect(await search.contacts(term), term).toEqual([archived.data?.contactId]);
    }
  });
});

describe('a number the form refuses', () => {
  it.each(['1234 5678', '+61 412 345', '+63 1234 5678', '0917 555 1234'])(
    "refuses '%s' on create and edit, with the stated message on the field",
    async (typed) => {
      const admin = f.api('administrator');
      const created = await admin.POST('/api/leads', { body: f.leadInput({ contactNumber: typed }) });
      expect(created.response.status).toBe(400);
      expect(created.error?.fieldErrors?.contactNumber).toEqual([PHONE_MESSAGES.invalid]);
      const client = await admin.POST('/api/clients', { body: f.clientInput({ contactNumber: typed }) });
      expect(client.response.status).toBe(400);
      expect(client.error?.fieldErrors?.contactNumber).toEqual([PHONE_MESSAGES.invalid]);
      const lead = await f.createLead();
      const edited = await admin.PATCH('/api/leads/{id}', {
        ...idPath(lead.id),
        body: { contactNumber: typed, version: lead.version },
      });
      expect(edited.response.status).toBe(400);
      expect(edited.error?.fieldErrors?.contactNumber).toEqual([PHONE_MESSAGES.invalid]);
    },
  );
});

describe('the stored forms on every write', () => {
  it('are set on create, edit, conversion, archive and restore', async () => {
    const lead = await f.createLead('administrator', { contactNumber: '0421 000 111' });
    expect(lead.contactNumber).toBe('+61 421 000 111');
    expect(await storedOf(leads, lead.id)).toEqual({
      number: '+61 421 000 111',
      e164: '+61421000111',
      digits: '61421000111',
    });

    const admin = f.api('administrator');
    const edited = await admin.PATCH('/api/leads/{id}', {
      ...idPath(lead.id),
      body: { ...f.leadInput({ email: lead.email, contactNumber: '+63 917 123 4567' }), version: lead.version },
    });
    expect(edited.response.status, JSON.stringify(edited.error)).toBe(200);
    expect(await storedOf(leads, lead.id)).toEqual({
      number: '+63 917 123 4567',
      e164: '+639171234567',
      digits: '639171234567',
    });

    const { client } = await f.convertedLead('administrator', { contactNumber: '+61 421 000 222' });
    expect(await e164Of(clients, client.id)).toBe('+61421000222');

    const toArchive = await f.createLead('administrator', { contactNumber: '(02) 9876 0001' });
    const archived = await admin.POST('/api/leads/{id}/archive', { ...idPath(toArchive.id), body: {} });
    const contactId = archived.data!.contactId;
    expect(await e164Of(contacts, contactId)).toBe('+61298760001');
    const restored = await admin.POST('/api/contacts/{id}/restore', {
      ...idPath(contactId),
      body: { type: 'client', notes: 'Signed' },
    });
    expect(restored.response.status, JSON.stringify(restored.error)).toBe(200);
    expect(await storedOf(clients, String(restored.data?.clientId))).toEqual({
      number: '+61 2 9876 0001',
      e164: '+61298760001',
      digits: '61298760001',
    });
  });
});

describe('duplicate check on normalised numbers', () => {
  it("refuses '0412 …' when '+61 412 …' exists, across leads and clients, with the spec's messages", async () => {
    await f.createLead('administrator', { contactNumber: '+61 416 777 888' });
    const admin = f.api('administrator');
    const lead = await admin.POST('/api/leads', { body: f.leadInput({ contactNumber: '0416 777 888' }) });
    expect(lead.response.status).toBe(409);
    expect(lead.error?.message).toBe(LEAD_MESSAGES.duplicateDetected('contact number 0416 777 888', 'leads'));
    expect(lead.error?.fieldErrors).toHaveProperty('contactNumber');
    const client = await admin.POST('/api/clients', { body: f.clientInput({ contactNumber: '0416-777-888' }) });
    expect(client.response.status).toBe(409);
    expect(client.error?.message).toBe(LEAD_MESSAGES.duplicateDetected('contact number 0416-777-888', 'leads'));

    const existing = await admin.POST('/api/clients', { body: f.clientInput({ contactNumber: '0417 888 999' }) });
    expect(existing.response.status, JSON.stringify(existing.error)).toBe(201);
    const leadOfClient = await admin.POST('/api/leads', { body: f.leadInput({ contactNumber: '+61417888999' }) });
    expect(leadOfClient.response.status).toBe(409);
    expect(leadOfClient.error?.message).toBe(LEAD_MESSAGES.duplicateDetected('contact number +61417888999', 'clients'));

    // An edit to another lead's number, written another way: the spec's update message.
    const other = await f.createLead();
    const update = await admin.PATCH('/api/leads/{id}', {
      ...idPath(other.id),
      body: { ...f.leadInput({ email: other.email, contactNumber: '416 777 888' }), version: other.version },
    });
    expect(update.response.status).toBe(409);
    expect(update.error?.message).toBe(LEAD_MESSAGES.duplicateOnUpdate);
  });

  it('compares a stored row without an E.164 number by its digits, as before', async () => {
    // A row the back-fill has not read yet (or could not read): no E.164 number.
    const [old] = await f.t.database.db
      .insert(leads)
      .values({ firstName: 'Old', lastName: 'Row', email: 'old.digits@example.com', contactNumber: '+61 412 777 001' })
      .returning({ id: leads.id });
    const same = await f
      .api('administrator')
      .POST('/api/leads', { body: f.leadInput({ contactNumber: '+61412777001' }) });
    expect(same.response.status).toBe(409);
    expect(same.error?.message).toBe(LEAD_MESSAGES.duplicateDetected('contact number +61412777001', 'leads'));
    await f.t.database.db.delete(leads).where(eq(leads.id, old!.id));
  });

  it('lets different countries with the same national digits pass', async () => {
    await f.createLead('administrator', { contactNumber: '+254 722 000 111' });
    const res = await f
      .api('administrator')
      .POST('/api/leads', { body: f.leadInput({ contactNumber: '+255 722 000 111' }) });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  });
});

describe('the start-up back-fill', () => {
  it('normalises the numbers it can read, lists and leaves those it cannot, and is idempotent', async () => {
    const db = f.t.database.db;
    // Rows as they were before migration 0038: written without the derived columns.
    const [valid, invalid, enquiry] = await db
      .insert(leads)
      .values([
        { firstName: 'Old', lastName: 'Row', email: 'old.row.1@example.com', contactNumber: '0433 000 999' },
        { firstName: 'Old', lastName: 'Row', email: 'old.row.2@example.com', contactNumber: '9999 0000' },
        // The public form's number without its country (issue 26): not Australian, so not read.
        { firstName: 'Maria', lastName: 'Santos', email: 'old.row.3@example.com', contactNumber: '0917 555 1234' },
      ])
      .returning({ id: leads.id });
    const [contact] = await db
      .insert(contacts)
      .values({ firstName: 'Old', lastName: 'Contact', email: 'old.c@example.com', contactNumber: '+44 20 7946 0958' })
      .returning({ id: contacts.id });
    const [client] = await db
      .insert(clients)
      .values({
        firstName: 'Old',
        lastName: 'Client',
        email: 'old.cl@example.com',
        contactNumber: '+61 (0)412 999 000',
      })
      .returning({ id: clients.id });
    expect(await e164Of(leads, valid!.id)).toBeNull();

    // Counts include what other tests of this file left for review.
    const first = await backfillContactNumbers(db);
    expect(first.normalised).toBe(3);
    expect(await storedOf(leads, valid!.id)).toEqual({
      number: '+61 433 000 999',
      e164: '+61433000999',
      digits: '61433000999',
    });
    expect(await storedOf(contacts, contact!.id)).toEqual({
      number: '+44 20 7946 0958',
      e164: '+442079460958',
      digits: '442079460958',
    });
    expect(await storedOf(clients, client!.id)).toEqual({
      number: '+61 412 999 000',
      e164: '+61412999000',
      digits: '61412999000',
    });
    // Nothing changed unseen: the History of a record whose number was rewritten shows it as typed and as
    // stored, by the system; a number already in its stored form has no entry.
    const admin = f.api('administrator');
    const history = await admin.GET('/api/leads/{id}/history', idPath(valid!.id));
    expect(history.response.status, JSON.stringify(history.error)).toBe(200);
    const entries = history.data!.filter((e) => e.action === NORMALISED_ACTION);
    expect(entries).toEqual([
      expect.objectContaining({
        title: 'Contact number put in international form',
        actorName: null,
        changes: [{ field: 'contactNumber', label: 'Contact Number', from: '0433 000 999', to: '+61 433 000 999' }],
      }),
    ]);
    const audited = await db
      .select({ resourceType: auditLogs.resourceType, resourceId: auditLogs.resourceId })
      .from(auditLogs)
      .where(eq(auditLogs.action, NORMALISED_ACTION));
    expect(audited).toEqual(
      expect.arrayContaining([
        { resourceType: 'CLIENT', resourceId: client!.id },
        { resourceType: 'LEAD', resourceId: valid!.id },
      ]),
    );
    expect(audited.map((a) => a.resourceId)).not.toContain(contact!.id);

    // Unread: unchanged, found by its digits, listed for administrators.
    expect(await storedOf(leads, invalid!.id)).toEqual({ number: '9999 0000', e164: null, digits: '99990000' });
    expect(await storedOf(leads, enquiry!.id)).toEqual({ number: '0917 555 1234', e164: null, digits: '09175551234' });
    expect(await search.leads('09175551234')).toEqual([enquiry!.id]);

    const review = await admin.GET('/api/phone-number-review');
    expect(review.response.status, JSON.stringify(review.error)).toBe(200);
    const listed = review.data!.items.filter((i) => [invalid!.id, enquiry!.id].includes(i.recordId));
    expect(
      listed
        .map(({ recordType, name, contactNumber }) => ({ recordType, name, contactNumber }))
        .sort((x, y) => x.name.localeCompare(y.name)),
    ).toEqual([
      { recordType: 'lead', name: 'Maria Santos', contactNumber: '0917 555 1234' },
      { recordType: 'lead', name: 'Old Row', contactNumber: '9999 0000' },
    ]);
    expect(review.data!.total).toBeGreaterThanOrEqual(2);
    expect((await f.api('consultant').GET('/api/phone-number-review')).response.status).toBe(403);

    const again = await backfillContactNumbers(db);
    expect(again.normalised).toBe(0);
    expect(again.forReview).toBe(first.forReview);

    // Corrected with its country (as the repositories write it; the row lacks the form's required fields):
    // it leaves the list at once, and its review row at the next start.
    await db
      .update(leads)
      .set(withContactNumberForms({ contactNumber: '+63 0917 555 1234' }))
      .where(eq(leads.id, enquiry!.id));
    expect((await storedOf(leads, enquiry!.id))?.number).toBe('+63 917 555 1234');
    const after = (await admin.GET('/api/phone-number-review')).data!;
    expect(after.items.map((i) => i.recordId)).not.toContain(enquiry!.id);
    expect((await backfillContactNumbers(db)).forReview).toBe(first.forReview - 1);
  });

  it('leaves the demo data with every number in E.164', async () => {
    const demo = await buildTestApp();
    try {
      await seedDemoLeads(demo.database.db);
      await seedDemoClients(demo.database.db);
      for (const table of [leads, clients, contacts]) {
        const rows = await demo.database.db
          .select({ typed: table.contactNumber, e164: table.contactNumberE164 })
          .from(table);
        expect(rows.length).toBeGreaterThan(20);
        for (const row of rows) {
          expect(phoneToE164(row.typed), row.typed).not.toBeNull();
          expect(row.e164, row.typed).toBe(phoneToE164(row.typed));
          expect(row.typed, row.typed).toBe(formatPhoneNumber(row.typed));
        }
      }
    } finally {
      await demo.close();
    }
  });
});

// On the PostgreSQL server only: PGlite plans alike, but 20,000 rows there would slow the suite for no
// more proof, and production runs on a server.
describe.skipIf(!testDatabaseUrl())('phone search plan at 20,000 leads (PostgreSQL server)', () => {
  const LEADS = 20_000;

  /**
   * The SQL statements (with their parameters) the app sends while `work` runs, transactions included:
   * every pooled query ends in Client#query.
   */
  async function statementsOf(work: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
    const seen: { text: string; values: unknown[] }[] = [];
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    // Called as query(text, values) or query({ text, values?, rowMode }, values).
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      const values = Array.isArray(second) ? (second as unknown[]) : [];
      if (typeof first === 'string') seen.push({ text: first, values });
      else if (first && typeof first === 'object' && 'text' in first) {
        const q = first as { text: string; values?: unknown[] };
        seen.push({ text: q.text, values: q.values ?? values });
      }
      return original.apply(this, args);
    };
    try {
      await work();
    } finally {
      prototype.query = original;
    }
    return seen;
  }

  /** EXPLAIN of each statement that reads leads by number, with the values it was sent. */
  async function plansOf(statements: { text: string; values: unknown[] }[]): Promise<string[]> {
    // The pool drizzle wraps (on the server it is node-postgres): EXPLAIN with the statement's own values.
    const pool = (f.t.database.db as unknown as { $client: pg.Pool }).$client;
    const plans: string[] = [];
    for (const s of statements.filter(
      (st) => /from "leads"/.test(st.text) && /contact_number_(e164|digits)/.test(st.text),
    )) {
      const result = await pool.query<{ 'QUERY PLAN': string }>(`explain ${s.text}`, s.values);
      plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  }

  beforeAll(async () => {
    const db = f.t.database.db;
    const random = createRandom(7);
    const seedUsers = seedUsersFrom(await db.select({ id: users.id, role: users.role }).from(users));
    const now = new Date();
    for (let done = 0; done < LEADS; done += 1_000) {
      await insertLeads(
        db,
        Array.from({ length: 1_000 }, (_, i) =>
          generateLead(random, { index: 2_000_000 + done + i, now, spreadDays: 3 * 365, users: seedUsers }),
        ),
      );
    }
    // 0418 is outside the generator's ranges (040-043, 046), so this number is the only one.
    await f.createLead('administrator', { contactNumber: '+61 418 123 456' });
    // VACUUM as autovacuum would: fresh rows sit in the trigram index's pending list, which the planner
    // prices as a full read (20,000 new rows made the text search's GIN scan cost more than reading the table).
    await db.execute(sql`vacuum analyze leads`);
    await db.execute(sql`vacuum analyze clients`);
  }, 300_000);

  it('reads leads through the digits and E.164 indexes, never a sequential scan, for the lists and the duplicate check', async () => {
    const query = { params: { query: { search: '0418 123 456', pageSize: 50 } } };
    const admin = f.api('administrator');
    const statements = await statementsOf(async () => {
      for (const res of [await admin.GET('/api/leads', query), await admin.GET('/api/records', query)]) {
        expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      }
      const duplicate = await admin.POST('/api/leads', { body: f.leadInput({ contactNumber: '0418 123 456' }) });
      expect(duplicate.response.status).toBe(409);
    });
    const plans = await plansOf(statements);
    // The leads list's page, the records list's leads branch, the duplicate check (a search is not counted).
    expect(plans.length).toBeGreaterThanOrEqual(3);
    for (const plan of plans) {
      expect(plan, plan).not.toMatch(/Seq Scan on leads/);
      expect(plan, plan).toMatch(/leads_contact_digits_trgm_idx|leads_contact_e164_idx/);
    }
  });
});
