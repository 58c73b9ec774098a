import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';

/** Which modules each role may open; a role without a row keeps the built-in default. */
export const rolePermissions = pgTable('role_permissions', {
  role: text().primaryKey(),
  modules: jsonb().$type<string[]>().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
  updatedBy: uuid(),
});

/** Every create, update, delete, restore, conversion, sign-in and permission change (DECISIONS.md §2). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    createdAt: timestamptz().notNull().defaultNow(),
    userId: uuid(),
    action: text().notNull(),
    resourceType: text().notNull(),
    resourceId: text(),
    oldValues: jsonb(),
    newValues: jsonb(),
    ipAddress: text(),
    userAgent: text(),
  },
  // The Audit Logs list reads newest first by (created_at, id) keyset pages: alone, by one action, by one
  // user; its search is a trigram match on the action and the resource type (issue 14, a million rows).
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt, t.id),
    index('audit_logs_resource_idx').on(t.resourceType, t.resourceId, t.createdAt),
    index('audit_logs_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_logs_user_idx').on(t.userId, t.createdAt, t.id),
    index('audit_logs_search_trgm_idx').using('gin', sql`${auditSearchText(t)} gin_trgm_ops`),
  ],
);

export const systemSettings = pgTable('system_settings', {
  settingKey: text().primaryKey(),
  settingValue: jsonb().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
  updatedBy: uuid(),
});

/** What the Audit Logs search matches: the action and the resource type. */
export function auditSearchText(t: { action: AnyPgColumn; resourceType: AnyPgColumn }): SQL {
  return sql`lower(${t.action} || ' ' || ${t.resourceType})`;
}
