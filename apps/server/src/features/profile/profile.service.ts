// My Profile: own name and phone, own password (spec 2 "My Profile", §5).
import { type PasswordChangeInput, type ProfilePatch, profileUpdateSchema } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { changedFields, recordChange, type RequestContext } from '../../platform/audit/record-change.ts';
import type { RequestLimits } from '../../config.ts';
import { assertPasswordPolicy, verifyCurrentPassword } from '../auth/auth.service.ts';
import { hashPassword } from '../../platform/credentials/password-hash.ts';
import { revokePasswordResetTokens } from '../../platform/credentials/password-reset.repository.ts';
import { deleteUserSessions } from '../../platform/credentials/sessions.repository.ts';
import { patchedForm } from '../record-kit/patch.ts';
import { findUserById, setUserPassword, updateUserVersioned } from '../users/users.repository.ts';

/** Saves the fields sent (PATCH) with the version last read, merged over the stored profile and checked whole. */
export async function updateProfile(db: Database, ctx: RequestContext & { actorId: string }, patch: ProfilePatch) {
  return db.transaction(async (tx) => {
    const before = await findUserById(tx, ctx.actorId);
    if (!before) throw notFound('User');
    if (before.version !== patch.version) throw conflict();
    const input = patchedForm(profileUpdateSchema, before, patch);
    const values = { firstName: input.firstName, lastName: input.lastName, phone: input.phone?.trim() || null };
    const after = await updateUserVersioned(tx, ctx.actorId, patch.version, { ...values, updatedBy: ctx.actorId });
    if (!after) throw conflict();
    await recordChange(tx, ctx, {
      action: 'UPDATE_PROFILE',
      resourceType: 'USER',
      resourceId: ctx.actorId,
      ...changedFields(before, values),
      event: 'user',
    });
    return after;
  });
}

export async function changePassword(
  db: Database,
  ctx: RequestContext & { actorId: string },
  limits: RequestLimits,
  sessionId: string,
  input: PasswordChangeInput,
) {
  const user = await findUserById(db, ctx.actorId);
  if (!user) throw notFound('User');
  // The policy first, as the body's schema did when it held the policy: a refused new password spends none of
  // the current password's attempts.
  await assertPasswordPolicy(db, input.newPassword, 'newPassword');
  await verifyCurrentPassword(db, ctx, limits, user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setUserPassword(tx, ctx.actorId, passwordHash, ctx.actorId);
    // Other devices signed in with the old password are signed out; this one stays. Reset links mailed
    // before the change would undo it: they end too.
    await deleteUserSessions(tx, ctx.actorId, sessionId);
    await revokePasswordResetTokens(tx, ctx.actorId);
    await recordChange(tx, ctx, {
      action: 'CHANGE_PASSWORD',
      resourceType: 'USER',
      resourceId: ctx.actorId,
      event: 'user',
    });
  });
}
