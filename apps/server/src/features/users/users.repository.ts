// The only place that reads and writes the users table.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Role, UserStatus } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { changedBy } from '../../db/schema/columns.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A user's status alone (a task goes to active users only); undefined when no such user. */
export async function findUserStatus(db: Executor, id: string): Promise<string | undefined> {
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, id)).limit(1);
  return user?.status;
}

/** What a mail to the user needs: the address, the first name, and the status that says whether to send it. */
export async function findUserMailee(db: Executor, id: string) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user;
}

export async function findUserName(db: Executor, id: string) {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export type NewUser = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  passwordHash: string;
  phone?: string | null;
  status?: UserStatus;
  createdBy?: string | null;
};

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.trim().toLowerCase(), updatedBy: user.createdBy ?? null })
    .returning();
  if (!row) throw new Error('insert users returned no row');
  return row;
}

/** Applies a patch only when the version matches; returns undefined on a stale version. */
export async function updateUserVersioned(
  db: Executor,
  id: string,
  expectedVersion: number,
  patch: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'phone'>> & { updatedBy: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), eq(users.version, expectedVersion)))
    .returning();
  return row;
}

export async function setUserPassword(db: Executor, id: string, passwordHash: string, actorId: string | null) {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: new Date(),
      mustChangePassword: false,
      failedLoginCount: 0,
      lockedUntil: null,
      ...changedBy(users, actorId),
    })
    .where(eq(users.id, id));
}

/** The next sign-in must change the password first (an expired one). */
export async function requirePasswordChange(db: Executor, id: string): Promise<void> {
  await db.update(users).set({ mustChangePassword: true }).where(eq(users.id, id));
}

/** An invited (pending) user becomes active; any other status stays. */
export async function activatePendingUser(db: Executor, id: string): Promise<void> {
  await db
    .update(users)
    .set({ status: 'active' })
    .where(and(eq(users.id, id), eq(users.status, 'pending')));
}

/** A lockout that has run out counts as none: the next attempt starts a fresh count. */
const lockExpired = sql`${users.lockedUntil} <= now()`;
const countSoFar = sql`(case when ${lockExpired} then 0 else ${users.failedLoginCount} end)`;

/**
 * Counts a password attempt BEFORE the password is checked, in one statement (the row lock orders
 * concurrent attempts). Refused (false) while the account is locked; an attempt beyond `maxAttempts`
 * counted ones locks the account at once (also when the earlier ones are still being verified, or their
 * process died before finishing), so N parallel attempts count N and at most `maxAttempts` are verified.
 * A correct password takes the count back (completePasswordAttempt); a wrong one leaves it.
 */
export async function claimPasswordAttempt(
  db: Executor,
  id: string,
  maxAttempts: number,
  lockoutMinutes: number,
): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`least(${countSoFar} + 1, ${maxAttempts} + 1)`,
      lockedUntil: sql`case when ${countSoFar} >= ${maxAttempts} then now() + make_interval(mins => ${lockoutMinutes})
        when ${lockExpired} then null else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.id, id), sql`coalesce(${users.lockedUntil} > now(), false) = false`))
    .returning({ count: users.failedLoginCount });
  return row !== undefined && row.count <= maxAttempts;
}

/** After a wrong password: locks the account once the counted attempts reach the maximum. */
export async function recordFailedPassword(
  db: Executor,
  id: string,
  maxAttempts: number,
  lockoutMinutes: number,
): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({
      lockedUntil: sql`case when ${users.failedLoginCount} >= ${maxAttempts} and coalesce(${users.lockedUntil} > now(), false) = false
        then now() + make_interval(mins => ${lockoutMinutes}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, id))
    .returning({ lockedUntil: users.lockedUntil });
  return row?.lockedUntil ?? null;
}

/**
 * After a correct password: clears the count, unless a parallel wrong attempt locked the account in the
 * meantime (false) — a locked account never signs in, whatever the timing.
 */
export async function completePasswordAttempt(db: Executor, id: string, signIn: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, ...(signIn ? { lastLoginAt: sql`now()` } : {}) })
    .where(and(eq(users.id, id), sql`coalesce(${users.lockedUntil} > now(), false) = false`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** When the account's lock ends, or null when it is not locked. */
export async function lockedUntilOf(db: Executor, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(and(eq(users.id, id), sql`${users.lockedUntil} > now()`));
  return row?.lockedUntil ?? null;
}

export async function listActiveUsersByRoles(db: Executor, roles: readonly Role[]) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.status, 'active'), inArray(users.role, [...roles])))
    .orderBy(users.firstName, users.lastName);
}

/** Every active user (not deleted), as ids. */
export async function activeUserIds(db: Executor) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), isNull(users.deletedAt)));
}

export async function findUsersByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function listAllUserRoles(db: Executor) {
  return db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.status, 'active'))
    .orderBy(users.email);
}

/** Full names of the given users (for the {id, fullName} references records carry). */
export async function userFullNames(
  db: Executor,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

/** A user a record references, as its API shape carries it; null when unset or no such user. */
export type UserRef = { id: string; fullName: string } | null;

/** Turns the given user ids into references, with one users query for all of them. */
export async function userRefs(
  db: Executor,
  ids: readonly (string | null | undefined)[],
): Promise<(id: string | null) => UserRef> {
  const names = await userFullNames(db, ids);
  return (id) => {
    const fullName = id ? names.get(id) : undefined;
    return id && fullName ? { id, fullName } : null;
  };
}
