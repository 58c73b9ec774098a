// Queues a webhook event in the caller's transaction (docs/decisions/0034): a row of webhook_deliveries,
// committed with the change it tells about, or nothing when the event's switch is off or no URL and secret
// are saved. The change event wakes every process's delivery at commit; one of them claims and sends it.
// The payload carries ids and figures only: never a password, token, passport or personal detail.
import { randomUUID } from 'node:crypto';
import { WEBHOOK_MAX_ATTEMPTS, type WebhookEventType } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { publishChange } from '../audit/record-change.ts';
import { webhookSwitchedOn } from '../settings/integration-settings.ts';

/** The change event that wakes the deliveries (it reaches no browser: event-audience has no rule for it). */
export const WEBHOOK_EVENT = 'webhook';

/** What each event's `data` holds. */
export type WebhookData = {
  'user.registered': { userId: string; role: string; invited: boolean };
  'payment.succeeded': {
    invoiceId: string;
    invoiceNumber: string;
    paymentId: string;
    amount: string;
    currency: string;
    paymentDate: string;
    invoiceStatus: string;
  };
  'system.alert':
    | { alert: 'mail_failed'; mailId: string; mailKind: string; outcome: string; attempts: number }
    | { alert: 'job_failed'; job: string; jobId: string; attempts: number };
};

export async function queueWebhook<T extends WebhookEventType>(
  db: Executor,
  type: T,
  data: WebhookData[T],
  actorId: string | null,
): Promise<void> {
  if (!(await webhookSwitchedOn(db, type))) return;
  const id = randomUUID();
  const createdAt = new Date();
  await db.insert(webhookDeliveries).values({
    id,
    createdAt,
    eventType: type,
    body: JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data }),
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
  await publishChange(db, { actorId, ipAddress: null, userAgent: null }, WEBHOOK_EVENT, 'QUEUED', id);
}
