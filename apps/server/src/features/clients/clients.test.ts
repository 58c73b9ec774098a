import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  CLIENT_RULE_MESSAGES,
  type ChangeEvent,
  type ClientRecord,
  DAY_MS,
  daysAfter,
  DEFAULT_MODULE_ACCESS,
  GENERIC_MESSAGES,
  LEAD_MESSAGES,
  LEAD_STATUSES,
  type LeadRecord,
  type Role,
} from '@crm/domain';
import { idPath, type JsonBody, type Query } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { auditLogs, clients, leads, rolePermissions } from '../../db/schema/index.ts';

const f = fixtureForFile();

async function createClient(role: Role = 'administrator', overrides: Partial<JsonBody<'/api/clients', 'post'>> = {}) {
  const res = await f.api(role).POST('/api/clients', { body: f.clientInput(overrides) });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
}

async function listIds(role: Role, query: Query<'/api/clients'> = {}): Promise<string[]> {
  const res = await f.api(role).GET('/api/clients', { params: { query: { pageSize: 100, ...query } } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.items.map((c) => c.id);
}

const clientRow = async (id: string) => (await f.t.database.db.select().from(clients).where(eq(clients.id, id)))[0];

describe('create and read', () => {
  it('creates a client with the derived passport status and lists it newest first', async () => {
    const soon = daysAfter(new Date(), 90).toISOString().slice(0, 10);
    const client = await createClient('member', { passportNumber: 'P1234567', passportExpiryDate: soon });
    expect(client).toMatchObject({
      firstName: 'Wei',
      status: 'Active',
      passportStatus: 'Expiring Soon',
      displayId: `CL-${client.id.replace(/-/g, '').slice(-8).toUpperCase()}`,
      convertedFromLeadId: null,
      canRevert: false,
      dependents: [],
      version: 1,
    });
    expect((await f.api('guest').GET('/api/clients/{id}', idPath(client.id))).data?.passportStatus).toBe(
      'Expiring Soon',
    );
    const page = (await f.api('administrator').GET('/api/clients', { params: { query: { pageSize: 5 } } })).data;
    expect(page?.items[0]?.id).toBe(client.id);
    expect(await f.auditActions('CLIENT', client.id)).toEqual(['CREATE_CLIENT']);

    const admin = f.api('administrator');
    expect((await admin.GET('/api/clients/{id}', idPath('not-a-uuid'))).response.status).toBe(404);
    expect((await admin.GET('/api/clients/{id}', idPath(crypto.randomUUID()))).response.status).toBe(404);
  });

  it('derives Expired, Valid and N/A passport statuses', async () => {
    const expired = await createClient('administrator', { passportExpiryDate: '2020-01-01' });
    const valid = await createClient('administrator', { passportExpiryDate: '2040-01-01' });
    const none = await createClient('administrator');
    expect([expired.passportStatus, valid.passportStatus, none.passportStatus]).toEqual(['Expired', 'Valid', 'N/A']);
  });

  it('refuses creating a client as Reverted and a duplicate email of a lead or a client', async () => {
    const admin = f.api('administrator');
    const reverted = await admin.POST('/api/clients', { body: f.clientInput({ status: 'Reverted' }) });
    expect(reverted.response.status).toBe(400);
    const lead = await f.createLead();
    const dupLead = await admin.POST('/api/clients', { body: f.clientInput({ email: lead.email.toUpperCase() }) });
    expect(dupLead.response.status).toBe(409);
    expect(dupLead.error?.message).toBe(LEAD_MESSAGES.duplicateDetected(`email ${lead.email.toUpperCase()}`, 'leads'));
    const client = await createClient();
    const dupClient = await admin.POST('/api/clients', {
      body: f.clientInput({ contactNumber: client.contactNumber.replace(/ /g, '-') }),
    });
    expect(dupClient.response.status).toBe(409);
    expect(dupClient.error?.fieldErrors).toHaveProperty('contactNumber');
  });
});

describe('the client form rules of spec 1 §5.2 through the API', () => {
  it('answers 400 with the exact messages and writes nothing', async () => {
    const client = await createClient();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { applicantLocation: 'Inside Australia', currentVisaSubclass: undefined },
        'currentVisaSubclass',
        CLIENT_RULE_MESSAGES.currentVisa,
      ],
      [
        { applicantLocation: 'Inside Australia', currentVisaSubclass: 'None' },
        'currentVisaSubclass',
        CLIENT_RULE_MESSAGES.currentVisa,
      ],
      [{ applicantLocation: 'Outside Australia', desiredVisa: '' }, 'desiredVisa', CLIENT_RULE_MESSAGES.desiredVisa],
      [
        { applicantLocation: 'Inside Australia', currentVisaSubclass: 'Student 500' },
        'visaExpiryDate',
        CLIENT_RULE_MESSAGES.visaExpiry,
      ],
      [{ maritalStatus: 'Married' }, 'spouseFirstName', CLIENT_RULE_MESSAGES.spouseFirstName],
      [{ maritalStatus: 'De Facto', spouseFirstName: 'Lin' }, 'spouseLastName', CLIENT_RULE_MESSAGES.spouseLastName],
      [
        { maritalStatus: 'Married', spouseFirstName: 'Lin', spouseLastName: 'Wu' },
        'spouseNationality',
        CLIENT_RULE_MESSAGES.spouseNationality,
      ],
      [
        { numberOfDependents: '1', dependents: [{ relationship: 'Child' }] },
        'dependents.0.firstName',
        CLIENT_RULE_MESSAGES.dependentFirstName,
      ],
      [
        { numberOfDependents: '1', dependents: [{ firstName: 'Ana', relationship: 'Child' }] },
        'dependents.0.lastName',
        CLIENT_RULE_MESSAGES.dependentLastName,
      ],
      [
        { numberOfDependents: '1', dependents: [{ firstName: 'Ana', lastName: 'Wu' }] },
        'dependents.0.nationality',
        CLIENT_RULE_MESSAGES.dependentNationality,
      ],
      [
        { numberOfDependents: '1', dependents: [{ firstName: 'Ana', lastName: 'Wu', nationality: 'China' }] },
        'dependents.0.relationship',
        CLIENT_RULE_MESSAGES.dependentRelationship,
      ],
      [
        { leadSource: 'Social Media' },
        'socialMediaPlatform',
        'Social Media Platform is required when lead source is Social Media',
      ],
      [{ leadSource: 'Branch Office' }, 'branchOffice', 'Branch Office is required when lead source is Branch Office'],
      [
        { leadSource: 'Associate Partner' },
        'associatePartner',
        'Associate Partner is required when lead source is Associate Partner',
      ],
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ status: 'Prospect' }, 'status', ''],
      [{ passportExpiryDate: '2030-02-31' }, 'passportExpiryDate', 'Invalid date format'],
    ];
    // Bad input on purpose (values outside the document's enums among them): raw calls.
    for (const [overrides, field, message] of cases) {
      const body = {
        ...f.clientInput({ email: client.email, contactNumber: client.contactNumber }),
        ...overrides,
        version: client.version,
      };
      const res = await f.call('administrator', 'PATCH', `/api/clients/${client.id}`, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (message) expect(res.json().fieldErrors?.[field], field).toContain(message);
      else expect(res.json().fieldErrors).toHaveProperty(field);
    }
    const after = await clientRow(client.id);
    expect(after?.version).toBe(1);
    expect(await f.auditActions('CLIENT', client.id)).toEqual(['CREATE_CLIENT']);
  });

  it('stores only what applies: spouse for Married / De Facto, dependents up to the count, each with an id', async () => {
    const client = await createClient();
    const body: JsonBody<'/api/clients/{id}', 'patch'> = {
      ...f.clientInput({ email: client.email, contactNumber: client.contactNumber }),
      maritalStatus: 'Married',
      spouseFirstName: 'Lin',
      spouseLastName: 'Wu',
      spouseNationality: 'China',
      numberOfDependents: '1',
      dependents: [
        { firstName: 'Ana', lastName: 'Wu', nationality: 'China', relationship: 'Child', passportNumber: '' },
        { firstName: 'Extra', lastName: 'Wu', nationality: 'China', relationship: 'Child' },
      ],
      version: 1,
    };
    const admin = f.api('administrator');
    const saved = await admin.PATCH('/api/clients/{id}', { ...idPath(client.id), body });
    expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
    const record = saved.data!;
    expect(record).toMatchObject({
      maritalStatus: 'Married',
      spouseFirstName: 'Lin',
      numberOfDependents: '1',
      version: 2,
    });
    expect(record.dependents).toHaveLength(1);
    expect(record.dependents[0]).toMatchObject({ firstName: 'Ana', relationship: 'Child' });
    expect(record.dependents[0]?.id).toMatch(/[0-9a-f-]{36}/);
    expect(record.dependents[0]).not.toHaveProperty('passportNumber');

    const single = await admin.PATCH('/api/clients/{id}', {
      ...idPath(client.id),
      body: { ...body, maritalStatus: 'Single', numberOfDependents: '0', version: 2 },
    });
    expect(single.response.status, JSON.stringify(single.error)).toBe(200);
    expect(single.data).toMatchObject({ spouseFirstName: null, spouseNationality: null, dependents: [], version: 3 });
    expect(await f.auditActions('CLIENT', client.id)).toEqual(['CREATE_CLIENT', 'UPDATE_CLIENT', 'UPDATE_CLIENT']);
  });

  it('answers 409 on a stale version and on a duplicate email, and changes nothing', async () => {
    const client = await createClient();
    const other = await createClient();
    const save = (overrides: Partial<JsonBody<'/api/clients', 'post'>>, version: number) =>
      f.api('administrator').PATCH('/api/clients/{id}', {
        ...idPath(client.id),
        body: {
          ...f.clientInput({ email: client.email, contactNumber: client.contactNumber, ...overrides }),
          version,
        },
      });
    expect((await save({ city: 'Sydney' }, 1)).response.status).toBe(200);
    const stale = await save({ city: 'Perth' }, 1);
    expect(stale.response.status).toBe(409);
    expect(stale.error?.message).toBe(GENERIC_MESSAGES.conflict);
    const duplicate = await save({ email: other.email }, 2);
    expect(duplicate.response.status).toBe(409);
    expect(duplicate.error?.message).toBe(CLIENT_MESSAGES.duplicateOnUpdate);
    const lead = await f.createLead();
    expect((await save({ contactNumber: lead.contactNumber }, 2)).response.status).toBe(409);
    expect(await clientRow(client.id)).toMatchObject({ city: 'Sydney', email: client.email, version: 2 });
  });
});

