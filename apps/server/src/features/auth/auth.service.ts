// Sign-in with lockout, suspension and maintenance mode; password reset links that work once.
import {
  isAdminRole,
  normalizeRole,
  passwordPolicyErrors,
  passwordPolicyFrom,
  PASSWORD_RESET_MESSAGES,
  SIGN_IN_MESSAGES,
  type SignInInput,
  daysAfter,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, validationError } from '../../plugins/errors.ts';
import { queueMail } from '../../platform/mail/mail-queue.ts';
import { hitLimit, limitKey, minutesOf, releaseHit, sweepRateLimits } from '../../plugins/rate-limiter.ts';
import type { RequestLimits } from '../../config.ts';
import { recordChange, type RequestContext } from '../../platform/audit/record-change.ts';
import { readGeneralSettings, readSecuritySettings } from '../../platform/settings/settings.repository.ts';
import {
  claimPasswordAttempt,
  completePasswordAttempt,
  findUserByEmail,
  findUserById,
  lockedUntilOf,
  activatePendingUser,
  requirePasswordChange,
  recordFailedPassword,
  setUserPassword,
  type UserRow,
} from '../users/users.repository.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/credentials/password-hash.ts';
import {
  consumePasswordResetToken,
  createPasswordResetToken,
  revokePasswordResetTokens,
} from '../../platform/credentials/password-reset.repository.ts';
import {
  createSession,
  deleteSessionById,
  deleteUserSessions,
} from '../../platform/credentials/sessions.repository.ts';

export const RESET_LINK_HOURS = 1;

const addressKey = (ctx: RequestContext) => limitKey('password-failures-by-address', ctx.ipAddress ?? 'unknown');

/**
 * Counts one password attempt from this client address before any password is checked (many accounts,
 * one address). 429 once the address used its allowance; a correct password takes its count back.
 */
async function claimAddressAttempt(db: Database, ctx: RequestContext, limits: RequestLimits) {
  const check = await hitLimit(db, addressKey(ctx), limits.signInFailuresPerAddress);
  if (!check.allowed) {
    throw new AppError('RATE_LIMITED', SIGN_IN_MESSAGES.tooManyFromAddress(minutesOf(check.retryAfterMs)));
  }
}

type PasswordCheck = { ok: true } | { ok: false; lockedUntil: Date | null };

/**
 * The one way a password is checked against an account (sign-in and password change): the attempt is
 * counted first (per account and per address), then verified; a wrong one may lock the account.
 * Throws LOCKED while the account is locked, including when a parallel attempt locked it meanwhile.
 */
async function checkAccountPassword(
  db: Database,
  ctx: RequestContext,
  limits: RequestLimits,
  user: UserRow,
  password: string,
  signIn: boolean,
): Promise<PasswordCheck> {
  const security = await readSecuritySettings(db);
  await claimAddressAttempt(db, ctx, limits);
  const locked = async () =>
    new AppError('LOCKED', SIGN_IN_MESSAGES.locked(minutesUntil(await lockedUntilOf(db, user.id), security)));
  if (!(await claimPasswordAttempt(db, user.id, security.maxLoginAttempts, security.lockoutDurationMinutes))) {
    throw await locked();
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const lockedUntil = await recordFailedPassword(
      db,
      user.id,
      security.maxLoginAttempts,
      security.lockoutDurationMinutes,
    );
    return { ok: false, lockedUntil: lockedUntil && lockedUntil.getTime() > Date.now() ? lockedUntil : null };
  }
  if (!(await completePasswordAttempt(db, user.id, signIn))) throw await locked();
  await releaseHit(db, addressKey(ctx));
  return { ok: true };
}

