// The one job mechanism (docs/decisions/0011): pg-boss on the app's database — the same PGlite instance
// through pg-boss's PGlite adapter, or a small pool of its own on a PostgreSQL server. It runs every job
// the app hands it (scheduled-jobs.ts), records each run in job_runs, schedules the daily ones in the firm's time zone and, at start,
// sends the run a missed due time still owes. The app starts it in main.ts; a test app only on request.
import { sql } from 'drizzle-orm';
import { type Clock, fromPglite, type Job, PgBoss, systemClock } from 'pg-boss';
import type { z } from 'zod';
import { DISPLAY_SETTING_KEY } from '@crm/domain';
import type { DatabaseHandle } from '../db/database.ts';
import { readDisplaySetting } from '../platform/settings/settings.repository.ts';
import type { ChangeHub } from '../plugins/change-hub.ts';
import { sanitizeError } from '../plugins/logging.ts';
import { queueWebhook } from '../platform/webhooks/webhook-queue.ts';
import { dailyCron } from './daily-schedule.ts';
import type { JobContext, JobDefinition, JobServices, RunResult, ScheduledJob } from './job-definition.ts';
import { type JobRunRow, owedRunOf, recordJobRun } from './job-runs.ts';
import { WEBHOOK_DELIVERY_JOB } from './webhook-delivery.job.ts';

/** Every job of the product. */

/** pg-boss keeps its tables in a schema of its own, beside the app's. */
export const JOB_SCHEMA = 'pgboss';
/** pg-boss's own queue through which a schedule's due occurrence becomes a job. */
const SCHEDULER_QUEUE = '__pgboss__send-it';

export type JobRunnerStartOptions = {
  /** pg-boss's TestClock in tests: it moves pg-boss's timers, its database time and every run's `now`. */
  clock?: Clock;
};

export type JobRunner = {
  /** The jobs it runs, as the app handed them. */
  jobs: readonly ScheduledJob[];
  start: (options?: JobRunnerStartOptions) => Promise<void>;
  /** Lets running handlers finish (up to a few seconds), then stops every timer and closes pg-boss's pool. */
  stop: () => Promise<void>;
  isRunning: () => boolean;
  /**
   * Queues a job; resolves to its id. Throws when the runner is not running: a job asked for and never
   * queued is a fault to see, not a debug line. A caller that may run without a runner (a test app that
   * did not start it) asks `isRunning()` first and says why skipping is safe.
   */
  send: (name: string, data: object, options?: { startAfter?: Date }) => Promise<string | null>;
  /** Called with each run's record once it is written (tests wait on it instead of sleeping). */
  onRun: (listener: (run: JobRunRow) => void) => () => void;
  /** Rewrites the daily schedules with the firm's current time zone (done at start and on a change). */
  reschedule: () => Promise<void>;
  /**
   * How many jobs of ours (and of pg-boss's own scheduling queue) wait or run on any process, and this
   * process's handlers still running (settled resolves when none is): what tests wait on, and what an
   * operator asks before a deploy.
   */
  pendingJobs: () => Promise<number>;
  handlersSettled: () => Promise<void>;
};

export type JobRunnerDeps = JobServices & {
  database: DatabaseHandle;
  changeHub: ChangeHub;
  /** Every job the app runs (scheduled-jobs.ts): the runner knows none of them by name. */
  jobs: readonly ScheduledJob[];
};

