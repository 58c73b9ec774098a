// Who may change who manages a record (spec 1 §6.2 'assign'), and who may bring a contact back as a lead
// or a client (the target's create permission).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenMessage } from '@crm/domain';
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
    const save = async (role: 'consultant' | 'member' | 'team_lead', changes: Record<string, unknown>) => {
      const current = (await f.call('administrator', 'GET', `/api/leads/${lead.id}`)).json();
      return f.call(role, 'PATCH', `/api/leads/${lead.id}`, { version: current.version, ...changes });
    };

    // Filling the empty migration agent: an ordinary edit.
    const fill = await save('consultant', { migrationAgentUserId: f.idOf('consultant') });
    expect(fill.statusCode, fill.body).toBe(200);

    // Giving the record to another manager or assistant, or taking the agent off: refused, nothing changes.
    for (const change of [
      { managerUserId: f.idOf('administrator') },
      { assistantManagerUserId: f.idOf('member') },
      { migrationAgentUserId: null },
    ]) {
      const refused = await save('consultant', change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(403);
      expect(refused.json().message).toBe(forbiddenMessage('leads:assign'));
    }
    const member = await save('member', { managerUserId: f.idOf('administrator') });
    expect(member.statusCode).toBe(403);
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({
      managerUserId: f.idOf('supervisor'),
      assistantManagerUserId: f.idOf('supervisor'),
      migrationAgentUserId: f.idOf('consultant'),
    });

    // Team lead and above assign.
    const teamLead = await save('team_lead', { managerUserId: f.idOf('administrator') });
    expect(teamLead.statusCode, teamLead.body).toBe(200);
    expect(teamLead.json().manager.id).toBe(f.idOf('administrator'));
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
    const created = await f.call(
      'member',
      'POST',
      '/api/clients',
      f.clientInput({ managerUserId: f.idOf('supervisor') }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json();
    const save = (role: 'member' | 'supervisor', managerUserId: string, version: number) =>
      f.call(role, 'PATCH', `/api/clients/${client.id}`, {
        ...f.clientInput({ email: client.email, contactNumber: client.contactNumber }),
        managerUserId,
        version,
      });
    const refused = await save('member', f.idOf('administrator'), client.version);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage('clients:assign'));
    const [row] = await f.t.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.managerUserId).toBe(f.idOf('supervisor'));
    const allowed = await save('supervisor', f.idOf('administrator'), client.version);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('restoring a contact', () => {
  async function archivedContact(role: 'consultant' | 'administrator' = 'consultant') {
    const lead = await f.createLead(role);
    const archived = await f.call('administrator', 'POST', `/api/leads/${lead.id}/archive`, {});
    expect(archived.statusCode, archived.body).toBe(200);
    return { lead, contactId: archived.json().contactId as string };
  }

  it('needs leads:create to restore to a lead: team lead is refused, and nothing changes', async () => {
    const { lead, contactId } = await archivedContact();
    const refused = await f.call('team_lead', 'POST', `/api/contacts/${contactId}/restore`, {
      type: 'lead',
      notes: 'Back in the pipeline',
    });
    expect(refused.statusCode).toBe(403);
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.archivedAt).not.toBeNull();
  });

  it('team lead restores to a client; the client keeps its origin as creator and the audit names the restorer', async () => {
    const { contactId } = await archivedContact('consultant');
    const restored = await f.call('team_lead', 'POST', `/api/contacts/${contactId}/restore`, {
      type: 'client',
      notes: 'Signed up after all',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const clientId = restored.json().clientId as string;
    const [client] = await f.t.database.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client?.createdBy).toBe(f.idOf('consultant'));
    const audit = await f.t.database.db
      .select({ userId: auditLogs.userId, action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, contactId));
    expect(audit).toContainEqual({ userId: f.idOf('team_lead'), action: 'RESTORE_CONTACT_TO_CLIENT' });
  });
});
