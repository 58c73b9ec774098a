// Deleted Items through the API: a deleted lead, client, service and invoice in one list with their
// reasons and who deleted them, the counters, search and type; Restore by administrators and Delete Forever
// by account administrators only, each through the record type's own route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_EXAMPLE, type paths } from '@crm/domain';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.t.close();
});

const ok = async <R extends { response: Response; error?: unknown }>(response: Promise<R>, status = 200) => {
  const res = await response;
  expect(res.response.status, JSON.stringify(res.error)).toBe(status);
  return res;
};
const path = (id: string) => ({ params: { path: { id } } });

type InvoiceBody = paths['/api/invoices']['post']['requestBody']['content']['application/json'];
/** INVOICE_EXAMPLE as the document types a body: the domain constant widens its enums to string. */
const EXAMPLE: InvoiceBody = {
  ...INVOICE_EXAMPLE,
  currency: 'AUD',
  items: [
    { ...INVOICE_EXAMPLE.items[0]!, taxTreatment: 'taxable' },
    { ...INVOICE_EXAMPLE.items[1]!, taxTreatment: 'government_charge' },
  ],
};

describe('Deleted Items', () => {
  it('lists every deleted record newest first; restores and deletes forever through each type’s routes', async () => {
    const lead = await f.createLead('administrator', { firstName: 'Deleted', lastName: 'Lead' });
    const { client } = await f.convertedLead('administrator', { firstName: 'Deleted', lastName: 'Client' });
    const owner = await f.createLead('administrator', { firstName: 'Service', lastName: 'Owner' });
    const admin = f.api('administrator');
    const service = (
      await ok(
        admin.POST('/api/leads/{id}/services', { ...path(owner.id), body: { serviceName: 'Skills Assessment' } }),
        201,
      )
    ).data!;
    const invoice = (await ok(admin.POST('/api/invoices', { body: EXAMPLE }), 201)).data!;

    await ok(admin.DELETE('/api/leads/{id}', { ...path(lead.id), body: { reason: 'Duplicate enquiry' } }));
    await ok(admin.DELETE('/api/clients/{id}', { ...path(client.id), body: {} }));
    await ok(admin.DELETE('/api/services/{id}', { ...path(service.id), body: { reason: 'Entered twice' } }));
    await ok(admin.DELETE('/api/invoices/{id}', path(invoice.id)));

    const deletedItems = (query: NonNullable<paths['/api/deleted-items']['get']['parameters']['query']> = {}) =>
      ok(admin.GET('/api/deleted-items', { params: { query } }));
    const list = (await deletedItems()).data!;
    const items = list.items;
    expect(items.map((i) => i.type)).toEqual(['invoice', 'service', 'client', 'lead']);
    expect(items[3]).toMatchObject({ name: 'Deleted Lead', reason: 'Duplicate enquiry', deletedByName: 'Marcus Tan' });
    expect(items[1]).toMatchObject({ name: 'Skills Assessment · Service Owner', reason: 'Entered twice' });
    expect(list.total).toBe(4);

    const stats = (await ok(admin.GET('/api/deleted-items/statistics'))).data;
    expect(stats).toEqual({ leads: 1, clients: 1, services: 1, invoices: 1, total: 4, recent: 4 });
    const onlyClients = (await deletedItems({ type: 'client' })).data!;
    expect(onlyClients.items.map((i) => i.id)).toEqual([client.id]);
    const searched = (await deletedItems({ search: 'skills' })).data!;
    expect(searched.items.map((i) => i.id)).toEqual([service.id]);
    const paged = (await deletedItems({ pageSize: 2 })).data!;
    const next = (await deletedItems({ pageSize: 2, after: String(paged.nextCursor) })).data!;
    expect([...paged.items, ...next.items].map((i) => i.id)).toEqual(items.map((i) => i.id));

    // Restore: administrators; Delete Forever: account administrators only.
    const accountAdmin = f.api('account_administrator');
    await ok(admin.POST('/api/leads/{id}/restore', path(lead.id)));
    await ok(admin.POST('/api/invoices/{id}/restore', path(invoice.id)));
    expect((await admin.DELETE('/api/services/{id}/permanent', path(service.id))).response.status).toBe(403);
    expect((await f.api('supervisor').GET('/api/deleted-items')).response.status).toBe(403);
    await ok(accountAdmin.DELETE('/api/services/{id}/permanent', path(service.id)));
    await ok(accountAdmin.DELETE('/api/clients/{id}/permanent', path(client.id)));
    await ok(admin.DELETE('/api/invoices/{id}', path(invoice.id)));
    expect((await admin.DELETE('/api/invoices/{id}/permanent', path(invoice.id))).response.status).toBe(403);
    await ok(accountAdmin.DELETE('/api/invoices/{id}/permanent', path(invoice.id)));

    const after = (await deletedItems()).data!;
    expect(after.items).toEqual([]);
    expect((await admin.GET('/api/services/{id}', path(service.id))).response.status).toBe(404);
    expect(await f.auditActions('SERVICE', service.id)).toContain('PURGE_SERVICE');
    expect(await f.auditActions('INVOICE', invoice.id)).toEqual(
      expect.arrayContaining(['DELETE_INVOICE', 'RESTORE_INVOICE', 'PURGE_INVOICE']),
    );
    // The restored lead is back in the list; its invoice number stays taken for ever.
    expect((await admin.GET('/api/leads/{id}', path(lead.id))).response.status).toBe(200);
  });
});