describe('role rights', () => {
  it('lets guest read only', async () => {
    const client = await createClient();
    const guest = f.api('guest');
    expect((await guest.GET('/api/clients/{id}', idPath(client.id))).response.status).toBe(200);
    expect((await guest.GET('/api/clients', {})).response.status).toBe(200);
    expect((await guest.POST('/api/clients', { body: f.clientInput() })).response.status, 'POST').toBe(403);
    const patch = await guest.PATCH('/api/clients/{id}', {
      ...idPath(client.id),
      body: { ...f.clientInput(), version: 1 },
    });
    expect(patch.response.status, 'PATCH').toBe(403);
    expect(
      (await guest.POST('/api/clients/{id}/hide', { ...idPath(client.id), body: {} })).response.status,
      'hide',
    ).toBe(403);
    expect((await guest.POST('/api/clients/{id}/revert', idPath(client.id))).response.status, 'revert').toBe(403);
    expect((await guest.DELETE('/api/clients/{id}', idPath(client.id))).response.status, 'DELETE').toBe(403);
  });

  it('refuses delete to supervisor, soft delete only to administrator, permanent delete to account_administrator', async () => {
    const { lead, client } = await f.convertedLead();
    const bySupervisor = await f.api('supervisor').DELETE('/api/clients/{id}', idPath(client.id));
    expect(bySupervisor.response.status).toBe(403);
    expect(bySupervisor.error?.message).toBe('Your role is not allowed to delete in Clients.');

    const admin = f.api('administrator');
    const soft = await admin.DELETE('/api/clients/{id}', { ...idPath(client.id), body: { reason: 'Duplicate file' } });
    expect(soft.response.status, JSON.stringify(soft.error)).toBe(200);
    expect(soft.data).toEqual({ ok: true, message: CLIENT_MESSAGES.deleted });
    expect(await clientRow(client.id)).toMatchObject({ deleteReason: 'Duplicate file' });
    expect((await admin.GET('/api/clients/{id}', idPath(client.id))).response.status).toBe(404);
    expect(await listIds('administrator')).not.toContain(client.id);

    const restore = await admin.POST('/api/clients/{id}/restore', idPath(client.id));
    expect(restore.response.status, JSON.stringify(restore.error)).toBe(200);
    expect(restore.data?.message).toBe(CLIENT_MESSAGES.restored);
    expect((await admin.POST('/api/clients/{id}/restore', idPath(client.id))).response.status).toBe(404);

    expect((await admin.DELETE('/api/clients/{id}/permanent', idPath(client.id))).response.status).toBe(403);
    const permanent = await f.api('account_administrator').DELETE('/api/clients/{id}/permanent', idPath(client.id));
    expect(permanent.response.status, JSON.stringify(permanent.error)).toBe(200);
    expect(permanent.data?.message).toBe(CLIENT_MESSAGES.permanentlyDeleted);
    expect(await clientRow(client.id)).toBeUndefined();
    // With no client left the lead is no longer converted: it goes back to the status it had before.
    const [leadAfter] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(leadAfter).toMatchObject({ convertedToClientId: null, leadStatus: 'Agreement Signed – Awaiting Payment' });
    expect(await f.auditActions('CLIENT', client.id)).toEqual([
      'CREATE_CLIENT',
      'DELETE_CLIENT',
      'RESTORE_CLIENT',
      'PERMANENT_DELETE_CLIENT',
    ]);
  });

  it('rolls back a permanent delete whole: the client and its lead link stay when a step fails', async () => {
    const { lead, client } = await f.convertedLead();
    await f.exec(
      `alter table audit_logs add constraint test_no_purge check (action <> 'PERMANENT_DELETE_CLIENT') not valid`,
    );
    try {
      const purge = await f.api('account_administrator').DELETE('/api/clients/{id}/permanent', idPath(client.id));
      expect(purge.response.status).toBe(500);
    } finally {
      await f.exec('alter table audit_logs drop constraint test_no_purge');
    }
    expect(await clientRow(client.id)).toMatchObject({ id: client.id, version: client.version });
    const [leadAfter] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(leadAfter).toMatchObject({
      convertedToClientId: client.id,
      leadStatus: 'Converted to Client',
      version: lead.version,
    });
    expect(await f.auditActions('CLIENT', client.id)).toEqual(['CREATE_CLIENT']);
    expect(await f.auditActions('LEAD', lead.id)).not.toContain('REVERT_CONVERSION_ON_CLIENT_PURGE');
  });

  it('returns the lead of a client deleted forever to its status before conversion, editable, audited and announced', async () => {
    const { lead, client } = await f.convertedLead('administrator', { leadStatus: 'Consultation Completed' });
    expect(lead).toMatchObject({ leadStatus: 'Converted to Client', convertedToClientId: client.id });
    const events: ChangeEvent[] = [];
    const unsubscribe = f.t.app.changeHub.subscribe((event) => events.push(event));
    try {
      // Deleted Items' 'Delete Forever' is this same route on a soft-deleted client.
      const soft = await f
        .api('administrator')
        .DELETE('/api/clients/{id}', { ...idPath(client.id), body: { reason: 'Gone' } });
      expect(soft.response.status).toBe(200);
      const purge = await f.api('account_administrator').DELETE('/api/clients/{id}/permanent', idPath(client.id));
      expect(purge.response.status, JSON.stringify(purge.error)).toBe(200);
      // On a PostgreSQL server other test files share the notifications: keep ours.
      await expect
        .poll(() => events.filter((e) => e.id === lead.id && e.resource === 'lead').length, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      expect(events.filter((e) => e.id === lead.id).map((e) => e.action)).toContain(
        'REVERT_CONVERSION_ON_CLIENT_PURGE',
      );
    } finally {
      unsubscribe();
    }

    const admin = f.api('administrator');
    const reread = await admin.GET('/api/leads/{id}', idPath(lead.id));
    expect(reread.response.status, JSON.stringify(reread.error)).toBe(200);
    expect(reread.data).toMatchObject({ leadStatus: 'Consultation Completed', convertedToClientId: null });
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ statusBeforeConversion: null, convertedToClientId: null });
    expect(await f.auditActions('LEAD', lead.id)).toEqual([
      'CREATE_LEAD',
      'CONVERT_LEAD',
      'REVERT_CONVERSION_ON_CLIENT_PURGE',
    ]);
    const [audit] = await f.t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceId, lead.id), eq(auditLogs.action, 'REVERT_CONVERSION_ON_CLIENT_PURGE')));
    expect(audit).toMatchObject({
      userId: f.idOf('account_administrator'),
      oldValues: { leadStatus: 'Converted to Client', convertedToClientId: client.id },
      newValues: { leadStatus: 'Consultation Completed', convertedToClientId: null },
    });
    const history = (await admin.GET('/api/leads/{id}/history', idPath(lead.id))).data;
    expect(history?.[0]).toMatchObject({
      action: 'REVERT_CONVERSION_ON_CLIENT_PURGE',
      title: 'Back to its earlier status: its client was deleted forever',
    });

    // No longer read-only: the lead is edited, and can be converted again.
    const edit = await admin.PATCH('/api/leads/{id}', {
      ...idPath(lead.id),
      body: { version: reread.data!.version, leadStatus: 'Agreement Sent – Awaiting Signature' },
    });
    expect(edit.response.status, JSON.stringify(edit.error)).toBe(200);
    expect(edit.data?.leadStatus).toBe('Agreement Sent – Awaiting Signature');
    const again = await admin.POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(again.response.status, JSON.stringify(again.error)).toBe(200);
  });

  it('hides and unhides; hidden clients are listed only with showHidden', async () => {
    const client = await createClient();
    const hide = await f.api('member').POST('/api/clients/{id}/hide', { ...idPath(client.id), body: {} });
    expect(hide.data).toEqual({ ok: true, message: CLIENT_MESSAGES.hidden });
    expect(await listIds('member')).not.toContain(client.id);
    expect(await listIds('member', { showHidden: true })).toContain(client.id);
    expect(await clientRow(client.id)).toMatchObject({ isHidden: true, hiddenReason: 'Hidden by user' });
    const unhide = await f.api('member').POST('/api/clients/{id}/unhide', idPath(client.id));
    expect(unhide.data?.message).toBe(CLIENT_MESSAGES.unhidden);
    expect(await listIds('member')).toContain(client.id);
  });
});

