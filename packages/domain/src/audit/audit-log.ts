// Administration → Audit Logs and Security (spec 3 §2.4, "Audit log", "Security event"; issue 14 item 4):
// every write the server recorded, searched, filtered and paged; the security events with their counters.
import { z } from 'zod';
import type { BADGE_COLOURS } from '../records/badge-look.ts';
import { dateProblem } from '../records/fields.ts';
import { listQueryBase } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';
import { historyChangeSchema } from '../records/record-history.ts';

export const auditLogEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  userId: z.string().nullable(),
  /** The acting user's name (null for a system action or an unknown email's failed sign-in). */
  userName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The fields before and after, by name (secrets never recorded), as stored. */
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
  /** The record the row is about in words: a user's name, an invoice's number (null when it has none). */
  resourceName: z.string().nullable(),
  /** The changed fields in words, as a record's History shows them (audit-words.ts): what the screens print. */
  changes: z.array(historyChangeSchema),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

const isoDay = z
  .string()
  .refine((value) => dateProblem(value, 'document', '') === null, 'Use a date like 2026-11-25 between 1900 and 2100');

export const auditLogQuerySchema = listQueryBase.omit({ sort: true }).extend({
  /** One action exactly, as the filter offers them (UPDATE_USER_STATUS, CREATE_LEAD, SIGN_IN_FAILED, …). */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[A-Z_]*$/, 'Unknown action')
    .optional(),
  userId: z.uuid('Choose a user from the list').optional(),
  /** Days in the firm's time zone, both included. */
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogPageSchema = pageSchemaOf(auditLogEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const AUDIT_EXPORT_COLUMNS = [
  'Timestamp',
  'Action',
  'Resource Type',
  'Resource ID',
  'User ID',
  'IP Address',
] as const;

/**
 * Spec 3's audit action filters, under the spec's names. A status change (suspend, activate) is one
 * UPDATE_USER_STATUS and a role change one UPDATE_USER_ROLE, each with the old and the new value; rows
 * written under earlier names were renamed by migration 0041 (docs/decisions/0036).
 */
export const SPEC_AUDIT_ACTIONS = [
  'INVITE_USER',
  'UPDATE_USER_STATUS',
  'UPDATE_USER_ROLE',
  'DELETE_USER',
  'UPDATE_BRANDING_SETTINGS',
  'UPDATE_NAVIGATION_ITEM',
] as const;

/** The action filter's options: the spec's actions always, with every other action the log holds, A to Z. */
export function auditActionOptions(actionsInLog: readonly string[]): string[] {
  return [...new Set([...SPEC_AUDIT_ACTIONS, ...actionsInLog])].sort();
}

/** Role and status changes, as the Security tab counts them. */
export const USER_ACCESS_CHANGE_ACTIONS = ['UPDATE_USER_ROLE', 'UPDATE_USER_STATUS', 'DELETE_USER'] as const;

/** Spec 3 §2.4 Security: the events the tab lists, and what each 24-hour counter counts. */
export const SECURITY_EVENT_ACTIONS = [
  'SIGN_IN_FAILED',
  'ACCOUNT_LOCKED',
  'CHANGE_PASSWORD_FAILED',
  'REQUEST_PASSWORD_RESET',
  'RESET_PASSWORD',
  'ADMIN_RESET_PASSWORD',
  ...USER_ACCESS_CHANGE_ACTIONS,
  'UPDATE_ROLE_PERMISSIONS',
  'RESTORE_ROLE_DEFAULTS',
  'UPDATE_SECURITY_SETTINGS',
] as const;

export const securityOverviewSchema = z.object({
  last24Hours: z.object({
    failedSignIns: z.number().int(),
    lockouts: z.number().int(),
    passwordResets: z.number().int(),
    roleAndStatusChanges: z.number().int(),
  }),
  /** The 20 newest security events (spec 3: the panel shows 20). */
  events: z.array(auditLogEntrySchema),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/**
 * Colours by action, the same in the table and the security panel (spec 3: delete red, create or invite
 * green, update yellow, otherwise blue). A purge is a delete; a refusal or a lockout is shown red as well,
 * so a failed sign-in does not look like routine work (docs/decisions/0036).
 */
export function auditActionColor(action: string): keyof typeof BADGE_COLOURS {
  if (/(^|_)(DELETE|PURGE)(_|$)/.test(action) || action.endsWith('_FAILED') || action === 'ACCOUNT_LOCKED')
    return 'red';
  if (action.startsWith('CREATE') || action.startsWith('INVITE')) return 'green';
  if (action.startsWith('UPDATE')) return 'amber';
  return 'blue';
}
