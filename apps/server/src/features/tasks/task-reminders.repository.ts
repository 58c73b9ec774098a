// The SQL of the daily reminder: each active assignee's open tasks due on or before the firm date, and the
// row that claims one person's digest of a day.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { OPEN_TASK_STATUSES } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { taskNotes, users } from '../../db/schema/index.ts';
import { taskReminderDigests } from '../../db/schema/jobs.ts';
import { parentOf } from '../record-kit/child-records.ts';
import { recordNames } from './tasks.repository.ts';

export type DigestTask = {
  id: string;
  taskName: string | null;
  dueDate: string;
  priority: string | null;
  entityType: string;
  entityName: string | null;
};

export type DigestRecipient = {
  userId: string;
  email: string;
  firstName: string;
  tasks: DigestTask[];
};

/**
 * Recipients in a stable order (by user id), each with its open tasks due on or before `firmDate`, oldest
 * due first: active users, tasks on live records (the same set the reminders panel counts).
 */
export async function openTasksForDigest(db: Executor, firmDate: string): Promise<DigestRecipient[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      task: taskNotes,
    })
    .from(taskNotes)
    .innerJoin(users, eq(users.id, taskNotes.assignedTo))
    .where(
      and(
        eq(users.status, 'active'),
        sql`${taskNotes.kind} = 'task' and ${taskNotes.recordLive}`,
        inArray(taskNotes.status, [...OPEN_TASK_STATUSES]),
        lte(taskNotes.dueDate, firmDate),
      ),
    )
    .orderBy(users.id, taskNotes.dueDate, taskNotes.id);
  const names = await recordNames(
    db,
    rows.map((r) => r.task),
  );
  const recipients = new Map<string, DigestRecipient>();
  for (const { userId, email, firstName, task } of rows) {
    let recipient = recipients.get(userId);
    if (!recipient) {
      recipient = { userId, email, firstName, tasks: [] };
      recipients.set(userId, recipient);
    }
    const owner = parentOf(task);
    recipient.tasks.push({
      id: task.id,
      taskName: task.taskName,
      dueDate: task.dueDate!,
      priority: task.priority,
      entityType: owner.type,
      entityName: names.get(owner.id)?.name ?? null,
    });
  }
  return [...recipients.values()];
}

/** Claims the digest of this person and day; false when one exists (also when a concurrent run holds it). */
export async function claimDigest(
  db: Executor,
  digest: { userId: string; firmDate: string; taskCount: number },
): Promise<boolean> {
  const claimed = await db
    .insert(taskReminderDigests)
    .values(digest)
    .onConflictDoNothing()
    .returning({ userId: taskReminderDigests.userId });
  return claimed.length > 0;
}
