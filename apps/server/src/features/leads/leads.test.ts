import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type ChangeEvent,
  daysAfter,
  GENERIC_MESSAGES,
  LEAD_MESSAGES,
  NEW_LEAD_CONVERTED_MESSAGE,
  ROLES,
  type Role,
} from '@crm/domain';
import { idPath, type JsonBody, type Query } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { auditLogs, contacts, leads } from '../../db/schema/index.ts';

const f = fixtureForFile();

type LeadForm = JsonBody<'/api/leads', 'post'>;

let serial = 0;
/** A valid lead form with a fresh email and contact number. */
function leadInput(overrides: Partial<LeadForm> = {}): LeadForm {
  serial++;
  return {
    firstName: 'Priya',
    lastName: 'Patel',
    dateOfBirth: '1994-05-17',
    nationality: 'India',
    countryOfResidence: 'Australia',
    email: `lead.${serial}@example.com`,
    contactNumber: `+61 4${String(20_000_000 + serial)}`,
    applicantLocation: 'Inside Australia',
    leadStatus: 'New Lead Received',
    leadSource: 'Website',
    managerUserId: f.idOf('supervisor'),
    assistantManagerUserId: f.idOf('supervisor'),
    ...overrides,
  };
}

async function createLead(role: Role = 'administrator', overrides: Partial<LeadForm> = {}) {
  const res = await f.api(role).POST('/api/leads', { body: leadInput(overrides) });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
}

async function listIds(role: Role, query: Query<'/api/leads'> = {}): Promise<string[]> {
  const res = await f.api(role).GET('/api/leads', { params: { query: { pageSize: 100, ...query } } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.items.map((l) => l.id);
}

describe('role rights', () => {
  it('lets the five creating roles create and refuses guest and team_lead with 403', async () => {
    for (const role of ['account_administrator', 'administrator', 'supervisor', 'consultant', 'member'] as const) {
      await createLead(role);
    }
    const before = await f.countRows(leads);
    for (const role of ['guest', 'team_lead'] as const) {
      const res = await f.api(role).POST('/api/leads', { body: leadInput() });
      expect(res.response.status, role).toBe(403);
      expect(res.error).toMatchObject({ code: 'FORBIDDEN', message: 'Your role is not allowed to create in Leads.' });
    }
    expect(await f.countRows(leads)).toBe(before);
  });

  it('lets guest read but not edit, hide or archive', async () => {
    const lead = await createLead();
    const guest = f.api('guest');
    expect((await guest.GET('/api/leads/{id}', idPath(lead.id))).response.status).toBe(200);
    expect(
      (await guest.PATCH('/api/leads/{id}', { ...idPath(lead.id), body: { ...leadInput(), version: 1 } })).response
        .status,
    ).toBe(403);
    expect((await guest.POST('/api/leads/{id}/hide', { ...idPath(lead.id), body: {} })).response.status).toBe(403);
    expect((await guest.POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} })).response.status).toBe(403);
  });

  it('refuses soft delete to supervisor, allows it to administrator, and keeps permanent delete for account_administrator', async () => {
    const lead = await createLead();
    const bySupervisor = await f.api('supervisor').DELETE('/api/leads/{id}', { ...idPath(lead.id), body: {} });
    expect(bySupervisor.response.status).toBe(403);
    expect(bySupervisor.error?.message).toBe('Your role is not allowed to delete in Leads.');

    const byAdmin = await f.api('administrator').DELETE('/api/leads/{id}', { ...idPath(lead.id), body: {} });
    expect(byAdmin.response.status, JSON.stringify(byAdmin.error)).toBe(200);
    expect(byAdmin.data).toEqual({ ok: true, message: LEAD_MESSAGES.deleted });
    expect((await f.api('administrator').GET('/api/leads/{id}', idPath(lead.id))).response.status).toBe(404);

    const permanentByAdmin = await f.api('administrator').DELETE('/api/leads/{id}/permanent', idPath(lead.id));
    expect(permanentByAdmin.response.status).toBe(403);
    const permanent = await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', idPath(lead.id));
    expect(permanent.response.status, JSON.stringify(permanent.error)).toBe(200);
    expect(permanent.data?.message).toBe(LEAD_MESSAGES.permanentlyDeleted);
    const rows = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(rows).toHaveLength(0);
    const [audit] = await f.t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'PERMANENT_DELETE_LEAD'), eq(auditLogs.resourceId, lead.id)));
    expect(audit?.oldValues).toMatchObject({ email: lead.email, firstName: 'Priya' });
    expect(
      (await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', idPath(lead.id))).response.status,
    ).toBe(404);
  });
});

