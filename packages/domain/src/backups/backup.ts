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
  unsigned:
    'This backup is not signed, so nothing shows that this installation made it. Nothing was restored. ' +
    'Only a backup signed with this server’s backup signing key restores here; an operator who trusts the file ' +
    'can restore it from the command line with npm run restore -- --accept-unsigned <file>.',
  otherKey:
    'This backup was signed with another key: another installation made it, or this server’s backup signing ' +
    'key has changed since. Nothing was restored. Set that key as BACKUP_SIGNING_KEY_PREVIOUS on the server, or ' +
    'restore it from the command line with npm run restore -- --accept-unsigned <file>.',
  tampered:
    'The backup’s signature does not match its contents: the file was changed after it was made. Nothing was restored.',
  notFound: 'Backup not found',
} as const;

/** Which installation made a backup (its id and the firm's name then), as its signed manifest says. */
export const backupInstallationSchema = z.object({
  id: z.string(),
  firmName: z.string(),
});
export type BackupInstallation = z.infer<typeof backupInstallationSchema>;

/** What a checked backup file holds, shown before a restore is confirmed (POST /api/backups/inspect). */
export const backupInspectionSchema = z.object({
  /** When the backup was taken. */
  createdAt: z.string(),
  installation: backupInstallationSchema,
  /** Whether this installation made it (the same installation id). */
  madeHere: z.boolean(),
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  /** Maintenance mode in the backup: as it will be after the restore. */
  maintenanceMode: z.boolean(),
});
export type BackupInspection = z.infer<typeof backupInspectionSchema>;

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
  /** This installation: what the backups it makes say about where they came from. */
  installation: backupInstallationSchema,
  /**
   * The backup signing key the server generated into its data folder, until an account administrator says it
   * is stored safely (then never again); null when the key comes from BACKUP_SIGNING_KEY.
   */
  newSigningKey: z.string().nullable(),
});
export type BackupOverview = z.infer<typeof backupOverviewSchema>;

export const restoreResultSchema = z.object({
  /** When the restored backup was taken. */
  backupCreatedAt: z.string(),
  /** Which installation made it; null for a backup made before backups were signed (command line only). */
  installation: backupInstallationSchema.nullable(),
  /** False only from the command line with --accept-unsigned: no key of this server signed the backup. */
  signed: z.boolean(),
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  /** Maintenance mode after the restore: as the backup had it. */
  maintenanceMode: z.boolean(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;
