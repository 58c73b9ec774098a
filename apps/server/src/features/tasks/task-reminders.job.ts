// The daily task reminder (issue 12 item 7): at 07:00 in the firm's time zone, one mail per assignee
// listing the open tasks due that day and those overdue, with a link to My Tasks.
import { z } from 'zod';
import { type DateFormat, formatCalendarDate } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import { appUrlOf } from '../../config.ts';
import { notify, readPreferences } from '../notifications/notifications.service.ts';
import { readDisplaySetting } from '../../platform/settings/settings.repository.ts';
import { sanitizeError } from '../../plugins/logging.ts';
import type { MailMessage } from '../../plugins/mail.ts';
import { queueMail } from '../../platform/mail/mail-queue.ts';
import type { TimeOfDay } from '../../jobs/daily-schedule.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { owedRunOf } from '../../jobs/job-runs.ts';
import { myTasksLink, oneLine } from '../../platform/mail/mail-text.ts';
import { claimDigest, type DigestRecipient, type DigestTask, openTasksForDigest } from './task-reminders.repository.ts';

export const TASK_REMINDERS_JOB = 'task-reminders-daily';
export const TASK_REMINDER_TIME: TimeOfDay = { hour: 7, minute: 0 };

/** A task's place in a digest of `firmDate`: due that day, or overdue (its due date has passed). */
export const digestGroupOf = (dueDate: string, firmDate: string): 'overdue' | 'dueToday' | null =>
  dueDate < firmDate ? 'overdue' : dueDate === firmDate ? 'dueToday' : null;

export function digestMessage(
  recipient: DigestRecipient,
  firmDate: string,
  dateFormat: DateFormat,
  appUrl: string,
): MailMessage {
  const overdue = recipient.tasks.filter((t) => digestGroupOf(t.dueDate, firmDate) === 'overdue');
  const dueToday = recipient.tasks.filter((t) => digestGroupOf(t.dueDate, firmDate) === 'dueToday');
  const date = (iso: string) => formatCalendarDate(iso, dateFormat);
  const line = (task: DigestTask) => {
    const record = task.entityName ? ` (${task.entityType} ${oneLine(task.entityName, 80)})` : '';
    const priority = task.priority === 'high' ? ' [high priority]' : '';
    return `- ${oneLine(task.taskName) || 'Untitled task'}${record}, due ${date(task.dueDate)}${priority}`;
  };
  const section = (title: string, tasks: DigestTask[]) =>
    tasks.length === 0 ? [] : [`${title} (${tasks.length})`, ...tasks.map(line), ''];
  const counts = [
    overdue.length > 0 ? `${overdue.length} overdue` : null,
    dueToday.length > 0 ? `${dueToday.length} due today` : null,
  ].filter(Boolean);
  return {
    to: recipient.email,
    subject: `Your tasks for ${date(firmDate)}: ${counts.join(', ')}`,
    text: [
      `Hello ${oneLine(recipient.firstName, 80)},`,
      '',
      `These are your open tasks in Visa CRM on ${date(firmDate)}.`,
      '',
      ...section('Overdue', overdue),
      ...section('Due today', dueToday),
      `Open My Tasks: ${myTasksLink(appUrl)}`,
      '',
    ].join('\n'),
  };
}

/**
 * Queues one digest unless one for this person and day exists: the row and the queued mail share a
 * transaction (the Mail log sends and retries it, issue 27), and a concurrent run on another process waits
 * on the key, then finds it taken. Resolves to whether this call queued it.
 */
export async function sendDigestOnce(
  db: Database,
  digest: { userId: string; firmDate: string; taskCount: number },
  message: MailMessage,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimDigest(tx, digest))) return false;
    // The user's switches (issue 15 item 3): the alert in the app, the mail, both or neither.
    await notify(tx, { actorId: null }, [digest.userId], {
      kind: 'taskReminders',
      title: message.subject,
      body: `${digest.taskCount} open task${digest.taskCount === 1 ? '' : 's'} due today or overdue`,
      link: '/my-tasks',
    });
    if ((await readPreferences(tx, digest.userId)).email.taskReminders)
      await queueMail(tx, {
        kind: 'task_digest',
        to: message.to,
        subject: message.subject,
        text: message.text,
        about: { type: 'user', id: digest.userId },
        actorId: null,
      });
    return true;
  });
}

export const taskRemindersJob = defineJob({
  name: TASK_REMINDERS_JOB,
  label: 'Daily task reminder mails',
  payload: z.object({}),
  daily: TASK_REMINDER_TIME,
  // The run only queues the digests (the mail-delivery job sends them); a run that fails — the database away —
  // is retried after 1, 2, 4 … minutes (at most an hour) over about a day and a half.
  queue: { retryLimit: 12, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 30 * 60 },
  run: async (_data, ctx) => {
    const { timeZone, dateFormat } = await readDisplaySetting(ctx.db);
    const firmDate = await owedRunOf(ctx.db, {
      name: TASK_REMINDERS_JOB,
      at: TASK_REMINDER_TIME,
      timeZone,
      now: ctx.now,
    });
    if (!firmDate) return { outcome: 'skipped', summary: 'Nothing owed: not yet 07:00, or already queued today' };

    const recipients = await openTasksForDigest(ctx.db, firmDate);
    const appUrl = appUrlOf(ctx.config);
    let sent = 0;
    const failures: string[] = [];
    for (const recipient of recipients) {
      const message = digestMessage(recipient, firmDate, dateFormat, appUrl);
      const digest = { userId: recipient.userId, firmDate, taskCount: recipient.tasks.length };
      try {
        if (await sendDigestOnce(ctx.db, digest, message)) sent++;
      } catch (error) {
        // The others still go out; the run then fails so pg-boss retries the ones that did not. A mail
        // server's message may quote the address, so the log gets the error's kind only (SECURITY.md).
        const { type, code } = sanitizeError(error);
        ctx.log.error({ userId: recipient.userId, errorType: type, code }, 'Task reminder not sent');
        failures.push(sanitizeError(error).message);
      }
    }
    if (failures.length > 0) {
      throw new Error(`${failures.length} of ${recipients.length} reminders for ${firmDate} not sent: ${failures[0]}`);
    }
    const already = recipients.length - sent;
    return {
      outcome: 'succeeded',
      runFor: firmDate,
      summary:
        `${sent} reminder${sent === 1 ? '' : 's'} queued for ${firmDate}` +
        (already > 0 ? `, ${already} already queued` : ''),
    };
  },
});
