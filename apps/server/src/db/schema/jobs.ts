// What the one job mechanism (src/jobs, pg-boss) leaves for people and for its own rules: a record of
// every run, and the daily reminder digests already sent. pg-boss keeps its queues in its own schema.
import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per run of a job (each attempt of a retried one too), written when the run ends: what the
 * administration screens show as a job's last run and result. `runFor` names what a run served (the firm
 * date of a daily digest), which is also what the catch-up rule reads (src/jobs/daily-schedule.ts).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    jobName: text().notNull(),
    /** pg-boss's id of the job this run was an attempt at. */
    jobId: text(),
    /** 0 for the first attempt, 1 for the first retry, … */
    attempt: integer().notNull().default(0),
    runFor: text(),
    startedAt: timestamptz().notNull(),
    finishedAt: timestamptz().notNull(),
    /** succeeded | skipped (nothing was owed) | failed (pg-boss retries it with back-off while it may) */
    outcome: text().notNull(),
    summary: text(),
    error: text(),
  },
  (t) => [index('job_runs_name_started_idx').on(t.jobName, t.startedAt.desc())],
);

/**
 * The daily task reminders sent, one row per assignee and firm date: its primary key is what holds the
 * rule "at most one digest per assignee and day" whatever runs how often on however many processes. The
 * row is inserted in the transaction that sends the mail (features/tasks/task-reminders.job.ts).
 */
export const taskReminderDigests = pgTable(
  'task_reminder_digests',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmDate: date({ mode: 'string' }).notNull(),
    taskCount: integer().notNull(),
    sentAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.firmDate] })],
);
