// Timesheet (DECISIONS.md §3, issue 16 item 2): staff log hours against a lead or a client, a week at a time
// (Monday to Sunday on the firm's calendar). Consultant and team lead weeks wait for a supervisor or above;
// other roles' weeks need nobody's approval and lock when submitted (docs/decisions/0019-timesheets.md).
import { z } from 'zod';
import { ROLE_RESTRICTIONS } from '../access/permissions.ts';
import type { Role } from '../access/roles.ts';
import { addDays, daysBetween } from '../calendar/calendar.ts';
import { isValidIsoDate, requiredDate } from '../records/fields.ts';

export const TIMESHEET_WEEK_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type TimesheetWeekStatus = (typeof TIMESHEET_WEEK_STATUSES)[number];

export const TIMESHEET_WEEK_STATUS_LABELS: Record<TimesheetWeekStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const TIMESHEET_WEEK_STATUS_COLORS: Record<TimesheetWeekStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** A week's entries change only while it is a draft or was sent back. */
export const EDITABLE_WEEK_STATUSES: readonly TimesheetWeekStatus[] = ['draft', 'rejected'];
export const isWeekEditable = (status: TimesheetWeekStatus) => EDITABLE_WEEK_STATUSES.includes(status);

/** Hours of one entry: a quarter of an hour up to a whole day, two decimals (the column is numeric(5,2)). */
export const HOURS_BOUNDS = { min: 0.25, max: 24 } as const;
/** No day holds more than 24 hours, however many entries share it. */
export const MAX_HOURS_PER_DAY = 24;
export const TIMESHEET_DESCRIPTION_MAX = 1000;
/** The longest range one export or report reads. */
export const TIMESHEET_RANGE_MAX_DAYS = 366;

export const TIMESHEET_MESSAGES = {
  dateRequired: 'Date is required',
  hoursRequired: 'Hours are required',
  hoursRange: `Hours must be between ${HOURS_BOUNDS.min} and ${HOURS_BOUNDS.max}`,
  hoursStep: 'Hours can have at most 2 decimal places',
  recordRequired: 'Choose a lead or a client',
  oneRecord: 'Choose either a lead or a client, not both',
  descriptionTooLong: `Description must be ${TIMESHEET_DESCRIPTION_MAX} characters or less`,
  dayOver: `A day cannot hold more than ${MAX_HOURS_PER_DAY} hours`,
  weekStartMonday: 'Week start must be a Monday',
  recordNotFound: 'Lead or client not found',
  taskNotFound: 'Task not found on this lead or client',
  entryNotFound: 'Timesheet entry not found',
  weekNotFound: 'Timesheet week not found',
  notYours: 'You can only change your own timesheet',
  cannotSee: 'You can only see your own timesheet',
  locked: (status: TimesheetWeekStatus) =>
    status === 'approved'
      ? 'This week is approved and locked; its entries cannot be changed.'
      : 'This week is submitted and waits for approval; its entries cannot be changed.',
  notSubmittable: 'Only a draft or rejected week can be submitted',
  emptyWeek: 'Log some time before submitting the week',
  notSubmitted: 'Only a submitted week can be approved or rejected',
  ownWeek: 'You cannot approve or reject your own week',
  reasonRequired: 'A reason is required to reject a week',
  rangeOrder: 'The end date must be on or after the start date',
  rangeTooLong: `Choose a range of at most ${TIMESHEET_RANGE_MAX_DAYS} days`,
  entryUpdated: 'Entry updated',
  entryDeleted: 'Entry deleted',
  entryStale: 'This entry was changed elsewhere. Please reload it and try again.',
  submitted: 'Week submitted',
  approved: 'Week approved',
  rejected: 'Week rejected',
  noEntries: 'No time logged this week',
  noApprovals: 'No weeks waiting for approval',
  noReport: 'No time logged in this range',
} as const;

/** The weeks of these roles wait for a supervisor or above (ROLE_RESTRICTIONS.requiresApproval). */
export const weekNeedsApproval = (role: Role) => ROLE_RESTRICTIONS[role].requiresApproval;

/** The Monday of the week holding `date` ('YYYY-MM-DD', a calendar date with no zone). */
export function weekStartOf(date: string): string {
  const offset = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -offset);
}

