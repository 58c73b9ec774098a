// Who manages whom (issue 28 item 2): with Administration granted to every role, so that no module answers
// for the rule, every role resets, suspends, activates, re-roles and deletes a fresh user of every role, and
// each answer must be the rank's: a user manages only lower ranks, reset / suspend / activate need an
// administrator role, Manage Role and Delete an account administrator, account administrators manage one
// another but never themselves. A refused call changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminUser,
  DEFAULT_MODULE_ACCESS,
  type Role,
  ROLES,
  USER_ADMIN_MESSAGES,
  type UserManagementAction,
  userManagementRefusal,
} from '@crm/domain';
import { apiClient, type ApiClient } from '../../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { users } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';

let t: TestApp;
let owner: ApiClient;
const clients = new Map<Role, ApiClient>();
const demoIds = new Map<Role, string>();

beforeAll(async () => {
  t = await buildTestApp();
  owner = apiClient(t.app, await t.signIn('account_administrator'));
  // Every role opens Administration (the team lead among them): only rank may refuse.
  for (const role of ROLES) {
    if (DEFAULT_MODULE_ACCESS[role].includes('admin')) continue;
    const saved = await owner.PUT('/api/roles/{role}', {
      params: { path: { role } },
      body: { modules: [...DEFAULT_MODULE_ACCESS[role], 'admin'] },
    });
    expect(saved.response.status, role).toBe(200);
  }
  for (const role of ROLES) {
    clients.set(role, apiClient(t.app, await t.signIn(role)));
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(role)));
    demoIds.set(role, row!.id);
  }
});
afterAll(async () => {
  await t?.close();
});

/** Highest first (issue 28), written out so that the test does not read the rule it checks. */
const RANK: Role[] = [
  'account_administrator',
  'administrator',
  'supervisor',
  'team_lead',
  'consultant',
  'member',
  'guest',
];
const outranks = (actor: Role, target: Role) => RANK.indexOf(actor) < RANK.indexOf(target);

/** Spec 3 §6 with the rank: reset, suspend and activate by the administrator roles, over lower ranks. */
const managesStatus = (actor: Role, target: Role) =>
  actor === 'account_administrator' || (actor === 'administrator' && outranks(actor, target));
/** Manage Role and Delete: account administrators, over every other user (one another included). */
const managesAccounts = (actor: Role) => actor === 'account_administrator';

let serial = 0;
async function freshUser(role: Role): Promise<AdminUser> {
  const created = await owner.POST('/api/users', {
    body: {
      email: `rank.${role}.${++serial}.${Date.now()}@example.com`,
      firstName: 'Rank',
      lastName: `Target${serial}`,
      role,
      invite: false,
    },
  });
  expect(created.response.status).toBe(201);
  return created.data!.user;
}

async function stored(id: string): Promise<AdminUser> {
  const read = await owner.GET('/api/users/{id}', { params: { path: { id } } });
  expect(read.response.status).toBe(200);
  return read.data!;
}

/** Checks a refusal: 403 in the rule's words, and the user exactly as before. */
async function expectRefused(
  res: { response: Response; error?: { message?: string } },
  before: AdminUser,
  actor: { id: string; role: Role },
  action: UserManagementAction,
  label: string,
) {
  expect(res.response.status, label).toBe(403);
  // A guest has no edit action at all (spec 1 §6.2): PATCH, which edits names and roles alike, refuses it
  // before reading what it would change.
  const routeRefusal = actor.role === 'guest' && action === 'change_role';
  expect(res.error?.message, label).toBe(
    routeRefusal ? USER_ADMIN_MESSAGES.onlyAdministratorsEdit : userManagementRefusal(actor, before, action),
  );
  expect(await stored(before.id), label).toEqual(before);
}

