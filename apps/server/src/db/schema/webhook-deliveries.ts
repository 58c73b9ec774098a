import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';

/**
 * The webhook outbox (docs/decisions/0034): one row per event, written in the transaction of the change it
 * tells about, delivered after commit by whichever process claims it, retried with back-off and kept with
 * its last outcome. `body` is the exact JSON sent (and signed) on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** The event's id: the payload's `id`, the same on every attempt, so a receiver can drop a repeat. */
    id: id(),
    createdAt: timestamptz()
      .notNull()
      .default(sql`clock_timestamp()`),
    /** user.registered, payment.succeeded, system.alert */
    eventType: text().notNull(),
    body: text().notNull(),
    /** queued, sending, delivered, retrying, failed */
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    /** When the process now sending it claimed it: a claim long past means that process died. */
    claimedAt: timestamptz(),
    deliveredAt: timestamptz(),
    /** The last attempt's fixed outcome (never the receiver's answer) and the HTTP status it answered. */
    outcome: text(),
    httpStatus: integer(),
  },
  (t) => [
    index('webhook_deliveries_created_idx').on(t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'retrying')`),
  ],
);
