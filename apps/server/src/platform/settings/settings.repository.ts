// Reads and writes system_settings; every value is checked against its domain schema on the way out.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_DISPLAY_SETTING,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_SECURITY_SETTINGS,
  DISPLAY_SETTING_KEY,
  type DisplaySetting,
  displaySettingSchema,
  firmToday,
  generalSettingsSchema,
  type SecuritySettings,
  securitySettingsSchema,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { systemSettings } from '../../db/schema/index.ts';

export async function readSetting<T>(db: Executor, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.settingKey, key)).limit(1);
  if (!row) return fallback;
  const parsed = schema.safeParse({ ...(fallback as object), ...(row.settingValue as object) });
  return parsed.success ? parsed.data : fallback;
}

export async function writeSetting(db: Executor, key: string, value: unknown, actorId: string | null) {
  await db
    .insert(systemSettings)
    .values({ settingKey: key, settingValue: value, updatedBy: actorId })
    .onConflictDoUpdate({
      target: systemSettings.settingKey,
      set: { settingValue: value, updatedAt: new Date(), updatedBy: actorId },
    });
}

export const SECURITY_SETTINGS_KEY = 'security_settings';

/**
 * Stored beside the security settings once the four character-class switches take effect (decision 0032).
 * A row without it was saved when the server demanded all four classes whatever the switches said, and
 * counted a minimum of 6 or 7 as 8: it is read as what it did, so nothing loosens unseen.
 */
const SWITCHES_IN_FORCE = 'passwordSwitchesInForce';

/** What PUT /api/settings/security writes: the settings, marked as saved with the switches in force. */
export const storedSecuritySettings = (settings: SecuritySettings) => ({ ...settings, [SWITCHES_IN_FORCE]: true });

function securitySettingsAsMeant(stored: unknown): unknown {
  if (!stored || typeof stored !== 'object' || SWITCHES_IN_FORCE in stored) return stored;
  const minimum = (stored as { passwordMinLength?: unknown }).passwordMinLength;
  return {
    ...stored,
    ...(typeof minimum === 'number' && minimum < 8 ? { passwordMinLength: 8 } : {}),
    requireUppercase: true,
    requireLowercase: true,
    requireNumbers: true,
    requireSymbols: true,
  };
}

export const readSecuritySettings = (db: Executor): Promise<SecuritySettings> =>
  readSetting(
    db,
    SECURITY_SETTINGS_KEY,
    z.preprocess(securitySettingsAsMeant, securitySettingsSchema),
    DEFAULT_SECURITY_SETTINGS,
  );

export const readGeneralSettings = (db: Executor) =>
  readSetting(db, 'general_settings', generalSettingsSchema, DEFAULT_GENERAL_SETTINGS);

/** The firm's time zone and date format (DECISIONS.md §6): the one copy every screen and rule reads. */
export const readDisplaySetting = (db: Executor): Promise<DisplaySetting> =>
  readSetting(db, DISPLAY_SETTING_KEY, displaySettingSchema, DEFAULT_DISPLAY_SETTING);

/** Today's date in the firm's time zone (YYYY-MM-DD): what passport status and birth-date checks count from. */
export async function readFirmToday(db: Executor, now: Date = new Date()): Promise<string> {
  return firmToday((await readDisplaySetting(db)).timeZone, now);
}
