// Saving the general settings (issue 15 item 1): audited with what changed; turning maintenance mode on
// ends every non-administrator's session in the same transaction (their live streams close on the
// settings event), so only administrators work while it is on.
import { type GeneralSettings, ROLES, type SecuritySettings, isAdminRole } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import type { RequestContext } from '../../platform/audit/record-change.ts';
import { saveSetting } from '../../platform/settings/save-setting.ts';
import { alertMaintenance } from '../notifications/record-alerts.ts';
import {
  readGeneralSettings,
  readSecuritySettings,
  SECURITY_SETTINGS_KEY,
  storedSecuritySettings,
} from '../../platform/settings/settings.repository.ts';
import { endSessionsOfRoles } from './maintenance.repository.ts';

export const GENERAL_SETTINGS_KEY = 'general_settings';
const NON_ADMIN_ROLES = ROLES.filter((role) => !isAdminRole(role));

export async function saveGeneralSettings(
  db: Database,
  ctx: RequestContext,
  next: GeneralSettings,
): Promise<GeneralSettings> {
  const before = await readGeneralSettings(db);
  await saveSetting(
    db,
    ctx,
    { key: GENERAL_SETTINGS_KEY, action: 'UPDATE_GENERAL_SETTINGS', before, next },
    async (tx) => {
      if (next.maintenanceMode !== before.maintenanceMode) await alertMaintenance(tx, ctx, next.maintenanceMode);
      if (!next.maintenanceMode || before.maintenanceMode) return {};
      const ended = await endSessionsOfRoles(tx, NON_ADMIN_ROLES);
      return ended.length > 0 ? { sessionsEnded: ended.length } : {};
    },
  );
  return readGeneralSettings(db);
}

/** Sign-in, sessions and every password set read these at once: nothing is cached. */
export async function saveSecuritySettings(
  db: Database,
  ctx: RequestContext,
  next: SecuritySettings,
): Promise<SecuritySettings> {
  const before = await readSecuritySettings(db);
  await saveSetting(db, ctx, {
    key: SECURITY_SETTINGS_KEY,
    action: 'UPDATE_SECURITY_SETTINGS',
    before,
    next,
    stored: storedSecuritySettings(next),
  });
  return readSecuritySettings(db);
}
