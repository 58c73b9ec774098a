// Staffing (DECISIONS.md §3, issue 16 item 3): the directory of active users with their workload, and
// handing a person's open leads, clients and tasks to someone else in one audited transaction. The move
// reuses User Management's hand-over (features/users/work-handover.repository.ts) with Staffing's "open" scope.
import {
  ASSIGNMENT_FIELDS,
  type AssignmentField,
  MY_TASKS_EVENT,
  normalizeRole,
  PICKER_ROLES,
  type ReassignPreview,
  type ReassignResult,
  type ReassignWorkInput,
  reassignMessage,
  type RecordMoves,
  ROLE_LABELS,
  STAFFING_MESSAGES,
  type StaffingDirectory,
  type StaffingQuery,
  type StaffMember,
  weekDates,
  weekStartOf,
  workloadOf,
  type WorkKind,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, validationError } from '../../plugins/errors.ts';
import { publishChange, recordChange, type RequestContext } from '../../platform/audit/record-change.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import { handOverWork } from '../users/work-handover.repository.ts';
import {
  activeUsers,
  firmTotals,
  openClient,
  openClientsPerUser,
  openLead,
  openLeadsPerUser,
  openClientsOf,
  openLeadsOf,
  openTaskOnLiveRecord,
  openTasksOf,
  hoursPerUser,
  openTasksPerUser,
  type RecordCounts,
  findPresentUser,
  type StaffRow,
} from './staffing.repository.ts';

const collator = new Intl.Collator('en-AU', { sensitivity: 'base', numeric: true });
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

const SORT_KEYS: Record<StaffingQuery['sort'], (m: StaffMember) => string | number> = {
  name: (m) => `${m.lastName} ${m.firstName}`,
  role: (m) => ROLE_LABELS[m.role],
  email: (m) => m.email,
  // Never signed in sorts before any sign-in.
  lastLoginAt: (m) => m.lastLoginAt ?? '',
  openLeads: (m) => m.openLeads,
  openClients: (m) => m.openClients,
  openTasks: (m) => m.openTasks,
  overdueTasks: (m) => m.overdueTasks,
  hoursThisWeek: (m) => m.hoursThisWeek,
  workload: workloadOf,
};

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

/**
 * The directory: every active user with their open work, searched on name and email, filtered by role and
 * sorted by any column (name breaks ties). A firm has hundreds of staff, not millions: the people are read
 * whole and the work counted in four grouped queries, so sorting by workload needs no per-user query.
 */
export async function staffingDirectory(db: Database, query: StaffingQuery): Promise<StaffingDirectory> {
  const today = await readFirmToday(db);
  const week = weekDates(weekStartOf(today));
  const [people, leadsPer, clientsPer, tasksPer, totals, hoursPer] = await Promise.all([
    activeUsers(db),
    openLeadsPerUser(db),
    openClientsPerUser(db),
    openTasksPerUser(db, today),
    firmTotals(db, today),
    hoursPerUser(db, week[0]!, week[6]!),
  ]);
  const members = people.map((u): StaffMember => {
    const tasks = tasksPer.get(u.id);
    return {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      role: normalizeRole(u.role),
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      openLeads: leadsPer.get(u.id) ?? 0,
      openClients: clientsPer.get(u.id) ?? 0,
      openTasks: tasks?.open ?? 0,
      overdueTasks: tasks?.overdue ?? 0,
      hoursThisWeek: hoursPer.get(u.id) ?? 0,
    };
  });
  const search = query.search?.toLowerCase();
  const shown = members.filter(
    (m) =>
      (!query.role?.length || query.role.includes(m.role)) &&
      (!search || `${fullName(m)} ${m.email}`.toLowerCase().includes(search)),
  );
  const key = SORT_KEYS[query.sort];
  const sign = query.direction === 'desc' ? -1 : 1;
  shown.sort(
    (a, b) => sign * compare(key(a), key(b)) || compare(SORT_KEYS.name(a), SORT_KEYS.name(b)) || compare(a.id, b.id),
  );
  return { summary: { people: members.length, ...totals }, people: shown, today };
}

const FIELD_LABELS: Record<AssignmentField, string> = {
  managerUserId: 'Manager',
  assistantManagerUserId: 'Assistant Manager',
  migrationAgentUserId: 'Migration Agent',
};
const FIELD_PICKERS: Record<AssignmentField, readonly string[]> = {
  managerUserId: PICKER_ROLES.manager,
  assistantManagerUserId: PICKER_ROLES.assistantManager,
  migrationAgentUserId: PICKER_ROLES.migrationAgent,
};

