// /api/roles: Roles & Permissions (spec 3 §2.4; DECISIONS.md §2). Everyone in Administration reads the
// cards; only an account administrator changes what a role may open.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES, roleSummarySchema, updateRoleModulesSchema } from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { listRoles, saveRoleModules } from './roles.service.ts';

const params = z.object({ role: z.enum(ROLES, { error: 'Unknown role' }) });
const onlyAccountAdmins = 'Only account administrators can change role permissions';

export async function rolesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

  app.get(
    '/api/roles',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'The seven roles with their user counts, the modules each may open and the defaults',
        response: { 200: z.array(roleSummarySchema) },
      },
    },
    async () => listRoles(app.db, app.accessPolicy),
  );

  app.put(
    '/api/roles/:role',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags,
        summary: 'Set the modules a role may open; enforced at once (menus, route guards, API)',
        description: 'Profile stays open to every role; the Account Administrator role keeps Administration.',
        params,
        body: updateRoleModulesSchema,
        response: { 200: roleSummarySchema },
      },
    },
    async (request) =>
      saveRoleModules(
        app.db,
        app.accessPolicy,
        (await actorOf(request)).ctx,
        request.params.role,
        request.body.modules,
      ),
  );

  app.post(
    '/api/roles/:role/restore-defaults',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags,
        summary: 'Give the role back the built-in modules (Restore defaults)',
        params,
        response: { 200: roleSummarySchema },
      },
    },
    async (request) =>
      saveRoleModules(app.db, app.accessPolicy, (await actorOf(request)).ctx, request.params.role, null),
  );
}