describe('every role on every role (Administration granted to all)', () => {
  for (const actorRole of ROLES) {
    it(`${actorRole} resets, suspends, activates, re-roles and deletes by rank`, { timeout: 300_000 }, async () => {
      const as = clients.get(actorRole)!;
      const actor = { id: demoIds.get(actorRole)!, role: actorRole };
      for (const targetRole of ROLES) {
        const label = `${actorRole} on a ${targetRole}`;
        let target = await freshUser(targetRole);
        const path = { params: { path: { id: target.id } } };

        const reset = await as.POST('/api/users/{id}/reset-password', { ...path, body: { method: 'random' } });
        if (managesStatus(actorRole, targetRole) && outranks(actorRole, targetRole)) {
          expect(reset.response.status, label).toBe(200);
          expect(reset.data?.password, label).toHaveLength(16);
        } else if (managesStatus(actorRole, targetRole)) {
          // Two account administrators: a password the other knows is refused; the emailed link is not.
          expect(reset.response.status, label).toBe(403);
          expect(reset.error?.message, label).toBe(USER_ADMIN_MESSAGES.peerPasswordByLink);
          expect(JSON.stringify(reset.error)).not.toContain('"password"');
          const link = await as.POST('/api/users/{id}/reset-password', { ...path, body: { method: 'email' } });
          expect(link.response.status, label).toBe(200);
          expect(link.data?.password, label).toBeNull();
        } else {
          await expectRefused(reset, target, actor, 'reset_password', `${label}: reset`);
          expect(JSON.stringify(reset.error)).not.toContain('"password"');
        }
        target = await stored(target.id);

        const suspend = await as.POST('/api/users/{id}/suspend', path);
        if (managesStatus(actorRole, targetRole)) {
          expect(suspend.response.status, label).toBe(200);
          expect(suspend.data?.status, label).toBe('suspended');
        } else {
          await expectRefused(suspend, target, actor, 'suspend', `${label}: suspend`);
          expect((await owner.POST('/api/users/{id}/suspend', path)).response.status).toBe(200);
        }
        target = await stored(target.id);

        const activate = await as.POST('/api/users/{id}/activate', path);
        if (managesStatus(actorRole, targetRole)) {
          expect(activate.response.status, label).toBe(200);
          expect(activate.data?.status, label).toBe('active');
        } else {
          await expectRefused(activate, target, actor, 'activate', `${label}: activate`);
          expect((await owner.POST('/api/users/{id}/activate', path)).response.status).toBe(200);
        }
        target = await stored(target.id);

        const newRole: Role = targetRole === 'guest' ? 'member' : 'guest';
        const reRole = await as.PATCH('/api/users/{id}', { ...path, body: { role: newRole, version: target.version } });
        if (managesAccounts(actorRole)) {
          expect(reRole.response.status, label).toBe(200);
          expect(reRole.data?.role, label).toBe(newRole);
          // And back, so that the deletion below is of a user of the pair's role.
          const back = await as.PATCH('/api/users/{id}', {
            ...path,
            body: { role: targetRole, version: reRole.data!.version },
          });
          expect(back.response.status, label).toBe(200);
        } else {
          await expectRefused(reRole, target, actor, 'change_role', `${label}: role`);
        }
        target = await stored(target.id);

        const removed = await as.DELETE('/api/users/{id}', { params: { path: { id: target.id }, query: {} } });
        if (managesAccounts(actorRole)) {
          expect(removed.response.status, label).toBe(200);
          expect((await owner.GET('/api/users/{id}', path)).response.status, label).toBe(404);
        } else {
          await expectRefused(removed, target, actor, 'delete', `${label}: delete`);
        }
      }

      // Never on oneself, whatever the rank.
      const self = await stored(actor.id);
      const own = { params: { path: { id: actor.id } } };
      await expectRefused(
        await as.POST('/api/users/{id}/reset-password', { ...own, body: { method: 'random' } }),
        self,
        actor,
        'reset_password',
        `${actorRole} on itself: reset`,
      );
      await expectRefused(
        await as.POST('/api/users/{id}/suspend', own),
        self,
        actor,
        'suspend',
        `${actorRole} on itself: suspend`,
      );
      const lower: Role = actorRole === 'guest' ? 'member' : 'guest';
      await expectRefused(
        await as.PATCH('/api/users/{id}', { ...own, body: { role: lower, version: self.version } }),
        self,
        actor,
        'change_role',
        `${actorRole} on itself: role`,
      );
      await expectRefused(
        await as.DELETE('/api/users/{id}', { params: { path: { id: actor.id }, query: {} } }),
        self,
        actor,
        'delete',
        `${actorRole} on itself: delete`,
      );
    });
  }
});

describe('the team lead granted the Administration module (the issue as reported)', () => {
  it('sees User Management but cannot reset, suspend or rename an administrator, nor anyone else', async () => {
    const teamLead = clients.get('team_lead')!;
    expect((await teamLead.GET('/api/users', { params: { query: {} } })).response.status).toBe(200);
    expect((await teamLead.GET('/api/users/statistics')).response.status).toBe(200);

    for (const targetRole of ['administrator', 'consultant'] as const) {
      const id = demoIds.get(targetRole)!;
      const before = await stored(id);
      const reset = await teamLead.POST('/api/users/{id}/reset-password', {
        params: { path: { id } },
        body: { method: 'random' },
      });
      expect(reset.response.status).toBe(403);
      expect(reset.error?.message).toBe(USER_ADMIN_MESSAGES.onlyAdministratorsReset);
      expect(JSON.stringify(reset.error)).not.toContain('"password"');
      const suspend = await teamLead.POST('/api/users/{id}/suspend', { params: { path: { id } } });
      expect(suspend.response.status).toBe(403);
      expect(suspend.error?.message).toBe(USER_ADMIN_MESSAGES.onlyAdministratorsStatus);
      const rename = await teamLead.PATCH('/api/users/{id}', {
        params: { path: { id } },
        body: { firstName: 'Taken', version: before.version },
      });
      expect(rename.response.status).toBe(403);
      expect(rename.error?.message).toBe(USER_ADMIN_MESSAGES.onlyAdministratorsEdit);
      const bulk = await teamLead.POST('/api/users/bulk', { body: { action: 'suspend', ids: [id] } });
      expect(bulk.data).toEqual({ done: 0, skipped: [{ id, reason: USER_ADMIN_MESSAGES.onlyAdministratorsStatus }] });
      expect(await stored(id)).toEqual(before);
    }
    // The administrator still signs in with its own password.
    await t.signIn('administrator');
  });

  it('lets an administrator bulk-suspend the lower ranks only, reporting the others', async () => {
    const peer = await freshUser('administrator');
    const member = await freshUser('member');
    const administrator = clients.get('administrator')!;
    const bulk = await administrator.POST('/api/users/bulk', {
      body: { action: 'suspend', ids: [peer.id, member.id] },
    });
    expect(bulk.data).toEqual({ done: 1, skipped: [{ id: peer.id, reason: USER_ADMIN_MESSAGES.lowerRankOnly }] });
    expect((await stored(peer.id)).status).toBe('active');
    expect((await stored(member.id)).status).toBe('suspended');
  });

  it('lets an account administrator make another account administrator (decision 0013)', async () => {
    const promoted = await freshUser('supervisor');
    const res = await owner.PATCH('/api/users/{id}', {
      params: { path: { id: promoted.id } },
      body: { role: 'account_administrator', version: promoted.version },
    });
    expect(res.response.status).toBe(200);
    expect(res.data?.role).toBe('account_administrator');
  });
});
