// Sends the mails of notifications after their transaction commits. Every server process wakes on the
// 'notification' change event and claims pending rows with SKIP LOCKED, so each mail leaves once however
// many processes run; one that fails is marked failed (and logged), never retried in a loop.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { sanitizeError } from '../../plugins/logging.ts';
import type { Mailer } from '../../plugins/mail.ts';

const BATCH = 50;

/**
 * Sends every pending notification mail; resolves to the number sent. Rows are claimed ('sending') in a
 * short transaction and sent outside it: a slow mail server never holds a transaction (on the embedded
 * database, the only connection) open.
 */
export async function sendPendingNotificationMails(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  appUrl: string,
) {
  let sent = 0;
  for (;;) {
    const pending = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.mailStatus, 'pending'))
      .orderBy(notifications.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(notifications)
      .set({ mailStatus: 'sending' })
      .where(inArray(notifications.id, pending))
      .returning({
        id: notifications.id,
        userId: notifications.userId,
        subject: notifications.mailSubject,
        text: notifications.mailText,
        link: notifications.link,
      });
    if (claimed.length === 0) return sent;
    const recipients = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, [...new Set(claimed.map((row) => row.userId))]));
    const emailOf = new Map(recipients.map((r) => [r.id, r.email]));
    for (const row of claimed) {
      let status = 'sent';
      try {
        await mailer.send({
          to: emailOf.get(row.userId) ?? '',
          subject: row.subject ?? '',
          text: mailBody(row, appUrl),
        });
        sent += 1;
      } catch (error) {
        status = 'failed';
        log.warn({ err: sanitizeError(error), notificationId: row.id }, 'notification mail failed');
      }
      await db.update(notifications).set({ mailStatus: status }).where(eq(notifications.id, row.id));
    }
  }
}

/** The stored text, a link into the app and where to change which mails arrive. */
function mailBody(row: { text: string | null; link: string | null }, appUrl: string): string {
  const base = appUrl.replace(/\/$/, '');
  return [
    row.text ?? '',
    '',
    ...(row.link ? [`Open in Visa CRM: ${base}${row.link}`, ''] : []),
    `You can choose which mails you receive in My Profile → Notifications: ${base}/profile`,
    '',
  ].join('\n');
}

/** Runs the sender when woken, one run at a time per process, running again if woken meanwhile. */
export type NotificationMailSender = ReturnType<typeof createNotificationMailSender>;

export function createNotificationMailSender(db: Database, mailer: Mailer, log: FastifyBaseLogger, appUrl: string) {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const run = async () => {
    do {
      again = false;
      await sendPendingNotificationMails(db, mailer, log, appUrl).catch((error: unknown) =>
        log.warn({ err: sanitizeError(error) }, 'notification mails not sent'),
      );
    } while (again && !closed);
  };
  return {
    wake: () => {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => {
        running = null;
      });
    },
    /** Sends every pending mail now (after the current run): what a test reads the outbox after. */
    flush: async () => {
      await running;
      await sendPendingNotificationMails(db, mailer, log, appUrl);
    },
    /** Stops waking and resolves when the current run (if any) ends: the app's close waits for it. */
    close: async () => {
      closed = true;
      await running;
    },
  };
}