describe('consultant visibility and page sizes', () => {
  it('shows a consultant only the clients it created, owns or is assigned to', async () => {
    const others = await createClient('administrator');
    const assigned = await createClient('administrator', { migrationAgentUserId: f.idOf('consultant') });
    const own = await f.convertedLead('consultant');
    // A supervisor converts the consultant's lead: the consultant still owns the person.
    const ownLead = await f.createLead('consultant');
    const bySupervisor = await f.api('supervisor').POST('/api/leads/{id}/convert', { ...idPath(ownLead.id), body: {} });
    expect(bySupervisor.response.status, JSON.stringify(bySupervisor.error)).toBe(200);

    const seen = await listIds('consultant');
    expect(seen).toEqual(expect.arrayContaining([assigned.id, own.client.id, bySupervisor.data?.clientId]));
    expect(seen).not.toContain(others.id);
    const consultant = f.api('consultant');
    expect((await consultant.GET('/api/clients/{id}', idPath(others.id))).response.status).toBe(404);
    const patch = await consultant.PATCH('/api/clients/{id}', {
      ...idPath(others.id),
      body: { ...f.clientInput(), version: 1 },
    });
    expect(patch.response.status).toBe(404);
    expect((await consultant.POST('/api/clients/{id}/hide', { ...idPath(others.id), body: {} })).response.status).toBe(
      404,
    );
    expect((await consultant.GET('/api/clients/{id}', idPath(assigned.id))).response.status).toBe(200);
  });

  it('gives a consultant at most 50 a page, guest 10, and refuses bad query values with 400', async () => {
    const consultant = f.idOf('consultant');
    const rows = Array.from({ length: 60 }, (_, i) => ({
      firstName: 'Bulk',
      lastName: 'Client',
      email: `bulk.client.${i}@example.com`,
      contactNumber: `+61 2 9${String(1_000_000 + i)}`,
      createdBy: consultant,
      createdAt: daysAfter(new Date(), -365),
    }));
    await f.t.database.db.insert(clients).values(rows);
    const pageSize100 = { params: { query: { pageSize: 100 } } };
    const page = (await f.api('consultant').GET('/api/clients', pageSize100)).data!;
    expect(page.items).toHaveLength(50);
    expect(page.pageSize).toBe(50);
    expect(page.total).toBeGreaterThanOrEqual(60);
    const guest = (await f.api('guest').GET('/api/clients', pageSize100)).data!;
    expect(guest.items).toHaveLength(10);

    // Bad query values on purpose: raw.
    for (const query of [
      'pageSize=101',
      'page=0',
      'status=Prospect',
      'location=Mars',
      'showHidden=maybe',
      'sort=' + 'x'.repeat(80),
    ]) {
      expect((await f.call('administrator', 'GET', `/api/clients?${query}`)).statusCode, query).toBe(400);
    }
    const search = await f.api('administrator').GET('/api/clients', { params: { query: { search: "%_\\'" } } });
    expect(search.response.status).toBe(200);
    expect(search.data?.items).toEqual([]);
  });
});

