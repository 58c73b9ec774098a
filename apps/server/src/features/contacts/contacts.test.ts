import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  daysAfter,
  LEAD_MESSAGES,
  type LeadRecord,
  RESTORE_MISSING_MESSAGE,
  type Role,
} from '@crm/domain';
import { idPath, type JsonBody, type Query } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { clients, contacts, leads } from '../../db/schema/index.ts';

const f = fixtureForFile();

/** Creates a lead as `role` and archives it; returns the lead and the contact it became. */
async function archived(
  role: Role = 'administrator',
  overrides: Partial<JsonBody<'/api/leads', 'post'>> = {},
): Promise<{ lead: LeadRecord; contactId: string }> {
  const lead = await f.createLead(role, overrides);
  const res = await f.api(role).POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return { lead, contactId: res.data!.contactId };
}

async function list(role: Role, query: Query<'/api/contacts'> = {}) {
  const res = await f.api(role).GET('/api/contacts', { params: { query: { pageSize: 100, ...query } } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
}
const stats = async (role: Role = 'administrator') => (await f.api(role).GET('/api/contacts/statistics')).data!;
const contactRow = async (id: string) => (await f.t.database.db.select().from(contacts).where(eq(contacts.id, id)))[0];
const leadRow = async (id: string) => (await f.t.database.db.select().from(leads).where(eq(leads.id, id)))[0];
const restore = (role: Role, id: string, body: JsonBody<'/api/contacts/{id}/restore', 'post'>) =>
  f.api(role).POST('/api/contacts/{id}/restore', { ...idPath(id), body });

describe('GET /api/contacts', () => {
  it("lists archived leads newest first with their original status, and 'x of y' totals for a search", async () => {
    const first = await archived('administrator', { firstName: 'Kavya', leadStatus: 'Not Proceeding / Lost' });
    const second = await archived('administrator', {
      firstName: 'Roshan',
      lastName: 'Thapa',
      leadStatus: 'Consultation Completed',
    });
    const page = await list('administrator');
    expect(page.items.slice(0, 2).map((c) => c.id)).toEqual([second.contactId, first.contactId]);
    expect(page.items[1]).toMatchObject({
      firstName: 'Kavya',
      email: first.lead.email,
      originalLeadStatus: 'Not Proceeding / Lost',
      contactStatus: 'Active',
      originalLeadId: first.lead.id,
      canRevertToLead: true,
      movedFromLeadsReason: 'Archived by user',
    });
    expect(page.items[1]?.movedFromLeadsAt).not.toBeNull();
    expect(page.total).toBe(page.totalAll);

    for (const term of ['roshan', 'THAPA', second.lead.email, second.lead.contactNumber]) {
      const found = await list('administrator', { search: term });
      expect(
        found.items.map((c) => c.id),
        term,
      ).toEqual([second.contactId]);
      // A search is not counted beyond its page ('x of y' shows the rows found); 'y' stays every contact.
      expect(found).toMatchObject({ total: null, nextCursor: null, totalAll: page.totalAll });
    }
    // Status, location and the like are not part of the contacts search.
    expect((await list('administrator', { search: 'Consultation Completed' })).items).toEqual([]);
  });

  it('gives guest at most 20 a page and a consultant only the contacts it owns or was assigned to', async () => {
    const own = await archived('consultant');
    const assigned = await archived('administrator', { assistantManagerUserId: f.idOf('consultant') });
    const archivedByAdmin = await f.createLead('consultant');
    const archive = await f
      .api('administrator')
      .POST('/api/leads/{id}/archive', { ...idPath(archivedByAdmin.id), body: {} });
    expect(archive.response.status).toBe(200);
    const others = await archived('administrator');
    await f.t.database.db.insert(contacts).values(
      Array.from({ length: 22 }, (_, i) => ({
        firstName: 'Bulk',
        lastName: 'Contact',
        email: `bulk.contact.${i}@example.com`,
        contactNumber: `+61 2 8${String(1_000_000 + i)}`,
        movedFromLeadsAt: daysAfter(new Date(), -400),
      })),
    );
    const guest = await list('guest');
    expect(guest.items).toHaveLength(20);
    expect(guest.pageSize).toBe(20);
    expect(guest.totalAll).toBeGreaterThan(25);

    const consultant = await list('consultant');
    const seen = consultant.items.map((c) => c.id);
    expect(seen).toContain(own.contactId);
    expect(seen).toContain(assigned.contactId);
    expect(seen).not.toContain(others.contactId);
    expect(consultant.items.map((c) => c.originalLeadId)).toContain(archivedByAdmin.id);
    expect(consultant.total).toBe(3);
    expect((await stats('consultant')).totalContacts).toBe(3);
    expect((await restore('consultant', others.contactId, { type: 'lead', notes: 'Mine now' })).response.status).toBe(
      404,
    );

    // Bad query values on purpose: raw.
    for (const query of ['pageSize=101', 'page=0', 'pageSize=abc']) {
      expect((await f.call('administrator', 'GET', `/api/contacts?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('POST /api/contacts/:id/restore', () => {
  it('answers 400 with the spec message when type or notes are missing, 403 to guest, 404 to others; writes nothing', async () => {
    const { contactId } = await archived();
    // Bad bodies on purpose: raw.
    for (const body of [
      {},
      { type: 'lead' },
      { type: 'lead', notes: '   ' },
      { notes: 'Back' },
      { type: 'contact', notes: 'Back' },
      undefined,
    ]) {
      const res = await f.call('administrator', 'POST', `/api/contacts/${contactId}/restore`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: RESTORE_MISSING_MESSAGE });
    }
    const back = { type: 'lead', notes: 'Back' } as const;
    const guest = await restore('guest', contactId, back);
    expect(guest.response.status).toBe(403);
    expect((await restore('consultant', contactId, back)).response.status).toBe(404);
    expect((await restore('administrator', crypto.randomUUID(), back)).response.status).toBe(404);
    expect((await restore('administrator', 'nope', back)).response.status).toBe(404);
    expect(await contactRow(contactId)).toMatchObject({ contactStatus: 'Active', version: 1 });
  });

  it('restores to lead: the original lead comes back with its archived status and the contact leaves the list', async () => {
    const before = await stats();
    const { lead, contactId } = await archived('member', { leadStatus: 'Consultation Completed' });
    expect(await stats()).toMatchObject({
      totalContacts: before.totalContacts + 1,
      activeContacts: before.activeContacts + 1,
    });
    const res = await restore('member', contactId, { type: 'lead', notes: 'Ready to proceed again' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toEqual({
      ok: true,
      type: 'lead',
      message: CONTACT_MESSAGES.restoredToLead,
      leadId: lead.id,
      clientId: null,
    });

    expect((await f.api('member').GET('/api/leads/{id}', idPath(lead.id))).data).toMatchObject({
      leadStatus: 'Consultation Completed',
    });
    expect((await leadRow(lead.id))?.archivedAt).toBeNull();
    expect((await list('member')).items.map((c) => c.id)).not.toContain(contactId);
    expect(await contactRow(contactId)).toMatchObject({ contactStatus: 'Reverted', canRevertToLead: false });
    const after = await stats();
    expect(after).toMatchObject({
      totalContacts: before.totalContacts,
      recentConversions: before.recentConversions + 1,
    });
    expect(await f.auditActions('CONTACT', contactId)).toEqual(['RESTORE_CONTACT_TO_LEAD']);

    expect((await restore('member', contactId, { type: 'lead', notes: 'Again' })).response.status).toBe(404);
  });

  it('restores to lead as a new lead when the original was deleted forever (Converted to Client comes back as New Lead Received)', async () => {
    const { lead, contactId } = await archived('consultant', { leadStatus: 'Ineligible' });
    const purge = await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', idPath(lead.id));
    expect(purge.response.status).toBe(200);
    const res = await restore('consultant', contactId, { type: 'lead', notes: 'New visa pathway' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const newId = String(res.data?.leadId);
    expect(newId).not.toBe(lead.id);
    const restored = (await f.api('consultant').GET('/api/leads/{id}', idPath(newId))).data;
    expect(restored).toMatchObject({
      firstName: lead.firstName,
      email: lead.email,
      contactNumber: lead.contactNumber,
      dateOfBirth: lead.dateOfBirth,
      desiredVisa: lead.desiredVisa,
      leadStatus: 'Ineligible',
      createdBy: { id: f.idOf('consultant') },
    });

    const [odd] = await f.t.database.db
      .insert(contacts)
      .values({
        firstName: 'Old',
        lastName: 'Import',
        email: 'old.import@example.com',
        contactNumber: '+61 2 7000 1000',
        originalLeadStatus: 'Converted to Client',
      })
      .returning();
    const oddRes = await restore('administrator', odd?.id as string, { type: 'lead', notes: 'From the old system' });
    expect(oddRes.response.status, JSON.stringify(oddRes.error)).toBe(200);
    expect((await leadRow(String(oddRes.data?.leadId)))?.leadStatus).toBe('New Lead Received');
  });

  it('restores to client: an Active client with the notes, the original lead marked converted to it; revertible', async () => {
    const { lead, contactId } = await archived('supervisor', { leadStatus: 'Agreement Sent – Awaiting Signature' });
    const res = await restore('supervisor', contactId, { type: 'client', notes: 'Signed after all' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const body = res.data!;
    const clientId = String(body.clientId);
    expect(body).toMatchObject({
      ok: true,
      type: 'client',
      message: CONTACT_MESSAGES.restoredToClient,
      leadId: lead.id,
    });
    const supervisor = f.api('supervisor');
    const client = (await supervisor.GET('/api/clients/{id}', idPath(clientId))).data;
    expect(client).toMatchObject({
      status: 'Active',
      conversionNotes: 'Signed after all',
      email: lead.email,
      firstName: lead.firstName,
      desiredVisa: lead.desiredVisa,
      convertedFromLeadId: lead.id,
      canRevert: true,
    });
    expect(await leadRow(lead.id)).toMatchObject({
      archivedAt: null,
      leadStatus: 'Converted to Client',
      convertedToClientId: body.clientId,
      statusBeforeConversion: 'Agreement Sent – Awaiting Signature',
    });
    expect((await list('supervisor')).items.map((c) => c.id)).not.toContain(contactId);
    expect(await f.auditActions('CONTACT', contactId)).toEqual(['RESTORE_CONTACT_TO_CLIENT']);
    expect(await f.auditActions('CLIENT', clientId)).toEqual(['CREATE_CLIENT']);

    // 'Revert to Lead' then puts the lead back in the pipeline with the status it was archived with.
    expect((await supervisor.POST('/api/clients/{id}/revert', idPath(clientId))).response.status).toBe(200);
    expect((await supervisor.GET('/api/leads/{id}', idPath(lead.id))).data?.leadStatus).toBe(
      'Agreement Sent – Awaiting Signature',
    );
  });

  it('returns the original lead to its archived status when the client restored from the contact is deleted forever', async () => {
    const { lead, contactId } = await archived('administrator', { leadStatus: 'Consultation Completed' });
    const res = await restore('administrator', contactId, { type: 'client', notes: 'Came back' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const clientId = String(res.data?.clientId);
    expect(await leadRow(lead.id)).toMatchObject({ leadStatus: 'Converted to Client', convertedToClientId: clientId });

    const purge = await f.api('account_administrator').DELETE('/api/clients/{id}/permanent', idPath(clientId));
    expect(purge.response.status, JSON.stringify(purge.error)).toBe(200);
    const admin = f.api('administrator');
    const after = await admin.GET('/api/leads/{id}', idPath(lead.id));
    expect(after.response.status, JSON.stringify(after.error)).toBe(200);
    expect(after.data).toMatchObject({ leadStatus: 'Consultation Completed', convertedToClientId: null });
    expect(await f.auditActions('LEAD', lead.id)).toContain('REVERT_CONVERSION_ON_CLIENT_PURGE');
    const edit = await admin.PATCH('/api/leads/{id}', {
      ...idPath(lead.id),
      body: { version: after.data!.version, firstName: 'Renamed' },
    });
    expect(edit.response.status, JSON.stringify(edit.error)).toBe(200);
    expect(edit.data).toMatchObject({ firstName: 'Renamed', leadStatus: 'Consultation Completed' });
  });

  it('restores to client without a lead link when the original lead is gone', async () => {
    const { lead, contactId } = await archived();
    const purge = await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', idPath(lead.id));
    expect(purge.response.status).toBe(200);
    const res = await restore('administrator', contactId, { type: 'client', notes: 'Walk-in' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data?.leadId).toBeNull();
    const client = (await f.api('administrator').GET('/api/clients/{id}', idPath(String(res.data?.clientId)))).data;
    expect(client).toMatchObject({
      convertedFromLeadId: null,
      convertedAt: null,
      canRevert: false,
      conversionNotes: 'Walk-in',
    });
  });

  it('answers 409 when a live lead took the email meanwhile, and changes nothing', async () => {
    const { lead, contactId } = await archived();
    const again = await f.createLead('administrator', { email: lead.email });
    const clientsBefore = await f.countRows(clients);
    for (const type of ['lead', 'client'] as const) {
      const res = await restore('administrator', contactId, { type, notes: 'Back' });
      expect(res.response.status, type).toBe(409);
      expect(res.error?.message).toBe(LEAD_MESSAGES.duplicateDetected(`email ${lead.email}`, 'leads'));
    }
    expect(await contactRow(contactId)).toMatchObject({ contactStatus: 'Active' });
    expect((await leadRow(lead.id))?.archivedAt).not.toBeNull();
    expect(await f.countRows(clients)).toBe(clientsBefore);
    expect(again.id).not.toBe(lead.id);
  });

  it('rolls back whole when a step fails, for both restore types', async () => {
    const { lead, contactId } = await archived();
    const clientsBefore = await f.countRows(clients);
    const leadsBefore = await f.countRows(leads);
    for (const [type, action] of [
      ['lead', 'RESTORE_CONTACT_TO_LEAD'],
      ['client', 'RESTORE_CONTACT_TO_CLIENT'],
    ] as const) {
      await f.exec(`alter table audit_logs add constraint test_no_restore check (action <> '${action}') not valid`);
      try {
        expect((await restore('administrator', contactId, { type, notes: 'Back' })).response.status, type).toBe(500);
      } finally {
        await f.exec('alter table audit_logs drop constraint test_no_restore');
      }
    }
    expect(await contactRow(contactId)).toMatchObject({ contactStatus: 'Active', canRevertToLead: true, version: 1 });
    expect(await leadRow(lead.id)).toMatchObject({ leadStatus: lead.leadStatus, convertedToClientId: null });
    expect((await leadRow(lead.id))?.archivedAt).not.toBeNull();
    expect(await f.countRows(clients)).toBe(clientsBefore);
    expect(await f.countRows(leads)).toBe(leadsBefore);
    expect((await restore('administrator', contactId, { type: 'lead', notes: 'Back' })).response.status).toBe(200);
  });
});

describe('GET /api/contacts/statistics', () => {
  it('counts listed, active, inactive, revertible and recently restored contacts', async () => {
    const before = await stats();
    const { contactId } = await archived();
    await f.t.database.db
      .update(contacts)
      .set({ contactStatus: 'Inactive', canRevertToLead: false })
      .where(eq(contacts.id, contactId));
    const after = await stats();
    expect(after).toEqual({
      totalContacts: before.totalContacts + 1,
      activeContacts: before.activeContacts,
      inactiveContacts: before.inactiveContacts + 1,
      revertibleContacts: before.revertibleContacts,
      recentConversions: before.recentConversions,
    });
    expect((await f.api('guest').GET('/api/contacts/statistics')).response.status).toBe(200);
  });
});

describe('contacts through the typed client', () => {
  it('finds an archived lead among the contacts by its email, and counts it', async () => {
    const { lead, contactId } = await archived();
    const api = f.api('administrator');
    const page = await api.GET('/api/contacts', { params: { query: { search: lead.email, pageSize: 10 } } });
    expect(page.response.status).toBe(200);
    expect(page.data?.items.map((c) => [c.id, c.email])).toEqual([[contactId, lead.email]]);
    const statistics = await api.GET('/api/contacts/statistics');
    expect(statistics.data?.totalContacts).toBeGreaterThan(0);
  });
});

describe('POST /api/contacts/:id/revert (smart revert, spec 2 §4)', () => {
  it('chooses client after a signed agreement, lead otherwise, and names the target', async () => {
    const signed = await archived('administrator', { leadStatus: 'Agreement Signed – Awaiting Payment' });
    const admin = f.api('administrator');
    const toClient = await admin.POST('/api/contacts/{id}/revert', {
      ...idPath(signed.contactId),
      body: { notes: 'Paid after all' },
    });
    expect(toClient.response.status, JSON.stringify(toClient.error)).toBe(200);
    expect(toClient.data).toMatchObject({ type: 'client', message: 'Contact reverted to client successfully' });
    expect(toClient.data?.clientId).not.toBeNull();

    const early = await archived('administrator', { leadStatus: 'Consultation Completed' });
    const toLead = await admin.POST('/api/contacts/{id}/revert', {
      ...idPath(early.contactId),
      body: { notes: 'Called back' },
    });
    expect(toLead.data).toMatchObject({
      type: 'lead',
      leadId: early.lead.id,
      message: 'Contact reverted to lead successfully',
    });
    expect((await leadRow(early.lead.id))?.archivedAt).toBeNull();
  });

  it('takes the kind the role may create (team lead: client), refuses guest, and wants notes', async () => {
    const contact = await archived('administrator', { leadStatus: 'New Lead Received' });
    // Without the required notes on purpose: raw.
    const noNotes = await f.call('team_lead', 'POST', `/api/contacts/${contact.contactId}/revert`, {});
    expect(noNotes.statusCode).toBe(400);
    const revert = (role: Role, notes: string) =>
      f.api(role).POST('/api/contacts/{id}/revert', { ...idPath(contact.contactId), body: { notes } });
    expect((await revert('guest', 'x')).response.status).toBe(403);
    const teamLead = await revert('team_lead', 'Signed');
    expect(teamLead.response.status, JSON.stringify(teamLead.error)).toBe(200);
    expect(teamLead.data?.type).toBe('client');
  });
});