/** The first assignment the target's role may not hold (spec 1 §6.4's pickers), in words; null when none. */
function pickerRefusal(counts: RecordCounts, target: StaffRow): string | null {
  const field = ASSIGNMENT_FIELDS.find((f) => counts[f] > 0 && !FIELD_PICKERS[f].includes(normalizeRole(target.role)));
  return field
    ? STAFFING_MESSAGES.notOfferedAs(fullName(target), FIELD_LABELS[field], ROLE_LABELS[normalizeRole(target.role)])
    : null;
}

const movesOf = (counts: RecordCounts, target: StaffRow): RecordMoves => ({
  records: counts.records,
  manager: counts.managerUserId,
  assistantManager: counts.assistantManagerUserId,
  migrationAgent: counts.migrationAgentUserId,
  refusal: pickerRefusal(counts, target),
});

/** The person whose work moves (any user not deleted: a departing one may already be suspended) and the target. */
async function parties(db: Executor, fromUserId: string, toUserId: string) {
  const from = await findPresentUser(db, fromUserId);
  if (!from) throw new AppError('NOT_FOUND', STAFFING_MESSAGES.notFound);
  if (toUserId === fromUserId) throw validationError({ toUserId: [STAFFING_MESSAGES.sameUser] });
  const to = await findPresentUser(db, toUserId);
  // Tasks go to active users only, and every picker offers active users only.
  if (!to || to.status !== 'active') throw validationError({ toUserId: [STAFFING_MESSAGES.chooseTarget] });
  return { from, to };
}

async function preview(db: Executor, fromUserId: string, to: StaffRow): Promise<ReassignPreview> {
  const today = await readFirmToday(db);
  const [leadCounts, clientCounts, tasks] = [
    await openLeadsOf(db, fromUserId),
    await openClientsOf(db, fromUserId),
    await openTasksOf(db, fromUserId, today),
  ];
  return {
    fromUserId,
    toUserId: to.id,
    leads: movesOf(leadCounts, to),
    clients: movesOf(clientCounts, to),
    tasks: { ...tasks, refusal: null },
  };
}

/** GET /api/staffing/{userId}/reassign-preview: what a reassignment to `toUserId` would move, and any refusal. */
export async function reassignPreview(db: Database, fromUserId: string, toUserId: string): Promise<ReassignPreview> {
  const { to } = await parties(db, fromUserId, toUserId);
  return preview(db, fromUserId, to);
}

/**
 * POST /api/staffing/{userId}/reassign: moves the chosen kinds of open work in one transaction, after the
 * same count the preview shows; refused whole (400, in words) when the target may not hold a moved role.
 */
export async function reassignWork(
  db: Database,
  ctx: RequestContext & { actorId: string },
  fromUserId: string,
  input: ReassignWorkInput,
): Promise<ReassignResult> {
  const what = new Set<WorkKind>(input.what);
  return db.transaction(async (tx) => {
    const { from, to } = await parties(tx, fromUserId, input.toUserId);
    const planned = await preview(tx, fromUserId, to);
    const refusals: Record<string, string[]> = {};
    for (const kind of ['leads', 'clients'] as const) {
      const refusal = planned[kind].refusal;
      if (what.has(kind) && refusal) refusals[kind] = [refusal];
    }
    if (Object.keys(refusals).length > 0) throw validationError(refusals);
    const moved = await handOverWork(
      tx,
      fromUserId,
      to.id,
      {
        leads: what.has('leads') ? openLead() : undefined,
        clients: what.has('clients') ? openClient() : undefined,
        tasks: what.has('tasks') ? openTaskOnLiveRecord() : undefined,
      },
      ctx.actorId,
    );
    const result = { leads: moved.leads, clients: moved.clients, tasks: moved.tasks };
    await recordChange(tx, ctx, {
      action: 'REASSIGN_WORK',
      resourceType: 'USER',
      resourceId: fromUserId,
      oldValues: { userId: from.id, name: fullName(from) },
      newValues: { toUserId: to.id, toName: fullName(to), what: [...what], ...result },
    });
    // Lists showing the moved records, both people's My Tasks and reminders, and Staffing re-read them.
    if (result.leads > 0) await publishChange(tx, ctx, 'lead', 'REASSIGN', null);
    if (result.clients > 0) await publishChange(tx, ctx, 'client', 'REASSIGN', null);
    if (result.tasks > 0) {
      await publishChange(tx, ctx, MY_TASKS_EVENT, 'REASSIGN', from.id);
      await publishChange(tx, ctx, MY_TASKS_EVENT, 'REASSIGN', to.id);
    }
    return { ...result, message: reassignMessage(result, fullName(to)) };
  });
}
