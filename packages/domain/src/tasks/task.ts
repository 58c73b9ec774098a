// Tasks and notes on a lead or a client (spec 2 "Task/note", "Task summary", "Due-task item", §4 task states
// and reminder groups, §5 the task/note form, §9 task types and limits): the types, states and messages, the
// rule that makes an input a note, the form / API schema, the summary and the reminder grouping, all on the
// firm's date (settings' firmToday), so the server and the browser group a task the same way.
import { z } from 'zod';
import { daysBetween } from '../calendar/calendar.ts';
import { BADGE_COLOURS, type BadgeLook, filledBadge } from '../records/badge-look.ts';
import { optionalDate } from '../records/fields.ts';
import { patchSchemaOf } from '../records/patch.ts';

/** Spec 2 §9, in the form's order; 'Notes' makes the entry a note. */
export const TASK_TYPES = [
  'Document Collection',
  'Application Preparation',
  'Visa Application Submission',
  'Interview Scheduling',
  'Medical Examination',
  'Police Clearance',
  'Skills Assessment',
  'English Test Preparation',
  'Partner Visa Documentation',
  'Student Visa Requirements',
  'Work Visa Processing',
  'Citizenship Application',
  'Appeal Preparation',
  'Client Communication',
  'File Review',
  'Notes',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const NOTE_TYPE: TaskType = 'Notes';

/** What an entry is: a task (with a name, dates, status, priority, assignee) or a note (content only). */
export const TASK_KINDS = ['task', 'note'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** Spec 2 §4: stored states; the edit dialog and the filters offer the first three. */
export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const DEFAULT_TASK_STATUS: TaskStatus = 'pending';
export const EDITABLE_TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
/** Open work: counts as pending in the summary and shows in reminders. */
export const OPEN_TASK_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress'];

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'medium';

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export const TASK_STATUS_LOOKS: Record<TaskStatus, BadgeLook> = {
  pending: filledBadge(BADGE_COLOURS.amber),
  in_progress: filledBadge(BADGE_COLOURS.blue),
  completed: filledBadge(BADGE_COLOURS.green),
  cancelled: filledBadge(BADGE_COLOURS.grey),
};
export const TASK_PRIORITY_LOOKS: Record<TaskPriority, BadgeLook> = {
  high: filledBadge(BADGE_COLOURS.red),
  medium: filledBadge(BADGE_COLOURS.orange),
  low: { variant: 'default' },
};

/**
 * The change event's resource for the tasks assigned to a user, its id the user's: their My Tasks and
 * reminders refresh on it (a task's write also announces its record, as a service's does).
 */
export const MY_TASKS_EVENT = 'my_tasks';

/**
 * Spec 2 §5: the only elements task content keeps — paragraphs, line breaks, bold, italic, underline, lists,
 * headings, div and span — cleaned to by the server on every write and by the browser before showing it.
 */
export const TASK_CONTENT_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'div',
  'span',
] as const;

/** Spec 2 §9. */
export const TASKS_PER_RECORD = 50;
export const TASK_CONTENT_MAX = 50_000;
export const REMINDER_UPCOMING_DAYS = 3;
export const NOTE_EXCERPT_LENGTH = 120;

export const TASK_MESSAGES = {
  contentRequiredTitle: 'Content Required',
  contentRequired: 'Please add some content to your note or task.',
  nameRequiredTitle: 'Task Name Required',
  nameRequired: 'Please enter a task name.',
  editContentRequired: 'Please add content to the task',
  editNameRequired: 'Please enter a task name',
  created: 'Task/Note created successfully',
  updated: 'Task/Note updated successfully',
  deleted: 'Task/Note deleted successfully',
  taskUpdated: 'Task updated successfully',
  taskUpdateFailed: (message: string) => `Failed to update task: ${message}`,
  empty: 'No tasks or notes yet. Add your first one!',
  /** A converted lead's tab: conversion moved every task and note to the client (the record lifecycle). */
  movedToClient: "This lead's tasks and notes moved to its client when it was converted.",
  saveFirst: 'Save the lead first to add tasks and notes.',
  saveClientFirst: 'Save the client first to add tasks and notes.',
  notFound: 'Task or note not found',
  assigneeInactive: 'Tasks can only be assigned to active users',
  summaryFailed: 'Unable to load task and note information',
  summaryEmpty: 'No tasks and notes available',
  noMatches: 'No tasks match your filters',
  noneFound: 'No tasks found',
  noneAssigned: "You don't have any tasks assigned yet",
  deleteConfirm: 'Are you sure you want to delete this task or note? This action cannot be undone.',
  // Spec 1 §6.2: deleting needs the delete action, which only the administrator roles have (decision 0027).
  deleteRefused: 'Only administrators can delete tasks and notes',
} as const;

/** Markup removed and whitespace folded: what a reader sees of rich text (spec 2 §5 'contains text'). */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The hover card's last note: plain text, at most 120 characters ('…' when cut). */
export function noteExcerpt(html: string, length = NOTE_EXCERPT_LENGTH): string {
  const text = plainTextOf(html);
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** Spec 2 §4: the 'Notes' type, or no task name, makes a note. */
export function kindOf(input: { taskType?: string | null; taskName?: string | null }): TaskKind {
  return input.taskType === NOTE_TYPE || !input.taskName?.trim() ? 'note' : 'task';
}

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max).nullable().optional(),
  );

