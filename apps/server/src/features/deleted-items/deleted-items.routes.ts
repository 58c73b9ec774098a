// /api/deleted-items: Administration → Deleted Items (spec 3 §2.4; issue 14 item 6). Restore and Delete
// Forever use each type's routes: /api/{leads|clients|services|invoices}/:id/restore and …/:id/permanent.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deletedItemsPageSchema, deletedItemsQuerySchema, deletedItemsStatisticsSchema } from '@crm/domain';
import { deletedItemsStatistics, listDeletedItems } from './deleted-items.service.ts';

export async function deletedItemsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['deleted items'];

  app.get(
    '/api/deleted-items',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'Every soft-deleted lead, client, service and invoice, newest deletion first',
        description: 'Search matches name, email and phone; type narrows to one kind.',
        querystring: deletedItemsQuerySchema,
        response: { 200: deletedItemsPageSchema },
      },
    },
    async (request) => listDeletedItems(app.db, request.query),
  );

  app.get(
    '/api/deleted-items/statistics',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'Deleted leads, clients, services and invoices, the total, and the deletions of the last 7 days',
        response: { 200: deletedItemsStatisticsSchema },
      },
    },
    async () => deletedItemsStatistics(app.db),
  );
}
