// Notifications (issue 15 item 3): each switch controls the mails and alerts it names — a lead given to a
// new assignee, a client's status, a task assigned, the daily reminder, maintenance mode —, a user's own
// switches override the firm's defaults, the in-app list pages newest first with the unread count and
// marks read, and nobody reads or marks another user's notifications.
import { describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS, DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { type Fixture, fixtureForFile } from '../../../test/record-fixtures.ts';
import { demoEmail } from '../../seed/demo-users.ts';

const f = fixtureForFile();

const as = async (role: Parameters<Fixture['t']['signIn']>[0]) => apiClient(f.t.app, await f.t.signIn(role));

const withSwitch = (
  prefs: NotificationPreferences,
  channel: 'email' | 'inApp',
  kind: keyof NotificationPreferences['email'],
  on: boolean,
): NotificationPreferences => ({ ...prefs, [channel]: { ...prefs[channel], [kind]: on } });

/** A mail body as written: quoted-printable folds long lines with '=' and writes '=' as '=3D'. */
const quotedPrintable = (content: string) =>
  content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

type Role = Parameters<typeof demoEmail>[0];
/** How many mails the role's user has had so far: a test reads only the ones it caused after that. */
const mailCount = async (role: Role) => (await f.t.mailsTo(demoEmail(role))).length;
const mailsTo = async (role: Role, since: number) => (await f.t.mailsTo(demoEmail(role))).slice(since);

describe('notifications', () => {
  it('tell a new lead assignee in the app and by mail, and follow their switches', async () => {
    const teamLead = await as('team_lead');
    const start = await mailCount('team_lead');
    const lead = await f.createLead('account_administrator', { assistantManagerUserId: f.idOf('team_lead') });
    const list = await teamLead.GET('/api/notifications', {});
    expect(list.data?.unread).toBeGreaterThanOrEqual(1);
    expect(list.data?.items[0]).toMatchObject({
      kind: 'leadAssigned',
      title: 'New lead assigned to you',
      body: `${lead.firstName} ${lead.lastName}`,
      link: `/leads?view=${lead.id}&type=lead`,
      readAt: null,
    });
    const mails = await mailsTo('team_lead', start);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.content).toContain(`New lead assigned to you: ${lead.firstName} ${lead.lastName}`);
    expect(quotedPrintable(mails[0]!.content)).toContain(`/leads?view=${lead.id}&type=lead`);

    // Email off: the alert stays in the app, no mail.
    const own = await teamLead.GET('/api/profile/notifications', {});
    expect(own.data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    await teamLead.PUT('/api/profile/notifications', { body: withSwitch(own.data!, 'email', 'leadAssigned', false) });
    const quietStart = await mailCount('team_lead');
    await f.createLead('account_administrator', { assistantManagerUserId: f.idOf('team_lead') });
    expect(await mailsTo('team_lead', quietStart)).toHaveLength(0);
    expect((await teamLead.GET('/api/notifications', {})).data?.items[0]?.kind).toBe('leadAssigned');
    await teamLead.PUT('/api/profile/notifications', { body: DEFAULT_NOTIFICATION_PREFERENCES });
  });

  it("follow the firm's defaults until a user chooses, and the user's choice after", async () => {
    const owner = await as('account_administrator');
    const defaults = withSwitch(DEFAULT_NOTIFICATION_PREFERENCES, 'inApp', 'clientStatus', false);
    const saved = await owner.PUT('/api/settings/notifications', { body: defaults });
    expect(saved.data).toEqual(defaults);
    const supervisor = await as('supervisor');
    expect((await supervisor.GET('/api/profile/notifications', {})).data).toEqual(defaults);
    expect(
      (await (await as('administrator')).PUT('/api/settings/notifications', { body: defaults })).response.status,
    ).toBe(403);
    expect((await (await as('consultant')).GET('/api/settings/notifications', {})).response.status).toBe(403);
    await owner.PUT('/api/settings/notifications', { body: DEFAULT_NOTIFICATION_PREFERENCES });
  });

  it("tell a client's assignees that its status changed, and task assignees of their task", async () => {
    const created = await f.call(
      'account_administrator',
      'POST',
      '/api/clients',
      f.clientInput({ managerUserId: f.idOf('supervisor') }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json() as { id: string; version: number };
    const supervisor = await as('supervisor');
    const owner = await as('account_administrator');
    const start = await mailCount('supervisor');
    const changed = await owner.PATCH('/api/clients/{id}', {
      params: { path: { id: client.id } },
      body: { version: client.version, status: 'Inactive' },
    });
    expect(changed.response.status).toBe(200);
    const list = await supervisor.GET('/api/notifications', {});
    expect(list.data?.items[0]).toMatchObject({ kind: 'clientStatus', body: 'Active → Inactive' });
    expect(await mailsTo('supervisor', start)).toHaveLength(1);

    // The task mail and alert follow the taskAssigned switches too.
    const prefs = (await supervisor.GET('/api/profile/notifications', {})).data!;
    await supervisor.PUT('/api/profile/notifications', {
      body: withSwitch(withSwitch(prefs, 'email', 'taskAssigned', false), 'inApp', 'taskAssigned', false),
    });
    const before = await mailCount('supervisor');
    const unreadBefore = (await supervisor.GET('/api/notifications', {})).data!.unread;
    const task = await owner.POST('/api/clients/{id}/tasks', {
      params: { path: { id: client.id } },
      body: { taskType: 'File Review', taskName: 'Check the file', content: 'x', assignedTo: f.idOf('supervisor') },
    });
    expect(task.response.status).toBe(201);
    expect(await mailsTo('supervisor', before)).toHaveLength(0);
    expect((await supervisor.GET('/api/notifications', {})).data!.unread).toBe(unreadBefore);
    await supervisor.PUT('/api/profile/notifications', { body: DEFAULT_NOTIFICATION_PREFERENCES });
  });

  it('tell everyone when maintenance mode starts', async () => {
    const owner = await as('account_administrator');
    const administrator = await as('administrator');
    const general = (await owner.GET('/api/settings/general', {})).data ?? DEFAULT_GENERAL_SETTINGS;
    await owner.PUT('/api/settings/general', { body: { ...general, maintenanceMode: true } });
    const list = await administrator.GET('/api/notifications', {});
    expect(list.data?.items[0]).toMatchObject({ kind: 'systemUpdates', title: 'Maintenance mode is on' });
    await owner.PUT('/api/settings/general', { body: { ...general, maintenanceMode: false } });
    expect((await administrator.GET('/api/notifications', {})).data?.items[0]?.title).toBe('Maintenance is over');
  });

  it('page newest first, mark one and all read, and never show or mark another user’s', async () => {
    for (let i = 0; i < 3; i++)
      await f.createLead('account_administrator', { assistantManagerUserId: f.idOf('member') });
    const member = await as('member');
    const first = await member.GET('/api/notifications', { params: { query: { limit: 2 } } });
    expect(first.data?.items).toHaveLength(2);
    expect(first.data?.nextCursor).not.toBeNull();
    const second = await member.GET('/api/notifications', {
      params: { query: { limit: 2, cursor: first.data!.nextCursor! } },
    });
    const ids = [...first.data!.items, ...second.data!.items].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    const unread = first.data!.unread;
    expect(unread).toBeGreaterThanOrEqual(3);

    const target = first.data!.items[0]!.id;
    const other = await as('team_lead');
    const foreign = await other.POST('/api/notifications/{id}/read', { params: { path: { id: target } } });
    expect(foreign.response.status).toBe(404);
    expect(
      (await member.POST('/api/notifications/{id}/read', { params: { path: { id: target } } })).response.status,
    ).toBe(200);
    expect((await member.GET('/api/notifications', {})).data!.unread).toBe(unread - 1);
    await member.POST('/api/notifications/read-all', {});
    expect((await member.GET('/api/notifications', {})).data!.unread).toBe(0);

    const badCursor = await member.GET('/api/notifications', { params: { query: { cursor: 'nope' } } });
    expect(badCursor.response.status).toBe(400);
  });
});
