// Deleted Items through the API: a deleted lead, client, service and invoice in one list with their
// reasons and who deleted them, the counters, search and type; Restore by administrators and Delete Forever
// by account administrators only, each through the record type's own route.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeletedItem, INVOICE_EXAMPLE } from '@crm/domain';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.t.close();
});

const ok = async (response: Promise<LightMyRequestResponse>, status = 200) => {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  return res;
};

describe('Deleted Items', () => {
  it('lists every deleted record newest first; restores and deletes forever through each type’s routes', async () => {
    const lead = await f.createLead('administrator', { firstName: 'Deleted', lastName: 'Lead' });
    const { client } = await f.convertedLead('administrator', { firstName: 'Deleted', lastName: 'Client' });
    const owner = await f.createLead('administrator', { firstName: 'Service', lastName: 'Owner' });
    const service = (
      await ok(
        f.call('administrator', 'POST', `/api/leads/${owner.id}/services`, { serviceName: 'Skills Assessment' }),
        201,
      )
    ).json();
    const invoice = (await ok(f.call('administrator', 'POST', '/api/invoices', INVOICE_EXAMPLE), 201)).json();

    await ok(f.call('administrator', 'DELETE', `/api/leads/${lead.id}`, { reason: 'Duplicate enquiry' }));
    await ok(f.call('administrator', 'DELETE', `/api/clients/${client.id}`, {}));
    await ok(f.call('administrator', 'DELETE', `/api/services/${service.id}`, { reason: 'Entered twice' }));
    await ok(f.call('administrator', 'DELETE', `/api/invoices/${invoice.id}`));

    const list = (await ok(f.call('administrator', 'GET', '/api/deleted-items'))).json();
    const items = list.items as DeletedItem[];
    expect(items.map((i) => i.type)).toEqual(['invoice', 'service', 'client', 'lead']);
    expect(items[3]).toMatchObject({ name: 'Deleted Lead', reason: 'Duplicate enquiry', deletedByName: 'Marcus Tan' });
    expect(items[1]).toMatchObject({ name: 'Skills Assessment · Service Owner', reason: 'Entered twice' });
    expect(list.total).toBe(4);

    const stats = (await ok(f.call('administrator', 'GET', '/api/deleted-items/statistics'))).json();
    expect(stats).toEqual({ leads: 1, clients: 1, services: 1, invoices: 1, total: 4, recent: 4 });
    const onlyClients = (await ok(f.call('administrator', 'GET', '/api/deleted-items?type=client'))).json();
    expect(onlyClients.items.map((i: DeletedItem) => i.id)).toEqual([client.id]);
    const searched = (await ok(f.call('administrator', 'GET', '/api/deleted-items?search=skills'))).json();
    expect(searched.items.map((i: DeletedItem) => i.id)).toEqual([service.id]);
    const paged = (await ok(f.call('administrator', 'GET', '/api/deleted-items?pageSize=2'))).json();
    const next = (
      await ok(f.call('administrator', 'GET', `/api/deleted-items?pageSize=2&after=${paged.nextCursor}`))
    ).json();
    expect([...paged.items, ...next.items].map((i: DeletedItem) => i.id)).toEqual(items.map((i) => i.id));

    // Restore: administrators; Delete Forever: account administrators only.
    await ok(f.call('administrator', 'POST', `/api/leads/${lead.id}/restore`, {}));
    await ok(f.call('administrator', 'POST', `/api/invoices/${invoice.id}/restore`));
    expect((await f.call('administrator', 'DELETE', `/api/services/${service.id}/permanent`)).statusCode).toBe(403);
    expect((await f.call('supervisor', 'GET', '/api/deleted-items')).statusCode).toBe(403);
    await ok(f.call('account_administrator', 'DELETE', `/api/services/${service.id}/permanent`));
    await ok(f.call('account_administrator', 'DELETE', `/api/clients/${client.id}/permanent`));
    await ok(f.call('administrator', 'DELETE', `/api/invoices/${invoice.id}`));
    expect((await f.call('administrator', 'DELETE', `/api/invoices/${invoice.id}/permanent`)).statusCode).toBe(403);
    await ok(f.call('account_administrator', 'DELETE', `/api/invoices/${invoice.id}/permanent`));

    const after = (await ok(f.call('administrator', 'GET', '/api/deleted-items'))).json();
    expect(after.items).toEqual([]);
    expect((await f.call('administrator', 'GET', `/api/services/${service.id}`)).statusCode).toBe(404);
    expect(await f.auditActions('SERVICE', service.id)).toContain('PURGE_SERVICE');
    expect(await f.auditActions('INVOICE', invoice.id)).toEqual(
      expect.arrayContaining(['DELETE_INVOICE', 'RESTORE_INVOICE', 'PURGE_INVOICE']),
    );
    // The restored lead is back in the list; its invoice number stays taken for ever.
    expect((await f.call('administrator', 'GET', `/api/leads/${lead.id}`)).statusCode).toBe(200);
  });
});