/** The fields a form or an API body sets. Content is HTML, cleaned by the server on every write. */
export const taskFieldsSchema = z.object({
  taskType: z.enum(TASK_TYPES).default(NOTE_TYPE),
  taskName: optionalText(200),
  // Longer content is cut to the limit by the server (spec 2 §5), not refused.
  content: z
    .string({ error: TASK_MESSAGES.contentRequired })
    .max(TASK_CONTENT_MAX * 4)
    .refine((html) => plainTextOf(html) !== '', TASK_MESSAGES.contentRequired),
  status: z.enum(TASK_STATUSES).default(DEFAULT_TASK_STATUS),
  priority: z.enum(TASK_PRIORITIES).default(DEFAULT_TASK_PRIORITY),
  startDate: optionalDate(),
  dueDate: optionalDate(),
  assignedTo: z.uuid().nullable().optional(),
});

/** A valid task, shown in the API document (and the bad-input test's starting point). */
export const TASK_EXAMPLE = {
  taskType: 'Document Collection',
  taskName: 'Collect passport copies',
  content: '<p>Ask for <strong>certified</strong> copies of every passport page.</p>',
  status: 'pending',
  priority: 'high',
  startDate: '2027-01-10',
  dueDate: '2027-01-20',
};

type TaskFields = z.output<typeof taskFieldsSchema>;

/** Spec 2 §4: what is stored of the fields, a note keeping none of a task's. */
function asEntry(value: TaskFields) {
  const kind = kindOf(value);
  return kind === 'note'
    ? {
        ...value,
        kind,
        taskName: null,
        status: null,
        priority: null,
        startDate: null,
        dueDate: null,
        assignedTo: null,
      }
    : { ...value, kind };
}

/** POST /api/leads/{id}/tasks, /api/clients/{id}/tasks. A note keeps no task fields (spec 2 §4). */
export const taskInputSchema = taskFieldsSchema.transform(asEntry).meta({ example: TASK_EXAMPLE });
export type TaskInput = z.output<typeof taskInputSchema>;

/**
 * The Tasks & Notes panel's form: every type but 'Notes' asks for a task name ('Task Name Required'), where
 * the API, given no name, saves a note. The toast's titles are TASK_MESSAGES' *Title.
 */
export const taskFormSchema = taskFieldsSchema.superRefine((value, ctx) => {
  if (value.taskType !== NOTE_TYPE && !value.taskName?.trim())
    ctx.addIssue({ code: 'custom', path: ['taskName'], message: TASK_MESSAGES.nameRequired });
});

/**
 * My Tasks' Edit Task dialog (spec 2 "Edit Task dialog"): the fields it shows, each task named and with
 * content, in the dialog's own words. It keeps the task's type, so it sends no taskType.
 */
export const taskEditFormSchema = taskFieldsSchema.omit({ taskType: true }).extend({
  taskName: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: TASK_MESSAGES.editNameRequired }).min(1, TASK_MESSAGES.editNameRequired).max(200),
  ),
  content: z
    .string({ error: TASK_MESSAGES.editContentRequired })
    .max(TASK_CONTENT_MAX * 4)
    .refine((html) => plainTextOf(html) !== '', TASK_MESSAGES.editContentRequired),
});
export type TaskEditForm = z.input<typeof taskEditFormSchema>;

