// Who manages whom in User Management (issue 28; spec 3 §6; docs/decisions/0013 and 0027): the rank of the
// two roles decides, never the modules a role was given. The server refuses with it and the web shows only
// the actions it allows.
import { type ResetMethod, USER_ADMIN_MESSAGES } from '../users/user-admin.ts';
import { isAdminRole, type Role, ROLES, roleLevel } from './roles.ts';

export const USER_MANAGEMENT_ACTIONS = [
  'edit',
  'reset_password',
  'suspend',
  'activate',
  'change_role',
  'delete',
] as const;
export type UserManagementAction = (typeof USER_MANAGEMENT_ACTIONS)[number];

/** The signed-in user, or the account acted on. */
export type ManagedAccount = { id: string; role: Role };

export type UserManagementDetail = {
  /** `change_role`: the role to give. */
  newRole?: Role;
  /** `reset_password`: how; without it, whether the user may reset at all (by an emailed link). */
  resetMethod?: ResetMethod;
};

/** Spec 3 §6: the administrator roles edit, suspend, activate and reset; Manage Role and Delete are the account administrators'. */
const FLOOR_REFUSALS: Record<UserManagementAction, string> = {
  edit: USER_ADMIN_MESSAGES.onlyAdministratorsEdit,
  reset_password: USER_ADMIN_MESSAGES.onlyAdministratorsReset,
  suspend: USER_ADMIN_MESSAGES.onlyAdministratorsStatus,
  activate: USER_ADMIN_MESSAGES.onlyAdministratorsStatus,
  change_role: USER_ADMIN_MESSAGES.onlyAccountAdminsRole,
  delete: USER_ADMIN_MESSAGES.onlyAccountAdminsDelete,
};

function reachesFloor(role: Role, action: UserManagementAction): boolean {
  return action === 'change_role' || action === 'delete' ? role === 'account_administrator' : isAdminRole(role);
}

/**
 * The roles a user may give: those below its own; an account administrator gives every role, its own
 * included (spec 3 §6 offers Account Administrator in the role dialogs, which are theirs alone; decision 0013:
 * account administrators make and manage one another).
 */
export function assignableRoles(role: Role): Role[] {
  if (role === 'account_administrator') return [...ROLES];
  return ROLES.filter((other) => roleLevel(other) < roleLevel(role));
}

/**
 * Why `actor` may not do `action` to `target`, or null when it may. A user manages only users of a lower
 * rank, whatever modules its role opens; account administrators manage one another, never themselves (the
 * last active one is the server's rule: it needs the count). A password someone else can sign in with goes
 * only to a manager of higher rank, so between account administrators a reset is an emailed link.
 */
export function userManagementRefusal(
  actor: ManagedAccount,
  target: ManagedAccount,
  action: UserManagementAction,
  detail: UserManagementDetail = {},
): string | null {
  if (!reachesFloor(actor.role, action)) return FLOOR_REFUSALS[action];
  if (actor.id === target.id) {
    // One's own names, as My Profile changes them; everything else about one's own account is refused.
    if (action === 'edit') return null;
    return action === 'reset_password' ? USER_ADMIN_MESSAGES.ownPassword : USER_ADMIN_MESSAGES.notYourself;
  }
  const peers = actor.role === 'account_administrator' && target.role === 'account_administrator';
  if (!peers && roleLevel(target.role) >= roleLevel(actor.role)) {
    return target.role === 'account_administrator'
      ? USER_ADMIN_MESSAGES.protectedAccountAdmin
      : USER_ADMIN_MESSAGES.lowerRankOnly;
  }
  if (action === 'change_role' && detail.newRole && !assignableRoles(actor.role).includes(detail.newRole)) {
    return USER_ADMIN_MESSAGES.roleAtOrAboveYours;
  }
  if (action === 'reset_password' && peers && detail.resetMethod !== undefined && detail.resetMethod !== 'email') {
    return USER_ADMIN_MESSAGES.peerPasswordByLink;
  }
  return null;
}

export function mayManageUser(
  actor: ManagedAccount,
  target: ManagedAccount,
  action: UserManagementAction,
  detail?: UserManagementDetail,
): boolean {
  return userManagementRefusal(actor, target, action, detail) === null;
}
