// The Mail log (issue 27): every mail the product sends, as Administration lists it. A message is queued
// in the transaction of the change it tells about and delivered after commit; a failed attempt is retried
// with back-off and its outcome kept in fixed words (never the remote server's text) with the SMTP code.
import { z } from 'zod';
import { listQueryBase } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'retrying', 'failed', 'kept'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  // No mail server is set: the message is kept in the log, where it can be read, instead of sent.
  kept: 'Kept',
};

/** How an attempt ended, in fixed words: what an administrator can act on. */
export const MAIL_OUTCOMES = [
  'could_not_connect',
  'timed_out',
  'authentication_failed',
  'tls_failed',
  'rejected',
  'failed',
] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

export const MAIL_OUTCOME_LABELS: Record<MailOutcome, string> = {
  could_not_connect: 'Could not connect',
  timed_out: 'The mail server did not answer in time',
  authentication_failed: 'Authentication failed',
  tls_failed: 'TLS failed',
  rejected: 'Rejected by the server',
  failed: 'Could not be sent',
};

export const MAIL_KINDS = ['invoice', 'invitation', 'password_reset', 'notification', 'task_digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  invoice: 'Invoice',
  invitation: 'Invitation',
  password_reset: 'Password reset',
  notification: 'Notification',
  task_digest: 'Task digest',
};

/** How many times a message is tried before it is marked failed, and the wait before each retry. */
export const MAIL_MAX_ATTEMPTS = 6;
export const mailRetryDelaySeconds = (attempt: number): number => Math.min(60 * 2 ** (attempt - 1), 3_600);

export const mailAttachmentSchema = z.object({
  index: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const mailLogRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When a queued or retrying message is next tried; null otherwise. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  outcome: z.enum(MAIL_OUTCOMES).nullable(),
  smtpCode: z.number().int().nullable(),
  /** The record it is about, to open it from the log. */
  record: z
    .object({ type: z.enum(['invoice', 'lead', 'client', 'user', 'task']), id: z.string(), label: z.string() })
    .nullable(),
  attachments: z.array(mailAttachmentSchema),
});
export type MailLogRow = z.infer<typeof mailLogRowSchema>;

export const mailMessageSchema = mailLogRowSchema.extend({ body: z.string() });
export type MailMessageRecord = z.infer<typeof mailMessageSchema>;

export const mailLogPageSchema = pageSchemaOf(mailLogRowSchema);
export type MailLogPage = z.infer<typeof mailLogPageSchema>;

const isoDate = z.iso.date();
export const mailLogQuerySchema = listQueryBase.extend({
  status: z.enum(MAIL_STATUSES).optional(),
  /** Created on or after this firm date, and on or before `to`. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type MailLogQuery = z.infer<typeof mailLogQuerySchema>;

/** What a request that mails answers: whether the mail has left yet (toasts say sent or queued). */
export const mailReceiptSchema = z.object({ id: z.string(), to: z.string(), status: z.enum(MAIL_STATUSES) });
export type MailReceipt = z.infer<typeof mailReceiptSchema>;

export const MAIL_MESSAGES = {
  notFound: 'Mail not found',
  resent: 'Mail queued again',
  sentTo: (what: string, to: string) => `${what} sent to ${to}`,
  queuedFor: (what: string, to: string) => `${what} queued for ${to}`,
  keptFor: (what: string, to: string) =>
    `${what} for ${to} is kept in the Mail log: no mail server is set (System Settings → Integrations)`,
  retryingFor: (what: string, to: string) =>
    `${what} for ${to} is queued: the mail server could not take it yet, and it will be tried again`,
  failedFor: (what: string, to: string) => `${what} could not be sent to ${to}: see Administration → Mail log`,
} as const;
