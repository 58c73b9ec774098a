// /api/settings/service-types: the service catalogue (docs/decisions/0024). Everyone who may add or edit a
// service (the services module: a lead's or client's edit permission) reads it for the service form; only
// account administrators add and change types (System Settings → Finance).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  patchSchemaOf,
  SERVICE_TYPE_MESSAGES,
  serviceTypeFieldsSchema,
  serviceTypeInputSchema,
  serviceTypeRecordSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { addServiceType, listServiceTypes, updateServiceType } from './service-types.service.ts';

const typeParams = z.object({ id: z.string().describe('Service type id (uuid)') });
const serviceTypePatchSchema = patchSchemaOf(serviceTypeFieldsSchema);

export async function serviceTypesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const onlyAccountAdmins = {
    permission: 'admin:manage_settings',
    refusal: SERVICE_TYPE_MESSAGES.onlyAccountAdmins,
  } as const;

  app.get(
    '/api/settings/service-types',
    {
      config: { access: { anyPermission: ['leads:edit', 'clients:edit'] } },
      schema: {
        tags,
        summary: 'The service catalogue, archived types included, by name',
        description:
          "Each type's default fee per currency (null: none) and the tax treatment a service of its name starts with. " +
          'The service form offers the types not archived.',
        response: { 200: z.array(serviceTypeRecordSchema) },
      },
    },
    async () => listServiceTypes(app.db),
  );

  app.post(
    '/api/settings/service-types',
    {
      config: { access: onlyAccountAdmins },
      schema: {
        tags,
        summary: 'Add a service type',
        description: 'Names are unique in any case: a taken name answers 400 with the message on `name`.',
        body: serviceTypeInputSchema,
        response: { 201: serviceTypeRecordSchema },
      },
    },
    async (request, reply) => {
      const created = await addServiceType(app.db, await actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/settings/service-types/:id',
    {
      config: { access: onlyAccountAdmins },
      schema: {
        tags,
        summary: 'Change a service type (archive or restore it with `archived`), with the version last read',
        description:
          'Partial: the fields sent change, the others stay. 409 when the version is stale; 400 when the name is ' +
          "another type's. Services already saved keep their treatment.",
        params: typeParams,
        body: serviceTypePatchSchema,
        response: { 200: serviceTypeRecordSchema },
      },
    },
    async (request) => updateServiceType(app.db, await actorOf(request), request.params.id, request.body),
  );
}
