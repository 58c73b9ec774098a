// GET /api/jobs (issue 15 item 9): the scheduled jobs Administration lists, each with its schedule in the
// firm's time zone, its last recorded run (job_runs) and its next run.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type JobStatus, jobStatusSchema } from '@crm/domain';
import { nextDailyRun } from '../../jobs/daily-schedule.ts';
import { latestJobRuns } from '../../jobs/job-runs.ts';
import { readDisplaySetting } from '../../platform/settings/settings.repository.ts';

const clock = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

export async function jobsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/jobs',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags: ['jobs'],
        summary: 'The scheduled jobs: schedule in the firm’s time zone, last run and result, next run',
        response: { 200: z.array(jobStatusSchema) },
      },
    },
    async (): Promise<JobStatus[]> => {
      const [{ timeZone }, runs] = await Promise.all([readDisplaySetting(app.db), latestJobRuns(app.db)]);
      const now = new Date();
      return app.jobs.jobs.map((job) => {
        const last = runs.find((run) => run.jobName === job.name);
        return {
          name: job.name,
          label: job.label,
          schedule: job.daily ? `Every day at ${clock(job.daily.hour, job.daily.minute)}` : 'When needed',
          timeZone,
          nextRunAt: job.daily ? nextDailyRun(job.daily, timeZone, now).toISOString() : null,
          lastRun: last
            ? {
                startedAt: last.startedAt.toISOString(),
                finishedAt: last.finishedAt.toISOString(),
                outcome: last.outcome as 'succeeded' | 'skipped' | 'failed',
                summary: last.summary,
              }
            : null,
        };
      });
    },
  );
}
