// Administration → User Management (spec 3 §2.4, §4, §5, §6; issue 14 item 2): adding users directly or by
// invitation, editing names and roles, suspending, resetting passwords, deleting with the records handed
// over, and the two rules no request may break: a user manages only users of a lower rank, whatever modules
// its role opens (account administrators manage one another; the domain's userManagementRefusal, issue 28),
// and the firm always keeps one active account administrator (who cannot remove themselves from it).
import { randomInt } from 'node:crypto';
import {
  adminPasswordErrors,
  type AdminUser,
  type CreatedUser,
  type CreateUserInput,
  isMemberRole,
  MY_TASKS_EVENT,
  normalizeRole,
  passwordPolicyFrom,
  type ResetUserPasswordInput,
  type ResetUserPasswordResult,
  type Role,
  type UpdateUserInput,
  USER_ADMIN_MESSAGES,
  type UserManagementAction,
  type UserManagementDetail,
  userManagementRefusal,
  type UserBulkInput,
  type UserBulkResult,
  type UserListQuery,
  type UserPage,
  type UserStatistics,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { isUuid, type Viewer } from '../../db/list-query.ts';
import { AppError, conflict, validationError } from '../../plugins/errors.ts';
import { queueMail } from '../../platform/mail/mail-queue.ts';
import { queueWebhook } from '../../platform/webhooks/webhook-queue.ts';
import { hitLimit, limitKey, minutesOf } from '../../plugins/rate-limiter.ts';
import { changedFields, publishChange, recordChange, type RequestContext } from '../../platform/audit/record-change.ts';
import { hashPassword } from '../../platform/credentials/password-hash.ts';
import {
  createPasswordResetToken,
  revokePasswordResetTokens,
} from '../../platform/credentials/password-reset.repository.ts';
import { deleteUserSessions } from '../../platform/credentials/sessions.repository.ts';
import { readSecuritySettings } from '../../platform/settings/settings.repository.ts';
import { findUserByEmail, type UserRow } from './users.repository.ts';
import {
  countUsersByRoleAndStatus,
  findPresentUser,
  hasOtherActiveAccountAdministrator,
  insertManagedUser,
  isActiveHeir,
  lockUserAdministration,
  markUserDeleted,
  presentUsersByName,
  setTemporaryPassword,
  updateManagedUser,
  updateUserStatus,
  userPage,
} from './user-management.repository.ts';
import { toCurrentUser } from './users.service.ts';
import { handOverWork } from './work-handover.repository.ts';

export type UserActor = { ctx: RequestContext & { actorId: string }; viewer: Viewer; manageUsers: boolean };

/** An invitation link stays valid for three days; a reset link an administrator mails, for one hour. */
const INVITATION_HOURS = 72;
const RESET_LINK_HOURS = 1;
/** Spec 3 §5: reset attempts are limited per user (the numbers are ours: the spec does not show them). */
const RESETS_PER_USER = { count: 5, windowMs: 15 * 60_000 };

const notFound = () => new AppError('NOT_FOUND', USER_ADMIN_MESSAGES.notFound);
const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** A user as Administration shows it: what a user sees of itself, and until when failed sign-ins lock it. */
export function toAdminUser(row: UserRow): AdminUser {
  return {
    ...toCurrentUser(row),
    lockedUntil: row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil.toISOString() : null,
  };
}

/** One page of users (deleted ones left out), searched by name and email, filtered by status and role. */
export async function listUsers(db: Executor, viewer: Viewer, query: UserListQuery): Promise<UserPage> {
  return userPage(db, viewer, query, toAdminUser);
}

export async function userStatistics(db: Executor): Promise<UserStatistics> {
  const rows = await countUsersByRoleAndStatus(db);
  const stats: UserStatistics = {
    total: 0,
    active: 0,
    inactive: 0,
    pending: 0,
    suspended: 0,
    administrators: 0,
    members: 0,
  };
  for (const row of rows) {
    const n = Number(row.n);
    stats.total += n;
    if (row.status === 'active') stats.active += n;
    else if (row.status === 'pending') stats.pending += n;
    else if (row.status === 'suspended') stats.suspended += n;
    else stats.inactive += n;
    if (isMemberRole(normalizeRole(row.role))) stats.members += n;
    else stats.administrators += n;
  }
  return stats;
}

export async function getUser(db: Executor, id: string): Promise<AdminUser> {
  return toAdminUser(await presentUser(db, id));
}

async function presentUser(db: Executor, id: string, lock = false): Promise<UserRow> {
  if (!isUuid(id)) throw notFound();
  const row = await findPresentUser(db, id, lock);
  if (!row) throw notFound();
  return row;
}

/** A password that meets every rule (the stored policy and spec 3 §5's): 16 characters of all four kinds. */
export function randomPassword(length = 16): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+?'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** 403 unless the rank rule lets the actor do this to the target (the domain's one rule, issue 28). */
function assertMayManage(
  actor: UserActor,
  target: UserRow,
  action: UserManagementAction,
  detail?: UserManagementDetail,
) {
  const refusal = userManagementRefusal(
    actor.viewer,
    { id: target.id, role: normalizeRole(target.role) },
    action,
    detail,
  );
  if (refusal) throw forbidden(refusal);
}