describe('filters', () => {
  it('filters by status, location and desired visa, searches name / email / phone, and offers the present values', async () => {
    const onHold = await createClient('administrator', {
      status: 'On Hold',
      firstName: 'Zanele',
      applicantLocation: 'Inside Australia',
      currentVisaSubclass: 'Bridging A (010)',
      desiredVisa: 'Partner 820/801',
    });
    const ids = await listIds('administrator', { status: ['On Hold'] });
    expect(ids).toEqual([onHold.id]);
    // Several values as the parameter repeated (the test client, like the web, joins them with '|').
    const joined = await f.api('administrator').GET('/api/clients', {
      params: { query: { pageSize: 100, status: ['On Hold', 'Inactive'], location: ['Inside Australia'] } },
      querySerializer: { array: { style: 'form', explode: true } },
    });
    expect(joined.data?.items.map((c) => c.id)).toEqual([onHold.id]);
    expect(await listIds('administrator', { desiredVisa: ['Partner 820/801'] })).toContain(onHold.id);
    expect(await listIds('administrator', { search: 'zanele' })).toEqual([onHold.id]);
    expect(await listIds('administrator', { search: onHold.email.toUpperCase() })).toEqual([onHold.id]);
    expect(await listIds('administrator', { search: onHold.contactNumber })).toEqual([onHold.id]);

    const options = (await f.api('administrator').GET('/api/clients/filter-options', {})).data!;
    expect(options.statuses).toEqual(expect.arrayContaining(['Active', 'On Hold']));
    expect(options.locations).toEqual(['Inside Australia', 'Outside Australia']);
    expect(options.desiredVisas).toContain('Partner 820/801');
    expect([...options.statuses].sort((a, b) => a.localeCompare(b))).toEqual(options.statuses);
  });
});

