// Who may change who manages a record (spec 1 §6.2 'assign'), and who may bring a contact back as a lead
// or a client (the target's create permission).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenMessage } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { auditLogs, clients, leads } from '../../db/schema/index.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => f?.t.close());

describe('assigning a lead', () => {
  it('consultant and member fill an empty assignment, but cannot change or clear a set one; team lead can', async () => {
    // Manager and assistant manager are set (the staff form names both); the migration agent is empty.
    const lead = await f.createLead('consultant');
    const save = async (
      role: 'consultant' | 'member' | 'team_lead',
      changes: Omit<JsonBody<'/api/leads/{id}', 'patch'>, 'version'>,
    ) => {
      const current = (await f.api('administrator').GET('/api/leads/{id}', idPath(lead.id))).data!;
      return f
        .api(role)
        .PATCH('/api/leads/{id}', { ...idPath(lead.id), body: { version: current.version, ...changes } });
    };

    // Filling the empty migration agent: an ordinary edit.
    const fill = await save('consultant', { migrationAgentUserId: f.idOf('consultant') });
    expect(fill.response.status, JSON.stringify(fill.error)).toBe(200);

    // Giving the record to another manager or assistant, or taking the agent off: refused, nothing changes.
    for (const change of [
      { managerUserId: f.idOf('administrator') },
      { assistantManagerUserId: f.idOf('member') },
      { migrationAgentUserId: null },
    ]) {
      const refused = await save('consultant', change);
      expect(refused.response.status, JSON.stringify(change)).toBe(403);
      expect(refused.error?.message).toBe(forbiddenMessage('leads:assign'));
    }
    const member = await save('member', { managerUserId: f.idOf('administrator') });
    expect(member.response.status).toBe(403);
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({
      managerUserId: f.idOf('supervisor'),
      assistantManagerUserId: f.idOf('supervisor'),
      migrationAgentUserId: f.idOf('consultant'),
    });

    // Team lead and above assign.
    const teamLead = await save('team_lead', { managerUserId: f.idOf('administrator') });
    expect(teamLead.response.status, JSON.stringify(teamLead.error)).toBe(200);
    expect(teamLead.data?.manager?.id).toBe(f.idOf('administrator'));
  });

  it('a consultant may still pick every assignee when creating a lead', async () => {
    const lead = await f.createLead('consultant', {
      managerUserId: f.idOf('supervisor'),
      assistantManagerUserId: f.idOf('member'),
      migrationAgentUserId: f.idOf('consultant'),
    });
    expect([lead.manager?.id, lead.assistantManager?.id, lead.migrationAgent?.id]).toEqual([
      f.idOf('supervisor'),
      f.idOf('member'),
      f.idOf('consultant'),
    ]);
  });
});

describe('assigning a client', () => {
  it('a member cannot change the manager of a client; a supervisor can', async () => {
    const created = await f.api('member').POST('/api/clients', {
      body: f.clientInput({ managerUserId: f.idOf('supervisor') }),
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const client = created.data!;
    const save = (role: 'member' | 'supervisor', managerUserId: string, version: number) =>
      f.api(role).PATCH('/api/clients/{id}', {
        ...idPath(client.id),
        body: {
          ...f.clientInput({ email: client.email, contactNumber: client.contactNumber }),
          managerUserId,
          version,
        },
      });
    const refused = await save('member', f.idOf('administrator'), client.version);
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe(forbiddenMessage('clients:assign'));
    const [row] = await f.t.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.managerUserId).toBe(f.idOf('supervisor'));
    const allowed = await save('supervisor', f.idOf('administrator'), client.version);
    expect(allowed.response.status, JSON.stringify(allowed.error)).toBe(200);
  });
});

describe('restoring a contact', () => {
  async function archivedContact(role: 'consultant' | 'administrator' = 'consultant') {
    const lead = await f.createLead(role);
    const archived = await f.api('administrator').POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} });
    expect(archived.response.status, JSON.stringify(archived.error)).toBe(200);
    return { lead, contactId: archived.data!.contactId };
  }

  it('needs leads:create to restore to a lead: team lead is refused, and nothing changes', async () => {
    const { lead, contactId } = await archivedContact();
    const refused = await f.api('team_lead').POST('/api/contacts/{id}/restore', {
      ...idPath(contactId),
      body: { type: 'lead', notes: 'Back in the pipeline' },
    });
    expect(refused.response.status).toBe(403);
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.archivedAt).not.toBeNull();
  });

  it('team lead restores to a client; the client keeps its origin as creator and the audit names the restorer', async () => {
    const { contactId } = await archivedContact('consultant');
    const restored = await f.api('team_lead').POST('/api/contacts/{id}/restore', {
      ...idPath(contactId),
      body: { type: 'client', notes: 'Signed up after all' },
    });
    expect(restored.response.status, JSON.stringify(restored.error)).toBe(200);
    const clientId = String(restored.data?.clientId);
    const [client] = await f.t.database.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client?.createdBy).toBe(f.idOf('consultant'));
    const audit = await f.t.database.db
      .select({ userId: auditLogs.userId, action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, contactId));
    expect(audit).toContainEqual({ userId: f.idOf('team_lead'), action: 'RESTORE_CONTACT_TO_CLIENT' });
  });
});
