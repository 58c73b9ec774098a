// Which installation this is (docs/decisions/0028): a random id kept in system_settings, made once, named in
// every backup's signed manifest so that a restore can show where a backup came from. A restore keeps this
// installation's row whatever the backup holds: the id belongs to the place, not to the data.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { systemSettings } from '../../db/schema/index.ts';

export const INSTALLATION_SETTING_KEY = 'installation';

const installationSchema = z.object({ id: z.uuid() });

/** This installation's id, or null before the first backup (or listing of backups) made one. */
export async function readInstallationId(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ value: systemSettings.settingValue })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, INSTALLATION_SETTING_KEY))
    .limit(1);
  const parsed = installationSchema.safeParse(row?.value);
  return parsed.success ? parsed.data.id : null;
}

/** This installation's id, made on the first call (by whichever server process asks first). */
export async function installationId(db: Executor): Promise<string> {
  await db
    .insert(systemSettings)
    .values({ settingKey: INSTALLATION_SETTING_KEY, settingValue: { id: randomUUID() } })
    .onConflictDoNothing();
  const id = await readInstallationId(db);
  if (!id) throw new Error(`system_settings.${INSTALLATION_SETTING_KEY} holds no installation id`);
  return id;
}
