// PATCH is partial (DECISIONS.md §6) for leads and clients (the profile's: profile.test.ts). The fields sent
// change and nothing else; null clears; the merged record is validated whole, cross-field rules included;
// the version still guards. Through the typed client, so the bodies are the document's.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_RULE_MESSAGES,
  type ClientRecord,
  GENERIC_MESSAGES,
  type LeadRecord,
  SOURCE_DETAIL_MESSAGES,
} from '@crm/domain';
import { type ApiClient, apiClient, type JsonBody } from '../../../test/api-client.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { auditLogs, clients, leads } from '../../db/schema/index.ts';

let f: Fixture;
let api: ApiClient;

beforeAll(async () => {
  f = await createFixture();
  api = apiClient(f.t.app, await f.t.signIn('administrator'));
});
afterAll(async () => {
  await f?.t.close();
});

/** Every column but the bookkeeping a save always writes (version, when, who), to compare whole. */
function stable<T extends { version: number; updatedAt: Date; updatedBy: string | null }>(row: T | undefined) {
  if (!row) throw new Error('row not found');
  const { version: _version, updatedAt: _updatedAt, updatedBy: _updatedBy, ...rest } = row;
  return rest;
}
const leadRow = async (id: string) => stable((await f.t.database.db.select().from(leads).where(eq(leads.id, id)))[0]);
const clientRow = async (id: string) =>
  stable((await f.t.database.db.select().from(clients).where(eq(clients.id, id)))[0]);

/** The new values of the latest audit row of the action on the resource. */
async function lastAudit(action: string, resourceId: string) {
  const [row] = await f.t.database.db
    .select({ newValues: auditLogs.newValues, oldValues: auditLogs.oldValues })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.resourceId, resourceId)))
    .orderBy(desc(auditLogs.createdAt))
    .limit(1);
  return row;
}

const patchLead = (lead: Pick<LeadRecord, 'id'>, body: JsonBody<'/api/leads/{id}', 'patch'>) =>
  api.PATCH('/api/leads/{id}', { params: { path: { id: lead.id } }, body });

describe('PATCH /api/leads/:id', () => {
  it('changes the one field sent and no other column; the audit row names only that field', async () => {
    const lead = await f.createLead('administrator', { middleName: 'Kaur', gender: 'Female' });
    const before = await leadRow(lead.id);
    const { data, response } = await patchLead(lead, { leadStatus: 'Consultation Completed', version: lead.version });
    expect(response.status).toBe(200);
    expect(data?.leadStatus).toBe('Consultation Completed');
    expect(data?.version).toBe(lead.version + 1);
    expect(await leadRow(lead.id)).toEqual({ ...before, leadStatus: 'Consultation Completed' });
    expect(await lastAudit('UPDATE_LEAD', lead.id)).toEqual({
      oldValues: { leadStatus: lead.leadStatus },
      newValues: { leadStatus: 'Consultation Completed' },
    });
  });

  it('clears a field sent as null or as an empty string', async () => {
    const lead = await f.createLead('administrator', { middleName: 'Kaur', gender: 'Female' });
    const first = await patchLead(lead, { gender: null, version: lead.version });
    expect(first.data?.gender).toBeNull();
    expect(first.data?.middleName).toBe('Kaur');
    const second = await patchLead(lead, { middleName: '', version: lead.version + 1 });
    expect(second.data?.middleName).toBeNull();
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const lead = await f.createLead();
    const before = await leadRow(lead.id);
    const { error, response } = await patchLead(lead, { firstName: 'Anika', version: lead.version + 1 });
    expect(response.status).toBe(409);
    expect(error?.message).toBe(GENERIC_MESSAGES.conflict);
    expect(await leadRow(lead.id)).toEqual(before);
  });

  it('answers 400 with the field message for a field made invalid', async () => {
    const lead = await f.createLead();
    const { error, response } = await patchLead(lead, { email: 'not-an-address', version: lead.version });
    expect(response.status).toBe(400);
    expect(error?.fieldErrors).toEqual({ email: ['Invalid email format'] });
  });

  it('answers 400 when the merged lead breaks a rule that joins fields', async () => {
    // The source alone is valid; the lead it makes lacks the platform the source asks for.
    const lead = await f.createLead();
    const before = await leadRow(lead.id);
    const { error, response } = await patchLead(lead, { leadSource: 'Social Media', version: lead.version });
    expect(response.status).toBe(400);
    expect(error?.fieldErrors).toEqual({ socialMediaPlatform: [SOURCE_DETAIL_MESSAGES.socialMediaPlatform] });
    expect(await leadRow(lead.id)).toEqual(before);
  });

  it("still converts a lead saved with status 'Converted to Client', sent alone", async () => {
    const lead = await f.createLead();
    const { data, response } = await patchLead(lead, { leadStatus: 'Converted to Client', version: lead.version });
    expect(response.status).toBe(200);
    expect(data?.leadStatus).toBe('Converted to Client');
    expect(data?.convertedToClientId).toEqual(expect.any(String));
  });
});

