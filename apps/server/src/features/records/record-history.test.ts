// The History tab's API: a lead's edits, its conversion and the client's own edits, newest first, with
// labels and names, only for users who may see the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordHistoryEntry } from '@crm/domain';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

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

    // A consultant sees only its own or assigned records: 404, as for a record that does not exist.
    const hidden = await f.call('consultant', 'GET', `/api/leads/${lead.id}/history`);
    expect(hidden.statusCode).toBe(404);
    expect((await f.call('consultant', 'GET', '/api/leads/not-a-uuid/history')).statusCode).toBe(404);
  });
});
