// GET /api/leads/:id/tasks and /api/clients/:id/tasks: the record's tasks and notes, newest first (≤ 50).
import { useQuery } from '@tanstack/react-query';
import type { TaskRecord } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { recordTasksPath, type TaskOwner, taskKeys } from './task-keys.ts';

/** Spec 2 §9: task notes are cached 2 minutes; change events refresh them sooner. */
const TASKS_STALE_MS = 2 * 60_000;

/** `enabled`: false while there is no record to read yet (the timesheet's task picker). */
export const useRecordTasks = (owner: TaskOwner, enabled = true) =>
  useQuery({
    queryKey: taskKeys.ofRecord(owner),
    queryFn: ({ signal }) => api.get<TaskRecord[]>(recordTasksPath(owner), { signal }),
    staleTime: TASKS_STALE_MS,
    enabled,
  });
