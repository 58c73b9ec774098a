// The signed-in user's assigned tasks: My Tasks' pages (GET /api/tasks: filtered, searched and keyset-paged
// by the server), its three cards (GET /api/tasks/counts) and the reminders (GET /api/tasks/reminders,
// grouped on the firm's date). All under 'my_tasks': the event each assignee gets refreshes them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyTaskStatusFilter, TaskPriority } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';
import { taskKeys } from './task-keys.ts';

export type MyTasksParams = {
  search?: string;
  status?: MyTaskStatusFilter;
  priority?: TaskPriority;
  page?: number;
  after?: string;
  before?: string;
  last?: boolean;
  pageSize: number;
};

/** `enabled`: false where the list is not wanted yet (the timesheet's task picker once a record is picked). */
export const useMyTasks = (params: MyTasksParams, enabled = true) =>
  useQuery({
    queryKey: [...taskKeys.mine, 'list', params],
    queryFn: ({ signal }) => answer(server.GET('/api/tasks', { params: { query: listQuery(params) }, signal })),
    staleTime: 2 * 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });

/** Spec 2 §9: task counts stay fresh 30 s. */
export const useMyTaskCounts = () =>
  useQuery({
    queryKey: taskKeys.myCounts,
    queryFn: ({ signal }) => answer(server.GET('/api/tasks/counts', { signal })),
    staleTime: 30_000,
  });

/**
 * Spec 2 §9: due tasks fresh 2 minutes, read again every 5 minutes: besides the live events, that moves a
 * task from upcoming to due today to overdue as the firm's date turns.
 */
export const useTaskReminders = (enabled: boolean) =>
  useQuery({
    queryKey: taskKeys.reminders,
    queryFn: ({ signal }) => answer(server.GET('/api/tasks/reminders', { signal })),
    staleTime: 2 * 60_000,
    refetchInterval: 5 * 60_000,
    enabled,
  });

/** One task or note, read afresh while a dialog shows it (null: nothing to read). */
export const useTask = (taskId: string | null) =>
  useQuery({
    queryKey: taskKeys.one(taskId ?? ''),
    queryFn: ({ signal }) => answer(server.GET('/api/tasks/{id}', { params: { path: { id: taskId! } }, signal })),
    enabled: taskId !== null,
    staleTime: 0,
  });
