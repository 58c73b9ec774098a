// Services of a lead or client through the API: add, read, edit (partial, version-guarded), soft delete;
// the spec's messages; exact money; visibility and permissions; services following their record through
// conversion and reversion.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Role, SERVICE_MESSAGES, TUITION_FEE } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';

const f = fixtureForFile();

type NewService = JsonBody<'/api/leads/{id}/services', 'post'>;
const addToLead = async (id: string, body: NewService, role: Role = 'administrator') =>
  f.api(role).POST('/api/leads/{id}/services', { ...idPath(id), body });
const addToClient = async (id: string, body: NewService, role: Role = 'administrator') =>
  f.api(role).POST('/api/clients/{id}/services', { ...idPath(id), body });

describe('services of a lead', () => {
  it('adds, lists, reads, edits and soft-deletes a service, with the derived payment status', async () => {
    const admin = f.api('administrator');
    const lead = await f.createLead();
    const created = await addToLead(lead.id, {
      serviceName: 'Visa Application',
      serviceFee: '4640',
      paidAmount: 1000.5,
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const service = created.data!;
    expect(service).toMatchObject({
      entityType: 'lead',
      entityId: lead.id,
      serviceStatus: 'Active',
      currency: 'AUD',
      serviceFee: '4640.00',
      paidAmount: '1000.50',
      balanceDue: '3639.50',
      paymentStatus: 'Partially Paid',
      transferredFrom: null,
      version: 1,
    });
    const listed = (await admin.GET('/api/leads/{id}/services', idPath(lead.id))).data!;
    expect(listed.map((s) => s.id)).toEqual([service.id]);

    const paid = await admin.PATCH('/api/services/{id}', {
      ...idPath(service.id),
      body: { paidAmount: '4640', version: 1 },
    });
    expect(paid.response.status, JSON.stringify(paid.error)).toBe(200);
    expect(paid.data).toMatchObject({
      paymentStatus: 'Paid',
      balanceDue: '0.00',
      serviceName: 'Visa Application',
      version: 2,
    });
    const stale = await admin.PATCH('/api/services/{id}', {
      ...idPath(service.id),
      body: { notes: 'late', version: 1 },
    });
    expect(stale.response.status).toBe(409);

    const deleted = await admin.DELETE('/api/services/{id}', {
      ...idPath(service.id),
      body: { reason: 'Entered twice' },
    });
    expect(deleted.data).toEqual({ message: SERVICE_MESSAGES.deleted });
    const gone = await admin.GET('/api/services/{id}', idPath(service.id));
    expect(gone.response.status).toBe(404);
    expect(gone.error?.message).toBe(SERVICE_MESSAGES.notFound);
    expect((await admin.GET('/api/leads/{id}/services', idPath(lead.id))).data).toEqual([]);
    // Deleted Items: an administrator brings it back; a role without the delete action may not.
    expect((await f.api('consultant').POST('/api/services/{id}/restore', idPath(service.id))).response.status).toBe(
      403,
    );
    const restored = await admin.POST('/api/services/{id}/restore', idPath(service.id));
    expect(restored.response.status, JSON.stringify(restored.error)).toBe(200);
    expect((await admin.GET('/api/leads/{id}/services', idPath(lead.id))).data).toHaveLength(1);
    expect((await admin.POST('/api/services/{id}/restore', idPath(service.id))).response.status).toBe(404);
    expect(await f.auditActions('SERVICE', service.id)).toEqual([
      'CREATE_SERVICE',
      'UPDATE_SERVICE',
      'DELETE_SERVICE',
      'RESTORE_SERVICE',
    ]);
  });

  it('refuses what spec 2 §5 refuses, in its words, and writes nothing', async () => {
    const lead = await f.createLead();
    const check = (res: { response: Response; error?: { fieldErrors?: Record<string, string[]> } }) => {
      expect(res.response.status, JSON.stringify(res.error)).toBe(400);
      return res.error?.fieldErrors ?? {};
    };
    const refused = async (body: NewService, field: string, message: string) => {
      const fieldErrors = check(await addToLead(lead.id, body));
      expect(fieldErrors[field], JSON.stringify(fieldErrors)).toContain(message);
    };
    // No service name at all: what the document forbids, so sent raw.
    const nameless = await f.call('administrator', 'POST', `/api/leads/${lead.id}/services`, {});
    expect(nameless.statusCode, nameless.body).toBe(400);
    expect(nameless.json().fieldErrors.serviceName, nameless.body).toContain(SERVICE_MESSAGES.nameRequired);
    await refused({ serviceName: 'Other', serviceFee: '-5' }, 'serviceFee', SERVICE_MESSAGES.feeNegative);
    await refused({ serviceName: 'Other', paidAmount: '-0.01' }, 'paidAmount', SERVICE_MESSAGES.paidNegative);
    await refused(
      { serviceName: 'Other', serviceFee: '10', paidAmount: '10.01' },
      'paidAmount',
      SERVICE_MESSAGES.paidOverFee,
    );
    await refused(
      { serviceName: TUITION_FEE, serviceFee: '1000', tuitionTerms: [{ amount: '500' }, { amount: '500.01' }] },
      'tuitionTerms',
      SERVICE_MESSAGES.termsOverFee,
    );
    // A float that is not a two-decimal amount is refused rather than rounded.
    expect((await addToLead(lead.id, { serviceName: 'Other', serviceFee: 0.1 + 0.2 })).response.status).toBe(400);
    expect((await f.api('administrator').GET('/api/leads/{id}/services', idPath(lead.id))).data).toEqual([]);
  });

  it('keeps tuition terms only for Tuition Fee, numbers them and sums their payments exactly', async () => {
    const lead = await f.createLead();
    const terms = Array.from({ length: 10 }, () => ({ amount: '0.1', paidAmount: '0.1', dueDate: '2020-01-01' }));
    const res = await addToLead(lead.id, {
      serviceName: TUITION_FEE,
      serviceFee: '1.00',
      tuitionTerms: terms,
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    const service = res.data!;
    expect(service.paidAmount).toBe('1.00');
    expect(service.paymentStatus).toBe('Paid');
    expect(service.tuitionTerms.map((t) => [t.termNumber, t.termName, t.status])[9]).toEqual([10, 'Term 10', 'Paid']);
    const overdue = await addToLead(lead.id, {
      serviceName: TUITION_FEE,
      serviceFee: '100',
      tuitionTerms: [
        { amount: '50', dueDate: '2020-01-01' },
        { amount: '50', dueDate: '2099-01-01' },
      ],
    });
    expect(overdue.data?.tuitionTerms.map((t) => t.status)).toEqual(['Overdue', 'Pending']);
    const other = await addToLead(lead.id, { serviceName: 'Other', tuitionTerms: terms });
    expect(other.data).toMatchObject({ tuitionTerms: [], paymentStatus: 'N/A', serviceFee: null });
  });
});

describe('who may see and change a service', () => {
  it("hides another consultant's record's services (404) and lets read-only roles read but not write", async () => {
    const consultant = f.api('consultant');
    const lead = await f.createLead('administrator', {
      managerUserId: f.idOf('supervisor'),
      assistantManagerUserId: f.idOf('supervisor'),
    });
    const service = (await addToLead(lead.id, { serviceName: 'Other' })).data!;
    expect((await consultant.GET('/api/leads/{id}/services', idPath(lead.id))).response.status).toBe(404);
    expect((await consultant.GET('/api/services/{id}', idPath(service.id))).response.status).toBe(404);
    expect(
      (await consultant.PATCH('/api/services/{id}', { ...idPath(service.id), body: { notes: 'x', version: 1 } }))
        .response.status,
    ).toBe(404);

    const own = await f.createLead('consultant');
    const mine = await addToLead(own.id, { serviceName: 'Consultation Fee', serviceFee: '150' }, 'consultant');
    expect(mine.response.status, JSON.stringify(mine.error)).toBe(201);

    const guest = f.api('guest');
    expect((await guest.GET('/api/leads/{id}/services', idPath(lead.id))).response.status).toBe(200);
    const guestWrite = await addToLead(lead.id, { serviceName: 'Other' }, 'guest');
    expect(guestWrite.response.status).toBe(403);
    expect((await guest.DELETE('/api/services/{id}', idPath(service.id))).response.status).toBe(403);
  });
});

describe('services follow their record', () => {
  it("move to the client on conversion ('Transferred from Lead') and back on reversion", async () => {
    const admin = f.api('administrator');
    const lead = await f.createLead();
    const service = (
      await addToLead(lead.id, {
        serviceName: 'Skills Assessment',
        serviceFee: '500',
        currency: 'PHP',
      })
    ).data!;
    const converted = await admin.POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(converted.response.status, JSON.stringify(converted.error)).toBe(200);
    const clientId = converted.data!.clientId;
    const onClient = (await admin.GET('/api/clients/{id}/services', idPath(clientId))).data;
    expect(onClient).toEqual([
      expect.objectContaining({ id: service.id, entityType: 'client', transferredFrom: lead.id }),
    ]);
    // The converted lead is read-only and keeps no services.
    expect((await addToLead(lead.id, { serviceName: 'Other' })).response.status).toBe(409);

    const reverted = await admin.POST('/api/clients/{id}/revert', idPath(clientId));
    expect(reverted.response.status, JSON.stringify(reverted.error)).toBe(200);
    const back = (await admin.GET('/api/leads/{id}/services', idPath(lead.id))).data;
    expect(back).toEqual([expect.objectContaining({ id: service.id, entityType: 'lead', transferredFrom: null })]);
    expect((await addToClient(clientId, { serviceName: 'Other' })).response.status).toBe(409);
  });

  it('stay with an archived lead and come back when its contact is restored to a client', async () => {
    const admin = f.api('administrator');
    const lead = await f.createLead();
    const service = (await addToLead(lead.id, { serviceName: 'Other' })).data!;
    const archived = await admin.POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} });
    expect(archived.response.status, JSON.stringify(archived.error)).toBe(200);
    const contactId = archived.data!.contactId;
    const restored = await admin.POST('/api/contacts/{id}/restore', {
      ...idPath(contactId),
      body: { type: 'client', notes: 'Signed after all' },
    });
    expect(restored.response.status, JSON.stringify(restored.error)).toBe(200);
    const clientId = restored.data?.clientId;
    expect(clientId).toEqual(expect.any(String));
    const onClient = (await admin.GET('/api/clients/{id}/services', idPath(clientId!))).data!;
    expect(onClient.map((s) => s.id)).toEqual([service.id]);
  });

  it('hide with a soft-deleted record, come back with its restore, and go with its purge', async () => {
    const admin = f.api('administrator');
    const lead = await f.createLead();
    const service = (await addToLead(lead.id, { serviceName: 'Other' })).data!;
    expect((await admin.DELETE('/api/leads/{id}', { ...idPath(lead.id), body: {} })).response.status).toBe(200);
    expect((await admin.GET('/api/services/{id}', idPath(service.id))).response.status).toBe(404);
    expect((await admin.POST('/api/leads/{id}/restore', idPath(lead.id))).response.status).toBe(200);
    expect((await admin.GET('/api/services/{id}', idPath(service.id))).response.status).toBe(200);
    expect((await admin.DELETE('/api/leads/{id}', { ...idPath(lead.id), body: {} })).response.status).toBe(200);
    const purged = await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', idPath(lead.id));
    expect(purged.response.status, JSON.stringify(purged.error)).toBe(200);
    const rows = await f.t.database.db.execute(sql`select 1 from services where id = ${service.id}`);
    expect(rows.rows).toEqual([]);
  });
});
