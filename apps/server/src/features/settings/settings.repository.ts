// Reads and writes system_settings; every value is checked against its domain schema on the way out.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_DISPLAY_SETTING,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_SECURITY_SETTINGS,
  DISPLAY_SETTING_KEY,
  type DisplaySetting,
  displaySettingSchema,
  firmToday,
  generalSettingsSchema,
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

export const readSecuritySettings = (db: Executor) =>
  readSetting(db, 'security_settings', securitySettingsSchema, DEFAULT_SECURITY_SETTINGS);

export const readGeneralSettings = (db: Executor) =>
  readSetting(db, 'general_settings', generalSettingsSchema, DEFAULT_GENERAL_SETTINGS);

/** The firm's time zone and date format (DECISIONS.md §6): the one copy every screen and rule reads. */
export const readDisplaySetting = (db: Executor): Promise<DisplaySetting> =>
  readSetting(db, DISPLAY_SETTING_KEY, displaySettingSchema, DEFAULT_DISPLAY_SETTING);

/** Today's date in the firm's time zone (YYYY-MM-DD): what passport status and birth-date checks count from. */
export async function readFirmToday(db: Executor, now: Date = new Date()): Promise<string> {
  return firmToday((await readDisplaySetting(db)).timeZone, now);
}
