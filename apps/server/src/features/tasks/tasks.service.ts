// Tasks and notes (spec 2 §4, §5, §7; issue 12): a record's entries are read with its view permission and
// written with its edit permission; a task's assignee may also read and edit it (and sees its record:
// db/list-query.ts visibleTo). An entry is deleted only by a role that may delete in its record's module
// (spec 1 §6.2, decision 0027), never for being its author or assignee. Each write is one transaction with
// its audit row and a change event on the record.
import {
  addDays,
  CLIENT_MESSAGES,
  CONVERTED_STATUS,
  LEAD_MESSAGES,
  REVERTED_STATUS,
  type DueTask,
  type MyTaskCounts,
  type MyTasksPage,
  type MyTasksQuery,
  REMINDERS_PER_GROUP,
  REMINDER_UPCOMING_DAYS,
  mayDeleteTaskOrNote,
  TASK_MESSAGES,
  type TaskEntityType,
  type TaskInput,
  type TaskPatch,
  type TaskPriority,
  type TaskRecord,
  type TaskReminders,
  type TaskSummary,
  daysBetween,
  mergePatch,
  MY_TASKS_EVENT,
  TASK_FIELD_NAMES,
  taskInputSchema,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { type Actor, requireActorCan } from '../../plugins/actor.ts';
import { AppError, conflict, fieldErrorsFromZod, notFound, validationError } from '../../plugins/errors.ts';
import { publishChange } from '../../platform/audit/record-change.ts';
import { findClient } from '../clients/clients.repository.ts';
import { findLead } from '../leads/leads.repository.ts';
import { parentOf, recordChildChange } from '../record-kit/child-records.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import { cleanTaskContent } from './task-content.ts';
import {
  deleteTaskRow,
  dueTaskCounts,
  dueTasksOf,
  findTask,
  insertTask,
  myTaskCounts,
  myTasksPage,
  recordNames,
  summaryOf,
  type TaskColumns,
  type TaskOwner,
  type TaskRow,
  tasksOf,
  toTaskRecord,
  updateTaskVersioned,
} from './tasks.repository.ts';
import { findUserStatus } from '../users/users.repository.ts';

const taskNotFound = () => new AppError('NOT_FOUND', TASK_MESSAGES.notFound);

export const ownerFromRoute = (type: TaskEntityType, id: string): TaskOwner => ({ type, id });

/**
 * The record, when the actor may see it (404 otherwise, as for the record itself) and, for a write, may edit
 * it: the record's edit permission, and not a read-only record (a converted lead or a Reverted client, whose
 * tasks have moved to the record it became), as for services.
 */
async function ownerFor(tx: Executor, actor: Actor, owner: TaskOwner, access: 'view' | 'edit'): Promise<void> {
  requireActorCan(actor, `${owner.type === 'lead' ? 'leads' : 'clients'}:${access}`);
  if (owner.type === 'lead') {
    const lead = await findLead(tx, actor.viewer, owner.id);
    if (!lead) throw notFound('Lead');
    if (access === 'edit' && lead.leadStatus === CONVERTED_STATUS)
      throw new AppError('CONFLICT', LEAD_MESSAGES.readOnlyConverted);
  } else {
    const client = await findClient(tx, actor.viewer, owner.id);
    if (!client) throw notFound('Client');
    if (access === 'edit' && client.status === REVERTED_STATUS)
      throw new AppError('CONFLICT', CLIENT_MESSAGES.readOnlyReverted);
  }
}

/**
 * An entry the actor may see (or edit): through its record's permission and visibility, or as the task's
 * assignee (My Tasks edits what it lists). 404 otherwise, so an entry of a hidden record stays unknown.
 */
async function taskFor(tx: Executor, actor: Actor, id: string, access: 'view' | 'edit') {
  const found = await findTask(tx, id);
  if (!found) throw taskNotFound();
  // The assignee's way in holds while the record is live: a deleted or archived record's tasks leave My
  // Tasks, and whoever still sees the record reaches them through it.
  if (found.row.assignedTo === actor.ctx.actorId && found.row.recordLive && actor.can('my_tasks:view')) return found;
  await ownerFor(tx, actor, parentOf(found.row), access).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw taskNotFound();
    throw error;
  });
  return found;
}

