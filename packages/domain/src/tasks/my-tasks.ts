// My Tasks (spec 2 "My Tasks page"): the signed-in user's assigned tasks, filtered, searched and paged by the
// server, and the three cards.
import { z } from 'zod';
import { listQueryBase } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';
import { EDITABLE_TASK_STATUSES, TASK_PRIORITIES, taskRecordSchema } from './task.ts';

/** The status filter: 'active' (the default: pending and in progress), 'all', or one status. */
export const MY_TASK_STATUS_FILTERS = ['active', 'all', ...EDITABLE_TASK_STATUSES] as const;
export type MyTaskStatusFilter = (typeof MY_TASK_STATUS_FILTERS)[number];
export const DEFAULT_MY_TASK_STATUS: MyTaskStatusFilter = 'active';

export const MY_TASK_SORT_FIELDS = ['dueDate', 'createdAt', 'taskName'] as const;

export const myTasksQuerySchema = listQueryBase.extend({
  status: z.enum(MY_TASK_STATUS_FILTERS).default(DEFAULT_MY_TASK_STATUS),
  priority: z.enum(TASK_PRIORITIES).optional(),
});
export type MyTasksQuery = z.infer<typeof myTasksQuerySchema>;

/** A row of My Tasks: the task, its record's name and the record's manager (the table's Manager column). */
export const myTaskRowSchema = taskRecordSchema.extend({
  entityName: z.string(),
  managerName: z.string().nullable(),
});
export type MyTaskRow = z.infer<typeof myTaskRowSchema>;

export const myTasksPageSchema = pageSchemaOf(myTaskRowSchema);
export type MyTasksPage = z.infer<typeof myTasksPageSchema>;

/** GET /api/tasks/counts: the cards Pending Tasks (pending and in progress), Overdue, Completed. */
export const myTaskCountsSchema = z.object({
  pending: z.number().int(),
  overdue: z.number().int(),
  completed: z.number().int(),
});
export type MyTaskCounts = z.infer<typeof myTaskCountsSchema>;
