// The shape every job of the product has, and what a run is given. Jobs live beside this file; the
// runner (job-runner.ts) is the only code that talks to pg-boss.
import type { FastifyBaseLogger } from 'fastify';
import type { QueueOptions } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import type { MailDelivery } from '../platform/mail/mail-delivery.ts';
import type { FirmMailer } from '../platform/settings/firm-mailer.ts';
import type { WebhookDelivery } from '../platform/webhooks/webhook-delivery.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { TimeOfDay } from './daily-schedule.ts';

/** The services every run is given as the runner was given them (job-runner.ts). */
export type JobServices = {
  mailer: FirmMailer;
  /** The Mail log's delivery: a mail is queued with `queueMail` and sent by it. */
  mail: MailDelivery;
  /** The webhook outbox's delivery (platform/webhooks). */
  webhooks: WebhookDelivery;
  storage: FileStorage;
  config: Config;
  log: FastifyBaseLogger;
};

/** What a run works with. `now` comes from the runner's clock: a test moves it instead of waiting. */
export type JobContext = JobServices & {
  db: Database;
  /** Which database `db` is (a backup records it). */
  databaseKind: DatabaseHandle['kind'];
  now: Date;
};

/** How a run ended when it did not throw (a thrown error is a failed run, retried with back-off). */
export type RunResult = {
  outcome: 'succeeded' | 'skipped';
  /** What the run served, e.g. the firm date of a daily digest; the catch-up rule reads it back. */
  runFor?: string | null;
  /** One line for the administration screens. */
  summary: string;
  /** A run that found nothing to do and need not be listed (a frequent sweep). */
  quiet?: boolean;
};

export type JobDefinition<Payload extends z.ZodType<object>> = {
  /** The pg-boss queue name (letters, digits, dashes). */
  name: string;
  /** What Administration's job status calls it. */
  label: string;
  /** Job data comes back from the database: every run parses it first. */
  payload: Payload;
  /** Retries, back-off and expiry of this job's queue. */
  queue: QueueOptions;
  /**
   * A job that runs every day at this time in the firm's time zone. The runner schedules it with pg-boss
   * (rewritten when the firm's zone changes) and, at start, sends a run a missed due time still owes.
   */
  daily?: TimeOfDay;
  /** A job that runs on this cron schedule (UTC), e.g. a sweep every few minutes. */
  cron?: string;
  // A method, so that a job with its own payload is also a ScheduledJob: the runner parses each run's data
  // with the job's own schema before it calls run.
  run(data: z.infer<Payload>, ctx: JobContext): Promise<RunResult>;
};

/** A job of any payload, as the runner holds them: each run parses its payload with the job's own schema. */
export type ScheduledJob = JobDefinition<z.ZodType<object>>;

/** Keeps a job's payload type tied to its handler. */
export const defineJob = <Payload extends z.ZodType<object>>(job: JobDefinition<Payload>) => job;
