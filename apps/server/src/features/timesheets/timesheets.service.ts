// Timesheet rules (docs/decisions/0019-timesheets.md): a user writes only their own entries, while their
// week is a draft or was sent back; submitting locks the week (approved at once for roles that need no
// approval); a supervisor or above approves or rejects other people's submitted weeks and the author is told.
// Own timesheet always visible; every timesheet to whoever may approve (timesheet:approve).
import {
  addDays,
  APPROVAL_QUEUE_SHOWN,
  REPORT_RECORDS_SHOWN,
  type TimesheetApprovalQueue,
  can,
  ROLES,
  isWeekEditable,
  MAX_HOURS_PER_DAY,
  normalizeRole,
  roundHours,
  TIMESHEET_EVENT,
  TIMESHEET_MESSAGES,
  TIMESHEET_WEEK_STATUS_LABELS,
  type TimesheetEntry,
  type TimesheetEntryInput,
  type TimesheetEntryPatch,
  type TimesheetRange,
  type TimesheetReport,
  type TimesheetWeek,
  type TimesheetWeekStatus,
  weekDates,
  weekNeedsApproval,
  weekStartOf,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { isUuid } from '../../db/list-query.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import { changedFields, recordChange } from '../../platform/audit/record-change.ts';
import { notify } from '../notifications/notifications.service.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import {
  activeUserIdsWithRoles,
  countSubmittedWeeks,
  deleteEntryRow,
  type EntryRow,
  findAuthor,
  findEntry,
  findEntryRow,
  findWeek,
  findWeekForUpdate,
  hasEntriesIn,
  hoursOnDay,
  inRange,
  insertEntry,
  isClientVisible,
  isLeadVisible,
  isTaskOfRecord,
  lockWeek,
  reportRows,
  selectEntries,
  submittedWeekTotals,
  updateEntryRow,
  updateWeekRow,
  type WeekRow,
} from './timesheets.repository.ts';

/** Whether the actor sees every user's timesheet (supervisors and above, by the approve permission). */
export const seesAllTimesheets = (actor: Actor) => actor.can('timesheet:approve');

function assertMaySee(actor: Actor, userId: string) {
  if (userId !== actor.viewer.id && !seesAllTimesheets(actor)) {
    throw new AppError('FORBIDDEN', TIMESHEET_MESSAGES.cannotSee);
  }
}

const statusOf = (week: WeekRow | undefined): TimesheetWeekStatus =>
  (week?.status as TimesheetWeekStatus | undefined) ?? 'draft';

function assertEditable(week: WeekRow) {
  const status = statusOf(week);
  if (!isWeekEditable(status)) throw new AppError('CONFLICT', TIMESHEET_MESSAGES.locked(status));
}

type EntrySelection = Awaited<ReturnType<typeof selectEntries>>[number];

const toEntry = (row: EntrySelection): TimesheetEntry => ({
  id: row.entry.id,
  userId: row.entry.userId,
  date: row.entry.entryDate,
  hours: Number(row.entry.hours),
  leadId: row.entry.leadId,
  clientId: row.entry.clientId,
  recordName: row.recordName,
  taskId: row.entry.taskId,
  taskName: row.taskName,
  description: row.entry.description,
  version: row.entry.version,
});

