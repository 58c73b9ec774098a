// role_permissions: the modules an account_administrator saved for a role (none stored: the domain's
// defaults), and how many users hold each role.
import { count, eq, isNull } from 'drizzle-orm';
import type { Module, Role } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { rolePermissions, users } from '../../db/schema/index.ts';

export const storedRoleModules = (db: Executor) => db.select().from(rolePermissions);

/** Users not deleted, counted by their stored role (older spellings included: the caller normalises). */
export const userCountsByRole = (db: Executor) =>
  db.select({ role: users.role, n: count() }).from(users).where(isNull(users.deletedAt)).groupBy(users.role);

export async function deleteRoleModules(db: Executor, role: Role): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.role, role));
}

export async function upsertRoleModules(db: Executor, role: Role, modules: Module[], actorId: string): Promise<void> {
  await db
    .insert(rolePermissions)
    .values({ role, modules, updatedBy: actorId })
    .onConflictDoUpdate({
      target: rolePermissions.role,
      set: { modules, updatedAt: new Date(), updatedBy: actorId },
    });
}
