import { describe, expect, it } from 'vitest';
import { RESET_METHODS, USER_ADMIN_MESSAGES } from '../users/user-admin.ts';
import { ROLE_MESSAGES, adminModuleNote } from './role-permissions.ts';
import { type Role, ROLES } from './roles.ts';
import {
  assignableRoles,
  mayManageUser,
  USER_MANAGEMENT_ACTIONS,
  type UserManagementAction,
  userManagementRefusal,
} from './user-rank.ts';

/** Highest first, written out here so that the rule cannot drift from issue 28's order silently. */
const RANK: Role[] = [
  'account_administrator',
  'administrator',
  'supervisor',
  'team_lead',
  'consultant',
  'member',
  'guest',
];
const outranks = (a: Role, b: Role) => RANK.indexOf(a) < RANK.indexOf(b);

const actorOf = (role: Role) => ({ id: `actor-${role}`, role });
const targetOf = (role: Role) => ({ id: `target-${role}`, role });

/**
 * What the rule must answer for two different users: spec 3 §6 gives edit, suspend, activate and reset to the
 * administrator roles and Manage Role and Delete to account administrators; rank decides the target (account
 * administrators manage one another, decision 0013).
 */
function expected(actor: Role, target: Role, action: UserManagementAction): string | null {
  const accountAction = action === 'change_role' || action === 'delete';
  if (accountAction && actor !== 'account_administrator') {
    return action === 'delete'
      ? USER_ADMIN_MESSAGES.onlyAccountAdminsDelete
      : USER_ADMIN_MESSAGES.onlyAccountAdminsRole;
  }
  if (!accountAction && actor !== 'account_administrator' && actor !== 'administrator') {
    return {
      edit: USER_ADMIN_MESSAGES.onlyAdministratorsEdit,
      reset_password: USER_ADMIN_MESSAGES.onlyAdministratorsReset,
      suspend: USER_ADMIN_MESSAGES.onlyAdministratorsStatus,
      activate: USER_ADMIN_MESSAGES.onlyAdministratorsStatus,
    }[action as 'edit' | 'reset_password' | 'suspend' | 'activate'];
  }
  if (actor === 'account_administrator' && target === 'account_administrator') return null;
  if (outranks(actor, target)) return null;
  return target === 'account_administrator'
    ? USER_ADMIN_MESSAGES.protectedAccountAdmin
    : USER_ADMIN_MESSAGES.lowerRankOnly;
}

describe('who manages whom: rank, not modules (issue 28)', () => {
  for (const action of USER_MANAGEMENT_ACTIONS) {
    it.each(ROLES.flatMap((actor) => ROLES.map((target) => [actor, target] as const)))(
      `${action}: %s on a %s`,
      (actor, target) => {
        expect(userManagementRefusal(actorOf(actor), targetOf(target), action)).toBe(expected(actor, target, action));
        expect(mayManageUser(actorOf(actor), targetOf(target), action)).toBe(expected(actor, target, action) === null);
      },
    );
  }

  it('lets an administrator reset, suspend and activate exactly the supervisors and below', () => {
    const administrator = actorOf('administrator');
    const managed = ROLES.filter((target) => mayManageUser(administrator, targetOf(target), 'suspend'));
    expect(managed).toEqual(['supervisor', 'team_lead', 'consultant', 'member', 'guest']);
  });

  it('gives a team lead, whatever modules it opens, power over no one', () => {
    for (const action of USER_MANAGEMENT_ACTIONS) {
      for (const target of ROLES) expect(mayManageUser(actorOf('team_lead'), targetOf(target), action)).toBe(false);
    }
  });

  it('refuses every action on oneself but editing one’s own names', () => {
    for (const role of ROLES) {
      const me = actorOf(role);
      for (const action of USER_MANAGEMENT_ACTIONS) {
        const refusal = userManagementRefusal(me, me, action);
        const floor = expected(role, 'guest', action);
        if (floor) expect(refusal).toBe(floor);
        else if (action === 'edit') expect(refusal).toBeNull();
        else if (action === 'reset_password') expect(refusal).toBe(USER_ADMIN_MESSAGES.ownPassword);
        else expect(refusal).toBe(USER_ADMIN_MESSAGES.notYourself);
      }
    }
  });
});

describe('which role may be given', () => {
  it('gives an account administrator every role, its own included, and everyone else no role change', () => {
    expect(assignableRoles('account_administrator')).toEqual([...ROLES]);
    for (const actor of ROLES) {
      for (const target of ROLES) {
        for (const newRole of ROLES) {
          const refusal = userManagementRefusal(actorOf(actor), targetOf(target), 'change_role', { newRole });
          if (actor === 'account_administrator') expect(refusal).toBeNull();
          else expect(refusal).toBe(USER_ADMIN_MESSAGES.onlyAccountAdminsRole);
        }
      }
    }
  });

  it('lists the roles below one’s own for every other role (never one at or above it)', () => {
    for (const role of ROLES.filter((r) => r !== 'account_administrator')) {
      expect(assignableRoles(role)).toEqual(RANK.filter((other) => outranks(role, other)));
    }
  });
});

describe('a password someone else knows goes only to a manager of higher rank', () => {
  it('lets an account administrator reset another only by an emailed link', () => {
    const actor = actorOf('account_administrator');
    const peer = targetOf('account_administrator');
    expect(userManagementRefusal(actor, peer, 'reset_password', { resetMethod: 'email' })).toBeNull();
    expect(userManagementRefusal(actor, peer, 'reset_password', { resetMethod: 'random' })).toBe(
      USER_ADMIN_MESSAGES.peerPasswordByLink,
    );
    expect(userManagementRefusal(actor, peer, 'reset_password', { resetMethod: 'manual' })).toBe(
      USER_ADMIN_MESSAGES.peerPasswordByLink,
    );
  });

  it('lets a higher rank use every method', () => {
    for (const [actor, target] of [
      ['account_administrator', 'administrator'],
      ['administrator', 'supervisor'],
      ['administrator', 'guest'],
    ] as const) {
      for (const resetMethod of RESET_METHODS) {
        expect(userManagementRefusal(actorOf(actor), targetOf(target), 'reset_password', { resetMethod })).toBeNull();
      }
    }
  });
});

describe('the roles screen’s note', () => {
  it('says so where Administration is granted to a role below administrator', () => {
    for (const role of ROLES) {
      const below = role !== 'account_administrator' && role !== 'administrator';
      expect(adminModuleNote(role, ['admin', 'profile'])).toBe(below ? ROLE_MESSAGES.adminBelowAdministrator : null);
      expect(adminModuleNote(role, ['profile'])).toBeNull();
    }
  });
});