async function authorOf(db: Executor, userId: string) {
  const user = await findAuthor(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return { ...user, role: normalizeRole(user.role), name: `${user.firstName} ${user.lastName}`.trim() };
}

export async function readWeek(
  db: Executor,
  actor: Actor,
  query: { userId?: string | undefined; weekStart?: string | undefined },
): Promise<TimesheetWeek> {
  const userId = query.userId ?? actor.viewer.id;
  assertMaySee(actor, userId);
  const author = await authorOf(db, userId);
  const weekStart = query.weekStart ?? weekStartOf(await readFirmToday(db));
  const dates = weekDates(weekStart);
  const [week, rows] = await Promise.all([
    findWeek(db, userId, weekStart),
    selectEntries(db, inRange(dates[0]!, dates[6]!, userId)),
  ]);
  const entries = rows.map(toEntry);
  const status = statusOf(week);
  let approvedByName: string | null = null;
  if (week?.approvedBy) approvedByName = (await authorOf(db, week.approvedBy)).name;
  return {
    userId,
    userName: author.name,
    weekStart,
    status,
    reason: week?.reason ?? null,
    needsApproval: weekNeedsApproval(author.role),
    editable: userId === actor.viewer.id && isWeekEditable(status),
    submittedAt: week?.submittedAt?.toISOString() ?? null,
    approvedBy: week?.approvedBy ?? null,
    approvedByName,
    approvedAt: week?.approvedAt?.toISOString() ?? null,
    totalHours: roundHours(entries.reduce((sum, e) => sum + e.hours, 0)),
    entries,
  };
}

async function readEntry(db: Executor, id: string): Promise<TimesheetEntry> {
  const row = await findEntry(db, id);
  return toEntry(row!);
}

/** The lead or client must be one the actor sees; a task must be a task of that record. */
async function checkRecordAndTask(
  db: Executor,
  actor: Actor,
  record: { leadId: string | null; clientId: string | null },
  taskId: string | null | undefined,
) {
  const visible = record.leadId
    ? actor.can('leads:view') && (await isLeadVisible(db, actor.viewer, record.leadId))
    : actor.can('clients:view') && (await isClientVisible(db, actor.viewer, record.clientId!));
  if (!visible) throw new AppError('NOT_FOUND', TIMESHEET_MESSAGES.recordNotFound);
  if (!taskId) return;
  if (!(await isTaskOfRecord(db, taskId, record)))
    throw new AppError('VALIDATION_FAILED', TIMESHEET_MESSAGES.taskNotFound, {
      taskId: [TIMESHEET_MESSAGES.taskNotFound],
    });
}

async function checkDayTotal(db: Executor, userId: string, date: string, hours: number, except?: string) {
  const already = await hoursOnDay(db, userId, date, except);
  if (roundHours(already + hours) > MAX_HOURS_PER_DAY) {
    throw new AppError('VALIDATION_FAILED', TIMESHEET_MESSAGES.dayOver, { hours: [TIMESHEET_MESSAGES.dayOver] });
  }
}

const auditValues = (
  entry: Pick<EntryRow, 'entryDate' | 'hours' | 'leadId' | 'clientId' | 'taskId' | 'description'>,
) => ({
  date: entry.entryDate,
  hours: Number(entry.hours),
  leadId: entry.leadId,
  clientId: entry.clientId,
  taskId: entry.taskId,
  description: entry.description,
});

export async function createEntry(db: Database, actor: Actor, input: TimesheetEntryInput): Promise<TimesheetEntry> {
  const userId = actor.viewer.id;
  return db.transaction(async (tx) => {
    const week = await lockWeek(tx, userId, weekStartOf(input.date), userId);
    assertEditable(week);
    const record = { leadId: input.leadId ?? null, clientId: input.clientId ?? null };
    await checkRecordAndTask(tx, actor, record, input.taskId);
    await checkDayTotal(tx, userId, input.date, input.hours);
    const row = await insertEntry(tx, {
      userId,
      entryDate: input.date,
      hours: input.hours,
      ...record,
      taskId: input.taskId ?? null,
      description: input.description,
      createdBy: userId,
      updatedBy: userId,
    });
    await recordChange(tx, actor.ctx, {
      action: 'CREATE_TIMESHEET_ENTRY',
      resourceType: 'TIMESHEET_ENTRY',
      resourceId: row!.id,
      newValues: auditValues(row!),
    });
    await announce(tx, actor, 'CREATE_TIMESHEET_ENTRY', userId);
    return readEntry(tx, row!.id);
  });
}

/** The actor's own entry, locked, with its week locked too; others' entries are not found. */
async function ownEntryForChange(tx: Executor, actor: Actor, id: string): Promise<EntryRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', TIMESHEET_MESSAGES.entryNotFound);
  const found = await findEntryRow(tx, id);
  if (!found) throw new AppError('NOT_FOUND', TIMESHEET_MESSAGES.entryNotFound);
  if (found.userId !== actor.viewer.id) {
    if (!seesAllTimesheets(actor)) throw new AppError('NOT_FOUND', TIMESHEET_MESSAGES.entryNotFound);
    throw new AppError('FORBIDDEN', TIMESHEET_MESSAGES.notYours);
  }
  assertEditable(await lockWeek(tx, found.userId, weekStartOf(found.entryDate), actor.viewer.id));
  const row = await findEntryRow(tx, id, true);
  if (!row) throw new AppError('NOT_FOUND', TIMESHEET_MESSAGES.entryNotFound);
  return row;
}

