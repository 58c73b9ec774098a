// The alert to a user whom someone else has just given a task (issue 12 item 7; in the app and by mail as
// their switches say, issue 15 item 3), written after the answer (plugins/after-response.ts). Plain text only, like every mail the product sends (SECURITY.md): the task's
// name and record are made one tidy line, its rich content is not included.
import { formatCalendarDate } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import { oneLine } from '../../platform/mail/mail-text.ts';
import { notify } from '../notifications/notifications.service.ts';
import { readDisplaySetting } from '../../platform/settings/settings.repository.ts';
import type { TaskAssigned } from './tasks.service.ts';
import { parentOf } from '../record-kit/child-records.ts';
import { findTask, recordNames } from './tasks.repository.ts';
import { findUserMailee, findUserName } from '../users/users.repository.ts';

export async function notifyTaskAssigned(db: Database, assigned: TaskAssigned): Promise<void> {
  const found = await findTask(db, assigned.taskId);
  // Reassigned or deleted again before the mail went: nothing to say to this user any more.
  if (!found || found.row.assignedTo !== assigned.assigneeId) return;
  const assignee = await findUserMailee(db, assigned.assigneeId);
  if (!assignee || assignee.status !== 'active') return;
  const by = await findUserName(db, assigned.assignedBy);
  const { dateFormat } = await readDisplaySetting(db);
  const task = found.row;
  const owner = parentOf(task);
  const record = (await recordNames(db, [task])).get(owner.id)?.name ?? '';
  const name = oneLine(task.taskName) || 'Untitled task';
  const byName = by ? oneLine(`${by.firstName} ${by.lastName}`, 80) : 'A colleague';
  const title = `New task assigned to you: ${oneLine(task.taskName, 80) || 'Untitled task'}`;
  const due = task.dueDate ? `, due ${formatCalendarDate(task.dueDate, dateFormat)}` : '';
  // Through the user's switches (issue 15 item 3): in the app, by mail, both or neither.
  await db.transaction((tx) =>
    notify(tx, { actorId: assigned.assignedBy }, [assigned.assigneeId], {
      kind: 'taskAssigned',
      title,
      body: `${name}${record ? ` (${owner.type} ${oneLine(record, 80)})` : ''}${due}`,
      link: '/my-tasks',
      mail: {
        subject: title,
        text: [
          `Hello ${oneLine(assignee.firstName, 80)},`,
          '',
          `${byName} assigned you a task in Visa CRM:`,
          '',
          `- ${name}${record ? ` (${owner.type} ${oneLine(record, 80)})` : ''}`,
          `  Priority: ${task.priority ?? 'medium'}${due}`,
        ].join('\n'),
      },
    }),
  );
}
