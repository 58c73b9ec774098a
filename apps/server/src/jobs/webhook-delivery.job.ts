// Webhook retries and sweep (docs/decisions/0034), like the Mail log's: an event is sent at once by the
// process that wakes first after its commit; this job, queued for each retry's due time and run every five
// minutes on one process, sends what is due then, takes back a claim whose process died, and removes
// events finished more than 30 days ago.
import { z } from 'zod';
import { defineJob } from './job-definition.ts';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

export const webhookDeliveryJob = defineJob({
  name: WEBHOOK_DELIVERY_JOB,
  label: 'Webhook delivery retries',
  payload: z.object({}),
  cron: '*/5 * * * *',
  queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  run: async (_data, ctx) => {
    const tried = await ctx.webhooks.deliverDue();
    await ctx.webhooks.prune();
    return {
      outcome: tried > 0 ? 'succeeded' : 'skipped',
      summary: `${tried} webhook event${tried === 1 ? '' : 's'} tried`,
      quiet: tried === 0,
    };
  },
});
