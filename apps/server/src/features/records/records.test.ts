import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientRecord, DEFAULT_MODULE_ACCESS, type LeadRecord, type Role } from '@crm/domain';
import { rolePermissions } from '../../db/schema/index.ts';
import { idPath, type Query } from '../../../test/api-client.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;
let fresh: LeadRecord;
let lost: LeadRecord;
let converted: { lead: LeadRecord; client: ClientRecord };
let reverted: { lead: LeadRecord; client: ClientRecord };
let direct: ClientRecord;
let consultantLead: LeadRecord;
let hidden: LeadRecord;

beforeAll(async () => {
  f = await createFixture();
  fresh = await f.createLead('administrator', { leadStatus: 'New Lead Received', firstName: 'Aroha' });
  lost = await f.createLead('administrator', {
    leadStatus: 'Not Proceeding / Lost',
    applicantLocation: 'Outside Australia',
    currentVisaSubclass: undefined,
    visaExpiryDate: undefined,
    desiredVisa: 'Parent 103',
    nationality: 'Nepal',
  });
  converted = await f.convertedLead('administrator');
  reverted = await f.convertedLead('administrator');
  const admin = f.api('administrator');
  expect((await admin.POST('/api/clients/{id}/revert', idPath(reverted.client.id))).response.status).toBe(200);
  const archived = await f.createLead();
  expect((await admin.POST('/api/leads/{id}/archive', { ...idPath(archived.id), body: {} })).response.status).toBe(200);
  const deleted = await f.createLead();
  expect((await admin.DELETE('/api/leads/{id}', idPath(deleted.id))).response.status).toBe(200);
  hidden = await f.createLead();
  expect((await admin.POST('/api/leads/{id}/hide', { ...idPath(hidden.id), body: {} })).response.status).toBe(200);
  const created = await admin.POST('/api/clients', {
    body: f.clientInput({
      firstName: 'Valentina',
      lastName: 'Castro',
      nationality: 'Colombia',
      status: 'Visa - Active',
      applicantLocation: 'Inside Australia',
      currentVisaSubclass: 'Bridging A (010)',
      desiredVisa: 'Partner 820/801',
    }),
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  direct = created.data!;
  consultantLead = await f.createLead('consultant');
});
afterAll(async () => {
  await f?.t.close();
});

async function page(role: Role, query: Query<'/api/records'> = {}) {
  const res = await f.api(role).GET('/api/records', { params: { query: { pageSize: 100, ...query } } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
}
const ids = (p: { items: { id: string }[] }) => p.items.map((r) => r.id);

describe('GET /api/records', () => {
  it('lists live leads of every status and active clients, newest first, with their links', async () => {
    const all = await page('administrator');
    expect(new Set(ids(all))).toEqual(
      new Set([
        fresh.id,
        lost.id,
        converted.lead.id,
        converted.client.id,
        reverted.lead.id,
        direct.id,
        consultantLead.id,
      ]),
    );
    expect(all.total).toBe(7);
    const times = all.items.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byId = new Map(all.items.map((r) => [r.id, r]));
    expect(byId.get(converted.lead.id)).toMatchObject({
      type: 'lead',
      status: 'Converted to Client',
      convertedToClientId: converted.client.id,
      convertedFromLeadId: null,
    });
    expect(byId.get(converted.client.id)).toMatchObject({
      type: 'client',
      status: 'Active',
      convertedFromLeadId: converted.lead.id,
      convertedToClientId: null,
      displayId: converted.client.displayId,
    });
    expect(byId.get(lost.id)).toMatchObject({
      displayId: `LD-${lost.id.replace(/-/g, '').slice(-8).toUpperCase()}`,
      fullName: 'Priya Patel',
      email: lost.email,
      contactNumber: lost.contactNumber,
      location: 'Outside Australia',
      desiredVisa: 'Parent 103',
      nationality: 'Nepal',
      isHidden: false,
    });
    // The reverted lead is back with its old status; its Reverted client is not listed.
    expect(byId.get(reverted.lead.id)?.status).toBe('Agreement Signed – Awaiting Payment');
    expect(byId.has(reverted.client.id)).toBe(false);

    expect(ids(await page('administrator', { showHidden: true }))).toContain(hidden.id);
    expect(ids(await page('administrator', { type: 'client' })).sort()).toEqual(
      [converted.client.id, direct.id].sort(),
    );
    expect((await page('administrator', { type: 'lead' })).total).toBe(5);
  });

  it('searches name, email, contact number, status, location, desired visa and nationality', async () => {
    const search = async (term: string) => ids(await page('administrator', { search: term }));
    expect(await search('aroha')).toEqual([fresh.id]);
    expect(await search('valentina castro')).toEqual([direct.id]);
    expect(await search('CASTRO')).toEqual([direct.id]);
    expect(await search(lost.email)).toEqual([lost.id]);
    expect(await search(consultantLead.contactNumber)).toEqual([consultantLead.id]);
    expect(await search('visa - act')).toEqual([direct.id]);
    expect(await search('converted to')).toEqual([converted.lead.id]);
    expect(await search('outside')).toEqual([lost.id]);
    expect(await search('parent 1')).toEqual([lost.id]);
    expect(await search('colombia')).toEqual([direct.id]);
    expect(await search('nep')).toEqual([lost.id]);
    expect(await search('100%_')).toEqual([]);
    const counted = await page('administrator', { search: 'partner 820' });
    // A search is not counted beyond its page.
    expect(counted).toMatchObject({ total: null, nextCursor: null });
    expect(ids(counted)).toContain(direct.id);
  });

  it('pages through the union without repeats and caps the page size by role', async () => {
    const all = ids(await page('administrator'));
    const seen: string[] = [];
    for (let p = 1; p <= 4; p++) {
      const res = (await f.api('administrator').GET('/api/records', { params: { query: { pageSize: 2, page: p } } }))
        .data!;
      expect(res.total).toBe(7);
      seen.push(...ids(res));
    }
    expect(seen).toEqual(all);

    const pageSize100 = { params: { query: { pageSize: 100 } } };
    const guest = (await f.api('guest').GET('/api/records', pageSize100)).data;
    expect(guest?.pageSize).toBe(10);
    expect((await f.api('consultant').GET('/api/records', pageSize100)).data?.pageSize).toBe(50);
    // Bad query values on purpose: raw.
    for (const query of ['pageSize=101', 'page=0', 'type=contact', 'showHidden=perhaps', `search=${'x'.repeat(201)}`]) {
      expect((await f.call('administrator', 'GET', `/api/records?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('shows a consultant only its own and assigned records', async () => {
    const own = await page('consultant');
    expect(ids(own)).toEqual([consultantLead.id]);
    expect(own.total).toBe(1);
  });
});

describe('GET /api/records/statistics', () => {
  it('counts the listed records; conversion rate = clients ÷ (leads + clients) with one decimal', async () => {
    const statistics = (role: Role, showHidden?: boolean) =>
      f.api(role).GET('/api/records/statistics', { params: { query: showHidden ? { showHidden } : {} } });
    const stats = (await statistics('administrator')).data;
    expect(stats).toEqual({
      totalRecords: 7,
      // New Lead Received, and two Agreement Signed (the reverted lead and the consultant's).
      activeLeads: 3,
      convertedClients: 2,
      lostLeads: 1,
      conversionRate: 28.6,
    });
    expect((await statistics('guest')).data?.totalRecords).toBe(7);
    expect((await statistics('consultant')).data).toEqual({
      totalRecords: 1,
      activeLeads: 1,
      convertedClients: 0,
      lostLeads: 0,
      conversionRate: 0,
    });
    expect((await statistics('administrator', true)).data?.totalRecords).toBe(8);
  });
});

describe('a role whose module access leaves out Clients', () => {
  it('lists and counts only the leads', async () => {
    const modules = DEFAULT_MODULE_ACCESS.member.filter((m) => m !== 'clients');
    await f.t.database.db.insert(rolePermissions).values({ role: 'member', modules: [...modules] });
    await f.t.app.accessPolicy.reload();
    try {
      const listed = await page('member');
      expect(listed.items.every((r) => r.type === 'lead')).toBe(true);
      expect(listed.total).toBe(5);
      const member = f.api('member');
      expect((await member.GET('/api/records/statistics')).data).toMatchObject({
        totalRecords: 5,
        convertedClients: 0,
      });
      expect((await member.GET('/api/clients')).response.status).toBe(403);
    } finally {
      await f.t.database.db.delete(rolePermissions).where(eq(rolePermissions.role, 'member'));
      await f.t.app.accessPolicy.reload();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every operation of clients, conversion, reversion, records and contacts', async () => {
    // The document itself is not one of its operations: raw.
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations: [string, string][] = [
      ['/api/clients', 'get'],
      ['/api/clients', 'post'],
      ['/api/clients/filter-options', 'get'],
      ['/api/leads/{id}/client', 'get'],
      ['/api/clients/{id}', 'get'],
      ['/api/clients/{id}', 'patch'],
      ['/api/clients/{id}', 'delete'],
      ['/api/clients/{id}/hide', 'post'],
      ['/api/clients/{id}/unhide', 'post'],
      ['/api/clients/{id}/restore', 'post'],
      ['/api/clients/{id}/permanent', 'delete'],
      ['/api/clients/{id}/revert', 'post'],
      ['/api/leads/{id}', 'patch'],
      ['/api/leads/{id}/convert', 'post'],
      ['/api/records', 'get'],
      ['/api/records/statistics', 'get'],
      ['/api/contacts', 'get'],
      ['/api/contacts/statistics', 'get'],
      ['/api/contacts/{id}/restore', 'post'],
    ];
    for (const [path, method] of operations) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(operation.tags.length, `${method} ${path}`).toBeGreaterThan(0);
    }
    expect(doc.paths['/api/leads/{id}'].patch.description).toContain('Converted to Client');
    expect(doc.paths['/api/contacts/{id}/restore'].post.requestBody).toBeDefined();
  });
});

describe('the combined list through the typed client', () => {
  it('finds a lead and its client by search, and counts records', async () => {
    const api = f.api('administrator');
    const page = await api.GET('/api/records', { params: { query: { search: converted.lead.email, pageSize: 10 } } });
    expect(page.response.status).toBe(200);
    expect(page.data?.items.map((r) => r.type).sort()).toEqual(['client', 'lead']);
    const statistics = await api.GET('/api/records/statistics');
    expect(statistics.data?.totalRecords).toBeGreaterThan(0);
  });
});
