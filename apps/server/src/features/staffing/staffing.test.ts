// Staffing through the typed client: who may open it and move work, the workload counted per person
// (open records once each, open and overdue tasks on the firm's date), and a reassignment that moves
// exactly what its preview said, in one transaction, audited, or nothing with the refusal in words.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Role, ROLES, STAFFING_MESSAGES, weekStartOf } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLogs, clients, leads, taskNotes, timesheetEntries } from '../../db/schema/index.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';

let t: TestApp;
let today: string;
beforeAll(async () => {
  t = await buildTestApp();
  today = await readFirmToday(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const as = async (role: Role) => apiClient(t.app, await t.signIn(role));
let counter = 0;

async function createUser(role: Role, lastName = 'Staff') {
  const admin = await as('account_administrator');
  const created = await admin.POST('/api/users', {
    body: { email: `staff.${++counter}.${Date.now()}@example.com`, firstName: 'Pat', lastName, role, invite: false },
  });
  expect(created.response.status).toBe(201);
  return created.data!.user;
}

const personFields = () => ({
  firstName: 'Work',
  lastName: `Item${++counter}`,
  email: `work.${counter}.${Date.now()}@example.com`,
  contactNumber: '+61412000111',
});

async function lead(values: Partial<typeof leads.$inferInsert>) {
  const [row] = await t.database.db
    .insert(leads)
    .values({ ...personFields(), leadStatus: 'New Lead Received', ...values } as typeof leads.$inferInsert)
    .returning();
  return row!;
}

async function client(values: Partial<typeof clients.$inferInsert>) {
  const [row] = await t.database.db
    .insert(clients)
    .values({ ...personFields(), ...values } as typeof clients.$inferInsert)
    .returning();
  return row!;
}

async function task(leadId: string, assignedTo: string, values: Partial<typeof taskNotes.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(taskNotes)
    .values({
      leadId,
      kind: 'task',
      taskType: 'Client Communication',
      taskName: 'Call back',
      content: '<p>Call</p>',
      status: 'pending',
      assignedTo,
      ...values,
    } as typeof taskNotes.$inferInsert)
    .returning();
  return row!;
}

/** A consultant with a known workload: what counts, and what does not. */
async function consultantWithWork() {
  const person = await createUser('consultant', `Leaving${counter}`);
  const other = await createUser('consultant');
  const openOne = await lead({ assistantManagerUserId: person.id, migrationAgentUserId: person.id });
  const openTwo = await lead({ migrationAgentUserId: person.id, leadStatus: 'Consultation Completed' });
  await lead({ assistantManagerUserId: person.id, leadStatus: 'Not Proceeding / Lost' }); // closed
  await lead({ assistantManagerUserId: person.id, deletedAt: new Date() }); // deleted
  await lead({ assistantManagerUserId: other.id }); // someone else's
  const activeClient = await client({ assistantManagerUserId: person.id, status: 'Application - Lodged' });
  await client({ assistantManagerUserId: person.id, status: 'Completed' }); // closed
  await task(openOne.id, person.id, { dueDate: addDays(today, -1) }); // overdue
  await task(openOne.id, person.id, { dueDate: today, status: 'in_progress' });
  await task(openTwo.id, person.id, { status: 'completed' }); // done: stays
  return { person, other, openOne, openTwo, activeClient };
}

describe('who may use Staffing', () => {
  it('lets administrators, account administrators and supervisors read the directory; refuses the others', async () => {
    for (const role of ROLES) {
      const res = await (await as(role)).GET('/api/staffing', { params: { query: {} } });
      const allowed = ['administrator', 'account_administrator', 'supervisor'].includes(role);
      expect(res.response.status, role).toBe(allowed ? 200 : 403);
      if (!allowed) expect(res.error?.message).toBe('Your role does not have access to Staffing.');
    }
  });

  it('refuses a reassignment to every other role and moves nothing', async () => {
    const { person, other } = await consultantWithWork();
    for (const role of ['team_lead', 'consultant', 'member', 'guest'] as const) {
      const api = await as(role);
      const res = await api.POST('/api/staffing/{userId}/reassign', {
        params: { path: { userId: person.id } },
        body: { toUserId: other.id, what: ['tasks'] },
      });
      expect(res.response.status, role).toBe(403);
      const preview = await api.GET('/api/staffing/{userId}/reassign-preview', {
        params: { path: { userId: person.id }, query: { toUserId: other.id } },
      });
      expect(preview.response.status, role).toBe(403);
    }
    const still = await t.database.db.select().from(taskNotes).where(eq(taskNotes.assignedTo, person.id));
    expect(still).toHaveLength(3);
  });
});

describe('the directory', () => {
  it("counts each person's open leads, clients and tasks, overdue on the firm's date", async () => {
    const { person } = await consultantWithWork();
    const res = await (await as('supervisor')).GET('/api/staffing', { params: { query: {} } });
    expect(res.response.status).toBe(200);
    const me = res.data!.people.find((p) => p.id === person.id);
    expect(me).toMatchObject({
      role: 'consultant',
      email: person.email,
      lastLoginAt: null,
      openLeads: 2,
      openClients: 1,
      openTasks: 2,
      overdueTasks: 1,
    });
    expect(res.data!.today).toBe(today);
    expect(res.data!.summary.people).toBe(res.data!.people.length);
    expect(res.data!.summary.openTasks).toBeGreaterThanOrEqual(2);
  });

  it("adds the hours each person logged in the firm's week, not the week before", async () => {
    const { person } = await consultantWithWork();
    const [leadId] = (await t.database.db.select({ id: leads.id }).from(leads).limit(1)).map((r) => r.id);
    const monday = weekStartOf(today);
    const lastSunday = addDays(monday, -1);
    await t.database.db.insert(timesheetEntries).values([
      { userId: person.id, entryDate: monday, hours: 2.5, leadId },
      { userId: person.id, entryDate: today, hours: 1.25, leadId },
      { userId: person.id, entryDate: lastSunday, hours: 8, leadId },
    ]);
    const res = await (
      await as('supervisor')
    ).GET('/api/staffing', {
      params: { query: { sort: 'hoursThisWeek', direction: 'desc' } },
    });
    const me = res.data!.people.find((p) => p.id === person.id)!;
    // Monday and today (the same day when today is a Monday), not the Sunday before.
    expect(me.hoursThisWeek).toBe(3.75);
    expect(res.data!.people[0]!.hoursThisWeek).toBeGreaterThanOrEqual(3.75);
  });

  it('leaves out suspended and deleted users, filters by role and search, sorts by workload', async () => {
    const admin = await as('account_administrator');
    const { person } = await consultantWithWork();
    const suspended = await createUser('consultant', 'Suspended');
    expect(
      (await admin.POST('/api/users/{id}/suspend', { params: { path: { id: suspended.id } } })).response.status,
    ).toBe(200);
    const all = (await admin.GET('/api/staffing', { params: { query: {} } })).data!;
    expect(all.people.map((p) => p.id)).not.toContain(suspended.id);

    const supervisors = (await admin.GET('/api/staffing', { params: { query: { role: ['supervisor'] } } })).data!;
    expect(supervisors.people.length).toBeGreaterThan(0);
    expect(supervisors.people.every((p) => p.role === 'supervisor')).toBe(true);
    expect(supervisors.summary.people).toBe(all.summary.people);

    const found = (await admin.GET('/api/staffing', { params: { query: { search: person.lastName.toUpperCase() } } }))
      .data!;
    expect(found.people.map((p) => p.id)).toEqual([person.id]);

    const busiest = (await admin.GET('/api/staffing', { params: { query: { sort: 'workload', direction: 'desc' } } }))
      .data!.people;
    const loads = busiest.map((p) => p.openLeads + p.openClients + p.openTasks);
    expect(loads).toEqual([...loads].sort((a, b) => b - a));

    const bad = await admin.GET('/api/staffing', { params: { query: { sort: 'salary' as 'name' } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.fieldErrors?.sort).toEqual(['Choose a column to sort by']);
  });
});

describe('reassigning a departing consultant', () => {
  it('moves exactly what the preview said, in one transaction, audited', async () => {
    const { person, other, openOne, openTwo, activeClient } = await consultantWithWork();
    const supervisor = await as('supervisor');
    const preview = await supervisor.GET('/api/staffing/{userId}/reassign-preview', {
      params: { path: { userId: person.id }, query: { toUserId: other.id } },
    });
    expect(preview.response.status).toBe(200);
    expect(preview.data).toEqual({
      fromUserId: person.id,
      toUserId: other.id,
      leads: { records: 2, manager: 0, assistantManager: 1, migrationAgent: 2, refusal: null },
      clients: { records: 1, manager: 0, assistantManager: 1, migrationAgent: 0, refusal: null },
      tasks: { open: 2, overdue: 1, refusal: null },
    });

    const moved = await supervisor.POST('/api/staffing/{userId}/reassign', {
      params: { path: { userId: person.id } },
      body: { toUserId: other.id, what: ['leads', 'clients', 'tasks'] },
    });
    expect(moved.response.status).toBe(200);
    expect(moved.data).toEqual({
      leads: preview.data!.leads.records,
      clients: preview.data!.clients.records,
      tasks: preview.data!.tasks.open,
      message: `Moved 2 leads, 1 client and 2 tasks to ${other.firstName} ${other.lastName}`,
    });

    const [one] = await t.database.db.select().from(leads).where(eq(leads.id, openOne.id));
    expect(one).toMatchObject({ assistantManagerUserId: other.id, migrationAgentUserId: other.id, version: 2 });
    const [two] = await t.database.db.select().from(leads).where(eq(leads.id, openTwo.id));
    expect(two).toMatchObject({ migrationAgentUserId: other.id, managerUserId: null });
    const [movedClient] = await t.database.db.select().from(clients).where(eq(clients.id, activeClient.id));
    expect(movedClient!.assistantManagerUserId).toBe(other.id);
    // Closed, deleted and completed work keeps who handled it.
    const kept = await t.database.db.select().from(leads).where(eq(leads.assistantManagerUserId, person.id));
    expect(kept).toHaveLength(2);
    const keptTasks = await t.database.db.select().from(taskNotes).where(eq(taskNotes.assignedTo, person.id));
    expect(keptTasks.map((k) => k.status)).toEqual(['completed']);

    const after = (await supervisor.GET('/api/staffing', { params: { query: {} } })).data!.people;
    expect(after.find((p) => p.id === person.id)).toMatchObject({ openLeads: 0, openClients: 0, openTasks: 0 });
    expect(after.find((p) => p.id === other.id)).toMatchObject({ openLeads: 3, openClients: 1, openTasks: 2 });

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REASSIGN_WORK'), eq(auditLogs.resourceId, person.id)));
    expect(audit?.newValues).toMatchObject({ toUserId: other.id, leads: 2, clients: 1, tasks: 2 });
  });

  it('moves only the kinds chosen', async () => {
    const { person, other, openOne } = await consultantWithWork();
    const admin = await as('administrator');
    const moved = await admin.POST('/api/staffing/{userId}/reassign', {
      params: { path: { userId: person.id } },
      body: { toUserId: other.id, what: ['tasks'] },
    });
    expect(moved.data).toMatchObject({ leads: 0, clients: 0, tasks: 2 });
    const [one] = await t.database.db.select().from(leads).where(eq(leads.id, openOne.id));
    expect(one!.assistantManagerUserId).toBe(person.id);
  });

  it('refuses, in words and moving nothing, a target the pickers do not offer for a moved role', async () => {
    const { person, openOne } = await consultantWithWork();
    const teamLead = await createUser('team_lead', 'Lead');
    const supervisor = await as('supervisor');
    const preview = await supervisor.GET('/api/staffing/{userId}/reassign-preview', {
      params: { path: { userId: person.id }, query: { toUserId: teamLead.id } },
    });
    const refusal = `Pat Lead cannot be Migration Agent: the Migration Agent list does not offer the Team Lead role`;
    expect(preview.data?.leads.refusal).toBe(refusal);
    expect(preview.data?.clients.refusal).toBeNull();
    const refused = await supervisor.POST('/api/staffing/{userId}/reassign', {
      params: { path: { userId: person.id } },
      body: { toUserId: teamLead.id, what: ['leads', 'clients', 'tasks'] },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.fieldErrors).toEqual({ leads: [refusal] });
    const [one] = await t.database.db.select().from(leads).where(eq(leads.id, openOne.id));
    expect(one).toMatchObject({ assistantManagerUserId: person.id, version: 1 });
    const tasks = await t.database.db.select().from(taskNotes).where(eq(taskNotes.assignedTo, person.id));
    expect(tasks).toHaveLength(3);
    // The kinds the team lead may take still move.
    const clientsOnly = await supervisor.POST('/api/staffing/{userId}/reassign', {
      params: { path: { userId: person.id } },
      body: { toUserId: teamLead.id, what: ['clients', 'tasks'] },
    });
    expect(clientsOnly.data).toMatchObject({ leads: 0, clients: 1, tasks: 2 });
  });

  it('refuses the same user, an inactive or unknown target, an unknown source and an empty choice', async () => {
    const { person } = await consultantWithWork();
    const suspended = await createUser('consultant', 'Away');
    const admin = await as('account_administrator');
    await admin.POST('/api/users/{id}/suspend', { params: { path: { id: suspended.id } } });
    const reassign = (userId: string, body: { toUserId: string; what: ('leads' | 'clients' | 'tasks')[] }) =>
      admin.POST('/api/staffing/{userId}/reassign', { params: { path: { userId } }, body });

    const self = await reassign(person.id, { toUserId: person.id, what: ['tasks'] });
    expect(self.error?.fieldErrors).toEqual({ toUserId: [STAFFING_MESSAGES.sameUser] });
    const inactive = await reassign(person.id, { toUserId: suspended.id, what: ['tasks'] });
    expect(inactive.error?.fieldErrors).toEqual({ toUserId: [STAFFING_MESSAGES.chooseTarget] });
    const unknown = await reassign(person.id, { toUserId: crypto.randomUUID(), what: ['tasks'] });
    expect(unknown.response.status).toBe(400);
    const noSource = await reassign(crypto.randomUUID(), { toUserId: person.id, what: ['tasks'] });
    expect(noSource.response.status).toBe(404);
    expect(noSource.error?.message).toBe(STAFFING_MESSAGES.notFound);
    const nothing = await reassign(person.id, { toUserId: suspended.id, what: [] });
    expect(nothing.error?.fieldErrors).toEqual({ what: [STAFFING_MESSAGES.chooseWhat] });
    const tasks = await t.database.db.select().from(taskNotes).where(eq(taskNotes.assignedTo, person.id));
    expect(tasks).toHaveLength(3);
  });
});