export async function updateEntry(
  db: Database,
  actor: Actor,
  id: string,
  patch: TimesheetEntryPatch,
): Promise<TimesheetEntry> {
  return db.transaction(async (tx) => {
    const before = await ownEntryForChange(tx, actor, id);
    if (before.version !== patch.version) throw new AppError('CONFLICT', TIMESHEET_MESSAGES.entryStale);
    if (patch.taskId) await checkRecordAndTask(tx, actor, before, patch.taskId);
    const hours = patch.hours ?? Number(before.hours);
    await checkDayTotal(tx, before.userId, before.entryDate, hours, before.id);
    const after = await updateEntryRow(tx, id, {
      hours,
      ...(patch.taskId !== undefined ? { taskId: patch.taskId } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      updatedBy: actor.viewer.id,
      updatedAt: new Date(),
      version: before.version + 1,
    });
    const { oldValues, newValues } = changedFields(auditValues(before), auditValues(after!));
    await recordChange(tx, actor.ctx, {
      action: 'UPDATE_TIMESHEET_ENTRY',
      resourceType: 'TIMESHEET_ENTRY',
      resourceId: id,
      oldValues,
      newValues,
    });
    await announce(tx, actor, 'UPDATE_TIMESHEET_ENTRY', before.userId);
    return readEntry(tx, id);
  });
}

export async function deleteEntry(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownEntryForChange(tx, actor, id);
    await deleteEntryRow(tx, id);
    await recordChange(tx, actor.ctx, {
      action: 'DELETE_TIMESHEET_ENTRY',
      resourceType: 'TIMESHEET_ENTRY',
      resourceId: id,
      oldValues: auditValues(before),
    });
    await announce(tx, actor, 'DELETE_TIMESHEET_ENTRY', before.userId);
  });
}

/** The change event of the author's timesheet (features/events/event-audience.ts: author and approvers). */
const announce = (tx: Executor, actor: Actor, action: string, authorId: string) =>
  recordChange(tx, actor.ctx, {
    action: `${action}_EVENT`,
    resourceType: 'TIMESHEET',
    resourceId: authorId,
    event: TIMESHEET_EVENT,
  }).then(() => undefined);

const weekResourceId = (userId: string, weekStart: string) => `${userId}:${weekStart}`;

export async function submitWeek(
  db: Database,
  actor: Actor,
  userId: string,
  weekStart: string,
): Promise<TimesheetWeek> {
  if (userId !== actor.viewer.id) {
    assertMaySee(actor, userId);
    throw new AppError('FORBIDDEN', TIMESHEET_MESSAGES.notYours);
  }
  await db.transaction(async (tx) => {
    const week = await lockWeek(tx, userId, weekStart, userId);
    if (!isWeekEditable(statusOf(week))) throw new AppError('CONFLICT', TIMESHEET_MESSAGES.notSubmittable);
    const dates = weekDates(weekStart);
    if (!(await hasEntriesIn(tx, dates[0]!, dates[6]!, userId)))
      throw new AppError('CONFLICT', TIMESHEET_MESSAGES.emptyWeek);
    const author = await authorOf(tx, userId);
    const now = new Date();
    // A week nobody has to approve is final when its author submits it (decision 0019).
    const approvedAtOnce = !weekNeedsApproval(author.role);
    const next = approvedAtOnce
      ? { status: 'approved', approvedBy: userId, approvedAt: now }
      : { status: 'submitted', approvedBy: null, approvedAt: null };
    await updateWeekRow(tx, userId, weekStart, {
      ...next,
      reason: null,
      submittedAt: now,
      updatedAt: now,
      updatedBy: userId,
      version: week.version + 1,
    });
    await recordChange(tx, actor.ctx, {
      action: 'SUBMIT_TIMESHEET_WEEK',
      resourceType: 'TIMESHEET_WEEK',
      resourceId: weekResourceId(userId, weekStart),
      oldValues: { status: week.status },
      newValues: { status: next.status },
    });
    await announce(tx, actor, 'SUBMIT_TIMESHEET_WEEK', userId);
    // A week that waits for approval is announced to everyone who may approve it (the author excepted).
    if (!approvedAtOnce) {
      const approverRoles = ROLES.filter((role) => can(role, 'timesheet:approve'));
      const approvers = await activeUserIdsWithRoles(tx, approverRoles);
      const title = `Timesheet to approve: ${author.name}`;
      const body = `${author.name} submitted the week starting ${weekStart}.`;
      await notify(
        tx,
        actor.ctx,
        approvers.map((a) => a.id),
        { kind: 'timesheetApprovals', title, body, link: '/timesheet', mail: { subject: title, text: body } },
      );
    }
  });
  return readWeek(db, actor, { userId, weekStart });
}

