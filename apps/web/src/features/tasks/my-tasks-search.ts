// The typed search params of /my-tasks: a URL reproduces the view (search, status, priority, where the list
// is). Unknown or broken values are dropped: the defaults (Active Only, every priority).
import { z } from 'zod';
import { MY_TASK_STATUS_FILTERS, TASK_PRIORITIES, TASK_PRIORITY_LABELS } from '@crm/domain';
import { navigationSearchFields, pageSizeSearchField } from '../../lib/list-navigation.ts';

export const myTasksSearchSchema = z.object({
  search: z.string().max(200).optional().catch(undefined),
  status: z.enum(MY_TASK_STATUS_FILTERS).optional().catch(undefined),
  priority: z.enum(TASK_PRIORITIES).optional().catch(undefined),
  ...navigationSearchFields,
  pageSize: pageSizeSearchField,
});
export type MyTasksSearch = z.infer<typeof myTasksSearchSchema>;

/** Spec 2: All Status, Active Only (the default), Pending, In Progress, Completed. */
export const STATUS_OPTIONS = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active Only' },
  { value: 'pending', label: 'Pending' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

/** Spec 2: All, High, Medium, Low. */
export const PRIORITY_OPTIONS = [
  { value: '*', label: 'All' },
  ...[...TASK_PRIORITIES].reverse().map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] })),
];
