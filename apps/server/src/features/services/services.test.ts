// Services of a lead or client through the API: add, read, edit (partial, version-guarded), soft delete;
// the spec's messages; exact money; visibility and permissions; services following their record through
// conversion and reversion.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceRecord, SERVICE_MESSAGES, TUITION_FEE } from '@crm/domain';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.t.close();
});

const add = async (
  path: string,
  body: Record<string, unknown>,
  role: Parameters<Fixture['call']>[0] = 'administrator',
) => f.call(role, 'POST', path, body);

describe('services of a lead', () => {
  it('adds, lists, reads, edits and soft-deletes a service, with the derived payment status', async () => {
    const lead = await f.createLead();
    const created = await add(`/api/leads/${lead.id}/services`, {
      serviceName: 'Visa Application',
      serviceFee: '4640',
      paidAmount: 1000.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const service: ServiceRecord = created.json();
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
    const listed: ServiceRecord[] = (await f.call('administrator', 'GET', `/api/leads/${lead.id}/services`)).json();
    expect(listed.map((s) => s.id)).toEqual([service.id]);

    const paid = await f.call('administrator', 'PATCH', `/api/services/${service.id}`, {
      paidAmount: '4640',
      version: 1,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      paymentStatus: 'Paid',
      balanceDue: '0.00',
      serviceName: 'Visa Application',
      version: 2,
    });
    const stale = await f.call('administrator', 'PATCH', `/api/services/${service.id}`, { notes: 'late', version: 1 });
    expect(stale.statusCode).toBe(409);

    const deleted = await f.call('administrator', 'DELETE', `/api/services/${service.id}`, { reason: 'Entered twice' });
    expect(deleted.json()).toEqual({ message: SERVICE_MESSAGES.deleted });
    const gone = await f.call('administrator', 'GET', `/api/services/${service.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(SERVICE_MESSAGES.notFound);
    expect((await f.call('administrator', 'GET', `/api/leads/${lead.id}/services`)).json()).toEqual([]);
    // Deleted Items: an administrator brings it back; a role without the delete action may not.
    expect((await f.call('consultant', 'POST', `/api/services/${service.id}/restore`)).statusCode).toBe(403);
    const restored = await f.call('administrator', 'POST', `/api/services/${service.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await f.call('administrator', 'GET', `/api/leads/${lead.id}/services`)).json()).toHaveLength(1);
    expect((await f.call('administrator', 'POST', `/api/services/${service.id}/restore`)).statusCode).toBe(404);
    expect(await f.auditActions('SERVICE', service.id)).toEqual([
      'CREATE_SERVICE',
      'UPDATE_SERVICE',
      'DELETE_SERVICE',
      'RESTORE_SERVICE',
    ]);
  });

  it('refuses what spec 2 §5 refuses, in its words, and writes nothing', async () => {
    const lead = await f.createLead();
    const path = `/api/leads/${lead.id}/services`;
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await add(path, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors[field], res.body).toContain(message);
    };
    await refused({}, 'serviceName', SERVICE_MESSAGES.nameRequired);
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
    expect((await add(path, { serviceName: 'Other', serviceFee: 0.1 + 0.2 })).statusCode).toBe(400);
    expect((await f.call('administrator', 'GET', path)).json()).toEqual([]);
  });

  it('keeps tuition terms only for Tuition Fee, numbers them and sums their payments exactly', async () => {
    const lead = await f.createLead();
    const terms = Array.from({ length: 10 }, () => ({ amount: '0.1', paidAmount: '0.1', dueDate: '2020-01-01' }));
    const res = await add(`/api/leads/${lead.id}/services`, {
      serviceName: TUITION_FEE,
      serviceFee: '1.00',
      tuitionTerms: terms,
    });
    expect(res.statusCode, res.body).toBe(201);
    const service: ServiceRecord = res.json();
    expect(service.paidAmount).toBe('1.00');
    expect(service.paymentStatus).toBe('Paid');
    expect(service.tuitionTerms.map((t) => [t.termNumber, t.termName, t.status])[9]).toEqual([10, 'Term 10', 'Paid']);
    const overdue = await add(`/api/leads/${lead.id}/services`, {
      serviceName: TUITION_FEE,
      serviceFee: '100',
      tuitionTerms: [
        { amount: '50', dueDate: '2020-01-01' },
        { amount: '50', dueDate: '2099-01-01' },
      ],
    });
    expect(overdue.json().tuitionTerms.map((t: { status: string }) => t.status)).toEqual(['Overdue', 'Pending']);
    const other = await add(`/api/leads/${lead.id}/services`, { serviceName: 'Other', tuitionTerms: terms });
    expect(other.json()).toMatchObject({ tuitionTerms: [], paymentStatus: 'N/A', serviceFee: null });
  });
});

describe('who may see and change a service', () => {
  it("hides another consultant's record's services (404) and lets read-only roles read but not write", async () => {
    const lead = await f.createLead('administrator', {
      managerUserId: f.idOf('supervisor'),
      assistantManagerUserId: f.idOf('supervisor'),
    });
    const service: ServiceRecord = (await add(`/api/leads/${lead.id}/services`, { serviceName: 'Other' })).json();
    expect((await f.call('consultant', 'GET', `/api/leads/${lead.id}/services`)).statusCode).toBe(404);
    expect((await f.call('consultant', 'GET', `/api/services/${service.id}`)).statusCode).toBe(404);
    expect(
      (await f.call('consultant', 'PATCH', `/api/services/${service.id}`, { notes: 'x', version: 1 })).statusCode,
    ).toBe(404);

    const own = await f.createLead('consultant');
    const mine = await add(
      `/api/leads/${own.id}/services`,
      { serviceName: 'Consultation Fee', serviceFee: '150' },
      'consultant',
    );
    expect(mine.statusCode, mine.body).toBe(201);

    expect((await f.call('guest', 'GET', `/api/leads/${lead.id}/services`)).statusCode).toBe(200);
    const guestWrite = await add(`/api/leads/${lead.id}/services`, { serviceName: 'Other' }, 'guest');
    expect(guestWrite.statusCode).toBe(403);
    expect((await f.call('guest', 'DELETE', `/api/services/${service.id}`)).statusCode).toBe(403);
  });
});

describe('services follow their record', () => {
  it("move to the client on conversion ('Transferred from Lead') and back on reversion", async () => {
    const lead = await f.createLead();
    const service: ServiceRecord = (
      await add(`/api/leads/${lead.id}/services`, {
        serviceName: 'Skills Assessment',
        serviceFee: '500',
        currency: 'PHP',
      })
    ).json();
    const converted = await f.call('administrator', 'POST', `/api/leads/${lead.id}/convert`, {});
    expect(converted.statusCode, converted.body).toBe(200);
    const clientId: string = converted.json().clientId;
    const onClient: ServiceRecord[] = (
      await f.call('administrator', 'GET', `/api/clients/${clientId}/services`)
    ).json();
    expect(onClient).toEqual([
      expect.objectContaining({ id: service.id, entityType: 'client', transferredFrom: lead.id }),
    ]);
    // The converted lead is read-only and keeps no services.
    expect((await add(`/api/leads/${lead.id}/services`, { serviceName: 'Other' })).statusCode).toBe(409);

    const reverted = await f.call('administrator', 'POST', `/api/clients/${clientId}/revert`, {});
    expect(reverted.statusCode, reverted.body).toBe(200);
    const back: ServiceRecord[] = (await f.call('administrator', 'GET', `/api/leads/${lead.id}/services`)).json();
    expect(back).toEqual([expect.objectContaining({ id: service.id, entityType: 'lead', transferredFrom: null })]);
    expect((await add(`/api/clients/${clientId}/services`, { serviceName: 'Other' })).statusCode).toBe(409);
  });

  it('stay with an archived lead and come back when its contact is restored to a client', async () => {
    const lead = await f.createLead();
    const service: ServiceRecord = (await add(`/api/leads/${lead.id}/services`, { serviceName: 'Other' })).json();
    const archived = await f.call('administrator', 'POST', `/api/leads/${lead.id}/archive`, {});
    expect(archived.statusCode, archived.body).toBe(200);
    const contactId: string = archived.json().contactId;
    const restored = await f.call('administrator', 'POST', `/api/contacts/${contactId}/restore`, {
      type: 'client',
      notes: 'Signed after all',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const clientId: string = restored.json().clientId ?? restored.json().client?.id;
    const onClient: ServiceRecord[] = (
      await f.call('administrator', 'GET', `/api/clients/${clientId}/services`)
    ).json();
    expect(onClient.map((s) => s.id)).toEqual([service.id]);
  });

  it('hide with a soft-deleted record, come back with its restore, and go with its purge', async () => {
    const lead = await f.createLead();
    const service: ServiceRecord = (await add(`/api/leads/${lead.id}/services`, { serviceName: 'Other' })).json();
    expect((await f.call('administrator', 'DELETE', `/api/leads/${lead.id}`, {})).statusCode).toBe(200);
    expect((await f.call('administrator', 'GET', `/api/services/${service.id}`)).statusCode).toBe(404);
    expect((await f.call('administrator', 'POST', `/api/leads/${lead.id}/restore`)).statusCode).toBe(200);
    expect((await f.call('administrator', 'GET', `/api/services/${service.id}`)).statusCode).toBe(200);
    expect((await f.call('administrator', 'DELETE', `/api/leads/${lead.id}`, {})).statusCode).toBe(200);
    const purged = await f.call('account_administrator', 'DELETE', `/api/leads/${lead.id}/permanent`);
    expect(purged.statusCode, purged.body).toBe(200);
    const rows = await f.t.database.db.execute(sql`select 1 from services where id = ${service.id}`);
    expect(rows.rows).toEqual([]);
  });
});
