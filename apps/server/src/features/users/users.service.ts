// What the routes ask of the users table: the signed-in user as the API shows it, and the assignee pickers.
import { type CurrentUser, normalizeRole, type Role, type UserStatus, USER_STATUSES } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { findUserById, listActiveUsersByRoles, type UserRow } from './users.repository.ts';

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: normalizeRole(row.role),
    status: (USER_STATUSES as readonly string[]).includes(row.status) ? (row.status as UserStatus) : 'inactive',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    mustChangePassword: row.mustChangePassword,
    version: row.version,
  };
}

/** The user as the API shows it; undefined when no such user. */
export async function findCurrentUser(db: Executor, id: string): Promise<CurrentUser | undefined> {
  const row = await findUserById(db, id);
  return row && toCurrentUser(row);
}

/** The active users of the given roles, by name, for the pickers. */
export async function assignableUsers(db: Executor, roles: readonly Role[]) {
  return listActiveUsersByRoles(db, roles);
}
