// Sign-in with lockout, suspension and maintenance mode; password reset links that work once.
import {
  isAdminRole,
  normalizeRole,
  passwordPolicyErrors,
  passwordPolicyFrom,
  SIGN_IN_MESSAGES,
  type SignInInput,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { recordChange, type RequestContext } from '../audit/record-change.ts';
import { readGeneralSettings, readSecuritySettings } from '../settings/settings.repository.ts';
import {
  findUserByEmail,
  findUserById,
  recordFailedSignIn,
  recordSuccessfulSignIn,
  setUserPassword,
  type UserRow,
} from '../users/users.repository.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hash.ts';
import { createPasswordResetToken, consumePasswordResetToken } from './password-reset.repository.ts';
import { createSession, deleteSessionById, deleteUserSessions } from './sessions.repository.ts';

export const RESET_LINK_HOURS = 1;

export async function signIn(db: Database, ctx: RequestContext, input: SignInInput) {
  const security = await readSecuritySettings(db);
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyPassword(input.password, await decoyPasswordHash());
    await recordChange(db, ctx, {
      action: 'SIGN_IN_FAILED',
      resourceType: 'USER',
      resourceId: null,
      newValues: { email: input.email.toLowerCase(), reason: 'unknown email' },
    });
    throw new AppError('UNAUTHENTICATED', SIGN_IN_MESSAGES.invalid);
  }
  const failed = async (reason: string) =>
    recordChange(
      db,
      { ...ctx, actorId: user.id },
      {
        action: 'SIGN_IN_FAILED',
        resourceType: 'USER',
        resourceId: user.id,
        newValues: { email: user.email, reason },
      },
    );

  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await failed('locked');
    throw new AppError('LOCKED', SIGN_IN_MESSAGES.locked(minutesUntil(user.lockedUntil)));
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const lockedUntil = await recordFailedSignIn(
      db,
      user.id,
      security.maxLoginAttempts,
      security.lockoutDurationMinutes,
    );
    await failed('wrong password');
    if (lockedUntil && lockedUntil.getTime() > Date.now()) {
      throw new AppError('LOCKED', SIGN_IN_MESSAGES.locked(minutesUntil(lockedUntil)));
    }
    throw new AppError('UNAUTHENTICATED', SIGN_IN_MESSAGES.invalid);
  }
  if (user.status === 'suspended') {
    await failed('suspended');
    throw new AppError('FORBIDDEN', SIGN_IN_MESSAGES.suspended);
  }
  if (user.status !== 'active') {
    await failed(`status ${user.status}`);
    throw new AppError('FORBIDDEN', SIGN_IN_MESSAGES.inactive);
  }
  const general = await readGeneralSettings(db);
  if (general.maintenanceMode && !isAdminRole(normalizeRole(user.role))) {
    await failed('maintenance mode');
    throw new AppError('FORBIDDEN', SIGN_IN_MESSAGES.maintenance);
  }

  return db.transaction(async (tx) => {
    await recordSuccessfulSignIn(tx, user.id);
    const session = await createSession(tx, {
      userId: user.id,
      timeoutHours: security.sessionTimeoutHours,
      ipAddress: ctx.ipAddress,
      userAgent: ctx.userAgent,
    });
    await recordChange(
      tx,
      { ...ctx, actorId: user.id },
      {
        action: 'SIGN_IN',
        resourceType: 'USER',
        resourceId: user.id,
        newValues: { email: user.email },
      },
    );
    return { session, user: (await findUserById(tx, user.id)) as UserRow };
  });
}

function minutesUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));
}

export async function signOut(db: Database, ctx: RequestContext, userId: string, sessionId: string) {
  await db.transaction(async (tx) => {
    await deleteSessionById(tx, sessionId);
    await recordChange(
      tx,
      { ...ctx, actorId: userId },
      {
        action: 'SIGN_OUT',
        resourceType: 'USER',
        resourceId: userId,
      },
    );
  });
}

/** Mails a one-time reset link. Unknown addresses get the same answer, so accounts cannot be probed. */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  ctx: RequestContext,
  email: string,
  appUrl: string,
) {
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active') return;
  const token = await db.transaction(async (tx) => {
    const created = await createPasswordResetToken(tx, user.id, RESET_LINK_HOURS);
    await recordChange(
      tx,
      { ...ctx, actorId: ctx.actorId ?? user.id },
      {
        action: 'REQUEST_PASSWORD_RESET',
        resourceType: 'USER',
        resourceId: user.id,
      },
    );
    return created;
  });
  const link = `${appUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: user.email,
    subject: 'Reset your Visa CRM password',
    text:
      `Hello ${user.firstName},\n\n` +
      `Someone (hopefully you) asked to reset the password of your Visa CRM account.\n` +
      `Open this link within ${RESET_LINK_HOURS} hour to choose a new password:\n\n${link}\n\n` +
      `The link works once. If you did not ask for it, you can ignore this message.\n`,
  });
}

/** The stored security settings may demand more than the form's own rule (DECISIONS.md §2: settings take effect). */
export async function assertPasswordPolicy(db: Executor, password: string, field: string) {
  const errors = passwordPolicyErrors(password, passwordPolicyFrom(await readSecuritySettings(db)));
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Password validation failed: ${errors.join(', ')}`, { [field]: errors });
  }
}

export async function resetPassword(db: Database, ctx: RequestContext, token: string, newPassword: string) {
  await assertPasswordPolicy(db, newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const userId = await consumePasswordResetToken(tx, token);
    if (!userId)
      throw new AppError('VALIDATION_FAILED', 'This reset link is invalid or has expired.', {
        token: ['This reset link is invalid or has expired.'],
      });
    await setUserPassword(tx, userId, passwordHash, userId);
    await deleteUserSessions(tx, userId);
    await recordChange(
      tx,
      { ...ctx, actorId: userId },
      {
        action: 'RESET_PASSWORD',
        resourceType: 'USER',
        resourceId: userId,
        event: 'user',
      },
    );
  });
}
