// SQL of tasks and notes: a record's list and summary, one entry, My Tasks (through the shared list
// helper), its counts and the reminders, always with the names the screens show.
import { aliasedTable, and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  isOverdue,
  type MyTaskCounts,
  type MyTaskRow,
  type MyTasksPage,
  type MyTasksQuery,
  noteExcerpt,
  OPEN_TASK_STATUSES,
  type TaskPriority,
  type TaskRecord,
  type TaskStatus,
  type TaskSummary,
  type TaskType,
  TASKS_PER_RECORD,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid, listPage, type SortKey, sortKey, type Viewer } from '../../db/list-query.ts';
import { prefixSearchKey } from '../../db/schema/columns.ts';
import { type Parent, parentOf } from '../record-kit/child-records.ts';
import { clients, leads, myTasksDueKey, taskCounts, taskNotes, taskSearchText, users } from '../../db/schema/index.ts';

export type TaskRow = typeof taskNotes.$inferSelect;
/** The record a task or note belongs to. */
export type TaskOwner = Parent;

const assignee = aliasedTable(users, 'assignee');
const author = aliasedTable(users, 'author');
const nameOf = (u: typeof users) => sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

/** A row with the names the API shows beside it. */
type NamedRow = { row: TaskRow; assignedToName: string | null; createdByName: string | null };

const withNames = (db: Executor) =>
  db
    .select({ row: taskNotes, assignedToName: nameOf(assignee), createdByName: nameOf(author) })
    .from(taskNotes)
    .leftJoin(assignee, eq(assignee.id, taskNotes.assignedTo))
    .leftJoin(author, eq(author.id, taskNotes.createdBy));

export function toTaskRecord({ row, assignedToName, createdByName }: NamedRow, today: string): TaskRecord {
  const owner = parentOf(row);
  const status = row.status as TaskStatus | null;
  return {
    id: row.id,
    entityType: owner.type,
    entityId: owner.id,
    kind: row.kind as TaskRecord['kind'],
    taskType: row.taskType as TaskType,
    taskName: row.taskName,
    content: row.content,
    status,
    priority: row.priority as TaskPriority | null,
    startDate: row.startDate,
    dueDate: row.dueDate,
    assignedTo: row.assignedTo,
    assignedToName,
    createdBy: row.createdBy,
    createdByName,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    overdue: isOverdue({ status, dueDate: row.dueDate }, today),
  };
}

const ofOwner = (owner: TaskOwner): SQL =>
  owner.type === 'lead' ? eq(taskNotes.leadId, owner.id) : eq(taskNotes.clientId, owner.id);

/** A record's Tasks & Notes tab: newest first, at most 50 (spec 2 §9). */
export async function tasksOf(db: Executor, owner: TaskOwner): Promise<NamedRow[]> {
  return withNames(db)
    .where(ofOwner(owner))
    .orderBy(desc(taskNotes.createdAt), desc(taskNotes.id))
    .limit(TASKS_PER_RECORD);
}

export async function findTask(db: Executor, id: string): Promise<NamedRow | undefined> {
  // Not an id at all: no such entry (the database would refuse to compare it).
  if (!isUuid(id)) return undefined;
  const [found] = await withNames(db).where(eq(taskNotes.id, id)).limit(1);
  return found;
}

export type TaskColumns = Omit<typeof taskNotes.$inferInsert, 'id' | 'leadId' | 'clientId'>;

export async function insertTask(db: Executor, owner: TaskOwner, values: TaskColumns): Promise<TaskRow> {
  const [row] = await db
    .insert(taskNotes)
    .values({
      ...values,
      leadId: owner.type === 'lead' ? owner.id : null,
      clientId: owner.type === 'client' ? owner.id : null,
    })
    .returning();
  return row!;
}

/** The write when the version read is still current; undefined when someone else saved first. */
export async function updateTaskVersioned(
  db: Executor,
  id: string,
  version: number,
  values: Partial<TaskColumns>,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(taskNotes)
    .set({ ...values, version: sql`${taskNotes.version} + 1`, updatedAt: new Date() })
    .where(and(eq(taskNotes.id, id), eq(taskNotes.version, version)))
    .returning();
  return row;
}

