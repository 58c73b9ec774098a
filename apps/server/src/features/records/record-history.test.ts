// The History tab's API: a lead's edits, its conversion and the client's own edits, newest first, with
// labels and names, only for users who may see the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayId, INVOICE_EXAMPLE, type RecordHistoryEntry } from '@crm/domain';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { recordChange } from '../audit/record-change.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.t.close();
});

describe('GET /api/{leads|clients}/:id/history', () => {
  it('lists who changed what, newest first, with the field labels and the people by name', async () => {
    const lead = await f.createLead('administrator');
    let version = lead.version;
    const patch = async (body: Record<string, unknown>) => {
      const res = await f.call('administrator', 'PATCH', `/api/leads/${lead.id}`, { ...body, version });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().version;
    };
    await patch({ firstName: 'Priyanka' });
    await patch({ managerUserId: f.idOf('account_administrator') });
    await patch({ visaExpiryDate: '2027-06-30', desiredVisa: 'Skilled Independent 189' });

    const res = await f.call('supervisor', 'GET', `/api/leads/${lead.id}/history`);
    expect(res.statusCode).toBe(200);
    const history = res.json() as RecordHistoryEntry[];
    expect(history.map((e) => e.title)).toEqual(['Lead updated', 'Lead updated', 'Lead updated', 'Lead created']);
    expect(history[0]!.actorName).toBe('Marcus Tan');
    expect(history[0]!.changes).toEqual([
      { field: 'desiredVisa', label: 'Desired Visa', from: 'Temporary Graduate 485', to: 'Skilled Independent 189' },
      { field: 'visaExpiryDate', label: 'Visa Expiry', from: '2027-03-01', to: '2027-06-30' },
    ]);
    expect(history[1]!.changes).toEqual([
      { field: 'managerUserId', label: 'Manager', from: expect.any(String), to: 'Alexandra Reid' },
    ]);
    expect(history[2]!.changes).toEqual([{ field: 'firstName', label: 'First Name', from: 'Priya', to: 'Priyanka' }]);
    expect(history[3]!.changes.every((c) => c.label !== 'Version' && c.field !== 'contactNumberE164')).toBe(true);
  });

  it('shows a conversion on the lead and the client, and hides a record its viewer may not see', async () => {
    const { lead, client } = await f.convertedLead('administrator');
    const leadHistory = (await f.call('administrator', 'GET', `/api/leads/${lead.id}/history`)).json();
    expect(leadHistory.map((e: RecordHistoryEntry) => e.title)).toContain('Converted to client');
    const clientHistory = (await f.call('administrator', 'GET', `/api/clients/${client.id}/history`)).json();
    expect(clientHistory.map((e: RecordHistoryEntry) => e.title)).toContain('Client created');
    // Each side names the other by name and the short id its banner shows, never by its key.
    const converted = (leadHistory as RecordHistoryEntry[]).find((e) => e.title === 'Converted to client')!;
    const name = `${client.firstName} ${client.lastName}`;
    expect(converted.changes).toContainEqual(
      expect.objectContaining({
        field: 'convertedToClientId',
        from: null,
        to: `${name} (${displayId('client', client.id)})`,
      }),
    );
    const created = (clientHistory as RecordHistoryEntry[]).find((e) => e.title === 'Client created')!;
    expect(created.changes).toContainEqual(
      expect.objectContaining({ field: 'convertedFromLeadId', to: `${name} (${displayId('lead', lead.id)})` }),
    );

    // A consultant sees only its own or assigned records: 404, as for a record that does not exist.
    const hidden = await f.call('consultant', 'GET', `/api/leads/${lead.id}/history`);
    expect(hidden.statusCode).toBe(404);
    expect((await f.call('consultant', 'GET', '/api/leads/not-a-uuid/history')).statusCode).toBe(404);
  });

  it("names a client's dependents in words, never as JSON or ids", async () => {
    const leo = { firstName: 'Leo', lastName: 'Santos', nationality: 'Philippines', relationship: 'Child' };
    const created = await f.call(
      'administrator',
      'POST',
      '/api/clients',
      f.clientInput({ numberOfDependents: '1', dependents: [leo] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json();
    const updated = await f.call('administrator', 'PATCH', `/api/clients/${client.id}`, {
      version: client.version,
      numberOfDependents: '2',
      dependents: [
        ...client.dependents,
        {
          firstName: 'Maria',
          lastName: 'Santos',
          nationality: 'Philippines',
          relationship: 'Stepchild',
          dateOfBirth: '2012-04-09',
        },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const history = (await f.call('administrator', 'GET', `/api/clients/${client.id}/history`)).json();
    const change = (history as RecordHistoryEntry[])[0]!.changes.find((c) => c.field === 'dependents');
    expect(change).toEqual({
      field: 'dependents',
      label: 'Dependents',
      from: 'Leo Santos (child, Philippines)',
      to: 'Leo Santos (child, Philippines), Maria Santos (stepchild, born 2012-04-09, Philippines)',
    });
    for (const entry of history as RecordHistoryEntry[]) {
      for (const c of entry.changes) {
        expect(`${c.from} ${c.to}`).not.toMatch(/[{}[\]"]|[0-9a-f]{8}-[0-9a-f]{4}-/);
      }
    }
  });

  it('names the invoices and the people a change points at by number and name (issue 29)', async () => {
    const lead = await f.createLead('administrator');
    const billed = await f.call('administrator', 'POST', '/api/invoices', {
      ...INVOICE_EXAMPLE,
      entityType: 'lead',
      entityId: lead.id,
    });
    expect(billed.statusCode, billed.body).toBe(201);
    const invoice = billed.json() as { id: string; invoiceNumber: string };
    // A change of the lead that names its invoice, as a money movement's row does.
    await recordChange(
      f.t.database.db,
      { actorId: f.idOf('administrator'), ipAddress: null, userAgent: null },
      {
        action: 'RECEIVE_CLIENT_MONEY',
        resourceType: 'LEAD',
        resourceId: lead.id,
        newValues: { invoiceId: invoice.id, fromUserId: f.idOf('supervisor'), receivedDate: '2026-11-20' },
      },
    );
    const history = (await f.call('administrator', 'GET', `/api/leads/${lead.id}/history`)).json();
    const entry = (history as RecordHistoryEntry[]).find((e) => e.action === 'RECEIVE_CLIENT_MONEY')!;
    expect(entry.actorName).toBe('Marcus Tan');
    expect(entry.changes).toEqual([
      { field: 'fromUserId', label: 'From User', from: null, to: expect.stringMatching(/^\S+ \S+$/) },
      { field: 'invoiceId', label: 'Invoice', from: null, to: invoice.invoiceNumber },
      { field: 'receivedDate', label: 'Received Date', from: null, to: '2026-11-20' },
    ]);
    expect(JSON.stringify(entry)).not.toContain(invoice.id);
  });
});
