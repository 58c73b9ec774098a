import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';

/** A file sent with a mail, kept behind the storage interface (every server reads the same copy). */
export type StoredMailAttachment = { filename: string; contentType: string; storageKey: string; size: number };

/**
 * Every mail the product sends (issue 27): the queue and the Mail log at once. A row is written in the
 * transaction of the change it tells about, delivered after commit by whichever process claims it, retried
 * with back-off, and kept with its outcome. With no mail server set, the message is kept here unsent.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    // The clock, not the transaction's start: mails queued by one change keep their order in the log.
    createdAt: timestamptz()
      .notNull()
      .default(sql`clock_timestamp()`),
    /** What it is: invoice, invitation, password_reset, notification, task_digest, … */
    kind: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /**
     * A page of the app the mail points to (a notification's): sent below the text as a full link, with
     * where to change which mails arrive, built from APP_URL when the mail leaves.
     */
    link: text(),
    attachments: jsonb().$type<StoredMailAttachment[]>().notNull().default([]),
    /** The record it is about (its History lists it): 'invoice', 'lead', 'client', 'user'. */
    recordType: text(),
    recordId: uuid(),
    createdBy: uuid(),
    /** queued, sending, sent, retrying, failed, kept (no mail server set). */
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(6),
    /** When a queued or retrying message is next due. */
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    /** When the process now sending it claimed it: a claim long past means that process died. */
    claimedAt: timestamptz(),
    sentAt: timestamptz(),
    /** The last attempt's fixed outcome (never the remote server's text) and its SMTP reply code. */
    outcome: text(),
    smtpCode: integer(),
  },
  (t) => [
    index('mail_messages_created_idx').on(t.createdAt, t.id),
    index('mail_messages_status_created_idx').on(t.status, t.createdAt, t.id),
    index('mail_messages_record_idx').on(t.recordType, t.recordId, t.createdAt),
    index('mail_messages_search_trgm_idx').using('gin', sql`${mailSearchText(t)} gin_trgm_ops`),
    index('mail_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'retrying')`),
  ],
);

/** What the Mail log's search matches: the recipient and the subject. */
export function mailSearchText(t: { toAddress: AnyPgColumn; subject: AnyPgColumn }): SQL {
  return sql`lower(${t.toAddress} || ' ' || ${t.subject})`;
}