// How often a worker asks for a job of its queue: a mail may wait this long; on the embedded database
// every poll shares the one connection with the requests.
const POLL_SECONDS = 10;
// A handler still running at stop gets this long to finish (main.ts forces an exit after 10 s).
const STOP_GRACE_MS = 5_000;

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { database, changeHub, jobs, ...services } = deps;
  const { log } = services;
  const db = database.db;
  let boss: PgBoss | null = null;
  let ready = false;
  let starting: Promise<void> | null = null;
  let clock: Clock = systemClock;
  let unsubscribe: (() => void) | null = null;
  const listeners = new Set<(run: JobRunRow) => void>();
  let inFlight = 0;
  let settledWaiters: (() => void)[] = [];

  const contextAt = (now: Date): JobContext => ({ ...services, db, databaseKind: database.kind, now });

  /** `finalFailure`: the run failed after its last retry, which is a system alert (decision 0034). */
  async function record(run: Parameters<typeof recordJobRun>[1], finalFailure = false) {
    try {
      const row = await db.transaction(async (tx) => {
        const recorded = await recordJobRun(tx, run);
        // Not the webhook delivery's own failure: its alert would go to the receiver that may be failing.
        if (finalFailure && run.jobName !== WEBHOOK_DELIVERY_JOB) {
          await queueWebhook(
            tx,
            'system.alert',
            { alert: 'job_failed', job: run.jobName, jobId: run.jobId ?? '', attempts: (run.attempt ?? 0) + 1 },
            null,
          );
        }
        return recorded;
      });
      for (const listener of listeners) listener(row);
    } catch (error) {
      // The work is done (or has failed and will be retried): a lost record must not make pg-boss run it
      // again, which for a mail would send it twice.
      log.error({ err: error, job: run.jobName }, 'Could not record a job run');
    }
  }

  async function runJob<P extends z.ZodType<object>>(job: JobDefinition<P>, claimed: Job<unknown>) {
    inFlight++;
    try {
      await runAndRecord(job, claimed);
    } finally {
      if (--inFlight === 0) {
        for (const resolve of settledWaiters) resolve();
        settledWaiters = [];
      }
    }
  }

  async function runAndRecord<P extends z.ZodType<object>>(job: JobDefinition<P>, claimed: Job<unknown>) {
    const startedAt = new Date(clock.now());
    const base = { jobName: job.name, jobId: claimed.id, attempt: claimed.retryCount, startedAt };
    let result: RunResult;
    try {
      result = await job.run(job.payload.parse(claimed.data), contextAt(startedAt));
    } catch (error) {
      await record(
        {
          ...base,
          finishedAt: new Date(clock.now()),
          outcome: 'failed',
          // Without a database error's parameters (personal data): the record is read on a screen.
          error: sanitizeError(error).message,
        },
        claimed.retryCount >= (job.queue.retryLimit ?? 0),
      );
      // pg-boss retries it after the queue's back-off, or marks it failed after the last attempt.
      throw error;
    }
    if (result.quiet) return;
    await record({ ...base, finishedAt: new Date(clock.now()), ...result });
  }

  async function reschedule() {
    if (!boss) return;
    const { timeZone } = await readDisplaySetting(db);
    for (const job of jobs) {
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      if (!job.daily) continue;
      // An upsert: every process does it at start, and pg-boss keeps the row's creation time, which bounds
      // its own catch-up of a gap ('once': one run for the latest occurrence missed while no pass ran).
      await boss.schedule(job.name, dailyCron(job.daily), {}, { tz: timeZone, missed: 'once' });
    }
  }

  /** Sends the run a daily job still owes today (its time passed while no process was up). */
  async function catchUp(instance: PgBoss) {
    const { timeZone } = await readDisplaySetting(db);
    for (const job of jobs) {
      if (!job.daily) continue;
      const owed = await owedRunOf(db, { name: job.name, at: job.daily, timeZone, now: new Date(clock.now()) });
      // Several processes starting together may each send one: the run decides again what it owes, and
      // the digests' key holds one per person and day, so the extra runs are recorded as skipped.
      if (owed) await instance.send(job.name, {});
    }
  }

  async function startBoss(options: JobRunnerStartOptions) {
    clock = options.clock ?? systemClock;
    const common = { schema: JOB_SCHEMA, clock, instanceName: 'visa-crm' };
    const connection = database.connection;
    const instance =
      connection.kind === 'pglite'
        ? // The embedded database has one connection: pg-boss shares the app's PGlite instance.
          new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: connection.url, max: 3, application_name: 'visa-crm-jobs' });
    instance.on('error', (error) => log.error({ err: error }, 'Job runner error'));
    instance.on('warning', (warning) => log.warn({ warning: warning.data }, warning.message));
    boss = instance;
    await instance.start();
    for (const job of jobs) {
      await instance.createQueue(job.name, job.queue);
      // createQueue leaves an existing queue as it is: a changed retry policy reaches it through update.
      await instance.updateQueue(job.name, job.queue);
      await instance.work(job.name, { pollingIntervalSeconds: POLL_SECONDS }, async ([claimed]) => {
        if (claimed) await runJob(job, claimed);
      });
    }
    await reschedule();
    unsubscribe = changeHub.subscribe((event) => {
      if (event.resource !== 'settings' || event.id !== DISPLAY_SETTING_KEY) return;
      reschedule().catch((error) => log.error({ err: error }, 'Could not reschedule the daily jobs'));
    });
    await catchUp(instance);
    ready = true;
  }

  async function stop() {
    await starting?.catch(() => {});
    await shutdown();
  }

  async function shutdown() {
    unsubscribe?.();
    unsubscribe = null;
    ready = false;
    const stopping = boss;
    boss = null;
    await stopping?.stop({ graceful: true, timeout: STOP_GRACE_MS });
  }

  return {
    jobs,
    start: async (options = {}) => {
      if (boss) return starting ?? undefined;
      starting = startBoss(options).catch(async (error) => {
        await shutdown().catch(() => {});
        throw error;
      });
      try {
        await starting;
      } finally {
        starting = null;
      }
    },
    stop,
    isRunning: () => ready,
    send: async (name, data, options = {}) => {
      await starting?.catch(() => {});
      if (!boss || !ready) throw new Error(`Job runner not running: job ${name} not queued`);
      return boss.send(name, data, options.startAfter ? { startAfter: options.startAfter } : {});
    },
    onRun: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    reschedule,
    pendingJobs: async () => {
      if (!boss) return inFlight;
      const names = [...jobs.map((job) => job.name), SCHEDULER_QUEUE];
      const { rows } = await database.db.execute<{ pending: number }>(
        sql`select count(*)::int as pending from ${sql.identifier(JOB_SCHEMA)}.job
            where name in ${names} and state in ('created', 'retry', 'active')`,
      );
      return (rows[0]?.pending ?? 0) + inFlight;
    },
    handlersSettled: () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => settledWaiters.push(resolve)),
  };
}
