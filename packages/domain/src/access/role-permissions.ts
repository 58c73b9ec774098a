// Roles & Permissions (spec 3 §2.4; DECISIONS.md §2): the role cards and the module lists an account
// administrator saves. Apart from permissions.ts, which every page loads first.
import { z } from 'zod';
import { type Module, MODULES } from './permissions.ts';
import { isAdminRole, type Role, ROLES } from './roles.ts';

/** Roles & Permissions (spec 3 §2.4; DECISIONS.md §2): a role's card and what an account administrator saves. */
export const ROLE_MESSAGES = {
  profileAlways: 'Profile is every user’s own page and stays open to every role',
  ownerKeepsAdmin: 'The Account Administrator role always keeps Administration, so someone can manage roles',
  unknownModule: 'Unknown module',
  adminBelowAdministrator:
    'Below Administrator: this role opens Administration, but in User Management it only views. It edits, resets, suspends, activates and re-roles no one: rank decides who manages whom, not this module.',
  updated: 'Role permissions updated successfully',
  restored: (label: string) => `Permissions of ${label} restored to the defaults`,
} as const;

export const roleSummarySchema = z.object({
  role: z.enum(ROLES),
  label: z.string(),
  description: z.string(),
  /** Users of the role that are not deleted. */
  userCount: z.number().int(),
  /** The modules the role may open now. */
  modules: z.array(z.enum(MODULES)),
  defaults: z.array(z.enum(MODULES)),
  /** The stored modules differ from the built-in defaults. */
  customised: z.boolean(),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;

export const updateRoleModulesSchema = z.object({
  modules: z.array(z.enum(MODULES, { error: ROLE_MESSAGES.unknownModule })).max(MODULES.length),
});
export type UpdateRoleModulesInput = z.infer<typeof updateRoleModulesSchema>;

/** The modules a role may be given, as saved: in the menu's order, Profile always, the owner keeps admin. */
export function roleModulesProblem(role: Role, modules: readonly Module[]): string | null {
  if (!modules.includes('profile')) return ROLE_MESSAGES.profileAlways;
  if (role === 'account_administrator' && !modules.includes('admin')) return ROLE_MESSAGES.ownerKeepsAdmin;
  return null;
}

/**
 * What Administration gives a role below administrator in User Management: a view only (userManagementRefusal),
 * said where an account administrator grants it the module.
 */
export function adminModuleNote(role: Role, modules: readonly Module[]): string | null {
  return modules.includes('admin') && !isAdminRole(role) ? ROLE_MESSAGES.adminBelowAdministrator : null;
}
