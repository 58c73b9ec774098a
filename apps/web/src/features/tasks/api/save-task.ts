// Adding, changing and deleting a task or note. Each answer goes into the record's list at once; then what the
// change events of its record and of My Tasks refresh is read again (summaries, cards, reminders).
import type { QueryClient } from '@tanstack/react-query';
import {
  MY_TASKS_EVENT,
  type TaskPatch,
  type TaskPriority,
  type TaskRecord,
  type TaskStatus,
  type TaskType,
} from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
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

/** A task's write changes its record's tasks and someone's My Tasks, as the server's events say. */
const writtenBy = (type: TaskOwner['type']) => [type, MY_TASKS_EVENT] as const;

function showSaved(queryClient: QueryClient, saved: TaskRecord) {
  queryClient.setQueryData(taskKeys.one(saved.id), saved);
  queryClient.setQueryData<TaskRecord[]>(taskKeys.ofRecord(ownerOf(saved)), (list) =>
    list ? [saved, ...list.filter((t) => t.id !== saved.id)].sort(newestFirst) : list,
  );
}

const newestFirst = (a: TaskRecord, b: TaskRecord) => b.createdAt.localeCompare(a.createdAt);

export function useAddTask(owner: TaskOwner) {
  return useWrite(
    writtenBy(owner.type),
    ({ startDate, dueDate, ...fields }: TaskBody) => {
      // A new entry leaves an empty date out, as the server's document has it (it reads null the same way).
      const body = { ...fields, startDate: startDate ?? undefined, dueDate: dueDate ?? undefined };
      const options = { params: { path: { id: owner.id } }, body };
      return owner.type === 'lead'
        ? answer(server.POST('/api/leads/{id}/tasks', options))
        : answer(server.POST('/api/clients/{id}/tasks', options));
    },
    { show: showSaved },
  );
}

export type UpdateTaskVariables = { id: string; body: TaskPatch };

/** PATCH /api/tasks/:id: the fields sent change (409 when someone saved since the version read). */
export function useUpdateTask() {
  return useWrite(
    (_variables: UpdateTaskVariables, saved) => (saved ? writtenBy(saved.entityType) : MY_TASKS_EVENT),
    ({ id, body }: UpdateTaskVariables) => answer(server.PATCH('/api/tasks/{id}', { params: { path: { id } }, body })),
    { show: showSaved },
  );
}

export function useDeleteTask() {
  return useWrite(
    (task: TaskRecord) => writtenBy(task.entityType),
    (task: TaskRecord) => answer(server.DELETE('/api/tasks/{id}', { params: { path: { id: task.id } } })),
    {
      show: (queryClient, _answer, task) => {
        queryClient.setQueryData<TaskRecord[]>(taskKeys.ofRecord(ownerOf(task)), (list) =>
          list?.filter((t) => t.id !== task.id),
        );
        queryClient.removeQueries({ queryKey: taskKeys.one(task.id) });
      },
    },
  );
}
