import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_resource_idx').on(t.resourceType, t.resourceId),
    index('audit_logs_action_idx').on(t.action),
  ],
);

export const systemSettings = pgTable('system_settings', {
  settingKey: text().primaryKey(),
  settingValue: jsonb().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
  updatedBy: uuid(),
});
