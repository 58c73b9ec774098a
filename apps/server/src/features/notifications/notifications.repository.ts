// SQL of the notifications: the users' switches, the rows notify() writes, the bell's pages and reads.
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationPreferences } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { notificationPreferences, notifications, users } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The switches the user saved; undefined when they never did. */
export async function findOwnPreferences(db: Executor, userId: string) {
  const [own] = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return own;
}

export async function upsertPreferences(db: Executor, userId: string, next: NotificationPreferences): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences: next })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { preferences: next, updatedAt: new Date() } });
}

/** The active users among the recipients, with their address and the switches they saved (if any). */
export async function activeRecipients(db: Executor, recipients: readonly string[]) {
  return db
    .select({ id: users.id, email: users.email, own: notificationPreferences.preferences })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(inArray(users.id, [...recipients]), eq(users.status, 'active'), isNull(users.deletedAt)));
}

export async function insertNotifications(db: Executor, rows: (typeof notifications.$inferInsert)[]): Promise<void> {
  await db.insert(notifications).values(rows);
}

/** One keyset page of the user's in-app notifications after the cursor, newest first, one row beyond `limit`. */
export async function notificationRowsAfter(
  db: Executor,
  userId: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        after
          ? or(
              lt(notifications.createdAt, after.createdAt),
              and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [{ unread }] = (await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)))) as [
    { unread: number },
  ];
  return unread;
}

/** Marks the user's unread in-app notifications read (only `id` when given); the ids it changed. */
export async function markUnreadRead(db: Executor, userId: string, id: string | null) {
  return db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        isNull(notifications.readAt),
        id ? eq(notifications.id, id) : undefined,
      ),
    )
    .returning({ id: notifications.id });
}

/** Whether the user has this in-app notification (read or not). */
export async function hasNotification(db: Executor, userId: string, id: string): Promise<boolean> {
  const [exists] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id), eq(notifications.inApp, true)));
  return !!exists;
}