export async function decideWeek(
  db: Database,
  actor: Actor,
  userId: string,
  weekStart: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TimesheetWeek> {
  if (userId === actor.viewer.id) throw new AppError('FORBIDDEN', TIMESHEET_MESSAGES.ownWeek);
  await db.transaction(async (tx) => {
    const week = await findWeekForUpdate(tx, userId, weekStart);
    if (!week) throw new AppError('NOT_FOUND', TIMESHEET_MESSAGES.weekNotFound);
    if (week.status !== 'submitted') throw new AppError('CONFLICT', TIMESHEET_MESSAGES.notSubmitted);
    const now = new Date();
    const next = decision.approve
      ? { status: 'approved' as const, reason: null, approvedBy: actor.viewer.id, approvedAt: now }
      : { status: 'rejected' as const, reason: decision.reason, approvedBy: null, approvedAt: null };
    await updateWeekRow(tx, userId, weekStart, {
      ...next,
      updatedAt: now,
      updatedBy: actor.viewer.id,
      version: week.version + 1,
    });
    const action = decision.approve ? 'APPROVE_TIMESHEET_WEEK' : 'REJECT_TIMESHEET_WEEK';
    await recordChange(tx, actor.ctx, {
      action,
      resourceType: 'TIMESHEET_WEEK',
      resourceId: weekResourceId(userId, weekStart),
      oldValues: { status: week.status },
      newValues: { status: next.status, ...(decision.approve ? {} : { reason: decision.reason }) },
    });
    await announce(tx, actor, action, userId);
    const title = `Timesheet ${TIMESHEET_WEEK_STATUS_LABELS[next.status].toLowerCase()}: week of ${weekStart}`;
    const body = decision.approve
      ? `Your timesheet for the week starting ${weekStart} was approved.`
      : `Your timesheet for the week starting ${weekStart} was returned: ${decision.reason}`;
    await notify(tx, actor.ctx, [userId], {
      kind: 'timesheetApprovals',
      title,
      body,
      link: `/timesheet?weekStart=${weekStart}`,
      mail: { subject: title, text: body },
    });
  });
  return readWeek(db, actor, { userId, weekStart });
}

/** The approval queue: the oldest submitted weeks (at most APPROVAL_QUEUE_SHOWN) and how many wait in all. */
export async function approvalQueue(db: Executor): Promise<TimesheetApprovalQueue> {
  const rows = await submittedWeekTotals(db, APPROVAL_QUEUE_SHOWN);
  const waiting = await countSubmittedWeeks(db);
  return {
    weeks: rows.map((r) => ({
      userId: r.week.userId,
      userName: r.userName,
      weekStart: r.week.weekStart,
      status: r.week.status as TimesheetWeekStatus,
      submittedAt: r.week.submittedAt?.toISOString() ?? null,
      totalHours: Number(r.total),
    })),
    waiting: waiting ?? 0,
  };
}

/** Whose entries a range read covers: everyone's for those who see all, else the actor's own. */
const rangeWhere = (actor: Actor, range: TimesheetRange) =>
  inRange(range.from, range.to, seesAllTimesheets(actor) ? undefined : actor.viewer.id);

export async function timesheetReport(db: Executor, actor: Actor, range: TimesheetRange): Promise<TimesheetReport> {
  const { byRecord, byUser, recordCount } = await reportRows(db, rangeWhere(actor, range), REPORT_RECORDS_SHOWN);
  return {
    from: range.from,
    to: range.to,
    totalHours: roundHours(byUser.reduce((sum, u) => sum + Number(u.hours), 0)),
    byRecord: byRecord.map((r) => ({
      recordType: r.leadId ? ('lead' as const) : ('client' as const),
      recordId: (r.leadId ?? r.clientId)!,
      recordName: r.recordName,
      hours: Number(r.hours),
    })),
    byUser: byUser.map((u) => ({ userId: u.userId, userName: u.userName, hours: Number(u.hours) })),
    recordCount,
  };
}

/**
 * The rows of the CSV export in date order, read a week at a time: a year of a large firm (hundreds of
 * thousands of entries) never sits in memory, and each read is one range of the entry-date index.
 */
export async function* entriesForExport(db: Executor, actor: Actor, range: TimesheetRange) {
  for (let from = range.from; from <= range.to; from = addDays(from, 7)) {
    const to = addDays(from, 6) < range.to ? addDays(from, 6) : range.to;
    yield await selectEntries(db, rangeWhere(actor, { from, to }));
  }
}
