// Delivers queued webhook events (docs/decisions/0034), the way the Mail log delivers mail
// (platform/mail/mail-delivery.ts): any process may send any event; a row is claimed ('sending') by an
// atomic update, so an event leaves once however many processes run, and is sent outside any transaction,
// so a slow receiver never holds one open. A failed attempt keeps its fixed outcome and HTTP status and is
// retried with back-off by a job (pg-boss) due at the next try; a claim older than a send can take means
// its process died, and the event is tried again. Finished rows are kept 30 days.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { webhookRetryDelaySeconds, type WebhookTestResult, webhookTestResult } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { deliveryRuns } from '../../jobs/delivery-runs.ts';
import { readWebhookTarget } from '../settings/integration-settings.ts';
import type { SecretBox } from '../settings/secret-box.ts';
import { postWebhook } from './webhook-target.ts';

/** An attempt takes at most its 10-second time-out: a claim older than this is orphaned. */
const CLAIM_LAPSES_AFTER = '5 minutes';
/** How long delivered and failed events are kept. */
const KEPT_FOR = '30 days';

type Row = typeof webhookDeliveries.$inferSelect;

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

export type WebhookDeliveryDeps = {
  db: Database;
  secretBox: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE: a receiver on the firm's own network. */
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  /** Queues the retry job due at `at` (the job runner, when it runs). */
  scheduleRetry: (at: Date) => Promise<void>;
};

export function createWebhookDelivery(deps: WebhookDeliveryDeps) {
  const { db, log } = deps;

  /** Claims the next due event, or null. */
  async function claim(): Promise<Row | null> {
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.status, ['queued', 'retrying']),
          lte(webhookDeliveries.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(webhookDeliveries)
      .set({ status: 'sending', claimedAt: sql`now()`, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
    return row ?? null;
  }

  async function attempt(row: Row) {
    // The URL and secret as saved now: an event queued before a change goes where the firm now says.
    const target = await readWebhookTarget(db, deps.secretBox, 'test');
    const result = target
      ? await postWebhook(target, { id: row.id, type: row.eventType, body: row.body }, deps.allowPrivate)
      : ({ outcome: 'not_configured', httpStatus: null } as const);
    if (result.outcome === 'delivered') {
      await db
        .update(webhookDeliveries)
        .set({ status: 'delivered', deliveredAt: sql`now()`, claimedAt: null, ...result })
        .where(eq(webhookDeliveries.id, row.id));
      return;
    }
    // Nothing to send to is final: the firm removed the URL or secret after the event was queued.
    const last = result.outcome === 'not_configured' || row.attempts >= row.maxAttempts;
    const nextAt = new Date(Date.now() + webhookRetryDelaySeconds(row.attempts) * 1000);
    log.warn({ webhookId: row.id, outcome: result.outcome, attempt: row.attempts }, 'webhook not delivered');
    await db
      .update(webhookDeliveries)
      .set({
        status: last ? 'failed' : 'retrying',
        claimedAt: null,
        ...result,
        ...(last ? {} : { nextAttemptAt: nextAt }),
      })
      .where(eq(webhookDeliveries.id, row.id));
    if (!last) await deps.scheduleRetry(nextAt);
  }

  /** Sends every event due now; resolves to how many it tried. */
  async function deliverDue(): Promise<number> {
    // A claim its process never finished (it died between claiming and answering): due again now.
    await db
      .update(webhookDeliveries)
      .set({ status: 'retrying', claimedAt: null, nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(webhookDeliveries.status, 'sending'),
          lte(webhookDeliveries.claimedAt, sql`now() - ${CLAIM_LAPSES_AFTER}::interval`),
        ),
      );
    let tried = 0;
    for (let row = await claim(); row; row = await claim()) {
      await attempt(row);
      tried++;
    }
    return tried;
  }

  /** Removes delivered and failed events older than 30 days; the sweep job calls it. */
  async function prune(): Promise<void> {
    await db
      .delete(webhookDeliveries)
      .where(
        and(
          notInArray(webhookDeliveries.status, ['queued', 'sending', 'retrying']),
          lte(webhookDeliveries.createdAt, sql`now() - ${KEPT_FOR}::interval`),
        ),
      );
  }

  /** The card's "Send test event": sent now to the saved URL, not queued, reported in fixed words. */
  async function sendTest(): Promise<WebhookTestResult> {
    const target = await readWebhookTarget(db, deps.secretBox, 'test');
    if (!target) return webhookTestResult('not_configured', null);
    const id = randomUUID();
    const type = 'webhook.test';
    const body = JSON.stringify({ id, type, createdAt: new Date().toISOString(), data: {} });
    const { outcome, httpStatus } = await postWebhook(target, { id, type, body }, deps.allowPrivate);
    return webhookTestResult(outcome, httpStatus);
  }

  return { deliverDue, prune, sendTest, ...deliveryRuns(deliverDue, log, 'webhooks not delivered') };
}