/**
 * Every change to an account's role or status runs one at a time (a transaction-level advisory lock taken
 * first, before any row lock): two account administrators demoting each other at once are ordered, so the
 * second sees the first's change and the firm keeps one, with no deadlock between their row locks.
 */
async function serializeUserChanges(tx: Executor) {
  await lockUserAdministration(tx);
}

/**
 * Taking `target` out of the active account administrators (demotion, suspension, deletion) must leave
 * one (taking oneself out is refused by the rank rule before this).
 */
async function assertKeepsAnAccountAdministrator(tx: Executor, target: UserRow) {
  if (normalizeRole(target.role) !== 'account_administrator' || target.status !== 'active') return;
  if (!(await hasOtherActiveAccountAdministrator(tx, target.id)))
    throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.lastAccountAdmin);
}

async function assertPasswordRules(db: Executor, password: string, field: string) {
  const errors = adminPasswordErrors(password, passwordPolicyFrom(await readSecuritySettings(db)));
  if (errors.length > 0) throw validationError({ [field]: errors });
}

/**
 * A generated password meets any policy: all four classes always, and the stored minimum when it is above
 * the usual 16 (the user is asked to change a temporary one, and that change must be possible to match).
 */
async function policyRandomPassword(db: Executor): Promise<string> {
  return randomPassword(Math.max(16, (await readSecuritySettings(db)).passwordMinLength));
}

const invitationLink = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;

export async function createUser(
  db: Database,
  appUrl: string,
  actor: UserActor,
  input: CreateUserInput & { role: Role; invite: boolean },
): Promise<CreatedUser> {
  if (await findUserByEmail(db, input.email)) {
    throw validationError({ email: [USER_ADMIN_MESSAGES.emailTaken] });
  }
  const temporaryPassword = input.invite ? null : await policyRandomPassword(db);
  // An invited user has no password anyone knows until the link is used.
  const passwordHash = await hashPassword(temporaryPassword ?? randomPassword(32));
  const { row, mail } = await db.transaction(async (tx) => {
    const created = await insertManagedUser(tx, {
      email: input.email.trim().toLowerCase(),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      role: input.role,
      status: input.invite ? 'pending' : 'active',
      passwordHash,
      mustChangePassword: !input.invite,
      createdBy: actor.ctx.actorId,
      updatedBy: actor.ctx.actorId,
    });
    if (!created) throw new Error('insert users returned no row');
    const invitation = input.invite ? await createPasswordResetToken(tx, created.id, INVITATION_HOURS) : null;
    await recordChange(tx, actor.ctx, {
      action: input.invite ? 'INVITE_USER' : 'CREATE_USER',
      resourceType: 'USER',
      resourceId: created.id,
      newValues: { email: created.email, firstName: created.firstName, lastName: created.lastName, role: created.role },
      event: 'user',
    });
    await queueWebhook(
      tx,
      'user.registered',
      { userId: created.id, role: created.role, invited: input.invite },
      actor.ctx.actorId,
    );
    // The invitation's mail commits with the account (issue 27): never an account whose link was not mailed.
    const queued = invitation
      ? await queueMail(tx, {
          kind: 'invitation',
          to: created.email,
          subject: 'You are invited to Visa CRM',
          text:
            `Hello ${created.firstName},\n\n` +
            `You have been given a Visa CRM account. Open this link within ${INVITATION_HOURS} hours to choose your ` +
            `password and sign in:\n\n${invitationLink(appUrl, invitation)}\n\nThe link works once.\n`,
          about: { type: 'user', id: created.id },
          actorId: actor.ctx.actorId,
        })
      : null;
    return { row: created, mail: queued };
  });
  return { user: toAdminUser(row), temporaryPassword, mail };
}

