// The daily backup (issue 15 item 7): at 02:00 in the firm's time zone, when the general setting 'auto
// backup' is on, a backup into storage; the newest BACKUP_RETENTION are kept (docs/decisions/0015).
import { z } from 'zod';
import { BACKUP_RETENTION } from '@crm/domain';
import { readBackupKeys } from './backup-signing.ts';
import { storeBackup } from './backups.service.ts';
import { readDisplaySetting, readGeneralSettings } from '../../platform/settings/settings.repository.ts';
import type { TimeOfDay } from '../../jobs/daily-schedule.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { owedRunOf } from '../../jobs/job-runs.ts';

export const SCHEDULED_BACKUP_JOB = 'backup-daily';
export const BACKUP_TIME: TimeOfDay = { hour: 2, minute: 0 };

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export const scheduledBackupJob = defineJob({
  name: SCHEDULED_BACKUP_JOB,
  label: 'Daily backup',
  payload: z.object({}),
  daily: BACKUP_TIME,
  // A full disk or a database restart: tried again after 5, 10, 20 … minutes, for a few hours.
  queue: { retryLimit: 5, retryDelay: 300, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 60 * 60 },
  run: async (_data, ctx) => {
    const { autoBackup } = await readGeneralSettings(ctx.db);
    if (!autoBackup) return { outcome: 'skipped', summary: 'Auto backup is off' };
    const { timeZone } = await readDisplaySetting(ctx.db);
    const firmDate = await owedRunOf(ctx.db, { name: SCHEDULED_BACKUP_JOB, at: BACKUP_TIME, timeZone, now: ctx.now });
    if (!firmDate) return { outcome: 'skipped', summary: 'Nothing owed: not yet 02:00, or already backed up today' };
    const { signing } = readBackupKeys(ctx.config);
    const stored = await storeBackup({ db: ctx.db, kind: ctx.databaseKind }, ctx.storage, signing, ctx.now);
    const rows = stored.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    return {
      outcome: 'succeeded',
      runFor: firmDate,
      summary:
        `Backup of ${firmDate} stored (${megabytes(stored.size)}, ${rows} rows, ${stored.manifest.files.length} files); ` +
        `the newest ${BACKUP_RETENTION} are kept`,
    };
  },
});