export async function signIn(db: Database, ctx: RequestContext, input: SignInInput, limits: RequestLimits) {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await claimAddressAttempt(db, ctx, limits);
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

  let check: PasswordCheck;
  try {
    check = await checkAccountPassword(db, ctx, limits, user, input.password, true);
  } catch (error) {
    if (error instanceof AppError) await failed(error.code === 'LOCKED' ? 'locked' : 'too many from address');
    throw error;
  }
  if (!check.ok) {
    await failed('wrong password');
    if (check.lockedUntil) {
      await recordChange(
        db,
        { ...ctx, actorId: user.id },
        {
          action: 'ACCOUNT_LOCKED',
          resourceType: 'USER',
          resourceId: user.id,
          newValues: { email: user.email, lockedUntil: check.lockedUntil },
        },
      );
      throw new AppError('LOCKED', SIGN_IN_MESSAGES.locked(minutesUntil(check.lockedUntil)));
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

  const security = await readSecuritySettings(db);
  return db.transaction(async (tx) => {
    // Spec 3 security settings: a password older than the expiry must be changed before anything else.
    const changedAt = user.passwordChangedAt ?? user.createdAt;
    if (!user.mustChangePassword && Date.now() > daysAfter(changedAt, security.passwordExpiryDays).getTime()) {
      await requirePasswordChange(tx, user.id);
    }
    const session = await createSession(tx, {
      userId: user.id,
      timeoutHours: security.sessionTimeoutHours,
      ipAddress: ctx.ipAddress,
      userAgent: ctx.userAgent,
    });
    await sweepRateLimits(tx);
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

/** A password change checks the current password like a sign-in: same counters, same lockout. */
export async function verifyCurrentPassword(
  db: Database,
  ctx: RequestContext & { actorId: string },
  limits: RequestLimits,
  user: UserRow,
  password: string,
): Promise<void> {
  const check = await checkAccountPassword(db, ctx, limits, user, password, false);
  if (check.ok) return;
  await recordChange(db, ctx, {
    action: 'CHANGE_PASSWORD_FAILED',
    resourceType: 'USER',
    resourceId: user.id,
    newValues: { reason: 'wrong current password' },
  });
  if (check.lockedUntil) throw new AppError('LOCKED', SIGN_IN_MESSAGES.locked(minutesUntil(check.lockedUntil)));
  throw new AppError('VALIDATION_FAILED', 'Current password is incorrect', {
    currentPassword: ['Current password is incorrect'],
  });
}

/** Minutes left of a lock; while attempts are still being verified (no lock date yet), the full lockout. */
function minutesUntil(date: Date | null, security?: { lockoutDurationMinutes: number }): number {
  if (!date) return security?.lockoutDurationMinutes ?? 1;
  return minutesOf(date.getTime() - Date.now());
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

/**
 * Counts a reset request from this client address: 429 with the spec's message once the address used its
 * allowance. That says nothing about any account.
 */
export async function claimResetRequest(db: Database, ctx: RequestContext, limits: RequestLimits): Promise<void> {
  const check = await hitLimit(
    db,
    limitKey('reset-requests-by-address', ctx.ipAddress ?? 'unknown'),
    limits.resetRequestsPerAddress,
  );
  if (!check.allowed)
    throw new AppError('RATE_LIMITED', PASSWORD_RESET_MESSAGES.tooMany(minutesOf(check.retryAfterMs)));
}

/**
 * Mails a one-time reset link. Runs after the answer was sent (AfterResponse), so a known and an unknown
 * address answer alike; unknown addresses and addresses over their mail limit get no mail.
 * Links are built from APP_URL only: a request header must never choose where a reset link points.
 */
export async function mailPasswordReset(
  db: Database,
  ctx: RequestContext,
  limits: RequestLimits,
  email: string,
  appUrl: string,
) {
  const perEmail = await hitLimit(db, limitKey('reset-mails-by-email', email), limits.resetMailsPerEmail);
  if (!perEmail.allowed) return;
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active') return;
  // The token and its mail commit together (issue 27): no token exists without its mail.
  await db.transaction(async (tx) => {
    const token = await createPasswordResetToken(tx, user.id, RESET_LINK_HOURS);
    await recordChange(
      tx,
      { ...ctx, actorId: ctx.actorId ?? user.id },
      {
        action: 'REQUEST_PASSWORD_RESET',
        resourceType: 'USER',
        resourceId: user.id,
      },
    );
    const link = `${appUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    await queueMail(tx, {
      kind: 'password_reset',
      to: user.email,
      subject: 'Reset your Visa CRM password',
      text:
        `Hello ${user.firstName},\n\n` +
        `Someone (hopefully you) asked to reset the password of your Visa CRM account.\n` +
        `Open this link within ${RESET_LINK_HOURS} hour to choose a new password:\n\n${link}\n\n` +
        `The link works once. If you did not ask for it, you can ignore this message.\n`,
      about: { type: 'user', id: user.id },
      actorId: ctx.actorId ?? user.id,
    });
  });
}

/** The stored policy decides (minimum and character classes, decision 0032): the body schemas hold only the form rule. */
export async function assertPasswordPolicy(db: Executor, password: string, field: string) {
  const errors = passwordPolicyErrors(password, passwordPolicyFrom(await readSecuritySettings(db)));
  // The same 400 as a body the route's schema refuses: the profile form words it as the spec's toast.
  if (errors.length > 0) throw validationError({ [field]: errors });
}

export async function resetPassword(db: Database, ctx: RequestContext, token: string, newPassword: string) {
  await assertPasswordPolicy(db, newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const userId = await consumePasswordResetToken(tx, token);
    if (!userId)
      throw new AppError('VALIDATION_FAILED', PASSWORD_RESET_MESSAGES.invalidLink, {
        token: [PASSWORD_RESET_MESSAGES.invalidLink],
      });
    await setUserPassword(tx, userId, passwordHash, userId);
    // An invitation's link is a reset link too: choosing the password accepts it.
    await activatePendingUser(tx, userId);
    // Every other link mailed to this user ends with this reset.
    await revokePasswordResetTokens(tx, userId);
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
