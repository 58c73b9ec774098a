// Where tasks and notes live in the query cache. A record's entries sit under the
// record's own key ([type, 'tasks', id]), so the record's change event (every task write publishes one)
// refreshes them; My Tasks, its cards and the reminders sit under 'my_tasks', the event each assignee gets
// when a task of theirs is added, changed, moved or removed (MY_TASKS_EVENT).
import { MY_TASKS_EVENT, type TaskEntityType } from '@crm/domain';

/** The lead or client an entry belongs to. */
export type TaskOwner = { type: TaskEntityType; id: string };

export const taskKeys = {
  ofRecord: (owner: TaskOwner) => [owner.type, 'tasks', owner.id] as const,
  one: (taskId: string) => ['task', taskId] as const,
  mine: [MY_TASKS_EVENT] as const,
  myCounts: [MY_TASKS_EVENT, 'counts'] as const,
  reminders: [MY_TASKS_EVENT, 'reminders'] as const,
};
