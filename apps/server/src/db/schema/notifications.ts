import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '@crm/domain';
import { id, timestamptz } from './columns.ts';
import { users } from './users.ts';

/** A user's own switches; a user without a row follows the firm's defaults (system setting notification_defaults). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb().$type<NotificationPreferences>().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

/**
 * What the product tells a user: shown in the app when `in_app`; its mail, when the user's switch says so,
 * is a message of the Mail log (mail_messages) queued with it. The list reads newest first per user by
 * (created_at, id); the unread count by a partial index.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    inApp: boolean().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    readAt: timestamptz(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.inApp} and ${t.readAt} is null`),
  ],
);