export async function updateUser(db: Database, actor: UserActor, id: string, input: UpdateUserInput) {
  return db.transaction(async (tx) => {
    await serializeUserChanges(tx);
    const before = await presentUser(tx, id, true);
    const roleChanges = input.role !== undefined && input.role !== normalizeRole(before.role);
    if (input.firstName !== undefined || input.lastName !== undefined) assertMayManage(actor, before, 'edit');
    // A role sent is a role change, even the one it has: only someone who may change it sends one.
    if (input.role !== undefined) assertMayManage(actor, before, 'change_role', { newRole: input.role });
    if (roleChanges && input.role !== 'account_administrator') await assertKeepsAnAccountAdministrator(tx, before);
    if (before.version !== input.version) throw conflict();
    const patch = {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(roleChanges ? { role: input.role } : {}),
    };
    const after = await updateManagedUser(tx, id, patch, actor.ctx.actorId);
    const { oldValues, newValues } = changedFields(before, patch);
    await recordChange(tx, actor.ctx, {
      action: roleChanges ? 'UPDATE_USER_ROLE' : 'UPDATE_USER',
      resourceType: 'USER',
      resourceId: id,
      oldValues,
      newValues,
      event: 'user',
    });
    return toAdminUser(after!);
  });
}

/** Suspend (sessions end at once, the live stream closes) or activate one user. */
export async function setUserStatus(db: Database, actor: UserActor, id: string, status: 'active' | 'suspended') {
  return db.transaction(async (tx) => {
    await serializeUserChanges(tx);
    const before = await presentUser(tx, id, true);
    assertMayManage(actor, before, status === 'active' ? 'activate' : 'suspend');
    if (before.status === 'pending') throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.pendingInvitation);
    if (before.status === status) {
      throw new AppError(
        'CONFLICT',
        status === 'active' ? USER_ADMIN_MESSAGES.alreadyActive : USER_ADMIN_MESSAGES.alreadySuspended,
      );
    }
    if (status === 'suspended') await assertKeepsAnAccountAdministrator(tx, before);
    const after = await updateUserStatus(tx, id, status, actor.ctx.actorId);
    if (status === 'suspended') await deleteUserSessions(tx, id);
    await recordChange(tx, actor.ctx, {
      action: 'UPDATE_USER_STATUS',
      resourceType: 'USER',
      resourceId: id,
      oldValues: { status: before.status },
      newValues: { status },
      event: 'user',
    });
    return toAdminUser(after!);
  });
}

export async function resetUserPassword(
  db: Database,
  appUrl: string,
  actor: UserActor,
  id: string,
  input: ResetUserPasswordInput,
): Promise<ResetUserPasswordResult> {
  const target = await presentUser(db, id);
  assertMayManage(actor, target, 'reset_password', { resetMethod: input.method });
  if (input.method === 'manual') {
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
      throw validationError({ confirmPassword: [USER_ADMIN_MESSAGES.passwordsDiffer] });
    }
    await assertPasswordRules(db, input.password ?? '', 'password');
  }
  const limit = await hitLimit(db, limitKey('admin-password-resets-by-user', id), RESETS_PER_USER);
  if (!limit.allowed) {
    throw new AppError('RATE_LIMITED', USER_ADMIN_MESSAGES.tooManyResets(minutesOf(limit.retryAfterMs)));
  }
  const password =
    input.method === 'random'
      ? await policyRandomPassword(db)
      : input.method === 'manual'
        ? (input.password ?? '')
        : null;
  const passwordHash = password ? await hashPassword(password) : null;
  const mail = await db.transaction(async (tx) => {
    let link: string | null = null;
    if (passwordHash) {
      await setTemporaryPassword(tx, id, passwordHash, actor.ctx.actorId);
      await revokePasswordResetTokens(tx, id);
      await deleteUserSessions(tx, id);
    } else {
      link = await createPasswordResetToken(tx, id, RESET_LINK_HOURS);
    }
    await recordChange(tx, actor.ctx, {
      action: 'ADMIN_RESET_PASSWORD',
      resourceType: 'USER',
      resourceId: id,
      newValues: { method: input.method },
      event: 'user',
    });
    // The link's mail commits with the token (issue 27): no token exists without its mail.
    return link
      ? queueMail(tx, {
          kind: 'password_reset',
          to: target.email,
          subject: 'Reset your Visa CRM password',
          text:
            `Hello ${target.firstName},\n\n` +
            `An administrator asked for your Visa CRM password to be reset.\n` +
            `Open this link within ${RESET_LINK_HOURS} hour to choose a new password:\n\n${invitationLink(appUrl, link)}\n\n` +
            `The link works once.\n`,
          about: { type: 'user', id },
          actorId: actor.ctx.actorId,
        })
      : null;
  });
  return { method: input.method, password: input.method === 'random' ? password : null, mail };
}

