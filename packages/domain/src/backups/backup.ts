// Backup and restore (issue 15 item 7, docs/decisions/0015): what Administration's backup card shows and
// the messages a refused restore answers with.
import { z } from 'zod';

/** Scheduled backups kept: the newest this many; an older one goes when a new one is stored. */
export const BACKUP_RETENTION = 7;

/** The word an administrator types to confirm a restore. */
export const RESTORE_CONFIRMATION_WORD = 'RESTORE';

export const BACKUP_MESSAGES = {
  notABackup: 'This file is not a Visa CRM backup.',
  fileMissing: 'Choose a backup file (.tar.gz) to restore.',
  wrongVersion: (backup: string, current: string) =>
    `This backup was made by another version of Visa CRM (database version ${backup}); this server is at ` +
    `${current}. Restore it with the version that made it.`,
  damaged: (what: string) => `The backup file is damaged: ${what} does not match its checksum. Nothing was restored.`,
  notFound: 'Backup not found',
} as const;

/** A scheduled backup kept in storage; its id is its file name without the extension. */
export const storedBackupSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  size: z.number().int(),
});
export type StoredBackup = z.infer<typeof storedBackupSchema>;

export const backupOverviewSchema = z.object({
  autoBackup: z.boolean(),
  /** When the next scheduled backup runs (it is skipped while auto backup is off). */
  nextRunAt: z.string().nullable(),
  /** 'Every day at 02:00' in the firm's time zone. */
  schedule: z.string(),
  timeZone: z.string(),
  retention: z.number().int(),
  lastRun: z
    .object({
      finishedAt: z.string(),
      outcome: z.enum(['succeeded', 'skipped', 'failed']),
      summary: z.string().nullable(),
    })
    .nullable(),
  backups: z.array(storedBackupSchema),
});
export type BackupOverview = z.infer<typeof backupOverviewSchema>;

export const restoreResultSchema = z.object({
  /** When the restored backup was taken. */
  backupCreatedAt: z.string(),
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  /** Maintenance mode after the restore: as the backup had it. */
  maintenanceMode: z.boolean(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;
