// Notifications (issue 15 item 3): what the product tells a user, by mail and in the app, each switch
// mapped to the messages it controls (docs/notifications.md). Password reset and invitation mails are
// not here: they are always sent.
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'leadAssigned',
  'clientStatus',
  'taskAssigned',
  'taskReminders',
  'timesheetApprovals',
  'systemUpdates',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  leadAssigned: { label: 'New lead assigned to me', description: 'Someone else makes you the assignee of a lead.' },
  clientStatus: {
    label: 'Client status changes',
    description: 'Someone else changes the status of a client assigned to you.',
  },
  taskAssigned: { label: 'Task assigned to me', description: 'Someone else gives you a task.' },
  taskReminders: {
    label: 'Daily task reminders',
    description: "At 07:00 in the firm's time zone: your tasks due that day and those overdue.",
  },
  timesheetApprovals: {
    label: 'Timesheet approvals',
    description: 'A timesheet of yours is approved or returned (when the firm uses timesheets).',
  },
  systemUpdates: {
    label: 'System updates',
    description: 'Maintenance mode starts or ends.',
  },
};

const switches = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
);

export const notificationPreferencesSchema = z.object({ email: switches, inApp: switches });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

const allOn = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as Record<NotificationKind, boolean>;

/** Spec 3: every switch is on by default; the firm's defaults (Administration) can change that. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { email: allOn, inApp: allOn };

export const NOTIFICATION_DEFAULTS_KEY = 'notification_defaults';

/** The change event a user's notification list listens for (id: the user's id). */
export const NOTIFICATION_EVENT = 'notification';

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open ('/leads?id=…'), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
