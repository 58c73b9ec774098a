import { z } from 'zod';
import { currentUserSchema, type ModuleAccess, MODULES, type Role, ROLES } from '@crm/domain';

const roleModules = z.array(z.enum(MODULES));

export const sessionResponseSchema = z.object({
  user: currentUserSchema,
  /**
   * Module access of every role as the server enforces it now (the web mirrors it). An object with a
   * property per role rather than a record keyed by role: the document then names the properties it requires.
   */
  moduleAccess: z.object(
    Object.fromEntries(ROLES.map((role) => [role, roleModules])) as Record<Role, typeof roleModules>,
  ),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export function moduleAccessResponse(moduleAccess: ModuleAccess): SessionResponse['moduleAccess'] {
  return Object.fromEntries(ROLES.map((role) => [role, [...moduleAccess[role]]])) as SessionResponse['moduleAccess'];
}