/** Tasks go to active users only (spec 2 "Other rules"). */
async function checkAssignee(tx: Executor, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  if ((await findUserStatus(tx, userId)) !== 'active') {
    throw validationError({ assignedTo: [TASK_MESSAGES.assigneeInactive] });
  }
}

function columnsOf(input: TaskInput): Omit<TaskColumns, 'createdBy' | 'updatedBy'> {
  return {
    kind: input.kind,
    taskType: input.taskType,
    taskName: input.taskName ?? null,
    content: cleanTaskContent(input.content),
    status: input.status ?? null,
    priority: input.priority ?? null,
    startDate: input.startDate ?? null,
    dueDate: input.dueDate ?? null,
    assignedTo: input.assignedTo ?? null,
  };
}

async function taskChanged(
  tx: Executor,
  actor: Actor,
  row: TaskRow,
  action: string,
  values: { old?: unknown; new?: unknown },
  assignees: readonly (string | null)[] = [row.assignedTo],
) {
  // The record's panel, the My Tasks of everyone concerned and the reminders refresh on the record's event.
  await recordChildChange(tx, actor.ctx, 'TASK_NOTE', row, action, values);
  // And each assignee concerned, before and after: a consultant who has just lost the task no longer sees
  // the record, so its event would not reach the My Tasks and reminders that still list the task.
  for (const userId of new Set(assignees))
    if (userId) await publishChange(tx, actor.ctx, MY_TASKS_EVENT, action, userId);
}

/** What the audit row keeps (content is long and already in the row: its length only). */
const auditValues = (c: Partial<TaskColumns>) => ({
  ...c,
  content: c.content === undefined ? undefined : `${c.content.length} characters`,
});

export async function listTasksOf(db: Database, actor: Actor, owner: TaskOwner): Promise<TaskRecord[]> {
  await ownerFor(db, actor, owner, 'view');
  const [rows, today] = await Promise.all([tasksOf(db, owner), readFirmToday(db)]);
  return rows.map((row) => toTaskRecord(row, today));
}

export async function taskSummaryOf(db: Database, actor: Actor, owner: TaskOwner): Promise<TaskSummary> {
  await ownerFor(db, actor, owner, 'view');
  return summaryOf(db, owner);
}

export async function readTask(db: Database, actor: Actor, id: string): Promise<TaskRecord> {
  const found = await taskFor(db, actor, id, 'view');
  return toTaskRecord(found, await readFirmToday(db));
}

/** What the assignment mail needs to know: someone else gave the task to this user. */
export type TaskAssigned = { taskId: string; assigneeId: string; assignedBy: string };

export async function addTask(
  db: Database,
  actor: Actor,
  owner: TaskOwner,
  input: TaskInput,
): Promise<{ task: TaskRecord; assigned: TaskAssigned | null }> {
  const task = await db.transaction(async (tx) => {
    await ownerFor(tx, actor, owner, 'edit');
    await checkAssignee(tx, input.assignedTo);
    const values = columnsOf(input);
    const row = await insertTask(tx, owner, { ...values, createdBy: actor.ctx.actorId, updatedBy: actor.ctx.actorId });
    await taskChanged(tx, actor, row, 'CREATE_TASK_NOTE', {
      new: { ...auditValues(values), entityType: owner.type, entityId: owner.id },
    });
    const found = await findTask(tx, row.id);
    return toTaskRecord(found!, await readFirmToday(tx));
  });
  const assigned =
    task.assignedTo && task.assignedTo !== actor.ctx.actorId
      ? { taskId: task.id, assigneeId: task.assignedTo, assignedBy: actor.ctx.actorId }
      : null;
  return { task, assigned };
}

