// The History tab's API: a lead's edits, its conversion and the client's own edits, newest first, with
// labels and names, only for users who may see the record.
import { describe, expect, it } from 'vitest';
import { displayId, INVOICE_EXAMPLE } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { recordChange } from '../../platform/audit/record-change.ts';

const f = fixtureForFile();

type Dependent = NonNullable<JsonBody<'/api/clients', 'post'>['dependents']>[number];

describe('GET /api/{leads|clients}/:id/history', () => {
  it('lists who changed what, newest first, with the field labels and the people by name', async () => {
    const lead = await f.createLead('administrator');
    let version = lead.version;
    const patch = async (body: Omit<JsonBody<'/api/leads/{id}', 'patch'>, 'version'>) => {
      const res = await f
        .api('administrator')
        .PATCH('/api/leads/{id}', { ...idPath(lead.id), body: { ...body, version } });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      version = res.data!.version;
    };
    await patch({ firstName: 'Priyanka' });
    await patch({ managerUserId: f.idOf('account_administrator') });
    await patch({ visaExpiryDate: '2027-06-30', desiredVisa: 'Skilled Independent 189' });

    const res = await f.api('supervisor').GET('/api/leads/{id}/history', idPath(lead.id));
    expect(res.response.status).toBe(200);
    const history = res.data!;
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
    const admin = f.api('administrator');
    const leadHistory = (await admin.GET('/api/leads/{id}/history', idPath(lead.id))).data!;
    expect(leadHistory.map((e) => e.title)).toContain('Converted to client');
    const clientHistory = (await admin.GET('/api/clients/{id}/history', idPath(client.id))).data!;
    expect(clientHistory.map((e) => e.title)).toContain('Client created');
    // Each side names the other by name and the short id its banner shows, never by its key.
    const converted = leadHistory.find((e) => e.title === 'Converted to client')!;
    const name = `${client.firstName} ${client.lastName}`;
    expect(converted.changes).toContainEqual(
      expect.objectContaining({
        field: 'convertedToClientId',
        from: null,
        to: `${name} (${displayId('client', client.id)})`,
      }),
    );
    const created = clientHistory.find((e) => e.title === 'Client created')!;
    expect(created.changes).toContainEqual(
      expect.objectContaining({ field: 'convertedFromLeadId', to: `${name} (${displayId('lead', lead.id)})` }),
    );

    // A consultant sees only its own or assigned records: 404, as for a record that does not exist.
    const consultant = f.api('consultant');
    const hidden = await consultant.GET('/api/leads/{id}/history', idPath(lead.id));
    expect(hidden.response.status).toBe(404);
    expect((await consultant.GET('/api/leads/{id}/history', idPath('not-a-uuid'))).response.status).toBe(404);
  });

  it("names a client's dependents in words, never as JSON or ids", async () => {
    const leo: Dependent = { firstName: 'Leo', lastName: 'Santos', nationality: 'Philippines', relationship: 'Child' };
    const admin = f.api('administrator');
    const created = await admin.POST('/api/clients', {
      body: f.clientInput({ numberOfDependents: '1', dependents: [leo] }),
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const client = created.data!;
    expect(client.dependents).toEqual([{ ...leo, id: expect.any(String) }]);
    const updated = await admin.PATCH('/api/clients/{id}', {
      ...idPath(client.id),
      body: {
        version: client.version,
        numberOfDependents: '2',
        // Leo as read back (the answer types a relationship as any string; the body wants the enum).
        dependents: [
          { ...leo, id: client.dependents[0]!.id },
          {
            firstName: 'Maria',
            lastName: 'Santos',
            nationality: 'Philippines',
            relationship: 'Stepchild',
            dateOfBirth: '2012-04-09',
          },
        ],
      },
    });
    expect(updated.response.status, JSON.stringify(updated.error)).toBe(200);

    const history = (await admin.GET('/api/clients/{id}/history', idPath(client.id))).data!;
    const change = history[0]!.changes.find((c) => c.field === 'dependents');
    expect(change).toEqual({
      field: 'dependents',
      label: 'Dependents',
      from: 'Leo Santos (child, Philippines)',
      to: 'Leo Santos (child, Philippines), Maria Santos (stepchild, born 2012-04-09, Philippines)',
    });
    for (const entry of history) {
      for (const c of entry.changes) {
        expect(`${c.from} ${c.to}`).not.toMatch(/[{}[\]"]|[0-9a-f]{8}-[0-9a-f]{4}-/);
      }
    }
  });

  it('names the invoices and the people a change points at by number and name (issue 29)', async () => {
    const lead = await f.createLead('administrator');
    const admin = f.api('administrator');
    const billed = await admin.POST('/api/invoices', {
      body: { ...INVOICE_EXAMPLE, entityType: 'lead', entityId: lead.id },
    });
    expect(billed.response.status, JSON.stringify(billed.error)).toBe(201);
    const invoice = billed.data!;
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
    const history = (await admin.GET('/api/leads/{id}/history', idPath(lead.id))).data!;
    const entry = history.find((e) => e.action === 'RECEIVE_CLIENT_MONEY')!;
    expect(entry.actorName).toBe('Marcus Tan');
    expect(entry.changes).toEqual([
      { field: 'fromUserId', label: 'From User', from: null, to: expect.stringMatching(/^\S+ \S+$/) },
      { field: 'invoiceId', label: 'Invoice', from: null, to: invoice.invoiceNumber },
      { field: 'receivedDate', label: 'Received Date', from: null, to: '2026-11-20' },
    ]);
    expect(JSON.stringify(entry)).not.toContain(invoice.id);
  });
});
