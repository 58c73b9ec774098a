import { z } from 'zod';
import { currentUserSchema, type ModuleAccess, MODULES, ROLES } from '@crm/domain';

export const sessionResponseSchema = z.object({
  user: currentUserSchema,
  /** Module access of every role as the server enforces it now (the web mirrors it). */
  moduleAccess: z.record(z.enum(ROLES), z.array(z.enum(MODULES))),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const okSchema = z.object({ ok: z.literal(true), message: z.string().optional() });

export function moduleAccessResponse(moduleAccess: ModuleAccess): SessionResponse['moduleAccess'] {
  return Object.fromEntries(ROLES.map((role) => [role, [...moduleAccess[role]]])) as SessionResponse['moduleAccess'];
}
