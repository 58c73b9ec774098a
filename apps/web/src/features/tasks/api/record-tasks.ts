// GET /api/leads/:id/tasks and /api/clients/:id/tasks: the record's tasks and notes, newest first (≤ 50).
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { type TaskOwner, taskKeys } from './task-keys.ts';

/** Spec 2 §9: task notes are cached 2 minutes; change events refresh them sooner. */
const TASKS_STALE_MS = 2 * 60_000;

/** `enabled`: false while there is no record to read yet (the timesheet's task picker). */
export const useRecordTasks = (owner: TaskOwner, enabled = true) =>
  useQuery({
    queryKey: taskKeys.ofRecord(owner),
    queryFn: ({ signal }) => {
      const options = { params: { path: { id: owner.id } }, signal };
      return owner.type === 'lead'
        ? answer(server.GET('/api/leads/{id}/tasks', options))
        : answer(server.GET('/api/clients/{id}/tasks', options));
    },
    staleTime: TASKS_STALE_MS,
    enabled,
  });
