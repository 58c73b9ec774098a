// Timesheet (issue 16 item 2): hours a user logged on a date against exactly one lead or client, and the
// state of each user's week (no row: a draft). The bounds are the domain's (HOURS_BOUNDS) held again by the
// database, so no write path can store 0 or 25 hours.
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, timestamptz } from './columns.ts';
import { clients } from './clients.ts';
import { leads } from './leads.ts';
import { taskNotes } from './tasks.ts';
import { users } from './users.ts';

export const timesheetEntries = pgTable(
  'timesheet_entries',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryDate: date({ mode: 'string' }).notNull(),
    /** numeric, not float: 0.1 + 0.2 hours add up to 0.3 in every total. */
    hours: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    leadId: uuid().references(() => leads.id, { onDelete: 'cascade' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    taskId: uuid().references(() => taskNotes.id, { onDelete: 'set null' }),
    description: text().notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    check('timesheet_entries_hours_bounds', sql`${t.hours} >= 0.25 and ${t.hours} <= 24`),
    check('timesheet_entries_one_record', sql`num_nonnulls(${t.leadId}, ${t.clientId}) = 1`),
    index('timesheet_entries_user_date_idx').on(t.userId, t.entryDate),
    index('timesheet_entries_date_idx').on(t.entryDate),
    index('timesheet_entries_lead_idx')
      .on(t.leadId)
      .where(sql`${t.leadId} is not null`),
    index('timesheet_entries_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

export const timesheetWeeks = pgTable(
  'timesheet_weeks',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday of the week on the firm's calendar. */
    weekStart: date({ mode: 'string' }).notNull(),
    /** 'draft' | 'submitted' | 'approved' | 'rejected' (TIMESHEET_WEEK_STATUSES). */
    status: text().notNull().default('draft'),
    /** Why a supervisor sent the week back. */
    reason: text(),
    submittedAt: timestamptz(),
    approvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamptz(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weekStart] }),
    check('timesheet_weeks_monday', sql`extract(isodow from ${t.weekStart}) = 1`),
    check('timesheet_weeks_status', sql`${t.status} in ('draft', 'submitted', 'approved', 'rejected')`),
    index('timesheet_weeks_submitted_idx')
      .on(t.weekStart)
      .where(sql`${t.status} = 'submitted'`),
  ],
);
