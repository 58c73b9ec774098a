// The Mail log (issue 27): every message, newest first, searched by recipient and subject, filtered by
// status and by the firm's dates, in keyset pages through the shared list helper.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MailLogQuery, MailLogRow, MailMessageRecord, Page } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid, listPage, type Viewer } from '../../db/list-query.ts';
import { invoices, mailMessages, mailSearchText } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { userFullNames } from '../users/users.repository.ts';
import { sentText } from '../../platform/mail/mail-queue.ts';

type Row = typeof mailMessages.$inferSelect;

function mailLogFilter(query: MailLogQuery, timeZone: string) {
  return [
    query.status ? eq(mailMessages.status, query.status) : undefined,
    query.from
      ? sql`${mailMessages.createdAt} >= (${query.from}::date)::timestamp at time zone ${timeZone}`
      : undefined,
    query.to
      ? sql`${mailMessages.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`
      : undefined,
  ];
}

/** Each row's record as the log links it: an invoice by its number, a user by name. */
async function recordLabels(db: Executor, rows: Row[]): Promise<Map<string, string>> {
  const ids = (type: string) => [
    ...new Set(rows.filter((r) => r.recordType === type && r.recordId).map((r) => r.recordId!)),
  ];
  const labels = new Map<string, string>();
  const invoiceIds = ids('invoice');
  if (invoiceIds.length > 0) {
    const found = await db
      .select({ id: invoices.id, number: invoices.invoiceNumber })
      .from(invoices)
      .where(inArray(invoices.id, invoiceIds));
    for (const f of found) labels.set(f.id, f.number);
  }
  const names = await userFullNames(db, ids('user'));
  for (const [id, name] of names) labels.set(id, name);
  return labels;
}

const toRow = (row: Row, labels: Map<string, string>): MailLogRow => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  kind: row.kind as MailLogRow['kind'],
  to: row.toAddress,
  subject: row.subject,
  status: row.status as MailLogRow['status'],
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  nextAttemptAt: row.status === 'queued' || row.status === 'retrying' ? row.nextAttemptAt.toISOString() : null,
  sentAt: row.sentAt?.toISOString() ?? null,
  outcome: (row.outcome as MailLogRow['outcome']) ?? null,
  smtpCode: row.smtpCode,
  record:
    row.recordType && row.recordId
      ? {
          type: row.recordType as NonNullable<MailLogRow['record']>['type'],
          id: row.recordId,
          label: labels.get(row.recordId) ?? row.recordType,
        }
      : null,
  attachments: row.attachments.map((a, index) => ({
    index,
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
  })),
});

export async function mailLogPage(
  db: Executor,
  viewer: Viewer,
  query: MailLogQuery,
  timeZone: string,
): Promise<Page<MailLogRow>> {
  return listPage<typeof mailMessages, MailLogRow, 'createdAt'>(db, {
    viewer,
    from: mailMessages,
    conditions: mailLogFilter(query, timeZone),
    // Administration decides who reads the log: every message of the firm.
    visibility: () => undefined,
    search: { expression: mailSearchText(mailMessages), term: query.search },
    sort: {
      keys: { createdAt: { expr: sql`${mailMessages.createdAt}`, type: 'timestamptz' } },
      requested: 'createdAt:desc',
      fallback: 'createdAt',
      tieBreaker: mailMessages.id,
    },
    query,
    filtered: Boolean(query.search || query.status || query.from || query.to),
    toItems: async (rows) => {
      const labels = await recordLabels(db, rows);
      return rows.map((row) => toRow(row, labels));
    },
  });
}

const mailNotFound = () => new AppError('NOT_FOUND', 'Mail not found');

export async function readMailRow(db: Executor, id: string): Promise<Row> {
  if (!isUuid(id)) throw mailNotFound();
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!row) throw mailNotFound();
  return row;
}

/** Mails whose link signs their reader in: the log never shows the link's token. */
const ONE_TIME_LINK_KINDS = new Set(['password_reset', 'invitation']);
const ONE_TIME_TOKEN = /([?&]token=)[^\s&]+/g;

/**
 * One message as it was (or will be) sent: its text with the link in full — except a reset or invitation
 * link's token, which would let whoever reads the log (an administrator) choose another user's password,
 * an account administrator's included. "Send again" mails the real link to its recipient.
 */
export async function readMailMessage(db: Executor, id: string, appUrl: string): Promise<MailMessageRecord> {
  const row = await readMailRow(db, id);
  const text = sentText(row, appUrl);
  return {
    ...toRow(row, await recordLabels(db, [row])),
    body: ONE_TIME_LINK_KINDS.has(row.kind) ? text.replace(ONE_TIME_TOKEN, '$1(hidden)') : text,
  };
}

/**
 * The mails about the invoices of one lead or client, newest first: its History lists them among its
 * changes. Finance information — the caller decides whether the viewer may see invoices.
 */
export async function invoiceMailsOf(db: Executor, owner: { type: 'lead' | 'client'; id: string }, limit: number) {
  const column = owner.type === 'lead' ? invoices.leadId : invoices.clientId;
  return db
    .select({
      id: mailMessages.id,
      createdAt: mailMessages.createdAt,
      createdBy: mailMessages.createdBy,
      to: mailMessages.toAddress,
      subject: mailMessages.subject,
      status: mailMessages.status,
      outcome: mailMessages.outcome,
    })
    .from(mailMessages)
    .innerJoin(invoices, and(eq(mailMessages.recordType, 'invoice'), eq(mailMessages.recordId, invoices.id)))
    .where(eq(column, owner.id))
    .orderBy(sql`${mailMessages.createdAt} desc`, sql`${mailMessages.id} desc`)
    .limit(limit);
}
