// /api/dashboard: the figures of the Dashboard page, computed by the server over the leads the user can see.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conversionStatisticsSchema, leadStatisticsSchema, leadTrendSchema } from '@crm/domain';
import { requireUser } from '../../plugins/session.ts';
import { conversionStatistics, leadStatistics, leadTrend } from './dashboard.service.ts';

const access = { permission: 'dashboard:view' } as const;

export async function dashboardRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  const viewerOf = async (request: Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    return { id: user.id, role: user.role };
  };

  app.get(
    '/api/dashboard/lead-statistics',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Lead counts by status (not deleted, not archived; totalLeads = leads not converted)',
        response: { 200: leadStatisticsSchema },
      },
    },
    async (request) => leadStatistics(app.db, await viewerOf(request)),
  );

  app.get(
    '/api/dashboard/conversion-statistics',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Conversions: total, last 30 days, reversions, active clients from leads, success rate (one decimal)',
        response: { 200: conversionStatisticsSchema },
      },
    },
    async (request) => conversionStatistics(app.db, await viewerOf(request)),
  );

  app.get(
    '/api/dashboard/lead-trend',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Pipeline chart: new leads per week for the last 12 weeks (the firm's time zone) and the count at each stage",
        response: { 200: leadTrendSchema },
      },
    },
    async (request) => leadTrend(app.db, await viewerOf(request)),
  );
}
