// /api/records: the combined list of leads and clients (spec 1 §2.4) and its statistics cards.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  booleanParam,
  recordListQuerySchema,
  recordPageSchema,
  recordStatisticsSchema,
  recordTabCountsQuerySchema,
  recordTabCountsSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { listVisibleRecords, recordStatistics, recordTabCounts } from './records.service.ts';

export async function recordsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];

  app.get(
    '/api/records',
    {
      // Leads guard the route; clients are added only for roles that may also view clients.
      config: { access: { permission: 'leads:view' } },
      schema: {
        tags,
        summary: 'One page of leads and clients together, newest first (50 or 100 per page, capped by role)',
        description:
          'Live leads of every status (Converted to Client included, with convertedToClientId) and clients that are not ' +
          'deleted or Reverted (with convertedFromLeadId). Hidden records only with showHidden=true. Search covers name, ' +
          'email, contact number, status, location, desired visa and nationality. A consultant sees its own and assigned records.',
        querystring: recordListQuerySchema,
        response: { 200: recordPageSchema },
      },
    },
    async (request) =>
      listVisibleRecords(app.db, (await actorOf(request)).viewer, app.accessPolicy.moduleAccess(), request.query),
  );

  app.get(
    '/api/records/statistics',
    {
      config: { access: { permission: 'leads:view' } },
      schema: {
        tags,
        summary:
          'Total Records, Active Leads, Converted Clients, Lost Leads, Conversion Rate (clients ÷ (leads + clients), one decimal)',
        querystring: z.object({ showHidden: booleanParam() }),
        response: { 200: recordStatisticsSchema },
      },
    },
    async (request) =>
      recordStatistics(
        app.db,
        (await actorOf(request)).viewer,
        app.accessPolicy.moduleAccess(),
        request.query.showHidden,
      ),
  );

  app.get(
    '/api/records/tab-counts',
    {
      config: { access: { permission: 'leads:view' } },
      schema: {
        tags,
        summary: 'The Leads and Clients tab counts for a search',
        description:
          'Counts what each tab lists for the search (Show Hidden as the list; the other filters belong to one tab). ' +
          'Without a search the counts are exact (a consultant: capped at 10,000); a search counts at most 100 ' +
          '(capped: true means more). clients is null for a role that may not view clients.',
        querystring: recordTabCountsQuerySchema,
        response: { 200: recordTabCountsSchema },
      },
    },
    async (request) =>
      recordTabCounts(app.db, (await actorOf(request)).viewer, app.accessPolicy.moduleAccess(), request.query),
  );
}
