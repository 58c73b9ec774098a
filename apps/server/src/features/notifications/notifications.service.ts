// Notifications (issue 15 item 3): every alert the product gives a user goes through notify(), which
// reads the user's switches (or the firm's defaults) and writes one row: shown in the app when the
// in-app switch is on, mailed when the email switch is on. The row is written in the caller's transaction,
// so an alert exists exactly when the change it reports does; its mail is queued in the same transaction
// and leaves after commit (features/mail, issue 27). Password reset and invitation mails do not come here:
// they are always sent.
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_DEFAULTS_KEY,
  NOTIFICATION_EVENT,
  type AppNotification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { publishChange, type RequestContext } from '../../platform/audit/record-change.ts';
import { queueMail } from '../../platform/mail/mail-queue.ts';
import { readSetting } from '../../platform/settings/settings.repository.ts';
import {
  activeRecipients,
  findOwnPreferences,
  hasNotification,
  insertNotifications,
  markUnreadRead,
  notificationRowsAfter,
  type NotificationRow,
  unreadCount,
  upsertPreferences,
} from './notifications.repository.ts';

export const readNotificationDefaults = (db: Executor) =>
  readSetting(db, NOTIFICATION_DEFAULTS_KEY, notificationPreferencesSchema, DEFAULT_NOTIFICATION_PREFERENCES);

/** A user's switches: their own when they saved some, else the firm's defaults. */
export async function readPreferences(db: Executor, userId: string): Promise<NotificationPreferences> {
  const own = await findOwnPreferences(db, userId);
  const defaults = await readNotificationDefaults(db);
  if (!own) return defaults;
  const parsed = notificationPreferencesSchema.safeParse({
    email: { ...defaults.email, ...own.preferences.email },
    inApp: { ...defaults.inApp, ...own.preferences.inApp },
  });
  return parsed.success ? parsed.data : defaults;
}

export async function savePreferences(db: Database, userId: string, next: NotificationPreferences) {
  await upsertPreferences(db, userId, next);
  return readPreferences(db, userId);
}

export type Alert = {
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
  /** The mail for those whose email switch is on; without one the alert is in-app only. */
  mail?: { subject: string; text: string };
};

/**
 * Tells each active user (never the one who acted) about something, as their switches say. Returns how
 * many rows were written. Call inside the transaction of the change it reports.
 */
export async function notify(
  tx: Executor,
  ctx: Pick<RequestContext, 'actorId'>,
  userIds: readonly (string | null | undefined)[],
  alert: Alert,
): Promise<number> {
  const recipients = [...new Set(userIds.filter((id): id is string => !!id && id !== ctx.actorId))];
  if (recipients.length === 0) return 0;
  const active = await activeRecipients(tx, recipients);
  if (active.length === 0) return 0;
  const defaults = await readNotificationDefaults(tx);
  const rows = active.flatMap(({ id, email: address, own }) => {
    const inApp = own?.inApp?.[alert.kind] ?? defaults.inApp[alert.kind];
    const email = Boolean(alert.mail) && (own?.email?.[alert.kind] ?? defaults.email[alert.kind]);
    if (!inApp && !email) return [];
    return [{ userId: id, address, inApp, email }];
  });
  if (rows.length === 0) return 0;
  await insertNotifications(
    tx,
    rows.map((row) => ({
      userId: row.userId,
      kind: alert.kind,
      title: alert.title,
      body: alert.body,
      link: alert.link ?? null,
      inApp: row.inApp,
    })),
  );
  for (const row of rows) {
    if (row.email)
      await queueMail(tx, {
        kind: 'notification',
        to: row.address,
        subject: alert.mail!.subject,
        text: alert.mail!.text,
        link: alert.link ?? null,
        about: { type: 'user', id: row.userId },
        actorId: ctx.actorId ?? null,
      });
    // One event per user: their bell refreshes.
    await publishChange(
      tx,
      { actorId: ctx.actorId ?? null, ipAddress: null, userAgent: null },
      NOTIFICATION_EVENT,
      'NOTIFY',
      row.userId,
    );
  }
  return rows.length;
}

const toItem = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind as AppNotification['kind'],
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime()))
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor');
  return { createdAt, id };
}

/** The user's in-app notifications, newest first, in keyset pages, with the unread count. */
export async function listNotifications(
  db: Executor,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<NotificationList> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await notificationRowsAfter(db, userId, after, query.limit);
  const page = rows.slice(0, query.limit);
  const unread = await unreadCount(db, userId);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null,
    unread,
  };
}

/** Marks one of the user's notifications read (404 for anyone else's), or all of them when `id` is null. */
export async function markRead(db: Database, userId: string, id: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await markUnreadRead(tx, userId, id);
    if (id && updated.length === 0) {
      if (!(await hasNotification(tx, userId, id))) throw new AppError('NOT_FOUND', 'Notification not found');
    }
    if (updated.length > 0)
      await publishChange(
        tx,
        { actorId: userId, ipAddress: null, userAgent: null },
        NOTIFICATION_EVENT,
        'READ',
        userId,
      );
  });
}