/** The seven dates of the week starting on `weekStart`. */
export function weekDates(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/** Whether `date` is a real calendar date that falls on a Monday. */
export const isMonday = (date: string) => isValidIsoDate(date) && weekStartOf(date) === date;

/** Rounds a sum of hours to the column's 2 decimals (floating point adds 0.1 + 0.2 badly). */
export const roundHours = (hours: number) => Math.round(hours * 100) / 100;

export const hoursSchema = z
  .number({ error: TIMESHEET_MESSAGES.hoursRequired })
  .min(HOURS_BOUNDS.min, TIMESHEET_MESSAGES.hoursRange)
  .max(HOURS_BOUNDS.max, TIMESHEET_MESSAGES.hoursRange)
  .refine((h) => Math.abs(h * 100 - Math.round(h * 100)) < 1e-6, TIMESHEET_MESSAGES.hoursStep);

const idSchema = z.uuid({ error: TIMESHEET_MESSAGES.recordNotFound });

const descriptionSchema = z
  .string()
  .trim()
  .max(TIMESHEET_DESCRIPTION_MAX, TIMESHEET_MESSAGES.descriptionTooLong)
  .optional()
  .default('');

export const timesheetEntryInputSchema = z
  .object({
    date: requiredDate(TIMESHEET_MESSAGES.dateRequired),
    hours: hoursSchema,
    leadId: idSchema.nullish(),
    clientId: idSchema.nullish(),
    taskId: z.uuid({ error: TIMESHEET_MESSAGES.taskNotFound }).nullish(),
    description: descriptionSchema,
  })
  .superRefine((entry, ctx) => {
    if (!entry.leadId && !entry.clientId) {
      ctx.addIssue({ code: 'custom', path: ['leadId'], message: TIMESHEET_MESSAGES.recordRequired });
    } else if (entry.leadId && entry.clientId) {
      ctx.addIssue({ code: 'custom', path: ['leadId'], message: TIMESHEET_MESSAGES.oneRecord });
    }
  });
export type TimesheetEntryInput = z.infer<typeof timesheetEntryInputSchema>;

/** A change to an entry: its hours, description and task; the date and record stay (delete and add instead). */
export const timesheetEntryPatchSchema = z
  .object({
    hours: hoursSchema.optional(),
    taskId: z.uuid({ error: TIMESHEET_MESSAGES.taskNotFound }).nullable().optional(),
    description: z.string().trim().max(TIMESHEET_DESCRIPTION_MAX, TIMESHEET_MESSAGES.descriptionTooLong).optional(),
    version: z.number().int().positive(),
  })
  .strict();
export type TimesheetEntryPatch = z.infer<typeof timesheetEntryPatchSchema>;

const mondaySchema = requiredDate(TIMESHEET_MESSAGES.weekStartMonday).refine(
  (d) => isMonday(d),
  TIMESHEET_MESSAGES.weekStartMonday,
);

export const timesheetWeekQuerySchema = z.object({
  userId: z.uuid({ error: 'User not found' }).optional().describe("Whose week; default the caller's own"),
  weekStart: mondaySchema.optional().describe("The week's Monday; default this week on the firm's calendar"),
});

export const timesheetWeekParamsSchema = z.object({
  userId: z.uuid({ error: TIMESHEET_MESSAGES.weekNotFound }),
  weekStart: mondaySchema,
});

export const timesheetRejectSchema = z.object({
  reason: z
    .string({ error: TIMESHEET_MESSAGES.reasonRequired })
    .trim()
    .min(1, TIMESHEET_MESSAGES.reasonRequired)
    .max(TIMESHEET_DESCRIPTION_MAX, TIMESHEET_MESSAGES.descriptionTooLong),
});

export const timesheetRangeQuerySchema = z
  .object({
    from: requiredDate('Start date is required'),
    to: requiredDate('End date is required'),
  })
  .superRefine((range, ctx) => {
    if (range.to < range.from) ctx.addIssue({ code: 'custom', path: ['to'], message: TIMESHEET_MESSAGES.rangeOrder });
    else if (daysBetween(range.from, range.to) >= TIMESHEET_RANGE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: TIMESHEET_MESSAGES.rangeTooLong });
    }
  });
export type TimesheetRange = z.infer<typeof timesheetRangeQuerySchema>;

export const timesheetEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  date: z.string(),
  hours: z.number(),
  leadId: z.string().nullable(),
  clientId: z.string().nullable(),
  recordName: z.string(),
  taskId: z.string().nullable(),
  taskName: z.string().nullable(),
  description: z.string(),
  version: z.number(),
});
export type TimesheetEntry = z.infer<typeof timesheetEntrySchema>;

export const timesheetWeekSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  weekStart: z.string(),
  status: z.enum(TIMESHEET_WEEK_STATUSES),
  reason: z.string().nullable(),
  needsApproval: z.boolean(),
  editable: z.boolean(),
  submittedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  totalHours: z.number(),
  entries: z.array(timesheetEntrySchema),
});
export type TimesheetWeek = z.infer<typeof timesheetWeekSchema>;

export const timesheetWeekSummarySchema = z.object({
  userId: z.string(),
  userName: z.string(),
  weekStart: z.string(),
  status: z.enum(TIMESHEET_WEEK_STATUSES),
  submittedAt: z.string().nullable(),
  totalHours: z.number(),
});
export type TimesheetWeekSummary = z.infer<typeof timesheetWeekSummarySchema>;

/**
 * The approval queue shows its oldest weeks first and at most this many: a supervisor works from the top,
 * and each decision takes a week off the queue, so the next ones move up.
 */
export const APPROVAL_QUEUE_SHOWN = 100;

export const timesheetApprovalQueueSchema = z.object({
  /** The oldest submitted weeks, at most APPROVAL_QUEUE_SHOWN. */
  weeks: z.array(timesheetWeekSummarySchema),
  /** How many weeks are waiting in all. */
  waiting: z.number().int(),
});
export type TimesheetApprovalQueue = z.infer<typeof timesheetApprovalQueueSchema>;

/** The report lists the records with the most hours, at most this many; the CSV export has every entry. */
export const REPORT_RECORDS_SHOWN = 100;

export const timesheetReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalHours: z.number(),
  byRecord: z.array(
    z.object({
      recordType: z.enum(['lead', 'client']),
      recordId: z.string(),
      recordName: z.string(),
      hours: z.number(),
    }),
  ),
  byUser: z.array(z.object({ userId: z.string(), userName: z.string(), hours: z.number() })),
  /** How many records have hours in the range (byRecord lists at most REPORT_RECORDS_SHOWN of them). */
  recordCount: z.number().int(),
});
export type TimesheetReport = z.infer<typeof timesheetReportSchema>;

/** The change event of a user's timesheet (its id: the author); the author and approvers receive it. */
export const TIMESHEET_EVENT = 'timesheet';

export const TIMESHEET_EXPORT_COLUMNS = [
  'Date',
  'Week Start',
  'Staff',
  'Record Type',
  'Record',
  'Task',
  'Hours',
  'Description',
  'Week Status',
] as const;

export const timesheetExportFileName = (from: string, to: string) => `timesheet-${from}-to-${to}.csv`;