/**
 * PATCH /api/tasks/{id}: the fields sent change, the others stay (null clears one), with the version read;
 * the server merges them over the stored entry and checks the result with taskInputSchema (the note rule
 * included). The panel's form may send every field; the Edit Task dialog sends its own.
 */
export const taskPatchSchema = patchSchemaOf(taskFieldsSchema).meta({
  example: { status: 'completed', version: 1 },
});
export type TaskPatch = z.output<typeof taskPatchSchema>;

/** The form fields of taskFieldsSchema, in order (what a PATCH may set). */
export const TASK_FIELD_NAMES = Object.keys(taskFieldsSchema.shape) as (keyof TaskFields)[];

export const TASK_ENTITY_TYPES = ['lead', 'client'] as const;
export type TaskEntityType = (typeof TASK_ENTITY_TYPES)[number];

/** The API's task or note. */
export const taskRecordSchema = z.object({
  id: z.string(),
  entityType: z.enum(TASK_ENTITY_TYPES),
  entityId: z.string(),
  kind: z.enum(TASK_KINDS),
  taskType: z.enum(TASK_TYPES),
  taskName: z.string().nullable(),
  content: z.string(),
  status: z.enum(TASK_STATUSES).nullable(),
  priority: z.enum(TASK_PRIORITIES).nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  assignedTo: z.string().nullable(),
  assignedToName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  /** Derived on the firm's date: open, with a due date before today. */
  overdue: z.boolean(),
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;

/** GET /api/leads/{id}/task-summary, /api/clients/{id}/task-summary. */
export const taskSummarySchema = z.object({
  totalTasks: z.number().int(),
  pendingTasks: z.number().int(),
  totalNotes: z.number().int(),
  lastNoteContent: z.string().nullable(),
  lastNoteDate: z.string().nullable(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** Spec 2 §4: open and due before the firm's today. */
export const isOverdue = (task: { status: TaskStatus | null; dueDate: string | null }, today: string): boolean =>
  task.status !== null && OPEN_TASK_STATUSES.includes(task.status) && task.dueDate !== null && task.dueDate < today;

export const REMINDER_GROUPS = ['overdue', 'dueToday', 'upcoming'] as const;
export type ReminderGroup = (typeof REMINDER_GROUPS)[number];

/**
 * Spec 2 §4 reminder groups on the firm's date: overdue (due before today), due today, upcoming (due in the
 * next 3 days); null when the task is not due within the window or is not open.
 */
export function reminderGroupOf(
  task: { status: TaskStatus | null; dueDate: string | null },
  today: string,
): ReminderGroup | null {
  if (task.status === null || !OPEN_TASK_STATUSES.includes(task.status) || task.dueDate === null) return null;
  const days = daysBetween(today, task.dueDate);
  if (days < 0) return 'overdue';
  if (days === 0) return 'dueToday';
  return days <= REMINDER_UPCOMING_DAYS ? 'upcoming' : null;
}

/** Spec 2 "Due-task item". */
export const dueTaskSchema = z.object({
  id: z.string(),
  taskName: z.string(),
  entityId: z.string(),
  entityType: z.enum(TASK_ENTITY_TYPES),
  entityName: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  dueDate: z.string(),
  daysOverdue: z.number().int(),
});
export type DueTask = z.infer<typeof dueTaskSchema>;

/** The most tasks a reminder group lists; its count says how many there are in all. */
export const REMINDERS_PER_GROUP = 50;

/**
 * GET /api/tasks/reminders: the signed-in user's open tasks by group, on the firm's date: the most overdue
 * first, then by due date; each group at most REMINDERS_PER_GROUP long, `counts` the whole groups.
 */
export const taskRemindersSchema = z.object({
  today: z.string(),
  overdue: z.array(dueTaskSchema),
  dueToday: z.array(dueTaskSchema),
  upcoming: z.array(dueTaskSchema),
  counts: z.object({ overdue: z.number().int(), dueToday: z.number().int(), upcoming: z.number().int() }),
});
export type TaskReminders = z.infer<typeof taskRemindersSchema>;