/**
 * Soft delete: the account leaves every list and can no longer sign in; its name stays on the history.
 * Its leads, clients and contacts (manager, assistant manager, migration agent) and its open tasks go to
 * `reassignTo`, or are left Unassigned.
 */
export async function deleteUser(db: Database, actor: UserActor, id: string, reassignTo: string | undefined) {
  return db.transaction(async (tx) => {
    await serializeUserChanges(tx);
    const before = await presentUser(tx, id, true);
    assertMayManage(actor, before, 'delete');
    await assertKeepsAnAccountAdministrator(tx, before);
    if (reassignTo !== undefined) {
      if (!(await isActiveHeir(tx, reassignTo, id)))
        throw validationError({ reassignTo: [USER_ADMIN_MESSAGES.reassignTarget] });
    }
    const moved = await handOverWork(
      tx,
      id,
      reassignTo ?? null,
      { leads: true, clients: true, contacts: true, tasks: true },
      actor.ctx.actorId,
    );
    await markUserDeleted(tx, id, actor.ctx.actorId);
    await deleteUserSessions(tx, id);
    await revokePasswordResetTokens(tx, id);
    await recordChange(tx, actor.ctx, {
      action: 'DELETE_USER',
      resourceType: 'USER',
      resourceId: id,
      oldValues: { email: before.email, role: before.role, status: before.status },
      newValues: { reassignedTo: reassignTo ?? null, ...moved },
      event: 'user',
    });
    // Lists showing the moved records re-read them.
    if (moved.leads > 0) await publishChange(tx, actor.ctx, 'lead', 'REASSIGN', null);
    if (moved.clients > 0) await publishChange(tx, actor.ctx, 'client', 'REASSIGN', null);
    if (moved.contacts > 0) await publishChange(tx, actor.ctx, 'contact', 'REASSIGN', null);
    if (moved.tasks > 0 && reassignTo) await publishChange(tx, actor.ctx, MY_TASKS_EVENT, 'REASSIGN', reassignTo);
  });
}

/** Bulk Activate / Suspend / Delete: each user in its own transaction; refusals are counted, not fatal. */
export async function bulkUpdateUsers(db: Database, actor: UserActor, input: UserBulkInput): Promise<UserBulkResult> {
  if (input.action === 'delete' && !actor.manageUsers) throw forbidden(USER_ADMIN_MESSAGES.onlyAccountAdminsDelete);
  let done = 0;
  const skipped: UserBulkResult['skipped'] = [];
  for (const id of new Set(input.ids)) {
    try {
      if (input.action === 'delete') await deleteUser(db, actor, id, undefined);
      else await setUserStatus(db, actor, id, input.action === 'activate' ? 'active' : 'suspended');
      done += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'INTERNAL') throw error;
      skipped.push({ id, reason: error.message });
    }
  }
  return { done, skipped };
}

/** Every user that is not deleted, for the CSV export (a firm has hundreds, not millions). */
export async function usersForExport(db: Executor): Promise<UserRow[]> {
  return presentUsersByName(db);
}