describe('consultant visibility and page sizes', () => {
  it('shows a consultant only the leads it created or is assigned to', async () => {
    const others = await createLead('administrator');
    const assignedAsAssistant = await createLead('administrator', { assistantManagerUserId: f.idOf('consultant') });
    const assignedAsAgent = await createLead('supervisor', { migrationAgentUserId: f.idOf('consultant') });
    const own = await createLead('consultant');

    const seen = await listIds('consultant');
    expect(seen).toEqual(expect.arrayContaining([assignedAsAssistant.id, assignedAsAgent.id, own.id]));
    expect(seen).not.toContain(others.id);
    expect(await listIds('member')).toEqual(expect.arrayContaining([others.id, own.id]));

    const consultant = f.api('consultant');
    expect((await consultant.GET('/api/leads/{id}', idPath(others.id))).response.status).toBe(404);
    expect(
      (await consultant.PATCH('/api/leads/{id}', { ...idPath(others.id), body: { ...leadInput(), version: 1 } }))
        .response.status,
    ).toBe(404);
    expect((await consultant.POST('/api/leads/{id}/archive', { ...idPath(others.id), body: {} })).response.status).toBe(
      404,
    );
    expect((await consultant.GET('/api/leads/{id}', idPath(own.id))).response.status).toBe(200);
    expect((await consultant.GET('/api/leads/{id}', idPath(assignedAsAssistant.id))).response.status).toBe(200);

    const stats = (await consultant.GET('/api/dashboard/lead-statistics')).data;
    const all = (await f.api('administrator').GET('/api/dashboard/lead-statistics')).data;
    expect(stats!.totalLeads).toBeLessThan(all!.totalLeads);
  });

  it('gives a consultant at most 50 a page, team_lead 100, guest 10', async () => {
    const consultant = f.idOf('consultant');
    const rows = Array.from({ length: 110 }, (_, i) => ({
      ...leadInput({ firstName: 'Bulk', lastName: 'Lead' }),
      email: `bulk.${i}@example.com`,
      createdBy: consultant,
      // Older than everything else here, so the other tests' newest-first pages stay short.
      createdAt: daysAfter(new Date(), -365),
    }));
    await f.t.database.db.insert(leads).values(rows);

    const consultantPage = (await f.api('consultant').GET('/api/leads', { params: { query: { pageSize: 100 } } })).data;
    expect(consultantPage?.items).toHaveLength(50);
    expect(consultantPage?.pageSize).toBe(50);
    expect(consultantPage?.total).toBeGreaterThan(110);

    const guestPage = (await f.api('guest').GET('/api/leads', { params: { query: { pageSize: 100, page: 2 } } })).data;
    expect(guestPage?.items).toHaveLength(10);
    expect(guestPage?.pageSize).toBe(10);
    expect(guestPage?.page).toBe(2);

    const teamLeadPage = (await f.api('team_lead').GET('/api/leads', { params: { query: { pageSize: 100 } } })).data;
    expect(teamLeadPage?.items).toHaveLength(100);

    const admin = f.api('administrator');
    expect((await admin.GET('/api/leads', { params: { query: { pageSize: 101 } } })).response.status).toBe(400);
    expect((await admin.GET('/api/leads', { params: { query: { page: 0 } } })).response.status).toBe(400);
    // Not a lead status.
    expect((await f.call('administrator', 'GET', '/api/leads?status=Prospect')).statusCode).toBe(400);
  });
});

