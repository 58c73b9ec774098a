// /api/contacts: the archive of leads (spec 2 "Contacts page"), its statistics, and restore to a lead or a client.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactListQuerySchema,
  contactPageSchema,
  contactRestoreResultSchema,
  contactStatisticsSchema,
  RESTORE_MISSING_MESSAGE,
  RESTORE_PERMISSION,
  restoreContactSchema,
  smartRevertSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { closedSchema } from '../../plugins/closed-schemas.ts';
import { AppError, fieldErrorsFromZod, validationError } from '../../plugins/errors.ts';
import { requirePermission } from '../../plugins/route-access.ts';
import {
  listVisibleContacts,
  restoreContact,
  smartRevertContact,
  visibleContactStatistics,
} from './contacts.service.ts';

const params = z.object({ id: z.string().describe('Contact id (uuid)') });

export async function contactsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['contacts'];

  app.get(
    '/api/contacts',
    {
      config: { access: { permission: 'contacts:view' } },
      schema: {
        tags,
        summary:
          "One page of contacts, newest archived first, with 'x of y' totals (guest 20 per page, consultant its own or assigned)",
        description:
          'Contacts restored to a lead or a client (contact_status Reverted) are left out. Search matches first name, ' +
          'last name, email and contact number. total counts the matches, totalAll every contact the user can list.',
        querystring: contactListQuerySchema,
        response: { 200: contactPageSchema },
      },
    },
    async (request) => listVisibleContacts(app.db, (await actorOf(request)).viewer, request.query),
  );

  app.get(
    '/api/contacts/statistics',
    {
      config: { access: { permission: 'contacts:view' } },
      schema: {
        tags,
        summary: 'Contact statistics over the contacts the user can see',
        response: { 200: contactStatisticsSchema },
      },
    },
    async (request) => visibleContactStatistics(app.db, (await actorOf(request)).viewer),
  );

  app.post(
    '/api/contacts/:id/restore',
    {
      config: { access: { permission: 'contacts:edit' } },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Restore a contact to a lead or to a client, with notes, in one transaction',
        description:
          'type lead brings the original lead back with its archived status (a new lead when it was deleted forever); ' +
          'type client creates an Active client (notes as conversion notes) and marks the original lead converted to it. ' +
          'Either way the contact becomes Reverted and leaves the list. Needs contacts:edit, and the create permission of ' +
          'the target: leads:create (type lead) or clients:create (type client). The restored record keeps its creator; ' +
          'the audit row names who restored it.',
        params,
        body: z.preprocess((v) => v ?? {}, restoreContactSchema),
        response: { 200: contactRestoreResultSchema },
      },
    },
    async (request) => {
      // The spec's one message for a missing type or empty notes, rather than the generic 'Validation failed: ...'.
      // Anything else wrong (an unknown field) keeps its own message.
      if (request.validationError) {
        const parsed = closedSchema(restoreContactSchema).safeParse(request.body ?? {});
        const fieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
        if (!('type' in fieldErrors) && !('notes' in fieldErrors)) throw validationError(fieldErrors);
        throw new AppError('VALIDATION_FAILED', RESTORE_MISSING_MESSAGE, fieldErrors);
      }
      await requirePermission(request, RESTORE_PERMISSION[request.body.type]);
      return restoreContact(app.db, await actorOf(request), request.params.id, request.body);
    },
  );

  app.post(
    '/api/contacts/:id/revert',
    {
      config: { access: { permission: 'contacts:edit' } },
      schema: {
        tags,
        summary: 'Smart revert: restore a contact as a lead or a client, the server choosing which',
        description:
          "A contact archived after 'Agreement Signed – Awaiting Payment' comes back as a client, any other as a lead; " +
          'when the role may create only the other kind, that one (403 when neither). Otherwise as POST ' +
          "/api/contacts/{id}/restore; the message names the target ('Contact reverted to client successfully').",
        params,
        body: smartRevertSchema,
        response: { 200: contactRestoreResultSchema },
      },
    },
    async (request) => smartRevertContact(app.db, await actorOf(request), request.params.id, request.body),
  );
}
