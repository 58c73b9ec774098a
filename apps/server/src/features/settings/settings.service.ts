// Saving the general settings (issue 15 item 1): audited with what changed; turning maintenance mode on
// ends every non-administrator's session in the same transaction (their live streams close on the
// settings event), so only administrators work while it is on.
import { inArray, sql } from 'drizzle-orm';
import { type GeneralSettings, ROLES, isAdminRole } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { changedFields, recordChange, type RequestContext } from '../audit/record-change.ts';
import { readGeneralSettings, writeSetting } from './settings.repository.ts';

export const GENERAL_SETTINGS_KEY = 'general_settings';
const NON_ADMIN_ROLES = ROLES.filter((role) => !isAdminRole(role));

export async function saveGeneralSettings(
  db: Database,
  ctx: RequestContext & { actorId: string },
  next: GeneralSettings,
): Promise<GeneralSettings> {
  const before = await readGeneralSettings(db);
  await db.transaction(async (tx) => {
    await writeSetting(tx, GENERAL_SETTINGS_KEY, next, ctx.actorId);
    let signedOut = 0;
    if (next.maintenanceMode && !before.maintenanceMode) {
      const ended = await tx
        .delete(sessions)
        .where(
          inArray(
            sessions.userId,
            sql`(select ${users.id} from ${users} where ${inArray(users.role, NON_ADMIN_ROLES)})`,
          ),
        )
        .returning({ id: sessions.id });
      signedOut = ended.length;
    }
    const changes = changedFields(before, next);
    await recordChange(tx, ctx, {
      action: 'UPDATE_GENERAL_SETTINGS',
      resourceType: 'SYSTEM_SETTINGS',
      resourceId: GENERAL_SETTINGS_KEY,
      oldValues: changes.oldValues,
      newValues: signedOut > 0 ? { ...changes.newValues, sessionsEnded: signedOut } : changes.newValues,
      event: 'settings',
    });
  });
  return readGeneralSettings(db);
}
