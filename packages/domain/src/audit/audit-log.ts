// Administration → Audit Logs and Security (spec 3 §2.4, "Audit log", "Security event"; issue 14 item 4):
// every write the server recorded, searched, filtered and paged; the security events with their counters.
import { z } from 'zod';
import type { BADGE_COLOURS } from '../records/badge-look.ts';
import { dateProblem } from '../records/fields.ts';
import { listQueryBase } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';

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
  /** The fields before and after, by name (secrets never recorded). */
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

const isoDay = z
  .string()
  .refine((value) => dateProblem(value, 'document', '') === null, 'Use a date like 2026-11-25 between 1900 and 2100');

export const auditLogQuerySchema = listQueryBase.omit({ sort: true }).extend({
  /** One action exactly, as the filter offers them (CREATE_LEAD, SIGN_IN_FAILED, …). */
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

/** Spec 3 §2.4 Security: the events the tab lists, and what each 24-hour counter counts. */
export const SECURITY_EVENT_ACTIONS = [
  'SIGN_IN_FAILED',
  'ACCOUNT_LOCKED',
  'CHANGE_PASSWORD_FAILED',
  'REQUEST_PASSWORD_RESET',
  'RESET_PASSWORD',
  'ADMIN_RESET_PASSWORD',
  'CHANGE_USER_ROLE',
  'SUSPEND_USER',
  'ACTIVATE_USER',
  'DELETE_USER',
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

/** Colours by action (a key of BADGE_COLOURS), the same in the table and the security panel. */
export function auditActionColor(action: string): keyof typeof BADGE_COLOURS {
  if (
    action.endsWith('_FAILED') ||
    action === 'ACCOUNT_LOCKED' ||
    action.startsWith('DELETE') ||
    action.startsWith('PURGE')
  )
    return 'red';
  if (action.startsWith('SUSPEND') || action.includes('RESET') || action.includes('ROLE')) return 'orange';
  if (action.startsWith('CREATE') || action.startsWith('INVITE') || action.startsWith('RESTORE')) return 'green';
  if (action.startsWith('UPDATE') || action.startsWith('CHANGE')) return 'blue';
  if (action.startsWith('SIGN_')) return 'grey';
  return 'slate';
}