export async function deleteTaskRow(db: Executor, id: string): Promise<void> {
  await db.delete(taskNotes).where(eq(taskNotes.id, id));
}

/** Spec 2 "Task summary": tasks, open ones (pending and in progress), notes, and the last note. */
export async function summaryOf(db: Executor, owner: TaskOwner): Promise<TaskSummary> {
  const open = sql.join(
    OPEN_TASK_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [counts] = await db
    .select({
      tasks: sql<number>`(count(*) filter (where ${taskNotes.kind} = 'task'))::int`,
      pending: sql<number>`(count(*) filter (where ${taskNotes.kind} = 'task' and ${taskNotes.status} in (${open})))::int`,
      notes: sql<number>`(count(*) filter (where ${taskNotes.kind} = 'note'))::int`,
    })
    .from(taskNotes)
    .where(ofOwner(owner));
  const [lastNote] = await db
    .select({ content: taskNotes.content, createdAt: taskNotes.createdAt })
    .from(taskNotes)
    .where(and(ofOwner(owner), eq(taskNotes.kind, 'note')))
    .orderBy(desc(taskNotes.createdAt), desc(taskNotes.id))
    .limit(1);
  return {
    totalTasks: Number(counts?.tasks ?? 0),
    pendingTasks: Number(counts?.pending ?? 0),
    totalNotes: Number(counts?.notes ?? 0),
    lastNoteContent: lastNote ? noteExcerpt(lastNote.content) : null,
    lastNoteDate: lastNote ? lastNote.createdAt.toISOString() : null,
  };
}

/**
 * The user's tasks on live records (a deleted or archived record's tasks leave My Tasks and the reminders),
 * written as the assignee index's condition so that index serves them.
 */
const myTasks = (userId: string): SQL[] => [
  eq(taskNotes.assignedTo, userId),
  sql`${taskNotes.kind} = 'task' and ${taskNotes.recordLive}`,
];

const open = () =>
  sql`${taskNotes.status} in (${sql.join(
    OPEN_TASK_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;

const SORT_KEYS = {
  // Undated tasks after the dated ones.
  dueDate: { expr: myTasksDueKey(taskNotes.dueDate), type: 'date' },
  createdAt: sortKey(taskNotes.createdAt, 'timestamptz'),
  taskName: sortKey(taskNotes.taskName),
} satisfies Record<string, SortKey>;

/** The linked records' names and managers for a page of tasks: two queries, never one per row. */
export async function recordNames(db: Executor, rows: readonly TaskRow[]) {
  const manager = aliasedTable(users, 'manager');
  // Leads and clients carry the same name and manager columns: one query for each table.
  const namesIn = async (records: typeof leads | typeof clients, ids: string[]) =>
    ids.length
      ? db
          .select({ id: records.id, first: records.firstName, last: records.lastName, manager: nameOf(manager) })
          .from(records)
          .leftJoin(manager, eq(manager.id, records.managerUserId))
          .where(inArray(records.id, ids))
      : [];
  const leadIds = rows.flatMap((r) => (r.leadId ? [r.leadId] : []));
  const clientIds = rows.flatMap((r) => (r.clientId ? [r.clientId] : []));
  const [leadRows, clientRows] = await Promise.all([namesIn(leads, leadIds), namesIn(clients, clientIds)]);
  return new Map(
    [...leadRows, ...clientRows].map((r) => [r.id, { name: `${r.first} ${r.last}`.trim(), manager: r.manager }]),
  );
}

/** GET /api/tasks: the viewer's assigned tasks, filtered, searched and paged by keyset. */
export async function myTasksPage(
  db: Executor,
  viewer: Viewer,
  query: MyTasksQuery,
  today: string,
): Promise<MyTasksPage> {
  const status =
    query.status === 'active' ? open() : query.status === 'all' ? undefined : eq(taskNotes.status, query.status);
  const conditions = [
    ...myTasks(viewer.id),
    status,
    query.priority ? eq(taskNotes.priority, query.priority) : undefined,
  ];
  return listPage(db, {
    viewer,
    from: taskNotes,
    conditions,
    // The list is the viewer's own assignments whatever the role.
    visibility: () => undefined,
    search: {
      expression: taskSearchText(taskNotes),
      prefixes: [prefixSearchKey(taskNotes.taskName)],
      term: query.search,
    },
    sort: { keys: SORT_KEYS, requested: query.sort ?? 'dueDate:asc', fallback: 'dueDate', tieBreaker: taskNotes.id },
    query,
    filtered: true,
    toItems: async (rows) => {
      const ids = rows.map((r) => r.id);
      const [named, records] = await Promise.all([
        ids.length ? withNames(db).where(inArray(taskNotes.id, ids)) : [],
        recordNames(db, rows),
      ]);
      const byId = new Map(named.map((n) => [n.row.id, n]));
      return rows.map((row): MyTaskRow => {
        const task = toTaskRecord(byId.get(row.id) ?? { row, assignedToName: null, createdByName: null }, today);
        const record = records.get(task.entityId);
        return { ...task, entityName: record?.name ?? '', managerName: record?.manager ?? null };
      });
    },
  });
}

const openIn = (column: typeof taskCounts.status) =>
  sql`${column} in (${sql.join(
    OPEN_TASK_STATUSES.map((st) => sql`${st}`),
    sql`, `,
  )})`;

/**
 * The My Tasks cards: open (pending and in progress), overdue (open, due before today), completed; from the
 * maintained counts (a few dozen buckets a person), never by counting the tasks.
 */
export async function myTaskCounts(db: Executor, userId: string, today: string): Promise<MyTaskCounts> {
  const c = taskCounts;
  const [counts] = await db
    .select({
      pending: sql<string>`coalesce(sum(${c.n}) filter (where ${openIn(c.status)}), 0)::text`,
      overdue: sql<string>`coalesce(sum(${c.n}) filter (where ${openIn(c.status)} and ${c.dueDate} < ${today}), 0)::text`,
      completed: sql<string>`coalesce(sum(${c.n}) filter (where ${c.status} = 'completed'), 0)::text`,
    })
    .from(c)
    .where(eq(c.assignedTo, userId));
  return {
    pending: Number(counts?.pending ?? 0),
    overdue: Number(counts?.overdue ?? 0),
    completed: Number(counts?.completed ?? 0),
  };
}

/** Open tasks of the user due in [from, until] (either end open), most overdue first, at most `limit`. */
export async function dueTasksOf(
  db: Executor,
  userId: string,
  range: { from?: string; until?: string },
  limit: number,
): Promise<TaskRow[]> {
  const rows = await db
    .select({ row: taskNotes })
    .from(taskNotes)
    .where(
      and(
        ...myTasks(userId),
        open(),
        range.from ? sql`${myTasksDueKey(taskNotes.dueDate)} >= ${range.from}` : undefined,
        range.until ? sql`${myTasksDueKey(taskNotes.dueDate)} <= ${range.until}` : undefined,
      ),
    )
    .orderBy(myTasksDueKey(taskNotes.dueDate), taskNotes.id)
    .limit(limit);
  return rows.map((r) => r.row);
}

/** How many open tasks of the user are overdue, due today and due after today up to `until` (maintained counts). */
export async function dueTaskCounts(db: Executor, userId: string, today: string, until: string) {
  const c = taskCounts;
  const [counts] = await db
    .select({
      overdue: sql<string>`coalesce(sum(${c.n}) filter (where ${c.dueDate} < ${today}), 0)::text`,
      dueToday: sql<string>`coalesce(sum(${c.n}) filter (where ${c.dueDate} = ${today}), 0)::text`,
      upcoming: sql<string>`coalesce(sum(${c.n}) filter (where ${c.dueDate} > ${today}), 0)::text`,
    })
    .from(c)
    .where(and(eq(c.assignedTo, userId), openIn(c.status), sql`${c.dueDate} <= ${until}`));
  return {
    overdue: Number(counts?.overdue ?? 0),
    dueToday: Number(counts?.dueToday ?? 0),
    upcoming: Number(counts?.upcoming ?? 0),
  };
}