describe('conversion (spec 1 §4.3)', () => {
  it('creates the client with the lead data mapped, links both ways, and moves the lead out of the leads tab', async () => {
    const lead = await f.createLead('member', {
      middleName: 'Kumari',
      gender: 'Female',
      leadSource: 'Branch Office',
      branchOffice: 'Parramatta',
      managerUserId: f.idOf('supervisor'),
      assistantManagerUserId: f.idOf('member'),
      migrationAgentUserId: f.idOf('consultant'),
    });
    const res = await f.api('member').POST('/api/leads/{id}/convert', idPath(lead.id));
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const body = res.data!;
    expect(body).toMatchObject({ conversionType: 'client_only', leadId: lead.id, message: CLIENT_MESSAGES.converted });
    const client: ClientRecord = body.client;
    expect(client.id).toBe(body.clientId);
    expect(client).toMatchObject({
      firstName: 'Priya',
      middleName: 'Kumari',
      lastName: 'Patel',
      dateOfBirth: '1994-05-17',
      gender: 'Female',
      nationality: 'India',
      email: lead.email,
      contactNumber: lead.contactNumber,
      countryOfResidence: 'Australia',
      applicantLocation: 'Inside Australia',
      currentVisaSubclass: 'Student 500',
      desiredVisa: 'Temporary Graduate 485',
      visaExpiryDate: '2027-03-01',
      leadSource: 'Branch Office',
      branchOffice: 'Parramatta',
      manager: { id: f.idOf('supervisor') },
      assistantManager: { id: f.idOf('member') },
      migrationAgent: { id: f.idOf('consultant') },
      status: 'Active',
      convertedFromLeadId: lead.id,
      conversionNotes: 'Converted via status update',
      canRevert: true,
    });
    expect(client.convertedAt).not.toBeNull();

    const member = f.api('member');
    const leadAfter = (await member.GET('/api/leads/{id}', idPath(lead.id))).data;
    expect(leadAfter).toMatchObject({
      leadStatus: 'Converted to Client',
      convertedToClientId: client.id,
      convertedAt: client.convertedAt,
    });
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.statusBeforeConversion).toBe('Agreement Signed – Awaiting Payment');

    const leadIds = (await member.GET('/api/leads', { params: { query: { pageSize: 100 } } })).data!.items.map(
      (l) => l.id,
    );
    expect(leadIds).not.toContain(lead.id);
    expect(await listIds('member')).toContain(client.id);
    expect(await f.auditActions('LEAD', lead.id)).toEqual(['CREATE_LEAD', 'CONVERT_LEAD']);
    expect(await f.auditActions('CLIENT', client.id)).toEqual(['CREATE_CLIENT']);
    // The deep link of a converted lead opens its client.
    const deep = await member.GET('/api/leads/{id}/client', idPath(lead.id));
    expect(deep.data?.id).toBe(client.id);

    const again = await member.POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(again.response.status).toBe(409);
    expect(again.error?.message).toBe(CLIENT_MESSAGES.alreadyConverted);
  });

  it('keeps given notes, refuses guest and team_lead-invisible leads, and answers 404 for unknown ids', async () => {
    const lead = await f.createLead();
    const convert = (role: Role, id: string, notes?: string) =>
      f.api(role).POST('/api/leads/{id}/convert', { ...idPath(id), body: notes === undefined ? {} : { notes } });
    expect((await convert('guest', lead.id)).response.status).toBe(403);
    const noted = await convert('supervisor', lead.id, 'Signed and paid in branch');
    expect(noted.data?.client.conversionNotes).toBe('Signed and paid in branch');
    expect((await convert('administrator', crypto.randomUUID())).response.status).toBe(404);
    expect((await convert('administrator', 'nope')).response.status).toBe(404);
    const tooLong = await convert('administrator', (await f.createLead()).id, 'x'.repeat(1001));
    expect(tooLong.response.status).toBe(400);
    const other = await f.createLead('administrator');
    expect((await convert('consultant', other.id)).response.status).toBe(404);
  });

  it('refuses a lead whose email an active client already has (409) and writes nothing', async () => {
    const lead = await f.createLead();
    await f.t.database.db.insert(clients).values({
      firstName: 'Same',
      lastName: 'Person',
      email: lead.email.toUpperCase(),
      contactNumber: '+61 400 999 111',
    });
    const before = await f.countRows(clients);
    const admin = f.api('administrator');
    const res = await admin.POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(res.response.status).toBe(409);
    expect(res.error?.message).toBe(LEAD_MESSAGES.duplicateDetected(`email ${lead.email}`, 'clients'));
    expect(await f.countRows(clients)).toBe(before);
    expect((await admin.GET('/api/leads/{id}', idPath(lead.id))).data).toMatchObject({
      leadStatus: lead.leadStatus,
      version: lead.version,
    });
  });

  it('rolls back whole when a step fails: no client, the lead unchanged, nothing audited', async () => {
    const lead = await f.createLead('administrator', { firstName: 'Failme' });
    const clientsBefore = await f.countRows(clients);
    const auditBefore = await f.countRows(auditLogs);
    const convert = () => f.api('administrator').POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    // The client insert fails on a constraint…
    await f.exec(`alter table clients add constraint test_no_failme check (first_name <> 'Failme') not valid`);
    try {
      const res = await convert();
      expect(res.response.status).toBe(500);
    } finally {
      await f.exec('alter table clients drop constraint test_no_failme');
    }
    // …and, separately, the very last write (the client's audit row) fails after the lead was updated.
    await f.exec(
      `alter table audit_logs add constraint test_no_create_client check (action <> 'CREATE_CLIENT') not valid`,
    );
    try {
      const res = await convert();
      expect(res.response.status).toBe(500);
    } finally {
      await f.exec('alter table audit_logs drop constraint test_no_create_client');
    }
    expect(await f.countRows(clients)).toBe(clientsBefore);
    expect(await f.countRows(auditLogs)).toBe(auditBefore);
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({
      leadStatus: lead.leadStatus,
      convertedAt: null,
      convertedToClientId: null,
      statusBeforeConversion: null,
      version: lead.version,
    });
    // Once nothing is in the way, the same conversion goes through.
    expect((await convert()).response.status).toBe(200);
  });
});

