// The timesheet's SQL: entries with the names of their record, task and author; the week rows.
import { and, asc, count, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Role } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isVisibleRow, type Viewer } from '../../db/list-query.ts';
import {
  clientOwnership,
  clients,
  leadOwnership,
  leads,
  taskNotes,
  timesheetEntries,
  timesheetWeeks,
  users,
} from '../../db/schema/index.ts';

export type WeekRow = typeof timesheetWeeks.$inferSelect;
export type EntryRow = typeof timesheetEntries.$inferSelect;

const recordName = sql<string>`coalesce(${leads.firstName} || ' ' || ${leads.lastName}, ${clients.firstName} || ' ' || ${clients.lastName}, '')`;
const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Entries matching `where`, by date, with their record's, task's and author's names. */
export async function selectEntries(db: Executor, where: SQL | undefined) {
  return db
    .select({
      entry: timesheetEntries,
      recordName,
      taskName: taskNotes.taskName,
      userName,
      weekStatus: sql<string | null>`${timesheetWeeks.status}`,
    })
    .from(timesheetEntries)
    .innerJoin(users, eq(users.id, timesheetEntries.userId))
    .leftJoin(leads, eq(leads.id, timesheetEntries.leadId))
    .leftJoin(clients, eq(clients.id, timesheetEntries.clientId))
    .leftJoin(taskNotes, eq(taskNotes.id, timesheetEntries.taskId))
    .leftJoin(
      timesheetWeeks,
      and(
        eq(timesheetWeeks.userId, timesheetEntries.userId),
        sql`${timesheetWeeks.weekStart} = date_trunc('week', ${timesheetEntries.entryDate})::date`,
      ),
    )
    .where(where)
    .orderBy(asc(timesheetEntries.entryDate), asc(timesheetEntries.createdAt), asc(timesheetEntries.id));
}

export const inRange = (from: string, to: string, userId?: string): SQL | undefined =>
  and(
    gte(timesheetEntries.entryDate, from),
    lte(timesheetEntries.entryDate, to),
    userId ? eq(timesheetEntries.userId, userId) : undefined,
  );

export async function findWeek(db: Executor, userId: string, weekStart: string): Promise<WeekRow | undefined> {
  const [row] = await db
    .select()
    .from(timesheetWeeks)
    .where(and(eq(timesheetWeeks.userId, userId), eq(timesheetWeeks.weekStart, weekStart)));
  return row;
}

/**
 * The week's row, created as a draft when missing, locked for the rest of the transaction: an entry written
 * while the same week is being submitted or approved waits for it, then sees the new status.
 */
export async function lockWeek(db: Executor, userId: string, weekStart: string, actorId: string): Promise<WeekRow> {
  await db
    .insert(timesheetWeeks)
    .values({ userId, weekStart, createdBy: actorId, updatedBy: actorId })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(timesheetWeeks)
    .where(and(eq(timesheetWeeks.userId, userId), eq(timesheetWeeks.weekStart, weekStart)))
    .for('update');
  return row!;
}

