// Health and connectivity checks (the web's connectivity ping is HEAD /api/ping, spec 1 §9).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/database.ts';

export async function healthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['health'],
        summary: 'Server and database health',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await ping(app.db);
      return { status: 'ok' as const, database: app.dbKind };
    },
  );
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/ping',
    config: { access: { public: true } },
    schema: { tags: ['health'], summary: 'Connectivity ping', response: { 204: z.null() } },
    handler: async (_request, reply) => reply.status(204).send(null),
  });
}
