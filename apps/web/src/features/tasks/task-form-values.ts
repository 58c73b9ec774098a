// The task forms' values (text, as the inputs hold them), their mapping to and from the API, and the
// check the forms run before saving: the domain's schemas, so the messages are the spec's and the server's.
import {
  DEFAULT_TASK_PRIORITY,
  DEFAULT_TASK_STATUS,
  NOTE_TYPE,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  taskEditFormSchema,
  taskFormSchema,
  type TaskRecord,
} from '@crm/domain';
import type { TaskBody } from './api/save-task.ts';

export type TaskFormValues = {
  taskType: string;
  taskName: string;
  content: string;
  status: string;
  priority: string;
  startDate: string;
  dueDate: string;
  assignedTo: string;
};

/** The Tasks & Notes panel's form (every field, the type first) or My Tasks' Edit Task dialog (a task's). */
export type TaskFormVariant = 'entry' | 'task';

export const emptyTaskValues = (): TaskFormValues => ({
  taskType: 'Document Collection',
  taskName: '',
  content: '',
  status: DEFAULT_TASK_STATUS,
  priority: DEFAULT_TASK_PRIORITY,
  startDate: '',
  dueDate: '',
  assignedTo: '',
});

export const taskToFormValues = (task: TaskRecord): TaskFormValues => ({
  taskType: task.taskType,
  taskName: task.taskName ?? '',
  content: task.content,
  status: task.status ?? DEFAULT_TASK_STATUS,
  priority: task.priority ?? DEFAULT_TASK_PRIORITY,
  startDate: task.startDate ?? '',
  dueDate: task.dueDate ?? '',
  assignedTo: task.assignedTo ?? '',
});

export const isNoteType = (values: Pick<TaskFormValues, 'taskType'>) => values.taskType === NOTE_TYPE;

/** The body as the form holds it (the choices as text), which the domain's schema checks. */
type TextBody = Omit<TaskBody, 'taskType' | 'status' | 'priority'> & {
  taskType?: string;
  status?: string;
  priority?: string;
};

function formBody(values: TaskFormValues, variant: TaskFormVariant): TextBody {
  const content = values.content;
  if (variant === 'entry' && isNoteType(values)) return { taskType: NOTE_TYPE, content };
  return {
    ...(variant === 'entry' ? { taskType: values.taskType } : {}),
    taskName: values.taskName.trim() || null,
    content,
    status: values.status,
    priority: values.priority,
    startDate: values.startDate || null,
    dueDate: values.dueDate || null,
    assignedTo: values.assignedTo || null,
  };
}

/** The choice the text names, or undefined when it names none (a field taskFormErrors refuses). */
const choiceOf = <T extends string>(choices: readonly T[], text: string | undefined): T | undefined =>
  choices.find((choice) => choice === text);

/**
 * What the API is sent: every field the form shows, emptied ones as null (a PATCH clears them). A note
 * sends its type and content only: the server keeps no task fields on a note. The form is saved only once
 * taskFormErrors finds nothing, so every choice is one of the server's here.
 */
export function toTaskBody(values: TaskFormValues, variant: TaskFormVariant): TaskBody {
  const { taskType, status, priority, ...fields } = formBody(values, variant);
  return {
    ...fields,
    ...(taskType === undefined ? {} : { taskType: choiceOf(TASK_TYPES, taskType) }),
    ...(status === undefined ? {} : { status: choiceOf(TASK_STATUSES, status) }),
    ...(priority === undefined ? {} : { priority: choiceOf(TASK_PRIORITIES, priority) }),
  };
}

/** A field's first problem, by field name; empty when the values may be saved. */
export function taskFormErrors(values: TaskFormValues, variant: TaskFormVariant): Record<string, string> {
  const body = formBody(values, variant);
  const input = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v ?? undefined]));
  const result = (variant === 'entry' ? taskFormSchema : taskEditFormSchema).safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'content');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The toast of the panel's form: the spec's title and message for the first problem, in the form's order. */
export function taskFormToast(errors: Record<string, string>): { title: string; message: string } | null {
  if (errors.taskName === TASK_MESSAGES.nameRequired)
    return { title: TASK_MESSAGES.nameRequiredTitle, message: TASK_MESSAGES.nameRequired };
  if (errors.content === TASK_MESSAGES.contentRequired)
    return { title: TASK_MESSAGES.contentRequiredTitle, message: TASK_MESSAGES.contentRequired };
  const first = Object.values(errors)[0];
  return first ? { title: 'Please check the form', message: first } : null;
}