describe('bad input', () => {
  it('answers 400 with the spec 1 §5.1 messages and writes nothing', async () => {
    const leadsBefore = await f.countRows(leads);
    const auditBefore = (await f.t.database.db.select({ n: count() }).from(auditLogs))[0]?.n;

    const empty = await f.call('administrator', 'POST', '/api/leads', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    expect(empty.json().fieldErrors).toMatchObject({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      nationality: ['Nationality is required'],
      email: ['Email is required'],
      contactNumber: ['Contact number is required'],
      leadSource: ['Lead source is required'],
      dateOfBirth: ['Date of birth is required'],
      countryOfResidence: ['Country of residence is required'],
      applicantLocation: ['Applicant location is required'],
      leadStatus: ['Lead status is required'],
    });
    expect(empty.json().message).toMatch(/^Validation failed: /);

    const cases: [Partial<LeadForm>, string, string][] = [
      [{ firstName: 'A' }, 'firstName', 'First name must be 2-50 characters and contain no numbers'],
      [{ lastName: 'P4tel' }, 'lastName', 'Last name must be 2-50 characters and contain no numbers'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ contactNumber: '1234567' }, 'contactNumber', 'Contact number must be 8-20 characters'],
      [{ dateOfBirth: '1994-02-30' }, 'dateOfBirth', 'Invalid date format'],
      [{ visaExpiryDate: 'soon' }, 'visaExpiryDate', 'Invalid date format'],
      [
        { leadSource: 'Social Media' },
        'socialMediaPlatform',
        'Social Media Platform is required when lead source is Social Media',
      ],
      [{ leadStatus: 'Converted to Client' }, 'leadStatus', NEW_LEAD_CONVERTED_MESSAGE],
      [{ managerUserId: 'not-a-uuid' }, 'managerUserId', 'Invalid user'],
    ];
    const admin = f.api('administrator');
    for (const [overrides, field, message] of cases) {
      const res = await admin.POST('/api/leads', { body: leadInput(overrides) });
      expect(res.response.status, JSON.stringify(overrides)).toBe(400);
      expect(res.error?.fieldErrors?.[field], JSON.stringify(overrides)).toContain(message);
    }

    // A manager must be someone the Manager picker offers (spec 1 §6.4): a consultant is not.
    const wrongManager = await admin.POST('/api/leads', { body: leadInput({ managerUserId: f.idOf('consultant') }) });
    expect(wrongManager.response.status).toBe(400);
    expect(wrongManager.error?.fieldErrors).toEqual({ managerUserId: ['Choose a user from the list'] });
    const unknownAgent = await admin.POST('/api/leads', {
      body: leadInput({ migrationAgentUserId: crypto.randomUUID() }),
    });
    expect(unknownAgent.response.status).toBe(400);

    expect(await f.countRows(leads)).toBe(leadsBefore);
    expect((await f.t.database.db.select({ n: count() }).from(auditLogs))[0]?.n).toBe(auditBefore);
  });

  it('answers 404, never 500, for ids that are not uuids or name no lead', async () => {
    const admin = f.api('administrator');
    for (const id of ['nope', '123', crypto.randomUUID()]) {
      expect((await admin.GET('/api/leads/{id}', idPath(id))).response.status).toBe(404);
      expect(
        (await admin.PATCH('/api/leads/{id}', { ...idPath(id), body: { ...leadInput(), version: 1 } })).response.status,
      ).toBe(404);
      expect((await admin.POST('/api/leads/{id}/archive', { ...idPath(id), body: {} })).response.status).toBe(404);
      expect(
        (await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', idPath(id))).response.status,
      ).toBe(404);
    }
  });

  it('stores empty optional values as null and drops fields that do not apply', async () => {
    const lead = await createLead('administrator', {
      middleName: '',
      applicantLocation: 'Outside Australia',
      currentVisaSubclass: 'Student 500',
      visaExpiryDate: '2027-01-01',
      desiredVisa: 'Skilled Nominated 190',
      leadSource: 'Branch Office',
      branchOffice: 'Parramatta',
      socialMediaPlatform: 'Facebook',
    });
    expect(lead).toMatchObject({
      middleName: null,
      currentVisaSubclass: null,
      visaExpiryDate: null,
      desiredVisa: 'Skilled Nominated 190',
      branchOffice: 'Parramatta',
      socialMediaPlatform: null,
      dateOfBirth: '1994-05-17',
      displayId: `LD-${lead.id.replace(/-/g, '').slice(-8).toUpperCase()}`,
      createdBy: { id: f.idOf('administrator'), fullName: 'Marcus Tan' },
      version: 1,
    });
  });
});

describe('duplicates and the creation limit', () => {
  it('refuses a second live lead with the same email or contact number (409, spec message)', async () => {
    const first = await createLead('administrator', {
      email: 'Jane.Doe@Example.com',
      contactNumber: '+61 412 555 001',
    });
    const admin = f.api('administrator');

    const sameEmail = await admin.POST('/api/leads', { body: leadInput({ email: 'jane.doe@example.com' }) });
    expect(sameEmail.response.status).toBe(409);
    expect(sameEmail.error?.message).toBe(
      'Duplicate detected: email jane.doe@example.com already exists in leads records.',
    );

    const sameDigits = await admin.POST('/api/leads', { body: leadInput({ contactNumber: '(61) 412-555-001' }) });
    expect(sameDigits.response.status).toBe(409);
    expect(sameDigits.error?.message).toBe(
      'Duplicate detected: contact number (61) 412-555-001 already exists in leads records.',
    );

    const other = await createLead();
    const update = await admin.PATCH('/api/leads/{id}', {
      ...idPath(other.id),
      body: { ...leadInput({ email: 'JANE.DOE@example.com' }), version: other.version },
    });
    expect(update.response.status).toBe(409);
    expect(update.error?.message).toBe(LEAD_MESSAGES.duplicateOnUpdate);

    // Saving a lead with its own email and number is no duplicate.
    const self = await admin.PATCH('/api/leads/{id}', {
      ...idPath(first.id),
      body: {
        ...leadInput({ email: first.email, contactNumber: first.contactNumber, firstName: 'Janet' }),
        version: first.version,
      },
    });
    expect(self.response.status, JSON.stringify(self.error)).toBe(200);

    // A soft-deleted lead frees its email; once another lead has taken it, restoring the first is refused.
    expect((await admin.DELETE('/api/leads/{id}', { ...idPath(first.id), body: {} })).response.status).toBe(200);
    await createLead('administrator', { email: 'jane.doe@example.com', contactNumber: '+61 412 555 001' });
    const restore = await admin.POST('/api/leads/{id}/restore', idPath(first.id));
    expect(restore.response.status).toBe(409);
    expect(restore.error?.message).toBe(
      'Duplicate detected: email Jane.Doe@Example.com already exists in leads records.',
    );
  });

  it('refuses the 6th creation attempt for one email within a minute with 429', async () => {
    const email = 'burst@example.com';
    expect((await f.api('consultant').POST('/api/leads', { body: leadInput({ email }) })).response.status).toBe(201);
    for (let i = 0; i < 4; i++) {
      // Attempts count even when they fail as duplicates.
      expect(
        (await f.api('member').POST('/api/leads', { body: leadInput({ email: email.toUpperCase() }) })).response.status,
      ).toBe(409);
    }
    const sixth = await f.api('administrator').POST('/api/leads', { body: leadInput({ email }) });
    expect(sixth.response.status).toBe(429);
    expect(sixth.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many submissions. Please wait a minute before trying again.',
    });
    // Another email is not affected.
    expect((await f.api('administrator').POST('/api/leads', { body: leadInput() })).response.status).toBe(201);
  });
});

