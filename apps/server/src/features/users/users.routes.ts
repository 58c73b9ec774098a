// /api/users/assignable: the people the lead form's user pickers offer (spec 1 §6.4).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignableUserSchema, fullName, multiValue, roleAtLeast, ROLES } from '@crm/domain';
import { requireUser } from '../../plugins/session.ts';
import { assignableUsers } from './users.service.ts';

const assignableQuery = z.object({
  // The lists' one multi-value form ('a|b', or the parameter repeated), as every other filter reads it.
  roles: multiValue(z.enum(ROLES, { error: 'Unknown role' })).describe(
    "Roles separated by '|' (or the parameter repeated); all roles when left out",
  ),
});

export async function usersRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/assignable',
    {
      // Only roles that pick assignees: when creating a record or assigning one.
      config: {
        access: { anyPermission: ['leads:create', 'clients:create', 'leads:assign', 'clients:assign'] },
      },
      schema: {
        tags: ['users'],
        summary: 'Active users of the given roles, for the Manager / Assistant Manager / Migration Agent pickers',
        description: 'Emails only for supervisor and above; other roles get names and roles.',
        querystring: assignableQuery,
        response: { 200: z.array(assignableUserSchema) },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      const showEmails = roleAtLeast(viewer.role, 'supervisor');
      const rows = await assignableUsers(app.db, request.query.roles ?? ROLES);
      return rows.map((u) => ({ id: u.id, fullName: fullName(u), email: showEmails ? u.email : null, role: u.role }));
    },
  );
}
