// Deleted Items through the API: a deleted lead, client, service and invoice in one list with their
// reasons and who deleted them, the counters, search and type; Restore by administrators and Delete Forever
// by account administrators only, each through the record type's own route.
import { describe, expect, it } from 'vitest';
import { INVOICE_EXAMPLE } from '@crm/domain';
import { idPath, ok, type Query } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';

const f = fixtureForFile();

describe('Deleted Items', () => {
  it('lists every deleted record newest first; restores and deletes forever through each type’s routes', async () => {
    const lead = await f.createLead('administrator', { firstName: 'Deleted', lastName: 'Lead' });
    const { client } = await f.convertedLead('administrator', { firstName: 'Deleted', lastName: 'Client' });
    const owner = await f.createLead('administrator', { firstName: 'Service', lastName: 'Owner' });
    const admin = f.api('administrator');
    const service = ok(
      await admin.POST('/api/leads/{id}/services', { ...idPath(owner.id), body: { serviceName: 'Skills Assessment' } }),
      201,
    );
    const invoice = ok(await admin.POST('/api/invoices', { body: INVOICE_EXAMPLE }), 201);

    ok(await admin.DELETE('/api/leads/{id}', { ...idPath(lead.id), body: { reason: 'Duplicate enquiry' } }));
    ok(await admin.DELETE('/api/clients/{id}', { ...idPath(client.id), body: {} }));
    ok(await admin.DELETE('/api/services/{id}', { ...idPath(service.id), body: { reason: 'Entered twice' } }));
    ok(await admin.DELETE('/api/invoices/{id}', idPath(invoice.id)));

    const deletedItems = async (query: Query<'/api/deleted-items'> = {}) =>
      ok(await admin.GET('/api/deleted-items', { params: { query } }));
    const list = await deletedItems();
    const items = list.items;
    expect(items.map((i) => i.type)).toEqual(['invoice', 'service', 'client', 'lead']);
    expect(items[3]).toMatchObject({ name: 'Deleted Lead', reason: 'Duplicate enquiry', deletedByName: 'Marcus Tan' });
    expect(items[1]).toMatchObject({ name: 'Skills Assessment · Service Owner', reason: 'Entered twice' });
    expect(list.total).toBe(4);

    const stats = ok(await admin.GET('/api/deleted-items/statistics'));
    expect(stats).toEqual({ leads: 1, clients: 1, services: 1, invoices: 1, total: 4, recent: 4 });
    const onlyClients = await deletedItems({ type: 'client' });
    expect(onlyClients.items.map((i) => i.id)).toEqual([client.id]);
    const searched = await deletedItems({ search: 'skills' });
    expect(searched.items.map((i) => i.id)).toEqual([service.id]);
    const paged = await deletedItems({ pageSize: 2 });
    const next = await deletedItems({ pageSize: 2, after: String(paged.nextCursor) });
    expect([...paged.items, ...next.items].map((i) => i.id)).toEqual(items.map((i) => i.id));

    // Restore: administrators; Delete Forever: account administrators only.
    const accountAdmin = f.api('account_administrator');
    ok(await admin.POST('/api/leads/{id}/restore', idPath(lead.id)));
    ok(await admin.POST('/api/invoices/{id}/restore', idPath(invoice.id)));
    expect((await admin.DELETE('/api/services/{id}/permanent', idPath(service.id))).response.status).toBe(403);
    expect((await f.api('supervisor').GET('/api/deleted-items')).response.status).toBe(403);
    ok(await accountAdmin.DELETE('/api/services/{id}/permanent', idPath(service.id)));
    ok(await accountAdmin.DELETE('/api/clients/{id}/permanent', idPath(client.id)));
    ok(await admin.DELETE('/api/invoices/{id}', idPath(invoice.id)));
    expect((await admin.DELETE('/api/invoices/{id}/permanent', idPath(invoice.id))).response.status).toBe(403);
    ok(await accountAdmin.DELETE('/api/invoices/{id}/permanent', idPath(invoice.id)));

    const after = await deletedItems();
    expect(after.items).toEqual([]);
    expect((await admin.GET('/api/services/{id}', idPath(service.id))).response.status).toBe(404);
    expect(await f.auditActions('SERVICE', service.id)).toContain('PURGE_SERVICE');
    expect(await f.auditActions('INVOICE', invoice.id)).toEqual(
      expect.arrayContaining(['DELETE_INVOICE', 'RESTORE_INVOICE', 'PURGE_INVOICE']),
    );
    // The restored lead is back in the list; its invoice number stays taken for ever.
    expect((await admin.GET('/api/leads/{id}', idPath(lead.id))).response.status).toBe(200);
  });
});