const patchClient = (client: Pick<ClientRecord, 'id'>, body: JsonBody<'/api/clients/{id}', 'patch'>) =>
  api.PATCH('/api/clients/{id}', { params: { path: { id: client.id } }, body });

async function createClient(overrides: Partial<JsonBody<'/api/clients', 'post'>> = {}): Promise<ClientRecord> {
  const { data, response } = await api.POST('/api/clients', { body: f.clientInput(overrides) });
  expect(response.status).toBe(201);
  return data as ClientRecord;
}

describe('PATCH /api/clients/:id', () => {
  it('changes the one field sent and no other column, dependents included; the audit row names only it', async () => {
    const client = await createClient({
      maritalStatus: 'Married',
      spouseFirstName: 'Li',
      spouseLastName: 'Zhang',
      spouseNationality: 'China',
      numberOfDependents: '1',
      dependents: [{ firstName: 'Mei', lastName: 'Zhang', nationality: 'China', relationship: 'Child' }],
    });
    const before = await clientRow(client.id);
    const { data, response } = await patchClient(client, { passportNumber: 'PA1234567', version: client.version });
    expect(response.status).toBe(200);
    expect(data?.passportNumber).toBe('PA1234567');
    expect(await clientRow(client.id)).toEqual({ ...before, passportNumber: 'PA1234567' });
    expect(await lastAudit('UPDATE_CLIENT', client.id)).toEqual({
      oldValues: { passportNumber: null },
      newValues: { passportNumber: 'PA1234567' },
    });
  });

  it('answers 409 to a stale version and 400 with the field message for a field made invalid', async () => {
    const client = await createClient();
    const stale = await patchClient(client, { city: 'Perth', version: client.version + 1 });
    expect(stale.response.status).toBe(409);
    const invalid = await patchClient(client, { email: 'not-an-address', version: client.version });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.fieldErrors).toEqual({ email: ['Invalid email format'] });
  });

  it('answers 400 when the merged client breaks a §5.2 rule', async () => {
    const client = await createClient();
    const before = await clientRow(client.id);
    const { error, response } = await patchClient(client, { maritalStatus: 'Married', version: client.version });
    expect(response.status).toBe(400);
    expect(error?.fieldErrors).toEqual({
      spouseFirstName: [CLIENT_RULE_MESSAGES.spouseFirstName],
      spouseLastName: [CLIENT_RULE_MESSAGES.spouseLastName],
      spouseNationality: [CLIENT_RULE_MESSAGES.spouseNationality],
    });
    expect(await clientRow(client.id)).toEqual(before);
  });

  it("still reverts a client saved with status 'Reverted', sent alone", async () => {
    const { lead, client } = await f.convertedLead();
    const { data, response } = await patchClient(client, { status: 'Reverted', version: client.version });
    expect(response.status).toBe(200);
    expect(data?.status).toBe('Reverted');
    const reread = await api.GET('/api/leads/{id}', { params: { path: { id: lead.id } } });
    expect(reread.data?.convertedToClientId).toBeNull();
  });
});
