// Administration's job status (issue 15 item 9): each scheduled job with its schedule, last run and next run.
import { z } from 'zod';

export const jobStatusSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** 'Every day at 07:00' in the firm's time zone. */
  schedule: z.string(),
  timeZone: z.string(),
  nextRunAt: z.string().nullable(),
  lastRun: z
    .object({
      startedAt: z.string(),
      finishedAt: z.string(),
      outcome: z.enum(['succeeded', 'skipped', 'failed']),
      summary: z.string().nullable(),
    })
    .nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;