/** Hours the user already logged on the date, leaving out one entry (the one being changed). */
export async function hoursOnDay(db: Executor, userId: string, date: string, except?: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${timesheetEntries.hours}), 0)` })
    .from(timesheetEntries)
    .where(
      and(
        eq(timesheetEntries.userId, userId),
        eq(timesheetEntries.entryDate, date),
        except ? sql`${timesheetEntries.id} <> ${except}` : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/** Total hours of a week per user, for the approvals list. */
export async function weekTotals(db: Executor, where: SQL | undefined, limit?: number) {
  const query = db
    .select({
      week: timesheetWeeks,
      userName,
      total: sql<string>`coalesce((select sum(${timesheetEntries.hours}) from ${timesheetEntries} where ${timesheetEntries.userId} = ${timesheetWeeks.userId} and ${timesheetEntries.entryDate} between ${timesheetWeeks.weekStart} and ${timesheetWeeks.weekStart} + 6), 0)`,
    })
    .from(timesheetWeeks)
    .innerJoin(users, eq(users.id, timesheetWeeks.userId))
    .where(where)
    .orderBy(asc(timesheetWeeks.weekStart), asc(users.firstName), asc(users.lastName), asc(timesheetWeeks.userId));
  return limit === undefined ? query : query.limit(limit);
}

/**
 * Hours per record (the `recordLimit` records with the most) and per user in a range, and how many records
 * have hours. The entries are summed first and only the sums shown meet the names: joining every entry to
 * its lead or client before grouping made PostgreSQL hash the whole leads table.
 */
export async function reportRows(db: Executor, where: SQL | undefined, recordLimit: number) {
  const sums = db
    .select({
      leadId: timesheetEntries.leadId,
      clientId: timesheetEntries.clientId,
      hours: sql<string>`sum(${timesheetEntries.hours})`.as('hours'),
      records: sql<number>`count(*) over ()`.as('records'),
    })
    .from(timesheetEntries)
    .where(where)
    .groupBy(timesheetEntries.leadId, timesheetEntries.clientId)
    .orderBy(sql`sum(${timesheetEntries.hours}) desc`, timesheetEntries.leadId, timesheetEntries.clientId)
    .limit(recordLimit)
    .as('sums');
  const byRecord = await db
    .select({ leadId: sums.leadId, clientId: sums.clientId, recordName, hours: sums.hours, records: sums.records })
    .from(sums)
    .leftJoin(leads, eq(leads.id, sums.leadId))
    .leftJoin(clients, eq(clients.id, sums.clientId))
    .orderBy(sql`${sums.hours} desc`, asc(recordName));
  const byUser = await db
    .select({ userId: timesheetEntries.userId, userName, hours: sql<string>`sum(${timesheetEntries.hours})` })
    .from(timesheetEntries)
    .innerJoin(users, eq(users.id, timesheetEntries.userId))
    .where(where)
    .groupBy(timesheetEntries.userId, users.firstName, users.lastName)
    .orderBy(sql`sum(${timesheetEntries.hours}) desc`, asc(userName));
  const recordCount = Number(byRecord[0]?.records ?? 0);
  return { byRecord, byUser, recordCount };
}

/** One entry with the names it is shown with. */
export async function findEntry(db: Executor, id: string) {
  const [row] = await selectEntries(db, eq(timesheetEntries.id, id));
  return row;
}

/** A timesheet's author: id, role and name; undefined when no such user. */
export async function findAuthor(db: Executor, userId: string) {
  const [user] = await db
    .select({ id: users.id, role: users.role, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export const isLeadVisible = (db: Executor, viewer: Viewer, id: string) =>
  isVisibleRow(db, viewer, leads, leadOwnership, id);

export const isClientVisible = (db: Executor, viewer: Viewer, id: string) =>
  isVisibleRow(db, viewer, clients, clientOwnership, id);

/** Whether `taskId` is a task (not a note) of the entry's lead or client. */
export async function isTaskOfRecord(
  db: Executor,
  taskId: string,
  record: { leadId: string | null; clientId: string | null },
): Promise<boolean> {
  const [task] = await db
    .select({ id: taskNotes.id })
    .from(taskNotes)
    .where(
      and(
        eq(taskNotes.id, taskId),
        eq(taskNotes.kind, 'task'),
        record.leadId ? eq(taskNotes.leadId, record.leadId) : eq(taskNotes.clientId, record.clientId!),
      ),
    );
  return !!task;
}

export async function insertEntry(db: Executor, values: typeof timesheetEntries.$inferInsert): Promise<EntryRow> {
  const [row] = await db.insert(timesheetEntries).values(values).returning();
  return row!;
}

/** The entry row; with `lock`, locked for the rest of the transaction. */
export async function findEntryRow(db: Executor, id: string, lock = false): Promise<EntryRow | undefined> {
  const query = db.select().from(timesheetEntries).where(eq(timesheetEntries.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateEntryRow(
  db: Executor,
  id: string,
  values: Partial<typeof timesheetEntries.$inferInsert>,
): Promise<EntryRow | undefined> {
  const [after] = await db.update(timesheetEntries).set(values).where(eq(timesheetEntries.id, id)).returning();
  return after;
}

export async function deleteEntryRow(db: Executor, id: string): Promise<void> {
  await db.delete(timesheetEntries).where(eq(timesheetEntries.id, id));
}

/** Whether the user logged any entry between the two dates. */
export async function hasEntriesIn(db: Executor, from: string, to: string, userId: string): Promise<boolean> {
  const [any] = await db
    .select({ id: timesheetEntries.id })
    .from(timesheetEntries)
    .where(inRange(from, to, userId))
    .limit(1);
  return !!any;
}

export async function updateWeekRow(
  db: Executor,
  userId: string,
  weekStart: string,
  values: Partial<typeof timesheetWeeks.$inferInsert>,
): Promise<void> {
  await db
    .update(timesheetWeeks)
    .set(values)
    .where(and(eq(timesheetWeeks.userId, userId), eq(timesheetWeeks.weekStart, weekStart)));
}

/** The week's row, locked for the rest of the transaction; undefined when the week was never written. */
export async function findWeekForUpdate(db: Executor, userId: string, weekStart: string): Promise<WeekRow | undefined> {
  const [row] = await db
    .select()
    .from(timesheetWeeks)
    .where(and(eq(timesheetWeeks.userId, userId), eq(timesheetWeeks.weekStart, weekStart)))
    .for('update');
  return row;
}

/** The active users of the given roles (those who approve timesheets). */
export async function activeUserIdsWithRoles(db: Executor, roles: readonly Role[]) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.status, 'active'), isNull(users.deletedAt)));
}

const submitted = () => eq(timesheetWeeks.status, 'submitted');

/** The oldest submitted weeks with their totals, at most `limit`. */
export const submittedWeekTotals = (db: Executor, limit: number) => weekTotals(db, submitted(), limit);

/** How many weeks wait for approval; the partial index of submitted weeks holds exactly these (index-only). */
export async function countSubmittedWeeks(db: Executor): Promise<number | undefined> {
  const [counted] = await db.select({ n: count() }).from(timesheetWeeks).where(submitted());
  return counted?.n;
}
