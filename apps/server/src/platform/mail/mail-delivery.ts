// Delivers queued mails (issue 27). Any process may send any message: a row is claimed ('sending') by an
// atomic update, so a message leaves once however many processes run; sent outside any transaction, so a
// slow mail server never holds one open (on the embedded database, the only connection). A failed attempt
// is kept with a fixed outcome and the SMTP code, then retried with back-off by a job (pg-boss) due at the
// next try; a claim older than a send can take means its process died, and the message is tried again.
// With no mail server set, a message is kept in the log instead (status 'kept').
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type MailOutcome, mailRetryDelaySeconds } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { deliveryRuns } from '../../jobs/delivery-runs.ts';
import { sanitizeError } from '../../plugins/logging.ts';
import type { MailAttachment, SentInfo } from '../../plugins/mail.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { publishChange } from '../audit/record-change.ts';
import type { FirmMailer } from '../settings/firm-mailer.ts';
import { queueWebhook } from '../webhooks/webhook-queue.ts';
import { MAIL_EVENT, sentText } from './mail-queue.ts';

/** A send takes at most about 2 minutes (the transport's time-outs): a claim older than this is orphaned. */
const CLAIM_LAPSES_AFTER = '10 minutes';

type Row = typeof mailMessages.$inferSelect;

/** How an attempt failed, in the log's fixed words, and whether trying again could help. */
export function classifyMailError(error: unknown): {
  outcome: MailOutcome;
  smtpCode: number | null;
  permanent: boolean;
} {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const smtpCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (code === 'EAUTH' || smtpCode === 535 || smtpCode === 534 || smtpCode === 530)
    return { outcome: 'authentication_failed', smtpCode, permanent: false };
  if (code === 'ETLS' || /\b(tls|ssl|certificate)\b/i.test(message))
    return { outcome: 'tls_failed', smtpCode, permanent: false };
  if (code === 'ETIMEDOUT' || code === 'EGREETING' || /timed? ?out/i.test(message))
    return { outcome: 'timed_out', smtpCode, permanent: false };
  if (
    // The socket's own codes too: the provider's connection is opened by smtp-destination.ts, whose
    // EPRIVATEADDRESS is a host on a private network, not connected to (issue 28).
    [
      'ECONNECTION',
      'ESOCKET',
      'EDNS',
      'ECONNREFUSED',
      'ECONNRESET',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'EPRIVATEADDRESS',
    ].includes(code) ||
    /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|ECONNRESET/.test(message)
  )
    return { outcome: 'could_not_connect', smtpCode, permanent: false };
  // A 5xx answer is the server's final word on this message; a 4xx asks to try later.
  if (smtpCode !== null) return { outcome: 'rejected', smtpCode, permanent: smtpCode >= 500 };
  return { outcome: 'failed', smtpCode: null, permanent: false };
}

const replyCode = (info: SentInfo) => {
  const match = /^(\d{3})\b/.exec(info.response ?? '');
  return match ? Number(match[1]) : null;
};

export type MailDelivery = ReturnType<typeof createMailDelivery>;

export type MailDeliveryDeps = {
  db: Database;
  mailer: FirmMailer;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** APP_URL: a mail's link is sent in full. */
  appUrl: string;
  /** Queues the retry job due at `at` (the job runner, when it runs). */
  scheduleRetry: (at: Date) => Promise<void>;
};

export function createMailDelivery(deps: MailDeliveryDeps) {
  const { db, log } = deps;
  // Told to Administration and to whoever queued the mail (the event's actor): their toast follows it.
  const announce = (action: string, row: Pick<Row, 'id' | 'createdBy'>) =>
    publishChange(db, { actorId: row.createdBy, ipAddress: null, userAgent: null }, MAIL_EVENT, action, row.id);

  async function readAttachments(row: Row): Promise<MailAttachment[]> {
    const files: MailAttachment[] = [];
    for (const file of row.attachments) {
      const stored = await deps.storage.get(file.storageKey);
      if (!stored) throw new Error(`attachment ${file.filename} is missing`);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      files.push({ filename: file.filename, contentType: file.contentType, content: Buffer.concat(chunks) });
    }
    return files;
  }

  /** Claims the next due message, or null. */
  async function claim(): Promise<Row | null> {
    const due = db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(inArray(mailMessages.status, ['queued', 'retrying']), lte(mailMessages.nextAttemptAt, sql`now()`)))
      .orderBy(mailMessages.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(mailMessages)
      .set({ status: 'sending', claimedAt: sql`now()`, attempts: sql`${mailMessages.attempts} + 1` })
      .where(inArray(mailMessages.id, due))
      .returning();
    return row ?? null;
  }

  async function attempt(row: Row) {
    try {
      const info = await deps.mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: sentText(row, deps.appUrl),
        attachments: await readAttachments(row),
      });
      await db
        .update(mailMessages)
        .set({ status: 'sent', sentAt: sql`now()`, claimedAt: null, outcome: null, smtpCode: replyCode(info) })
        .where(eq(mailMessages.id, row.id));
      await announce('SENT', row);
    } catch (error) {
      const { outcome, smtpCode, permanent } = classifyMailError(error);
      const last = permanent || row.attempts >= row.maxAttempts;
      const nextAt = new Date(Date.now() + mailRetryDelaySeconds(row.attempts) * 1000);
      log.warn({ err: sanitizeError(error), mailId: row.id, outcome, attempt: row.attempts }, 'mail not sent');
      await db.transaction(async (tx) => {
        await tx
          .update(mailMessages)
          .set({
            status: last ? 'failed' : 'retrying',
            claimedAt: null,
            outcome,
            smtpCode,
            ...(last ? {} : { nextAttemptAt: nextAt }),
          })
          .where(eq(mailMessages.id, row.id));
        // A mail that failed for good is a system alert (decision 0034), queued with its status.
        if (last) {
          await queueWebhook(
            tx,
            'system.alert',
            { alert: 'mail_failed', mailId: row.id, mailKind: row.kind, outcome, attempts: row.attempts },
            null,
          );
        }
      });
      if (!last) await deps.scheduleRetry(nextAt);
      await announce(last ? 'FAILED' : 'RETRYING', row);
    }
  }

  /** Sends every message due now; resolves to how many it tried. */
  async function deliverDue(): Promise<number> {
    // A claim its process never finished (it died between claiming and sending): due again now.
    await db
      .update(mailMessages)
      .set({ status: 'retrying', claimedAt: null, nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(mailMessages.status, 'sending'),
          lte(mailMessages.claimedAt, sql`now() - ${CLAIM_LAPSES_AFTER}::interval`),
        ),
      );
    if (!(await deps.mailer.configured())) {
      const kept = await db
        .update(mailMessages)
        .set({ status: 'kept' })
        .where(and(inArray(mailMessages.status, ['queued', 'retrying']), lte(mailMessages.nextAttemptAt, sql`now()`)))
        .returning({ id: mailMessages.id, createdBy: mailMessages.createdBy });
      for (const row of kept) await announce('KEPT', row);
      return 0;
    }
    let tried = 0;
    for (let row = await claim(); row; row = await claim()) {
      await attempt(row);
      tried++;
    }
    return tried;
  }

  return { deliverDue, ...deliveryRuns(deliverDue, log, 'mails not delivered') };
}
