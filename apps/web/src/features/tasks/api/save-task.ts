// Adding, changing and deleting a task or note. Each answer goes into the caches that show it at once
// (the record's list, My Tasks); the change events then refresh the rest (summaries, cards, reminders).
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskPatch, TaskPriority, TaskRecord, TaskStatus, TaskType } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { type TaskOwner, taskKeys } from './task-keys.ts';

/** What a form sends (the domain's task fields, as the API takes them; emptied ones as null). */
export type TaskBody = {
  taskType?: TaskType;
  taskName?: string | null;
  content: string;
  status?: TaskStatus;
  priority?: TaskPriority;
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
    mutationFn: ({ startDate, dueDate, ...fields }: TaskBody) => {
      // A new entry leaves an empty date out, as the server's document has it (it reads null the same way).
      const body = { ...fields, startDate: startDate ?? undefined, dueDate: dueDate ?? undefined };
      const options = { params: { path: { id: owner.id } }, body };
      return owner.type === 'lead'
        ? answer(server.POST('/api/leads/{id}/tasks', options))
        : answer(server.POST('/api/clients/{id}/tasks', options));
    },
    onSuccess: (saved) => showSaved(queryClient, saved),
  });
}

export type UpdateTaskVariables = { id: string; body: TaskPatch };

/** PATCH /api/tasks/:id: the fields sent change (409 when someone saved since the version read). */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateTaskVariables) =>
      answer(server.PATCH('/api/tasks/{id}', { params: { path: { id } }, body })),
    onSuccess: (saved) => showSaved(queryClient, saved),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: TaskRecord) => answer(server.DELETE('/api/tasks/{id}', { params: { path: { id: task.id } } })),
    onSuccess: (_answer, task) => {
      const owner = ownerOf(task);
      queryClient.setQueryData<TaskRecord[]>(taskKeys.ofRecord(owner), (list) => list?.filter((t) => t.id !== task.id));
      queryClient.removeQueries({ queryKey: taskKeys.one(task.id) });
      refreshAround(queryClient, owner);
    },
  });
}
