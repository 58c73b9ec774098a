// Maintenance mode's sign-out: the sessions of every user holding one of the given roles end at once.
import { inArray, sql } from 'drizzle-orm';
import type { Role } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { sessions, users } from '../../db/schema/index.ts';

export const endSessionsOfRoles = (db: Executor, roles: readonly Role[]) =>
  db
    .delete(sessions)
    .where(inArray(sessions.userId, sql`(select ${users.id} from ${users} where ${inArray(users.role, roles)})`))
    .returning({ id: sessions.id });
