// Staffing (DECISIONS.md §3): the directory of active users with their workload, and handing one person's
// open work to another. Open means what is still being worked on: a lead in an active status, a client not
// in a closed one, a task pending or in progress; overdue is on the firm's date (docs/decisions/0020).
import { z } from 'zod';
import { ROLES } from '../access/roles.ts';
import type { ClientStatus } from '../clients/client-status.ts';
import { multiValue } from '../records/list-query.ts';

/** A client in one of these statuses is no longer someone's open work. */
export const CLOSED_CLIENT_STATUSES: readonly ClientStatus[] = [
  'Inactive',
  'Completed',
  'Cancelled',
  'Reverted',
  'Visa - Expired',
];

export const STAFFING_SORT_FIELDS = [
  'name',
  'role',
  'email',
  'lastLoginAt',
  'openLeads',
  'openClients',
  'openTasks',
  'overdueTasks',
  'hoursThisWeek',
  'workload',
] as const;
export type StaffingSortField = (typeof STAFFING_SORT_FIELDS)[number];

export const staffingQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  role: multiValue(z.enum(ROLES)),
  sort: z.enum(STAFFING_SORT_FIELDS, { error: 'Choose a column to sort by' }).default('name'),
  direction: z.enum(['asc', 'desc'], { error: 'Choose ascending or descending' }).default('asc'),
});
export type StaffingQuery = z.infer<typeof staffingQuerySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  lastLoginAt: z.string().nullable(),
  /** Live leads in an active status where the person is manager, assistant manager or migration agent. */
  openLeads: z.number().int(),
  /** Live clients not in a closed status, by the same three assignments. */
  openClients: z.number().int(),
  /** Pending and in-progress tasks assigned to the person, on live records. */
  openTasks: z.number().int(),
  /** Open tasks due before the firm's today. */
  overdueTasks: z.number().int(),
  /** Hours logged in the timesheet this week (Monday to Sunday in the firm's time zone), whatever their status. */
  hoursThisWeek: z.number(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** The cards: the whole firm, whatever the filter. */
export const staffingSummarySchema = z.object({
  people: z.number().int(),
  openLeads: z.number().int(),
  openClients: z.number().int(),
  openTasks: z.number().int(),
  overdueTasks: z.number().int(),
});
export type StaffingSummary = z.infer<typeof staffingSummarySchema>;

export const staffingDirectorySchema = z.object({
  summary: staffingSummarySchema,
  people: z.array(staffMemberSchema),
  today: z.string().describe("The firm's date overdue is counted on (YYYY-MM-DD)"),
});
export type StaffingDirectory = z.infer<typeof staffingDirectorySchema>;

/** A person's open work by kind; the sum of a record's assignments can exceed its count (one person, two roles). */
export const WORK_KINDS = ['leads', 'clients', 'tasks'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export const WORK_KIND_LABELS: Record<WorkKind, string> = {
  leads: 'Open leads',
  clients: 'Open clients',
  tasks: 'Open tasks',
};

/** A workload is what a person holds: open records plus open tasks (the bar chart's length). */
export const workloadOf = (m: Pick<StaffMember, 'openLeads' | 'openClients' | 'openTasks'>): number =>
  m.openLeads + m.openClients + m.openTasks;

export const STAFFING_MESSAGES = {
  notFound: 'User not found',
  chooseTarget: 'Choose a user from the list',
  sameUser: 'Choose another user to take over the work',
  chooseWhat: 'Choose what to reassign',
  /** The target's role is not offered by a picker the moved records need (spec 1 §6.4). */
  notOfferedAs: (name: string, field: string, role: string) =>
    `${name} cannot be ${field}: the ${field} list does not offer the ${role} role`,
} as const;

const recordMovesSchema = z.object({
  /** Distinct records that change hands. */
  records: z.number().int(),
  manager: z.number().int(),
  assistantManager: z.number().int(),
  migrationAgent: z.number().int(),
  /** Why the target cannot take these records, in words; null when it can. */
  refusal: z.string().nullable(),
});
export type RecordMoves = z.infer<typeof recordMovesSchema>;

export const reassignPreviewQuerySchema = z.object({
  toUserId: z.uuid(STAFFING_MESSAGES.chooseTarget),
});

export const reassignPreviewSchema = z.object({
  fromUserId: z.string(),
  toUserId: z.string(),
  leads: recordMovesSchema,
  clients: recordMovesSchema,
  tasks: z.object({ open: z.number().int(), overdue: z.number().int(), refusal: z.string().nullable() }),
});
export type ReassignPreview = z.infer<typeof reassignPreviewSchema>;

export const reassignWorkSchema = z
  .object({
    toUserId: z.uuid(STAFFING_MESSAGES.chooseTarget),
    what: z
      .array(z.enum(WORK_KINDS, { error: STAFFING_MESSAGES.chooseWhat }), { error: STAFFING_MESSAGES.chooseWhat })
      .min(1, STAFFING_MESSAGES.chooseWhat)
      .max(WORK_KINDS.length),
  })
  .meta({ example: { toUserId: '00000000-0000-4000-8000-000000000000', what: ['leads', 'clients', 'tasks'] } });
export type ReassignWorkInput = z.infer<typeof reassignWorkSchema>;

export const reassignResultSchema = z.object({
  leads: z.number().int(),
  clients: z.number().int(),
  tasks: z.number().int(),
  message: z.string(),
});
export type ReassignResult = z.infer<typeof reassignResultSchema>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** '3 leads, 1 client and 4 tasks' (kinds with none left out; '' when nothing). */
export function workList(counts: { leads: number; clients: number; tasks: number }): string {
  const parts = [
    counts.leads ? plural(counts.leads, 'lead') : null,
    counts.clients ? plural(counts.clients, 'client') : null,
    counts.tasks ? plural(counts.tasks, 'task') : null,
  ].filter((p): p is string => p !== null);
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** 'Moved 3 leads, 1 client and 4 tasks to Sam Lee' */
export function reassignMessage(moved: { leads: number; clients: number; tasks: number }, to: string): string {
  const list = workList(moved);
  return list ? `Moved ${list} to ${to}` : `Nothing to move to ${to}`;
}
