// Client money (issue 25): a lead's or client's ledgers (/api/leads/{id}/client-money,
// /api/clients/{id}/client-money), money received for them, and refunds out of a ledger
// (/api/client-ledgers/{id}/refund). Finance information: the Finance module decides, on a record the user
// may see.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientMoneyInputSchema, clientMoneySchema, ledgerRefundSchema } from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { readClientMoney, receiveClientMoney, refundClientMoney } from './client-money.service.ts';

const RECORDS = [
  { type: 'lead', module: 'leads', label: 'Lead' },
  { type: 'client', module: 'clients', label: 'Client' },
] as const;

export async function clientMoneyRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['client money'];

  for (const { type, module, label } of RECORDS) {
    const params = z.object({ id: z.string().describe(`${label} id (uuid)`) });
    app.get(
      `/api/${module}/:id/client-money`,
      {
        config: { access: { permission: 'finance:view' } },
        schema: {
          tags,
          summary: `The client money the ${type} holds: a ledger per currency with its newest entries`,
          description: `404 when the ${type} does not exist or is not visible to the user.`,
          params,
          response: { 200: clientMoneySchema },
        },
      },
      async (request) => readClientMoney(app.db, await actorOf(request), { type, id: request.params.id }),
    );

    app.post(
      `/api/${module}/:id/client-money`,
      {
        config: { access: { permission: 'finance:edit' } },
        schema: {
          tags,
          summary: `Record money received to hold for the ${type} (client money, not yet earned)`,
          description:
            "`version` is the ledger's version in that currency as last read (0 when the record holds none yet); " +
            '409 when stale. The date may not be after the firm’s today.',
          params,
          body: clientMoneyInputSchema.meta({
            example: {
              currency: 'AUD',
              amount: '2000.00',
              receivedDate: '2027-01-10',
              method: 'Bank Transfer',
              version: 0,
            },
          }),
          response: { 200: clientMoneySchema },
        },
      },
      async (request) =>
        receiveClientMoney(app.db, await actorOf(request), { type, id: request.params.id }, request.body),
    );
  }

  app.post(
    '/api/client-ledgers/:id/refund',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags,
        summary: 'Refund client money out of a ledger (never more than it holds)',
        params: z.object({ id: z.string().describe('Client ledger id (uuid)') }),
        body: ledgerRefundSchema.meta({
          example: { amount: '500.00', refundDate: '2027-01-12', method: 'Bank Transfer', version: 1 },
        }),
        response: { 200: clientMoneySchema },
      },
    },
    async (request) => refundClientMoney(app.db, await actorOf(request), request.params.id, request.body),
  );
}
