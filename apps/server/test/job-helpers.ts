// Helpers for tests that start the job runner: pg-boss's TestClock moves time (pg-boss's timers, its
// database time and each run's `now`), and waits are on events and states, never on the wall clock.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TestClock } from 'pg-boss';
import type { Database } from '../src/db/database.ts';
import type { JobRunner } from '../src/jobs/job-runner.ts';
import type { JobRunRow } from '../src/jobs/job-runs.ts';
import { mailText } from './build-test-app.ts';

export { TestClock };

/** What a job's run and the job runner take of the app: its mailer, mail queue, webhooks, files, settings and log. */
export const jobServicesOf = (app: FastifyInstance) => ({
  mailer: app.mailer,
  mail: app.mail,
  webhooks: app.webhooks,
  storage: app.storage,
  config: app.config,
  log: app.log,
});

/** A moment given as Sydney wall time in summer (AEDT, UTC+11): '2026-11-24T07:00'. */
export const sydney = (local: string) => new Date(`${local}:00+11:00`);

/** The next run of `jobName` recorded by `jobs` (that `accept` accepts), as an event: no polling, no sleep. */
export function nextRun(jobs: JobRunner, jobName: string, accept: (run: JobRunRow) => boolean = () => true) {
  return new Promise<JobRunRow>((resolve) => {
    const off = jobs.onRun((run) => {
      if (run.jobName !== jobName || !accept(run)) return;
      off();
      resolve(run);
    });
  });
}

/**
 * Moves the clock on in steps until no job of ours waits or runs on any of the runners: every handler
 * started has finished (awaited, however slow the machine) and nothing is left queued that a tick could
 * start. Time moves only by ticks, so what ran is decided by the clock, not by the machine's speed.
 */
export async function runUntilIdle(clock: TestClock, runners: JobRunner[], stepMs = 10_000, maxSteps = 200) {
  for (let step = 0; step < maxSteps; step++) {
    // A tick first: a start's first cron pass and worker fetch run on the clock's next turn.
    await clock.tick(stepMs);
    await Promise.all(runners.map((r) => r.handlersSettled()));
    const pending = await Promise.all(runners.map((r) => r.pendingJobs()));
    if (pending.every((n) => n === 0)) return;
  }
  throw new Error(`Jobs still pending after ${(stepMs * maxSteps) / 1000} s of test-clock time`);
}

/** The daily digests in an outbox, as subject, recipient and decoded text. */
export function digestsIn(outbox: { content: string }[]) {
  return outbox
    .map(({ content }) => ({ ...mailText(content), content }))
    .filter(({ headers }) => /^subject: your tasks for/im.test(headers))
    .map(({ headers, text }) => ({
      to: /^to: (.*)$/im.exec(headers)?.[1]?.trim() ?? '',
      subject: /^subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '',
      headers,
      text,
    }));
}

/** Clears what a previous test of the file left: run records and sent digests. */
export async function clearJobTables(db: Database) {
  await db.execute(sql`delete from job_runs`);
  await db.execute(sql`delete from task_reminder_digests`);
}
