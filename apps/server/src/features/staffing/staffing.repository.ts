// Staffing's SQL: the active users, and everyone's open work counted set-based (one GROUP BY per kind,
// never a query per person). Open and overdue follow the domain's rules (packages/domain/src/staffing).
import { and, count, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  ACTIVE_LEAD_STATUSES,
  ASSIGNMENT_FIELDS,
  type AssignmentField,
  CLOSED_CLIENT_STATUSES,
  OPEN_TASK_STATUSES,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { clients, leads, taskCounts, taskNotes, timesheetEntries, users } from '../../db/schema/index.ts';
import { assignedTo, openTask } from '../users/work-handover.repository.ts';

/** A lead still being worked: neither deleted nor archived, in an active status. */
export const openLead = (): SQL =>
  and(isNull(leads.deletedAt), isNull(leads.archivedAt), inArray(leads.leadStatus, [...ACTIVE_LEAD_STATUSES]))!;

/** A client still being worked: not deleted, not in a closed status. */
export const openClient = (): SQL =>
  and(isNull(clients.deletedAt), notInArray(clients.status, [...CLOSED_CLIENT_STATUSES]))!;

/** A task still to do on a live record (what My Tasks and its cards count). */
export const openTaskOnLiveRecord = (): SQL => and(openTask(), eq(taskNotes.recordLive, true))!;

/** What Staffing shows of a user. */
const staffColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  lastLoginAt: users.lastLoginAt,
};

export type StaffRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: string;
  lastLoginAt: Date | null;
};

export async function activeUsers(db: Executor): Promise<StaffRow[]> {
  return db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.status, 'active'), isNull(users.deletedAt)));
}

/**
 * Open records per person: each record counted once per person whatever roles they hold on it (a lateral
 * VALUES turns the three assignment columns into rows).
 */
async function openRecordsPerUser(db: Executor, table: typeof leads | typeof clients, open: SQL) {
  const rows = await db.execute<{ user_id: string; n: string }>(sql`
    select x.user_id, count(distinct ${table.id})::text as n
    from ${table}
    cross join lateral (values (${table.managerUserId}), (${table.assistantManagerUserId}), (${table.migrationAgentUserId})) as x(user_id)
    where x.user_id is not null and ${open}
    group by x.user_id`);
  return new Map(rows.rows.map((r) => [r.user_id, Number(r.n)]));
}

export const openLeadsPerUser = (db: Executor) => openRecordsPerUser(db, leads, openLead());
export const openClientsPerUser = (db: Executor) => openRecordsPerUser(db, clients, openClient());

const openStatus = () =>
  sql`${taskCounts.status} in (${sql.join(
    OPEN_TASK_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;

/** Open and overdue tasks per assignee, from the maintained task counts (tasks on live records). */
export async function openTasksPerUser(db: Executor, today: string) {
  const c = taskCounts;
  const rows = await db
    .select({
      userId: c.assignedTo,
      open: sql<string>`coalesce(sum(${c.n}), 0)::text`,
      overdue: sql<string>`coalesce(sum(${c.n}) filter (where ${c.dueDate} < ${today}), 0)::text`,
    })
    .from(c)
    .where(openStatus())
    .groupBy(c.assignedTo);
  return new Map(rows.map((r) => [r.userId, { open: Number(r.open), overdue: Number(r.overdue) }]));
}

/** Hours each person logged from Monday to Sunday of the firm's week (one grouped query). */
export async function hoursPerUser(db: Executor, weekStart: string, weekEnd: string) {
  const e = timesheetEntries;
  const rows = await db
    .select({ userId: e.userId, hours: sql<string>`sum(${e.hours})::text` })
    .from(e)
    .where(and(sql`${e.entryDate} >= ${weekStart}`, sql`${e.entryDate} <= ${weekEnd}`))
    .groupBy(e.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.hours)]));
}

/** The firm's totals for the cards. */
export async function firmTotals(db: Executor, today: string) {
  const [[l], [cl], [t]] = await Promise.all([
    db.select({ n: count() }).from(leads).where(openLead()),
    db.select({ n: count() }).from(clients).where(openClient()),
    db
      .select({
        open: sql<string>`coalesce(sum(${taskCounts.n}), 0)::text`,
        overdue: sql<string>`coalesce(sum(${taskCounts.n}) filter (where ${taskCounts.dueDate} < ${today}), 0)::text`,
      })
      .from(taskCounts)
      .where(openStatus()),
  ]);
  return {
    openLeads: Number(l?.n ?? 0),
    openClients: Number(cl?.n ?? 0),
    openTasks: Number(t?.open ?? 0),
    overdueTasks: Number(t?.overdue ?? 0),
  };
}

export type RecordCounts = { records: number } & Record<AssignmentField, number>;

/** How many of the user's open records of the table would move, in all and per assignment. */
async function openRecordsOf(
  db: Executor,
  table: typeof leads | typeof clients,
  open: SQL,
  userId: string,
): Promise<RecordCounts> {
  const per = Object.fromEntries(
    ASSIGNMENT_FIELDS.map((field) => [field, sql<number>`(count(*) filter (where ${table[field]} = ${userId}))::int`]),
  ) as Record<AssignmentField, SQL.Aliased<number> | SQL<number>>;
  const [row] = await db
    .select({ records: sql<number>`count(*)::int`, ...per })
    .from(table)
    .where(and(assignedTo(table, userId), open));
  return {
    records: Number(row?.records ?? 0),
    managerUserId: Number(row?.managerUserId ?? 0),
    assistantManagerUserId: Number(row?.assistantManagerUserId ?? 0),
    migrationAgentUserId: Number(row?.migrationAgentUserId ?? 0),
  };
}

/** The user's open tasks on live records, and how many are overdue on the firm's date. */
export async function openTasksOf(db: Executor, userId: string, today: string) {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${taskNotes.dueDate} < ${today}))::int`,
    })
    .from(taskNotes)
    .where(and(eq(taskNotes.assignedTo, userId), openTaskOnLiveRecord()));
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** How many of the user's open leads would move, in all and per assignment. */
export const openLeadsOf = (db: Executor, userId: string) => openRecordsOf(db, leads, openLead(), userId);

/** How many of the user's open clients would move, in all and per assignment. */
export const openClientsOf = (db: Executor, userId: string) => openRecordsOf(db, clients, openClient(), userId);

/** A user not deleted (a departing one may already be suspended), with the status that says if work may go to them. */
export async function findPresentUser(db: Executor, id: string): Promise<(StaffRow & { status: string }) | undefined> {
  const [row] = await db
    .select({ ...staffColumns, status: users.status })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}
