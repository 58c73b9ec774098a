// /api/staffing: the staff directory with everyone's workload, and reassigning a person's open work
// (DECISIONS.md §3; spec 1 §2.1: administrator, account_administrator, supervisor). Reading is the module's
// view; moving work is its assign action.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reassignPreviewQuerySchema,
  reassignPreviewSchema,
  reassignResultSchema,
  reassignWorkSchema,
  staffingDirectorySchema,
  staffingQuerySchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { reassignPreview, reassignWork, staffingDirectory } from './staffing.service.ts';

const params = z.object({ userId: z.uuid('User not found').describe('The user whose work moves (uuid)') });

export async function staffingRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['staffing'];

  app.get(
    '/api/staffing',
    {
      config: { access: { permission: 'staffing:view' } },
      schema: {
        tags,
        operationId: 'listStaff',
        summary: 'Active users with role, contact details, last sign-in and open work; the firm totals',
        description:
          'Open leads and clients count the live records a person manages, assists or is migration agent of ' +
          '(each record once); open tasks are pending or in progress on live records, overdue ones due before ' +
          "the firm's today. Search on name and email, filter by role, sort by any column.",
        querystring: staffingQuerySchema,
        response: { 200: staffingDirectorySchema },
      },
    },
    async (request) => staffingDirectory(app.db, request.query),
  );

  app.get(
    '/api/staffing/:userId/reassign-preview',
    {
      config: { access: { permission: 'staffing:assign' } },
      schema: {
        tags,
        operationId: 'previewStaffReassignment',
        summary: "What reassigning the user's open work to another user would move, and what the target may not take",
        params,
        querystring: reassignPreviewQuerySchema,
        response: { 200: reassignPreviewSchema },
      },
    },
    async (request) => reassignPreview(app.db, request.params.userId, request.query.toUserId),
  );

  app.post(
    '/api/staffing/:userId/reassign',
    {
      config: { access: { permission: 'staffing:assign' } },
      schema: {
        tags,
        operationId: 'reassignStaffWork',
        summary: "Move the user's open leads, clients and/or tasks to another active user, in one transaction",
        description:
          'The target must be an active user the record pickers offer for every role moved (manager, assistant ' +
          'manager, migration agent); otherwise nothing moves and the answer says why. Audited as REASSIGN_WORK.',
        params,
        body: reassignWorkSchema,
        response: { 200: reassignResultSchema },
      },
    },
    async (request) => reassignWork(app.db, (await actorOf(request)).ctx, request.params.userId, request.body),
  );
}
