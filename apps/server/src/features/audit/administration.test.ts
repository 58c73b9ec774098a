// Administration's roles, security settings, audit log and security overview through the typed client:
// a role's modules taken away are refused by the server at once, stored security settings decide the
// lockout, and every one of these changes is in the audit log with its before and after.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS, ROLE_MESSAGES, SPEC_AUDIT_ACTIONS } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { appForFile, type TestApp } from '../../../test/build-test-app.ts';
import { MIGRATIONS_FOLDER } from '../../db/database.ts';
import { auditLogs, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';

const t = appForFile();

const as = async (role: Parameters<TestApp['signIn']>[0]) => apiClient(t.app, await t.signIn(role));

describe('Roles & Permissions', () => {
  it('lists the seven roles; a module taken from a role is refused at once and comes back with the defaults', async () => {
    const owner = await as('account_administrator');
    const roles = (await owner.GET('/api/roles')).data!;
    expect(roles.map((r) => r.role)).toHaveLength(7);
    const member = roles.find((r) => r.role === 'member')!;
    expect(member).toMatchObject({ userCount: 1, customised: false });
    expect(member.modules).toContain('leads');

    const asMember = await as('member');
    expect((await asMember.GET('/api/leads', { params: { query: {} } })).response.status).toBe(200);
    const saved = await owner.PUT('/api/roles/{role}', {
      params: { path: { role: 'member' } },
      body: { modules: member.modules.filter((m) => m !== 'leads') },
    });
    expect(saved.data).toMatchObject({ customised: true });
    const refused = await asMember.GET('/api/leads', { params: { query: {} } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe('Your role does not have access to Leads.');
    // The session answer carries the stored matrix, so the member's menu follows too.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: await t.signIn('member') },
    });
    expect(session.json().moduleAccess.member).not.toContain('leads');

    const restored = await owner.POST('/api/roles/{role}/restore-defaults', { params: { path: { role: 'member' } } });
    expect(restored.data).toMatchObject({ customised: false });
    expect((await asMember.GET('/api/leads', { params: { query: {} } })).response.status).toBe(200);

    const history = await owner.GET('/api/audit-logs', { params: { query: { action: 'UPDATE_ROLE_PERMISSIONS' } } });
    const entry = history.data!.items[0]!;
    expect(entry).toMatchObject({ resourceType: 'ROLE', resourceId: 'member', userName: 'Alexandra Reid' });
    expect((entry.oldValues as { modules: string[] }).modules).toContain('leads');
    expect((entry.newValues as { modules: string[] }).modules).not.toContain('leads');
  });

  it('keeps Profile for every role and Administration for the account administrators; only they edit', async () => {
    const owner = await as('account_administrator');
    const noProfile = await owner.PUT('/api/roles/{role}', {
      params: { path: { role: 'guest' } },
      body: { modules: ['dashboard'] },
    });
    expect(noProfile.error?.fieldErrors?.modules).toEqual([ROLE_MESSAGES.profileAlways]);
    const lockedOut = await owner.PUT('/api/roles/{role}', {
      params: { path: { role: 'account_administrator' } },
      body: { modules: ['dashboard', 'profile'] },
    });
    expect(lockedOut.error?.fieldErrors?.modules).toEqual([ROLE_MESSAGES.ownerKeepsAdmin]);
    const administrator = await as('administrator');
    expect((await administrator.GET('/api/roles')).response.status).toBe(200);
    const refused = await administrator.PUT('/api/roles/{role}', {
      params: { path: { role: 'guest' } },
      body: { modules: ['dashboard', 'profile'] },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe('Only account administrators can change role permissions');
  });
});

describe('security settings', () => {
  it('are stored within the spec bounds and decide the lockout at the next sign-in', async () => {
    const owner = await as('account_administrator');
    expect((await owner.GET('/api/settings/security')).data).toEqual(DEFAULT_SECURITY_SETTINGS);
    const outOfBounds = await owner.PUT('/api/settings/security', {
      body: { ...DEFAULT_SECURITY_SETTINGS, maxLoginAttempts: 2 },
    });
    expect(outOfBounds.response.status).toBe(400);
    expect(outOfBounds.error?.fieldErrors?.maxLoginAttempts).toEqual([
      'Maximum login attempts must be between 3 and 10 attempts',
    ]);
    const administrator = await as('administrator');
    const refused = await administrator.PUT('/api/settings/security', {
      body: { ...DEFAULT_SECURITY_SETTINGS, maxLoginAttempts: 3 },
    });
    expect(refused.error?.message).toBe('Only account administrators can change security settings');

    const saved = await owner.PUT('/api/settings/security', {
      body: { ...DEFAULT_SECURITY_SETTINGS, maxLoginAttempts: 3, lockoutDurationMinutes: 5 },
    });
    expect(saved.data).toMatchObject({ maxLoginAttempts: 3, lockoutDurationMinutes: 5 });
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: demoEmail('consultant'), password: 'Wrong-Password-1!' },
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    const fourth = await attempt();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(
      /^Too many failed sign-in attempts\. Your account is locked; try again in 5 minutes\.$/,
    );

    const overview = await owner.GET('/api/audit-logs/security');
    expect(overview.response.status, JSON.stringify(overview.error)).toBe(200);
    const security = overview.data!;
    expect(security.last24Hours.failedSignIns).toBeGreaterThanOrEqual(4);
    expect(security.last24Hours.lockouts).toBe(1);
    expect(security.events[0]!.action).toBe('SIGN_IN_FAILED');
    const change = (await owner.GET('/api/audit-logs', { params: { query: { action: 'UPDATE_SECURITY_SETTINGS' } } }))
      .data!.items[0]!;
    expect(change.oldValues).toEqual({ maxLoginAttempts: 5, lockoutDurationMinutes: 30 });
    expect(change.newValues).toEqual({ maxLoginAttempts: 3, lockoutDurationMinutes: 5 });
    await owner.PUT('/api/settings/security', { body: DEFAULT_SECURITY_SETTINGS });
  });
});

describe('the audit log', () => {
  it('searches, filters by action, user and day, pages by keyset and exports CSV; account administrators only', async () => {
    const owner = await as('account_administrator');
    const me = (await owner.GET('/api/profile')).data!;
    const signIns = await owner.GET('/api/audit-logs', { params: { query: { action: 'SIGN_IN', pageSize: 1 } } });
    expect(signIns.data!.items).toHaveLength(1);
    expect(signIns.data!.nextCursor).not.toBeNull();
    const next = await owner.GET('/api/audit-logs', {
      params: { query: { action: 'SIGN_IN', pageSize: 1, after: signIns.data!.nextCursor! } },
    });
    expect(next.data!.items[0]!.id).not.toBe(signIns.data!.items[0]!.id);
    expect(next.data!.items[0]!.createdAt <= signIns.data!.items[0]!.createdAt).toBe(true);

    const searched = await owner.GET('/api/audit-logs', { params: { query: { search: 'role' } } });
    expect(searched.data!.items.length).toBeGreaterThan(0);
    expect(searched.data!.items.every((e) => `${e.action} ${e.resourceType}`.toLowerCase().includes('role'))).toBe(
      true,
    );
    const mine = await owner.GET('/api/audit-logs', { params: { query: { userId: me.id } } });
    expect(mine.data!.items.every((e) => e.userId === me.id)).toBe(true);
    const future = await owner.GET('/api/audit-logs', { params: { query: { from: '2099-01-01' } } });
    expect(future.data!.items).toEqual([]);
    const badDay = await owner.GET('/api/audit-logs', { params: { query: { from: 'yesterday' } } });
    expect(badDay.response.status).toBe(400);

    const csv = await owner.GET('/api/audit-logs/export', {
      params: { query: { action: 'SIGN_IN' } },
      parseAs: 'text',
    });
    const lines = (csv.data as unknown as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Timestamp,Action,Resource Type,Resource ID,User ID,IP Address');
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'SIGN_IN')).toBe(true);
    expect(lines.length - 1).toBeGreaterThanOrEqual(2);

    const actions = (await owner.GET('/api/audit-logs/actions')).data!;
    expect(actions).toEqual([...actions].sort());
    expect(actions).toEqual(expect.arrayContaining(['SIGN_IN', 'UPDATE_ROLE_PERMISSIONS', 'ACCOUNT_LOCKED']));
    expect(new Set(actions).size).toBe(actions.length);

    const administrator = await as('administrator');
    const refused = await administrator.GET('/api/audit-logs', { params: { query: {} } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe('Only account administrators can read audit logs and security events');
  });
});

describe("user status and role changes under the spec's action names (issue 29)", () => {
  it('a suspension, an activation and a role change are UPDATE_USER_STATUS and UPDATE_USER_ROLE, in words', async () => {
    const owner = await as('account_administrator');
    const created = await owner.POST('/api/users', {
      body: {
        email: `words.${Date.now()}@example.com`,
        firstName: 'Wendy',
        lastName: 'Words',
        role: 'member',
        invite: false,
      },
    });
    expect(created.response.status).toBe(201);
    const { id } = created.data!.user;
    expect((await owner.POST('/api/users/{id}/suspend', { params: { path: { id } } })).response.status).toBe(200);
    expect((await owner.POST('/api/users/{id}/activate', { params: { path: { id } } })).response.status).toBe(200);
    const { version } = (await owner.GET('/api/users/{id}', { params: { path: { id } } })).data!;
    const promoted = await owner.PATCH('/api/users/{id}', {
      params: { path: { id } },
      body: { role: 'team_lead', version },
    });
    expect(promoted.response.status).toBe(200);

    const statuses = (
      await owner.GET('/api/audit-logs', { params: { query: { action: 'UPDATE_USER_STATUS' } } })
    ).data!.items.filter((e) => e.resourceId === id);
    expect(statuses.map((e) => [e.resourceType, e.resourceName, e.userName, e.changes])).toEqual([
      [
        'USER',
        'Wendy Words',
        'Alexandra Reid',
        [{ field: 'status', label: 'Status', from: 'Suspended', to: 'Active' }],
      ],
      [
        'USER',
        'Wendy Words',
        'Alexandra Reid',
        [{ field: 'status', label: 'Status', from: 'Active', to: 'Suspended' }],
      ],
    ]);
    expect(statuses[1]).toMatchObject({ oldValues: { status: 'active' }, newValues: { status: 'suspended' } });
    const roles = (await owner.GET('/api/audit-logs', { params: { query: { action: 'UPDATE_USER_ROLE' } } })).data!
      .items;
    expect(roles.find((e) => e.resourceId === id)).toMatchObject({
      resourceName: 'Wendy Words',
      oldValues: { role: 'member' },
      newValues: { role: 'team_lead' },
      changes: [{ field: 'role', label: 'Role', from: 'Member', to: 'Team Lead' }],
    });

    const actions = (await owner.GET('/api/audit-logs/actions')).data!;
    expect(actions).toEqual(expect.arrayContaining([...SPEC_AUDIT_ACTIONS]));
    for (const gone of ['SUSPEND_USER', 'ACTIVATE_USER', 'CHANGE_USER_ROLE']) expect(actions).not.toContain(gone);
    const security = (await owner.GET('/api/audit-logs/security')).data!;
    expect(security.last24Hours.roleAndStatusChanges).toBeGreaterThanOrEqual(3);
    expect(security.events.filter((e) => e.resourceId === id).map((e) => e.action)).toEqual([
      'UPDATE_USER_ROLE',
      'UPDATE_USER_STATUS',
      'UPDATE_USER_STATUS',
    ]);

    // The CSV keeps the spec's columns: its Resource ID is the id.
    const csv = await owner.GET('/api/audit-logs/export', {
      params: { query: { action: 'UPDATE_USER_ROLE' } },
      parseAs: 'text',
    });
    expect(csv.data as unknown as string).toContain(`,UPDATE_USER_ROLE,USER,${id},`);
  });

  it('rows written under the earlier names are found by the spec names after migration 0041', async () => {
    const { db } = t.database;
    const [guest] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('guest')));
    const legacy = [
      ['SUSPEND_USER', { status: 'active' }, { status: 'suspended' }],
      ['ACTIVATE_USER', { status: 'suspended' }, { status: 'active' }],
      ['CHANGE_USER_ROLE', { role: 'guest' }, { role: 'member' }],
    ] as const;
    const inserted = await db
      .insert(auditLogs)
      .values(
        legacy.map(([action, oldValues, newValues]) => ({
          action,
          resourceType: 'USER',
          resourceId: guest!.id,
          oldValues,
          newValues,
        })),
      )
      .returning({ id: auditLogs.id });
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0040_audit_spec_action_names.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const owner = await as('account_administrator');
    const ids = new Set(inserted.map((row) => row.id));
    const found = async (action: string) =>
      (await owner.GET('/api/audit-logs', { params: { query: { action, pageSize: 100 } } })).data!.items.filter((e) =>
        ids.has(e.id),
      );
    expect((await found('UPDATE_USER_STATUS')).map((e) => e.changes[0]!.to)).toEqual(
      expect.arrayContaining(['Suspended', 'Active']),
    );
    expect((await found('UPDATE_USER_ROLE')).map((e) => e.changes)).toEqual([
      [{ field: 'role', label: 'Role', from: 'Guest', to: 'Member' }],
    ]);
    const searched = await owner.GET('/api/audit-logs', { params: { query: { search: 'update_user_status' } } });
    expect(searched.data!.items.filter((e) => ids.has(e.id))).toHaveLength(2);
  });
});
