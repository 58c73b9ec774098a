// SQL of User Management: the users list and statistics, the row locks and checks its rules need, and the
// writes of adding, editing, suspending, resetting and deleting a user. Deleted users are left out of every read.
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AdminUser, USER_SORT_FIELDS, UserListQuery, UserPage } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { listPage, sortKey, type Viewer } from '../../db/list-query.ts';
import { users } from '../../db/schema/index.ts';
import { userSearchText } from '../../db/schema/users.ts';
import { changedBy, timeSortKey } from '../../db/schema/columns.ts';
import type { UserRow } from './users.repository.ts';

const present = () => isNull(users.deletedAt);

/** One page of users, searched by name and email, filtered by status and role, each made an item by `toItem`. */
export async function userPage(
  db: Executor,
  viewer: Viewer,
  query: UserListQuery,
  toItem: (row: UserRow) => AdminUser,
): Promise<UserPage> {
  const filtered = Boolean(query.search || query.status?.length || query.role?.length);
  return listPage<typeof users, AdminUser, (typeof USER_SORT_FIELDS)[number]>(db, {
    viewer,
    from: users,
    conditions: [
      present(),
      query.status?.length ? sql`${users.status} in ${query.status}` : undefined,
      query.role?.length ? sql`${users.role} in ${query.role}` : undefined,
    ],
    search: { expression: userSearchText(users), term: query.search },
    sort: {
      keys: {
        createdAt: { expr: timeSortKey(users.createdAt), type: 'timestamptz' },
        lastName: sortKey(users.lastName),
        email: sortKey(users.email),
        lastLoginAt: { expr: timeSortKey(users.lastLoginAt), type: 'timestamptz' },
      },
      requested: query.sort,
      fallback: 'createdAt',
      tieBreaker: users.id,
    },
    query,
    filtered,
    toItems: async (rows) => rows.map(toItem),
  });
}

/** How many users there are of each role and status. */
export async function countUsersByRoleAndStatus(db: Executor) {
  return db
    .select({ role: users.role, status: users.status, n: count() })
    .from(users)
    .where(present())
    .groupBy(users.role, users.status);
}

/** The user unless deleted; with `lock`, its row stays locked until the transaction ends. */
export async function findPresentUser(db: Executor, id: string, lock: boolean): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), present()))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The transaction-level advisory lock every change to an account's role or status takes first. */
export async function lockUserAdministration(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user-administration'))`);
}

/** Whether an active account administrator other than `userId` exists. */
export async function hasOtherActiveAccountAdministrator(tx: Executor, userId: string): Promise<boolean> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'account_administrator'), eq(users.status, 'active'), present(), ne(users.id, userId)));
  return others.length > 0;
}

/** Whether `heirId` is an active user, not deleted and not `userId`, who may take over its work. */
export async function isActiveHeir(tx: Executor, heirId: string, userId: string): Promise<boolean> {
  const [heir] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, heirId), eq(users.status, 'active'), present(), ne(users.id, userId)));
  return !!heir;
}

export async function insertManagedUser(tx: Executor, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [created] = await tx.insert(users).values(values).returning();
  return created;
}

export async function updateManagedUser(
  tx: Executor,
  id: string,
  patch: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'role'>>,
  actorId: string,
): Promise<UserRow | undefined> {
  const [after] = await tx
    .update(users)
    .set({ ...patch, ...changedBy(users, actorId) })
    .where(eq(users.id, id))
    .returning();
  return after;
}

/** Activating also clears failed sign-ins and any lock. */
export async function updateUserStatus(
  tx: Executor,
  id: string,
  status: 'active' | 'suspended',
  actorId: string,
): Promise<UserRow | undefined> {
  const [after] = await tx
    .update(users)
    .set({
      status,
      ...changedBy(users, actorId),
      ...(status === 'active' ? { failedLoginCount: 0, lockedUntil: null } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return after;
}

/** A password someone else chose: temporary, so the user picks their own at the next sign-in. */
export async function setTemporaryPassword(tx: Executor, id: string, passwordHash: string, actorId: string) {
  await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: true,
      passwordChangedAt: new Date(),
      failedLoginCount: 0,
      lockedUntil: null,
      ...changedBy(users, actorId),
    })
    .where(eq(users.id, id));
}

export async function markUserDeleted(tx: Executor, id: string, actorId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      status: 'inactive',
      deletedAt: new Date(),
      deletedBy: actorId,
      ...changedBy(users, actorId),
    })
    .where(eq(users.id, id));
}

/** Every user that is not deleted, by name. */
export async function presentUsersByName(db: Executor): Promise<UserRow[]> {
  return db.select().from(users).where(present()).orderBy(users.lastName, users.firstName, users.id);
}
