// /api/clients: the clients tab, the client panel's reads and writes, hide / delete / restore, 'Revert to
// Lead'; and POST /api/leads/:id/convert (the conversion creates the client).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  booleanParam,
  CLIENT_MESSAGES,
  CLIENT_REASON_DEFAULTS,
  clientActionResultSchema,
  clientFilterOptionsSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientPageSchema,
  clientPatchSchema,
  clientRecordSchema,
  conversionResultSchema,
  convertLeadSchema,
  REVERSION_WINDOW_DAYS,
  REVERTED_STATUS,
  reversionResultSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { requirePermission } from '../../plugins/route-access.ts';
import { registerLifecycleRoutes } from '../record-kit/record-lifecycle-routes.ts';
import {
  clientLifecycle,
  createClient,
  getClient,
  listVisibleClients,
  readClientConvertedFrom,
  revertClient,
  updateClientDetails,
  visibleClientFilterOptions,
} from './clients.service.ts';
import { convertLead } from './conversion.service.ts';

const params = z.object({ id: z.string().describe('Client id (uuid)') });
const leadParams = z.object({ id: z.string().describe('Lead id (uuid)') });

/** An optional JSON body: none counts as {}. */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

export async function clientsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['clients'];

  app.get(
    '/api/clients',
    {
      config: { access: { permission: 'clients:view' } },
      schema: {
        tags,
        summary: 'One page of the clients list (search, filters, sort, showHidden); page size capped by role',
        description:
          'Leaves out deleted clients, and Reverted ones unless the status filter names Reverted; hidden clients only ' +
          'with showHidden=true. Multi-value filters repeat the parameter or join values with |. sort = field:asc|desc. ' +
          'A consultant sees the clients it created, owns or is assigned to.',
        querystring: clientListQuerySchema,
        response: { 200: clientPageSchema },
      },
    },
    async (request) => listVisibleClients(app.db, (await actorOf(request)).viewer, request.query),
  );

  app.get(
    '/api/clients/filter-options',
    {
      config: { access: { permission: 'clients:view' } },
      schema: {
        tags,
        summary: 'Statuses, locations and desired visas present in the clients the user can list, sorted',
        querystring: z.object({ showHidden: booleanParam() }),
        response: { 200: clientFilterOptionsSchema },
      },
    },
    async (request) => visibleClientFilterOptions(app.db, (await actorOf(request)).viewer, request.query.showHidden),
  );

  app.post(
    '/api/clients',
    {
      config: { access: { permission: 'clients:create' } },
      schema: {
        tags,
        summary:
          'Create a client (spec 1 §5.2 rules; duplicate check on email and contact number against leads and clients)',
        body: clientInputSchema,
        response: { 201: clientRecordSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createClient(app.db, await actorOf(request), request.body)),
  );

  app.get(
    // Under the lead: a path /api/clients/converted-from/:id would be ambiguous with /api/clients/:id/hide.
    '/api/leads/:id/client',
    {
      config: { access: { permission: 'clients:view' } },
      schema: {
        tags,
        summary: 'The client a lead was converted to (deep links: a converted lead id opens its client); 404 if none',
        params: leadParams,
        response: { 200: clientRecordSchema },
      },
    },
    async (request) => readClientConvertedFrom(app.db, (await actorOf(request)).viewer, request.params.id),
  );

  app.get(
    '/api/clients/:id',
    {
      config: { access: { permission: 'clients:view' } },
      schema: {
        tags,
        summary: 'One client with its derived passport status (404 when deleted or not visible to the user)',
        params,
        response: { 200: clientRecordSchema },
      },
    },
    async (request) => getClient(app.db, (await actorOf(request)).viewer, request.params.id),
  );

  app.patch(
    '/api/clients/:id',
    {
      config: { access: { permission: 'clients:edit' } },
      schema: {
        tags,
        summary:
          'Save the fields sent, with the version last read (409 when stale or Reverted; status Reverted runs Revert to Lead)',
        description:
          'Partial: the fields sent change (null or "" clears an optional one), the others stay as stored, and the client ' +
          'they make is validated whole (400 with the field messages, §5.2 rules included). ' +
          "Saved with status Reverted, the other changes are applied and then 'Revert to Lead' runs in the same transaction " +
          '(also needs leads:edit; 400 for a client not converted from a lead).',
        params,
        body: clientPatchSchema,
        response: { 200: clientRecordSchema },
      },
    },
    async (request) => {
      if (request.body.status === REVERTED_STATUS) await requirePermission(request, 'leads:edit');
      return updateClientDetails(app.db, await actorOf(request), request.params.id, request.body);
    },
  );

  registerLifecycleRoutes(instance, {
    path: '/api/clients',
    module: 'clients',
    noun: 'client',
    tags,
    params,
    response: clientActionResultSchema,
    reasonDefaults: CLIENT_REASON_DEFAULTS,
    messages: CLIENT_MESSAGES,
    permanentDeleteSummary:
      'Delete a client forever (account administrator); a lead converted to it goes back to the status it had ' +
      'before the conversion, in the same transaction',
    lifecycle: clientLifecycle,
  });

  app.post(
    '/api/clients/:id/revert',
    {
      config: { access: { permission: 'clients:edit' } },
      schema: {
        tags,
        summary:
          `'Revert to Lead': within ${REVERSION_WINDOW_DAYS} days of conversion, the client becomes Reverted and the ` +
          'lead gets its old status back',
        description:
          'Needs clients:edit and leads:edit. One transaction; 409 when the client is already Reverted, was not converted from ' +
          `a lead, was converted ${REVERSION_WINDOW_DAYS} days ago or more, or its lead no longer exists.`,
        params,
        response: { 200: reversionResultSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'leads:edit');
      const result = await revertClient(app.db, await actorOf(request), request.params.id);
      return { ok: true as const, message: CLIENT_MESSAGES.reverted, ...result };
    },
  );

  app.post(
    '/api/leads/:id/convert',
    {
      config: { access: { permission: 'leads:edit' } },
      schema: {
        tags: ['leads', 'clients'],
        summary:
          "Convert a lead to a client in one transaction (type client_only; note defaults to 'Converted via status update')",
        description:
          "Needs leads:edit and clients:create. The client gets the lead's person, visa, source and assignment fields and " +
          'status Active; the lead becomes Converted to Client with converted_at and the client id, and keeps the status it ' +
          "had for 'Revert to Lead'. 409 when already converted or when a live lead or active client has the email or " +
          'contact number. Whole or not at all.',
        params: leadParams,
        body: optionalBody(convertLeadSchema),
        response: { 200: conversionResultSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'clients:create');
      return convertLead(app.db, await actorOf(request), request.params.id, request.body.notes);
    },
  );
}