export async function updateTask(
  db: Database,
  actor: Actor,
  id: string,
  patch: TaskPatch,
): Promise<{ task: TaskRecord; assigned: TaskAssigned | null }> {
  const result = await db.transaction(async (tx) => {
    const before = await taskFor(tx, actor, id, 'edit');
    if (before.row.version !== patch.version) throw conflict();
    // The fields sent over the stored ones, checked whole (the note rule included), as every PATCH is.
    const parsed = taskInputSchema.safeParse(mergePatch(TASK_FIELD_NAMES, before.row, patch));
    if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
    const input = parsed.data;
    await checkAssignee(tx, before.row.assignedTo === input.assignedTo ? null : input.assignedTo);
    const values = columnsOf(input);
    const row = await updateTaskVersioned(tx, id, patch.version, { ...values, updatedBy: actor.ctx.actorId });
    if (!row) throw conflict();
    await taskChanged(tx, actor, row, 'UPDATE_TASK_NOTE', { old: auditValues(before.row), new: auditValues(values) }, [
      before.row.assignedTo,
      row.assignedTo,
    ]);
    const found = await findTask(tx, row.id);
    return { task: toTaskRecord(found!, await readFirmToday(tx)), previousAssignee: before.row.assignedTo };
  });
  const { task, previousAssignee } = result;
  const assigned =
    task.assignedTo && task.assignedTo !== previousAssignee && task.assignedTo !== actor.ctx.actorId
      ? { taskId: task.id, assigneeId: task.assignedTo, assignedBy: actor.ctx.actorId }
      : null;
  return { task, assigned };
}

/**
 * DELETE /api/tasks/{id}: for whoever may delete in its record's module (spec 1 §6.2), an entry the actor
 * sees; writing or being given it is no right to delete it (decision 0027).
 */
export async function deleteTask(db: Database, actor: Actor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const { row } = await taskFor(tx, actor, id, 'view');
    if (!mayDeleteTaskOrNote(actor.viewer.role, parentOf(row).type, actor.moduleAccess)) {
      throw new AppError('FORBIDDEN', TASK_MESSAGES.deleteRefused);
    }
    await deleteTaskRow(tx, id);
    await taskChanged(tx, actor, row, 'DELETE_TASK_NOTE', { old: auditValues(row) });
    return { message: TASK_MESSAGES.deleted };
  });
}

export async function listMyTasks(db: Database, actor: Actor, query: MyTasksQuery): Promise<MyTasksPage> {
  return myTasksPage(db, actor.viewer, query, await readFirmToday(db));
}

export async function countMyTasks(db: Database, actor: Actor): Promise<MyTaskCounts> {
  return myTaskCounts(db, actor.ctx.actorId, await readFirmToday(db));
}

/** GET /api/tasks/reminders: the user's open tasks overdue, due today, or due in the next 3 days. */
export async function remindersOf(db: Database, actor: Actor): Promise<TaskReminders> {
  const today = await readFirmToday(db);
  const userId = actor.ctx.actorId;
  const until = addDays(today, REMINDER_UPCOMING_DAYS);
  const [overdue, dueToday, upcoming, counts] = await Promise.all([
    dueTasksOf(db, userId, { until: addDays(today, -1) }, REMINDERS_PER_GROUP),
    dueTasksOf(db, userId, { from: today, until: today }, REMINDERS_PER_GROUP),
    dueTasksOf(db, userId, { from: addDays(today, 1), until }, REMINDERS_PER_GROUP),
    dueTaskCounts(db, userId, today, until),
  ]);
  // The records' names for all three groups in one go.
  const names = await recordNames(db, [...overdue, ...dueToday, ...upcoming]);
  const item = (row: TaskRow): DueTask => {
    const owner = parentOf(row);
    return {
      id: row.id,
      taskName: row.taskName ?? '',
      entityId: owner.id,
      entityType: owner.type,
      entityName: names.get(owner.id)?.name ?? '',
      priority: (row.priority ?? 'medium') as TaskPriority,
      dueDate: row.dueDate!,
      daysOverdue: Math.max(0, daysBetween(row.dueDate!, today)),
    };
  };
  return {
    today,
    overdue: overdue.map(item),
    dueToday: dueToday.map(item),
    upcoming: upcoming.map(item),
    counts,
  };
}
