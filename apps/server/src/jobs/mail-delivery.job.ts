// The Mail log's retries and sweep (issue 27): a mail is sent at once by the process that wakes first
// after its commit; this job, queued for each retry's due time and run every five minutes on one process,
// sends what is due then and takes back a claim whose process died between claiming and sending.
import { z } from 'zod';
import { defineJob } from './job-definition.ts';

export const MAIL_DELIVERY_JOB = 'mail-delivery';

export const mailDeliveryJob = defineJob({
  name: MAIL_DELIVERY_JOB,
  label: 'Mail delivery retries',
  payload: z.object({}),
  cron: '*/5 * * * *',
  queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  run: async (_data, ctx) => {
    const tried = await ctx.mail.deliverDue();
    return {
      outcome: tried > 0 ? 'succeeded' : 'skipped',
      summary: `${tried} mail${tried === 1 ? '' : 's'} tried`,
      quiet: tried === 0,
    };
  },
});