describe('saving an existing lead as Converted to Client (spec 1 §4.3)', () => {
  /** PATCH /api/leads/:id with the lead's own email and number, the overrides and the version given. */
  const saveLead = (
    role: Role,
    lead: LeadRecord,
    overrides: Partial<JsonBody<'/api/leads', 'post'>>,
    version = lead.version,
  ) =>
    f.api(role).PATCH('/api/leads/{id}', {
      ...idPath(lead.id),
      body: {
        ...f.leadInput({
          email: lead.email,
          contactNumber: lead.contactNumber,
          // The record types its status as any string; the form takes one of the statuses.
          leadStatus: LEAD_STATUSES.find((status) => status === lead.leadStatus),
          ...overrides,
        }),
        version,
      },
    });
  const leadRow = async (id: string) => (await f.t.database.db.select().from(leads).where(eq(leads.id, id)))[0];

  it('applies the other changes, then converts in the same save and returns the converted lead', async () => {
    const lead = await f.createLead('member', { leadStatus: 'Consultation Completed' });
    const res = await saveLead('member', lead, {
      firstName: 'Anjali',
      desiredVisa: 'Skilled Nominated 190',
      leadSource: 'Referral',
      leadStatus: 'Converted to Client',
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const saved = res.data!;
    expect(saved).toMatchObject({
      id: lead.id,
      firstName: 'Anjali',
      desiredVisa: 'Skilled Nominated 190',
      leadStatus: 'Converted to Client',
      convertedToClientId: expect.any(String),
      convertedAt: expect.any(String),
      version: lead.version + 2,
    });
    const member = f.api('member');
    const client = (await member.GET('/api/clients/{id}', idPath(String(saved.convertedToClientId)))).data!;
    expect(client).toMatchObject({
      firstName: 'Anjali',
      lastName: lead.lastName,
      email: lead.email,
      desiredVisa: 'Skilled Nominated 190',
      leadSource: 'Referral',
      status: 'Active',
      convertedFromLeadId: lead.id,
      convertedAt: saved.convertedAt,
      conversionNotes: 'Converted via status update',
      canRevert: true,
    });
    expect((await leadRow(lead.id))?.statusBeforeConversion).toBe('Consultation Completed');
    expect(await f.auditActions('LEAD', lead.id)).toEqual(['CREATE_LEAD', 'UPDATE_LEAD', 'CONVERT_LEAD']);
    expect(await f.auditActions('CLIENT', client.id)).toEqual(['CREATE_CLIENT']);
    const leadIds = (await member.GET('/api/leads', { params: { query: { pageSize: 100 } } })).data!.items.map(
      (l) => l.id,
    );
    expect(leadIds).not.toContain(lead.id);
    expect(await listIds('member')).toContain(client.id);

    // Converted leads are read-only; 'Revert to Lead' gives back the status the save replaced.
    const again = await saveLead('member', { ...lead, leadStatus: 'Converted to Client' }, {}, saved.version);
    expect(again.response.status).toBe(409);
    expect(again.error?.message).toBe(LEAD_MESSAGES.readOnlyConverted);
    expect((await member.POST('/api/clients/{id}/revert', idPath(client.id))).response.status).toBe(200);
    expect((await member.GET('/api/leads/{id}', idPath(lead.id))).data).toMatchObject({
      leadStatus: 'Consultation Completed',
      firstName: 'Anjali',
    });
  });

  it('converts an unchanged lead with only the conversion audited', async () => {
    const lead = await f.createLead('consultant');
    const res = await saveLead('consultant', lead, { leadStatus: 'Converted to Client' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(await f.auditActions('LEAD', lead.id)).toEqual(['CREATE_LEAD', 'CONVERT_LEAD']);
    // The consultant keeps its person as a client.
    expect(await listIds('consultant')).toContain(res.data?.convertedToClientId);
  });

  it('answers 409 on a stale version or a duplicate, 400 on bad input, 403 / 404 by role; nothing changes', async () => {
    const lead = await f.createLead();
    const clientsBefore = await f.countRows(clients);
    const stale = await saveLead(
      'administrator',
      lead,
      { firstName: 'Stale', leadStatus: 'Converted to Client' },
      lead.version + 1,
    );
    expect(stale.response.status).toBe(409);
    expect(stale.error?.message).toBe(GENERIC_MESSAGES.conflict);

    const bad = await saveLead('administrator', lead, { firstName: '', leadStatus: 'Converted to Client' });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.fieldErrors?.firstName).toContain('First name is required');

    expect((await saveLead('guest', lead, { leadStatus: 'Converted to Client' })).response.status).toBe(403);
    expect((await saveLead('consultant', lead, { leadStatus: 'Converted to Client' })).response.status).toBe(404);

    const taken = await f.createLead();
    const dupLead = await saveLead('administrator', lead, { email: taken.email, leadStatus: 'Converted to Client' });
    expect(dupLead.response.status).toBe(409);
    expect(dupLead.error?.message).toBe(LEAD_MESSAGES.duplicateOnUpdate);

    await f.t.database.db.insert(clients).values({
      firstName: 'Same',
      lastName: 'Number',
      email: `other.${lead.email}`,
      contactNumber: lead.contactNumber,
    });
    const dupClient = await saveLead('administrator', lead, {
      firstName: 'Changed',
      leadStatus: 'Converted to Client',
    });
    expect(dupClient.response.status).toBe(409);
    expect(dupClient.error?.message).toBe(
      LEAD_MESSAGES.duplicateDetected(`contact number ${lead.contactNumber}`, 'clients'),
    );

    expect(await f.countRows(clients)).toBe(clientsBefore + 1);
    expect(await leadRow(lead.id)).toMatchObject({
      firstName: lead.firstName,
      leadStatus: lead.leadStatus,
      convertedToClientId: null,
      version: lead.version,
    });
    expect(await f.auditActions('LEAD', lead.id)).toEqual(['CREATE_LEAD']);
  });

  it('needs clients:create as well as leads:edit, like POST /api/leads/:id/convert and a restore to client', async () => {
    const lead = await f.createLead('member');
    const withoutClients = DEFAULT_MODULE_ACCESS.member.filter((m) => m !== 'clients');
    await f.t.database.db.insert(rolePermissions).values({ role: 'member', modules: [...withoutClients] });
    await f.t.app.accessPolicy.reload();
    try {
      const message = 'Your role does not have access to Clients.';
      const save = await saveLead('member', lead, { leadStatus: 'Converted to Client' });
      expect(save.response.status).toBe(403);
      expect(save.error?.message).toBe(message);
      const member = f.api('member');
      const convert = await member.POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
      expect(convert.response.status).toBe(403);
      expect(convert.error?.message).toBe(message);
      const archive = await member.POST('/api/leads/{id}/archive', {
        ...idPath((await f.createLead('member')).id),
        body: {},
      });
      const restore = await member.POST('/api/contacts/{id}/restore', {
        ...idPath(archive.data!.contactId),
        body: { type: 'client', notes: 'Signed' },
      });
      expect(restore.response.status).toBe(403);
      // An ordinary save is still the member's to make.
      expect((await saveLead('member', lead, { firstName: 'Meera' })).response.status).toBe(200);
    } finally {
      await f.t.database.db.delete(rolePermissions).where(eq(rolePermissions.role, 'member'));
      await f.t.app.accessPolicy.reload();
    }
    expect(await leadRow(lead.id)).toMatchObject({
      firstName: 'Meera',
      leadStatus: lead.leadStatus,
      convertedToClientId: null,
    });
  });

  it('rolls back whole when the client insert or a later step fails: the lead keeps its old values', async () => {
    const lead = await f.createLead('administrator', { leadStatus: 'Agreement Sent – Awaiting Signature' });
    const clientsBefore = await f.countRows(clients);
    const auditBefore = await f.countRows(auditLogs);
    const save = () =>
      saveLead('administrator', lead, {
        firstName: 'Failme',
        desiredVisa: 'Partner 820/801',
        leadStatus: 'Converted to Client',
      });
    await f.exec(`alter table clients add constraint test_save_no_failme check (first_name <> 'Failme') not valid`);
    try {
      expect((await save()).response.status).toBe(500);
    } finally {
      await f.exec('alter table clients drop constraint test_save_no_failme');
    }
    await f.exec(
      `alter table audit_logs add constraint test_save_no_convert check (action <> 'CONVERT_LEAD') not valid`,
    );
    try {
      expect((await save()).response.status).toBe(500);
    } finally {
      await f.exec('alter table audit_logs drop constraint test_save_no_convert');
    }
    expect(await f.countRows(clients)).toBe(clientsBefore);
    expect(await f.countRows(auditLogs)).toBe(auditBefore);
    expect(await leadRow(lead.id)).toMatchObject({
      firstName: lead.firstName,
      desiredVisa: lead.desiredVisa,
      leadStatus: 'Agreement Sent – Awaiting Signature',
      convertedAt: null,
      convertedToClientId: null,
      statusBeforeConversion: null,
      version: lead.version,
    });
    const ok = await save();
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data).toMatchObject({ firstName: 'Failme', leadStatus: 'Converted to Client' });
  });
});

describe("'Revert to Lead'", () => {
  it('reverts a recent conversion: client Reverted, the lead back to its old status and in the leads tab', async () => {
    const { lead, client } = await f.convertedLead('consultant', { leadStatus: 'Consultation Completed' });
    const consultant = f.api('consultant');
    const res = await consultant.POST('/api/clients/{id}/revert', idPath(client.id));
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toEqual({
      ok: true,
      message: CLIENT_MESSAGES.reverted,
      clientId: client.id,
      leadId: lead.id,
      leadStatus: 'Consultation Completed',
    });
    const stats = (await consultant.GET('/api/dashboard/conversion-statistics', {})).data!;
    const leadAfter = (await consultant.GET('/api/leads/{id}', idPath(lead.id))).data;
    // The conversion stays in the history; the lead shows who reverted it and when (spec 1 §4.2).
    expect(leadAfter).toMatchObject({
      leadStatus: 'Consultation Completed',
      convertedAt: lead.convertedAt,
      convertedToClientId: null,
      reversion: { clientId: client.id, revertedBy: { id: f.idOf('consultant') } },
    });
    expect(lead.convertedAt).not.toBeNull();
    expect(stats.totalReversions).toBeGreaterThanOrEqual(1);
    const leadIds = (await consultant.GET('/api/leads', { params: { query: { pageSize: 50 } } })).data!.items.map(
      (l) => l.id,
    );
    expect(leadIds).toContain(lead.id);

    const clientAfter = (await consultant.GET('/api/clients/{id}', idPath(client.id))).data!;
    expect(clientAfter).toMatchObject({
      status: 'Reverted',
      canRevert: false,
      revertedBy: { id: f.idOf('consultant') },
    });
    expect(clientAfter.revertedAt).not.toBeNull();
    expect(await listIds('consultant')).not.toContain(client.id);
    expect(await listIds('consultant', { status: ['Reverted'] })).toContain(client.id);
    expect((await consultant.GET('/api/clients/filter-options', {})).data?.statuses).toContain('Reverted');
    expect(await f.auditActions('CLIENT', client.id)).toEqual(['CREATE_CLIENT', 'REVERT_CONVERSION']);

    const again = await consultant.POST('/api/clients/{id}/revert', idPath(client.id));
    expect(again.response.status).toBe(409);
    expect(again.error?.message).toBe(CLIENT_MESSAGES.alreadyReverted);
    const edit = await consultant.PATCH('/api/clients/{id}', {
      ...idPath(client.id),
      body: { ...f.clientInput(), version: clientAfter.version },
    });
    expect(edit.response.status).toBe(409);
    expect(edit.error?.message).toBe(CLIENT_MESSAGES.readOnlyReverted);

    // The lead can be converted again; the Reverted client does not count as a duplicate.
    const reconvert = await consultant.POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(reconvert.response.status, JSON.stringify(reconvert.error)).toBe(200);
    expect(reconvert.data?.clientId).not.toBe(client.id);
    expect((await consultant.GET('/api/leads/{id}', idPath(lead.id))).data?.reversion).toBeNull();
  });

  it('refuses after 30 days, and for a client not converted from a lead', async () => {
    const { lead, client } = await f.convertedLead();
    await f.t.database.db
      .update(clients)
      .set({ convertedAt: new Date(Date.now() - 30 * DAY_MS - 60_000) })
      .where(eq(clients.id, client.id));
    const admin = f.api('administrator');
    expect((await admin.GET('/api/clients/{id}', idPath(client.id))).data?.canRevert).toBe(false);
    const late = await admin.POST('/api/clients/{id}/revert', idPath(client.id));
    expect(late.response.status).toBe(409);
    expect(late.error?.message).toBe(CLIENT_MESSAGES.revertWindowPassed);
    expect((await clientRow(client.id))?.status).toBe('Active');
    expect((await admin.GET('/api/leads/{id}', idPath(lead.id))).data?.leadStatus).toBe('Converted to Client');

    await f.t.database.db
      .update(clients)
      .set({ convertedAt: new Date(Date.now() - 29 * DAY_MS) })
      .where(eq(clients.id, client.id));
    expect((await admin.POST('/api/clients/{id}/revert', idPath(client.id))).response.status).toBe(200);

    const direct = await createClient();
    const notFromLead = await admin.POST('/api/clients/{id}/revert', idPath(direct.id));
    expect(notFromLead.response.status).toBe(409);
    expect(notFromLead.error?.message).toBe(CLIENT_MESSAGES.notFromLead);
    const viaStatus = await admin.PATCH('/api/clients/{id}', {
      ...idPath(direct.id),
      body: {
        ...f.clientInput({ email: direct.email, contactNumber: direct.contactNumber, status: 'Reverted' }),
        version: direct.version,
      },
    });
    expect(viaStatus.response.status).toBe(400);
    expect(viaStatus.error?.fieldErrors?.status).toEqual([CLIENT_MESSAGES.notFromLead]);
  });

  it('runs the reversion when the client is saved with status Reverted, after the other changes', async () => {
    const { lead, client } = await f.convertedLead('administrator', {
      leadStatus: 'Agreement Sent – Awaiting Signature',
    });
    const admin = f.api('administrator');
    const res = await admin.PATCH('/api/clients/{id}', {
      ...idPath(client.id),
      body: {
        ...f.clientInput({
          email: client.email,
          contactNumber: client.contactNumber,
          city: 'Hobart',
          status: 'Reverted',
        }),
        version: client.version,
      },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toMatchObject({ status: 'Reverted', city: 'Hobart' });
    expect((await admin.GET('/api/leads/{id}', idPath(lead.id))).data?.leadStatus).toBe(
      'Agreement Sent – Awaiting Signature',
    );
  });

  it('rolls back whole when a step fails', async () => {
    const { lead, client } = await f.convertedLead();
    await f.exec(
      `alter table audit_logs add constraint test_no_revert check (action <> 'REVERT_CONVERSION') not valid`,
    );
    try {
      expect((await f.api('administrator').POST('/api/clients/{id}/revert', idPath(client.id))).response.status).toBe(
        500,
      );
    } finally {
      await f.exec('alter table audit_logs drop constraint test_no_revert');
    }
    expect(await clientRow(client.id)).toMatchObject({ status: 'Active', revertedAt: null, version: client.version });
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({
      leadStatus: 'Converted to Client',
      convertedToClientId: client.id,
      version: lead.version,
    });
  });

  it('answers 409 when the lead was deleted forever', async () => {
    const { lead, client } = await f.convertedLead();
    const purge = await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', idPath(lead.id));
    expect(purge.response.status).toBe(200);
    const res = await f.api('administrator').POST('/api/clients/{id}/revert', idPath(client.id));
    expect(res.response.status).toBe(409);
    // The foreign key set the client's link to null when the lead went.
    expect(res.error?.message).toBe(CLIENT_MESSAGES.notFromLead);
  });
});