describe('editing', () => {
  it('saves with the version last read and refuses a stale one with 409', async () => {
    const lead = await createLead();
    const first = await f.api('supervisor').PATCH('/api/leads/{id}', {
      ...idPath(lead.id),
      body: {
        ...leadInput({ email: lead.email, contactNumber: lead.contactNumber, leadStatus: 'Consultation Completed' }),
        version: lead.version,
      },
    });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect(first.data).toMatchObject({
      leadStatus: 'Consultation Completed',
      version: 2,
      updatedBy: { id: f.idOf('supervisor'), fullName: 'Priya Sharma' },
    });

    const admin = f.api('administrator');
    const stale = await admin.PATCH('/api/leads/{id}', {
      ...idPath(lead.id),
      body: {
        ...leadInput({ email: lead.email, contactNumber: lead.contactNumber, firstName: 'Overwrite' }),
        version: lead.version,
      },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toEqual({ code: 'CONFLICT', message: GENERIC_MESSAGES.conflict });
    expect((await admin.GET('/api/leads/{id}', idPath(lead.id))).data?.firstName).toBe('Priya');

    const [audit] = await f.t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_LEAD'), eq(auditLogs.resourceId, lead.id)));
    expect(audit?.oldValues).toEqual({ leadStatus: 'New Lead Received' });
    expect(audit?.newValues).toEqual({ leadStatus: 'Consultation Completed' });
  });

  it('keeps converted leads read-only (saving as Converted to Client converts: clients.test.ts)', async () => {
    const lead = await createLead();
    await f.t.database.db
      .update(leads)
      .set({ leadStatus: 'Converted to Client', convertedAt: new Date() })
      .where(eq(leads.id, lead.id));
    const admin = f.api('administrator');
    const edit = await admin.PATCH('/api/leads/{id}', {
      ...idPath(lead.id),
      body: { ...leadInput({ email: lead.email, contactNumber: lead.contactNumber }), version: lead.version },
    });
    expect(edit.response.status).toBe(409);
    expect(edit.error?.message).toBe(LEAD_MESSAGES.readOnlyConverted);
    // Still readable for the read-only panel, but not in the list.
    expect((await admin.GET('/api/leads/{id}', idPath(lead.id))).data?.convertedAt).toEqual(expect.any(String));
    expect(await listIds('administrator')).not.toContain(lead.id);
  });
});

describe('archive, hide, delete, restore', () => {
  it('archives a lead into contacts in one transaction', async () => {
    const lead = await createLead('consultant', {
      middleName: 'Rose',
      desiredVisa: 'Skilled Nominated 190',
      currentVisaSubclass: 'Student 500',
      leadSource: 'Social Media',
      socialMediaPlatform: 'Instagram',
      leadStatus: 'Consultation Completed',
    });
    const admin = f.api('administrator');
    const res = await admin.POST('/api/leads/{id}/archive', {
      ...idPath(lead.id),
      body: { reason: 'No reply for 3 months' },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const { contactId } = res.data!;
    const [contact] = await f.t.database.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact).toMatchObject({
      originalLeadId: lead.id,
      ownerUserId: f.idOf('consultant'),
      firstName: 'Priya',
      middleName: 'Rose',
      email: lead.email,
      visaAppliedFor: 'Skilled Nominated 190',
      currentVisaSubclass: 'Student 500',
      socialMediaPlatform: 'Instagram',
      originalLeadStatus: 'Consultation Completed',
      contactStatus: 'Active',
      movedFromLeadsReason: 'No reply for 3 months',
      daysAsLead: 0,
      canRevertToLead: true,
      createdBy: f.idOf('administrator'),
    });
    expect(contact?.movedFromLeadsAt).toBeInstanceOf(Date);
    expect(await listIds('administrator', { showHidden: true })).not.toContain(lead.id);
    expect((await admin.GET('/api/leads/{id}', idPath(lead.id))).response.status).toBe(404);
    expect((await admin.POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} })).response.status).toBe(404);
    // The archived lead no longer blocks its email.
    await createLead('administrator', { email: lead.email, contactNumber: lead.contactNumber });

    const defaultReason = await createLead();
    const archived = await f.api('administrator').POST('/api/leads/{id}/archive', idPath(defaultReason.id));
    expect(archived.response.status).toBe(200);
    const [second] = await f.t.database.db.select().from(contacts).where(eq(contacts.id, archived.data!.contactId));
    expect(second?.movedFromLeadsReason).toBe('Archived by user');
  });

  it('announces live change events for leads and, on archive, for contacts', async () => {
    const events: ChangeEvent[] = [];
    const unsubscribe = f.t.app.changeHub.subscribe((event) => events.push(event));
    try {
      const lead = await createLead();
      const { contactId } = (
        await f.api('administrator').POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} })
      ).data!;
      // On a PostgreSQL server other test files share the database and its notifications: keep ours.
      const ours = () => events.filter((e) => e.id === lead.id || e.id === contactId);
      await expect.poll(() => ours().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      expect(ours().map((e) => [e.resource, e.action, e.id])).toEqual([
        ['lead', 'CREATE_LEAD', lead.id],
        ['lead', 'ARCHIVE_LEAD', lead.id],
        ['contact', 'ARCHIVE_LEAD', contactId],
      ]);
      expect(ours()[0]?.actorId).toBe(f.idOf('administrator'));
    } finally {
      unsubscribe();
    }
  });

  it('changes nothing when an archive fails part-way (deleted lead, or a failure after the contact insert)', async () => {
    const admin = f.api('administrator');
    const deleted = await createLead();
    expect((await admin.DELETE('/api/leads/{id}', { ...idPath(deleted.id), body: {} })).response.status).toBe(200);
    const contactsBefore = await f.countRows(contacts);
    expect((await admin.POST('/api/leads/{id}/archive', { ...idPath(deleted.id), body: {} })).response.status).toBe(
      404,
    );
    expect(await f.countRows(contacts)).toBe(contactsBefore);

    // Make the lead update (the step after the contact insert) fail inside the database.
    const lead = await createLead();
    const db = f.t.database.db;
    await db.execute(sql`create function test_fail_archive() returns trigger language plpgsql as $$
      begin
        if new.archived_at is not null then raise exception 'simulated failure'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger test_fail_archive before update on leads for each row execute function test_fail_archive()`,
    );
    try {
      const res = await admin.POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} });
      expect(res.response.status).toBe(500);
      expect(res.error).toEqual({ code: 'INTERNAL', message: GENERIC_MESSAGES.internal });
    } finally {
      await db.execute(sql`drop trigger test_fail_archive on leads`);
      await db.execute(sql`drop function test_fail_archive()`);
    }
    expect(await f.countRows(contacts)).toBe(contactsBefore);
    expect(await listIds('administrator')).toContain(lead.id);
    expect(await f.auditActions('LEAD', lead.id)).toEqual(['CREATE_LEAD']);
  });

  it('hides and unhides; hidden leads show only with showHidden, beside the visible ones', async () => {
    const visible = await createLead();
    const lead = await createLead();
    const hide = await f.api('member').POST('/api/leads/{id}/hide', {
      ...idPath(lead.id),
      body: { reason: 'Duplicate enquiry' },
    });
    expect(hide.response.status).toBe(200);
    expect(hide.data?.message).toBe(LEAD_MESSAGES.hidden);
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ isHidden: true, hiddenReason: 'Duplicate enquiry' });
    expect(row?.hiddenAt).toBeInstanceOf(Date);

    expect(await listIds('administrator')).not.toContain(lead.id);
    const withHidden = await listIds('administrator', { showHidden: true });
    expect(withHidden).toEqual(expect.arrayContaining([lead.id, visible.id]));
    expect((await f.api('administrator').GET('/api/leads/{id}', idPath(lead.id))).data).toMatchObject({
      isHidden: true,
    });

    const unhide = await f.api('member').POST('/api/leads/{id}/unhide', idPath(lead.id));
    expect(unhide.response.status).toBe(200);
    expect(unhide.data?.message).toBe(LEAD_MESSAGES.unhidden);
    expect(await listIds('administrator')).toContain(lead.id);
    const [audit] = await f.t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UNHIDE_LEAD'), eq(auditLogs.resourceId, lead.id)));
    expect(audit?.newValues).toMatchObject({ isHidden: false, reason: 'Unhidden by user' });
  });

  it('soft-deletes with a reason (or the default, with or without a body) and restores', async () => {
    const a = await createLead();
    const b = await createLead();
    const c = await createLead();
    const admin = f.api('administrator');
    expect((await admin.DELETE('/api/leads/{id}', { ...idPath(a.id), body: { reason: 'Spam' } })).response.status).toBe(
      200,
    );
    expect((await admin.DELETE('/api/leads/{id}', { ...idPath(b.id), body: {} })).response.status).toBe(200);
    expect((await admin.DELETE('/api/leads/{id}', idPath(c.id))).response.status).toBe(200);
    const rows = await f.t.database.db
      .select()
      .from(leads)
      .where(sql`${leads.id} in (${a.id}, ${b.id}, ${c.id})`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)).toMatchObject({ deleteReason: 'Spam', deletedBy: f.idOf('administrator') });
    expect(byId.get(b.id)?.deleteReason).toBe('Deleted by user');
    expect(byId.get(c.id)?.deleteReason).toBe('Deleted by user');
    expect(await listIds('administrator', { showHidden: true })).not.toContain(a.id);
    expect((await admin.DELETE('/api/leads/{id}', { ...idPath(a.id), body: {} })).response.status).toBe(404);

    expect((await f.api('supervisor').POST('/api/leads/{id}/restore', idPath(a.id))).response.status).toBe(403);
    const restore = await f.api('account_administrator').POST('/api/leads/{id}/restore', idPath(a.id));
    expect(restore.response.status).toBe(200);
    expect(restore.data?.message).toBe(LEAD_MESSAGES.restored);
    expect(await listIds('administrator')).toContain(a.id);
    expect((await admin.POST('/api/leads/{id}/restore', idPath(a.id))).response.status).toBe(404);
  });

  it('writes an audit row for every change, in the order made', async () => {
    const lead = await createLead();
    const admin = f.api('administrator');
    const path = idPath(lead.id);
    await admin.PATCH('/api/leads/{id}', {
      ...path,
      body: { ...leadInput({ email: lead.email, contactNumber: lead.contactNumber, lastName: 'Patil' }), version: 1 },
    });
    await admin.POST('/api/leads/{id}/hide', { ...path, body: {} });
    await admin.POST('/api/leads/{id}/unhide', { ...path, body: {} });
    await admin.DELETE('/api/leads/{id}', { ...path, body: {} });
    await admin.POST('/api/leads/{id}/restore', path);
    await admin.POST('/api/leads/{id}/archive', { ...path, body: {} });
    await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', path);
    expect(await f.auditActions('LEAD', lead.id)).toEqual([
      'CREATE_LEAD',
      'UPDATE_LEAD',
      'HIDE_LEAD',
      'UNHIDE_LEAD',
      'DELETE_LEAD',
      'RESTORE_LEAD',
      'ARCHIVE_LEAD',
      'PERMANENT_DELETE_LEAD',
    ]);
    const [created] = await f.t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'CREATE_LEAD'), eq(auditLogs.resourceId, lead.id)));
    expect(created).toMatchObject({
      userId: f.idOf('administrator'),
      newValues: expect.objectContaining({ email: lead.email }),
    });
  });
});

