// Reads and writes job_runs: the record of every run (administration screens) and what the last
// completed run of a daily job served (the catch-up rule's input).
import { and, desc, eq, max } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { jobRuns } from '../db/schema/jobs.ts';
import { owedDailyRun, type TimeOfDay } from './daily-schedule.ts';

export type JobRunRecord = typeof jobRuns.$inferInsert & { outcome: 'succeeded' | 'skipped' | 'failed' };
export type JobRunRow = typeof jobRuns.$inferSelect;

// An error message of a few KB is useful; a megabyte of stack is not worth a row.
const MAX_ERROR_LENGTH = 4000;

export async function recordJobRun(db: Executor, run: JobRunRecord): Promise<JobRunRow> {
  const [row] = await db
    .insert(jobRuns)
    .values({ ...run, error: run.error?.slice(0, MAX_ERROR_LENGTH) ?? null })
    .returning();
  return row!;
}

/** The firm date (or other key) the latest succeeded run of `jobName` served; null when none did. */
export async function lastRunServed(db: Executor, jobName: string): Promise<string | null> {
  const [row] = await db
    .select({ runFor: max(jobRuns.runFor) })
    .from(jobRuns)
    .where(and(eq(jobRuns.jobName, jobName), eq(jobRuns.outcome, 'succeeded')));
  return row?.runFor ?? null;
}

/** The firm date a daily job still owes its run for at `now`, given the run it last served (owedDailyRun). */
export async function owedRunOf(
  db: Executor,
  job: { name: string; at: TimeOfDay; timeZone: string; now: Date },
): Promise<string | null> {
  return owedDailyRun({
    now: job.now,
    timeZone: job.timeZone,
    at: job.at,
    lastRunFor: await lastRunServed(db, job.name),
  });
}

/** The latest run of each job, newest first: the administration screens' jobs table. */
export async function latestJobRuns(db: Executor): Promise<JobRunRow[]> {
  return db
    .selectDistinctOn([jobRuns.jobName])
    .from(jobRuns)
    .orderBy(jobRuns.jobName, desc(jobRuns.startedAt))
    .then((rows) => rows.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime()));
}

/** Every recorded run of one job, newest first (tests, and a job's history on the administration screens). */
export async function jobRunsOf(db: Executor, jobName: string, limit = 50): Promise<JobRunRow[]> {
  return db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.jobName, jobName))
    .orderBy(desc(jobRuns.startedAt), desc(jobRuns.finishedAt))
    .limit(limit);
}
