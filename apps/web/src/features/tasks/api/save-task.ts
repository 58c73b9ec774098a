// Adding, changing and deleting a task or note. Each answer goes into the caches that show it at once
// (the record's list, My Tasks); the change events then refresh the rest (summaries, cards, reminders).
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskRecord } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { recordTasksPath, type TaskOwner, taskKeys, taskPath } from './task-keys.ts';

/** What a form sends (the domain's task fields, as the API takes them). */
export type TaskBody = {
  taskType?: string;
  taskName?: string | null;
  content?: string;
  status?: string;
  priority?: string;
  startDate?: string | null;
  dueDate?: string | null;
  assignedTo?: string | null;
};

const ownerOf = (task: TaskRecord): TaskOwner => ({ type: task.entityType, id: task.entityId });

/** Every list that may show the entry is read again: its record's, the summaries, My Tasks and reminders. */
function refreshAround(queryClient: QueryClient, owner: TaskOwner) {
  void queryClient.invalidateQueries({ queryKey: taskKeys.ofRecord(owner), exact: true });
  void queryClient.invalidateQueries({ queryKey: ['record', 'task-summary', owner.type, owner.id] });
  void queryClient.invalidateQueries({ queryKey: taskKeys.mine });
}

function showSaved(queryClient: QueryClient, saved: TaskRecord) {
  const owner = ownerOf(saved);
  queryClient.setQueryData(taskKeys.one(saved.id), saved);
  queryClient.setQueryData<TaskRecord[]>(taskKeys.ofRecord(owner), (list) =>
    list ? [saved, ...list.filter((t) => t.id !== saved.id)].sort(newestFirst) : list,
  );
  refreshAround(queryClient, owner);
}

const newestFirst = (a: TaskRecord, b: TaskRecord) => b.createdAt.localeCompare(a.createdAt);

export function useAddTask(owner: TaskOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskBody) => api.post<TaskRecord>(recordTasksPath(owner), body),
    onSuccess: (saved) => showSaved(queryClient, saved),
  });
}

export type UpdateTaskVariables = { id: string; body: TaskBody & { version: number } };

/** PATCH /api/tasks/:id: the fields sent change (409 when someone saved since the version read). */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateTaskVariables) => api.patch<TaskRecord>(taskPath(id), body),
    onSuccess: (saved) => showSaved(queryClient, saved),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: TaskRecord) => api.delete<{ message: string }>(taskPath(task.id)),
    onSuccess: (_answer, task) => {
      const owner = ownerOf(task);
      queryClient.setQueryData<TaskRecord[]>(taskKeys.ofRecord(owner), (list) => list?.filter((t) => t.id !== task.id));
      queryClient.removeQueries({ queryKey: taskKeys.one(task.id) });
      refreshAround(queryClient, owner);
    },
  });
}