describe('assignable users', () => {
  it('lists active users of the asked roles for the pickers, with emails for supervisor and above only', async () => {
    const res = await f.api('supervisor').GET('/api/users/assignable', {
      params: { query: { roles: ['administrator', 'supervisor'] } },
    });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual([
      {
        id: f.idOf('administrator'),
        fullName: 'Marcus Tan',
        email: 'administrator@example.com',
        role: 'administrator',
      },
      { id: f.idOf('supervisor'), fullName: 'Priya Sharma', email: 'supervisor@example.com', role: 'supervisor' },
    ]);
    expect((await f.api('administrator').GET('/api/users/assignable')).data).toHaveLength(ROLES.length);
    // Not a role.
    expect((await f.call('supervisor', 'GET', '/api/users/assignable?roles=owner')).statusCode).toBe(400);

    // Roles below supervisor that pick assignees get names and roles, no emails.
    for (const role of ['team_lead', 'consultant', 'member'] as const) {
      const list = await f.api(role).GET('/api/users/assignable', {
        params: { query: { roles: ['administrator', 'supervisor'] } },
      });
      expect(list.response.status, role).toBe(200);
      expect(list.data, role).toEqual([
        { id: f.idOf('administrator'), fullName: 'Marcus Tan', email: null, role: 'administrator' },
        { id: f.idOf('supervisor'), fullName: 'Priya Sharma', email: null, role: 'supervisor' },
      ]);
    }
  });

  it('is refused to a role that neither creates nor assigns records (guest)', async () => {
    const res = await f.api('guest').GET('/api/users/assignable');
    expect(res.response.status).toBe(403);
    expect(res.error).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('OpenAPI', () => {
  it('documents every leads, dashboard and assignable-users operation', async () => {
    // The document itself, which it does not describe.
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/leads',
        '/api/leads/filter-options',
        '/api/leads/{id}',
        '/api/leads/{id}/archive',
        '/api/leads/{id}/hide',
        '/api/leads/{id}/unhide',
        '/api/leads/{id}/restore',
        '/api/leads/{id}/permanent',
        '/api/users/assignable',
        '/api/dashboard/lead-statistics',
        '/api/dashboard/conversion-statistics',
        '/api/dashboard/lead-trend',
      ]),
    );
    expect(doc.paths['/api/leads'].get.tags).toEqual(['leads']);
    expect(doc.paths['/api/leads'].post.summary).toEqual(expect.any(String));
  });
});
