// /api/leads: the leads list, the lead panel's reads and writes, archive / hide / delete / restore.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  booleanParam,
  CONVERTED_STATUS,
  createLeadSchema,
  LEAD_MESSAGES,
  LEAD_REASON_DEFAULTS,
  leadActionResultSchema,
  leadArchiveResultSchema,
  leadFilterOptionsSchema,
  leadListQuerySchema,
  leadPageSchema,
  leadPatchSchema,
  leadRecordSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { requirePermission } from '../../plugins/route-access.ts';
import { reasonBody, reasonOf, registerLifecycleRoutes } from '../record-kit/record-lifecycle-routes.ts';
import {
  archiveLead,
  createLead,
  getLead,
  leadLifecycle,
  listVisibleLeads,
  type LeadConversion,
  updateLeadDetails,
  visibleLeadFilterOptions,
} from './leads.service.ts';

const params = z.object({ id: z.string().describe('Lead id (uuid)') });

export type LeadsRoutesOptions = { convert: LeadConversion };

export async function leadsRoutes(instance: FastifyInstance, options: LeadsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  app.get(
    '/api/leads',
    {
      config: { access: { permission: 'leads:view' } },
      schema: {
        tags,
        summary: 'One page of the leads list (search, filters, sort, showHidden); page size capped by role',
        description:
          "Leaves out deleted, archived, 'Converted to Client' and 'Consultation Only – Not Proceeding Yet' leads; " +
          'hidden leads only with showHidden=true. Multi-value filters repeat the parameter or join values with |. ' +
          'sort = field:asc|desc. A consultant sees the leads it created or is assigned to.',
        querystring: leadListQuerySchema,
        response: { 200: leadPageSchema },
      },
    },
    async (request) => listVisibleLeads(app.db, (await actorOf(request)).viewer, request.query),
  );

  app.get(
    '/api/leads/filter-options',
    {
      config: { access: { permission: 'leads:view' } },
      schema: {
        tags,
        summary: 'Statuses, locations and desired visas present in the leads the user can list, sorted',
        querystring: z.object({ showHidden: booleanParam() }),
        response: { 200: leadFilterOptionsSchema },
      },
    },
    async (request) => visibleLeadFilterOptions(app.db, (await actorOf(request)).viewer, request.query.showHidden),
  );

  app.post(
    '/api/leads',
    {
      config: { access: { permission: 'leads:create' } },
      schema: {
        tags,
        summary: 'Create a lead (duplicate check on email and contact number; 5 per minute per email)',
        body: createLeadSchema,
        response: { 201: leadRecordSchema },
      },
    },
    async (request, reply) => {
      const lead = await createLead(app.db, await actorOf(request), request.body);
      return reply.status(201).send(lead);
    },
  );

  app.get(
    '/api/leads/:id',
    {
      config: { access: { permission: 'leads:view' } },
      schema: {
        tags,
        summary: 'One lead (404 when deleted, archived or not visible to the user)',
        params,
        response: { 200: leadRecordSchema },
      },
    },
    async (request) => getLead(app.db, (await actorOf(request)).viewer, request.params.id),
  );

  app.patch(
    '/api/leads/:id',
    {
      config: { access: { permission: 'leads:edit' } },
      schema: {
        tags,
        summary:
          'Save the fields sent, with the version last read; status Converted to Client saves and converts in one transaction',
        description:
          'Partial: the fields sent change (null or "" clears an optional one), the others stay as stored, and the lead ' +
          'they make is validated whole (400 with the field messages, cross-field rules included). ' +
          'Answers 409 when the version is stale, when the lead is already converted (read-only), or on a duplicate email or ' +
          "contact number. Saved with leadStatus 'Converted to Client', the other changes are applied and the lead is converted " +
          "as by POST /api/leads/{id}/convert (client created from the lead's data, type client_only, note 'Converted via " +
          "status update', linked both ways; also needs clients:create): the response is the converted lead, with " +
          'convertedToClientId. A failure anywhere leaves the lead and the clients unchanged.',
        params,
        body: leadPatchSchema,
        response: { 200: leadRecordSchema },
      },
    },
    async (request) => {
      if (request.body.leadStatus === CONVERTED_STATUS) await requirePermission(request, 'clients:create');
      return updateLeadDetails(app.db, await actorOf(request), request.params.id, request.body, options.convert);
    },
  );

  app.post(
    '/api/leads/:id/archive',
    {
      config: { access: { permission: 'leads:edit' } },
      schema: {
        tags,
        summary: "Archive: move the lead to contacts in one transaction (reason defaults to 'Archived by user')",
        params,
        body: reasonBody(LEAD_REASON_DEFAULTS.archive),
        response: { 200: leadArchiveResultSchema },
      },
    },
    async (request) =>
      archiveLead(
        app.db,
        await actorOf(request),
        request.params.id,
        reasonOf(request.body, LEAD_REASON_DEFAULTS.archive),
      ),
  );

  registerLifecycleRoutes(instance, {
    path: '/api/leads',
    module: 'leads',
    noun: 'lead',
    tags,
    params,
    response: leadActionResultSchema,
    reasonDefaults: LEAD_REASON_DEFAULTS,
    messages: LEAD_MESSAGES,
    permanentDeleteSummary: 'Delete a lead forever (account administrator); the audit log keeps its values',
    lifecycle: leadLifecycle,
  });
}
