// Backups as files (docs/decisions/0015): one written to a temporary file (then downloaded, stored or
// copied by the command line), the scheduled ones kept in storage under 'backups/' — the newest
// BACKUP_RETENTION of them — and read back by id.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_RETENTION, type StoredBackup } from '@crm/domain';
import type { Database, DatabaseHandle } from '../../db/database.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { BackupSigningKey } from './backup-signing.ts';
import { BACKUPS_PREFIX, type BackupManifest, type WriteBackupOptions, writeBackup } from './backup-writer.ts';
import { installationId } from './installation.repository.ts';

/** This installation's id for the overview: made on the first ask, by whichever process asks first. */
export const thisInstallation = (db: Database) => installationId(db);

export type BackupSource = { db: Database; kind: DatabaseHandle['kind'] };

/** A backup in a temporary file; `discard` removes it (and its folder) once it has been sent or copied. */
export type BackupFile = { path: string; size: number; manifest: BackupManifest; discard: () => Promise<void> };

export async function backupToTemporaryFile(database: BackupSource, storage: FileStorage, options: WriteBackupOptions) {
  const folder = await mkdtemp(join(tmpdir(), 'visa-crm-backup-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  try {
    const path = join(folder, 'backup.tar.gz');
    const manifest = await writeBackup(database, storage, createWriteStream(path), options);
    return { path, size: (await stat(path)).size, manifest, discard } satisfies BackupFile;
  } catch (error) {
    await discard();
    throw error;
  }
}

/** '20261125T020000Z' for a file name: sorts as time does. */
const compactTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The name a downloaded backup gets. */
export const backupFileName = (at: Date) => `visa-crm-backup-${compactTime(at)}.tar.gz`;

const STORED_ID = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-[0-9a-f]{8}$/;
const keyOf = (id: string) => `${BACKUPS_PREFIX}${id}.tar.gz`;

/** The storage key of a stored backup's id, or undefined for anything that is not one. */
export const storedBackupKey = (id: string) => (STORED_ID.test(id) ? keyOf(id) : undefined);

/** The stored backups, newest first. */
export async function listStoredBackups(storage: FileStorage): Promise<StoredBackup[]> {
  const stored: StoredBackup[] = [];
  for (const file of await storage.list(BACKUPS_PREFIX)) {
    const id = file.key.slice(BACKUPS_PREFIX.length, -'.tar.gz'.length);
    const parts = STORED_ID.exec(id);
    if (!parts) continue;
    const [, y, mo, d, h, mi, s] = parts;
    stored.push({ id, createdAt: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`).toISOString(), size: file.size });
  }
  return stored.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/**
 * Takes a backup into storage and removes the stored ones beyond the newest BACKUP_RETENTION. Resolves to
 * the new one.
 */
export async function storeBackup(
  database: BackupSource,
  storage: FileStorage,
  signingKey: BackupSigningKey,
  now = new Date(),
): Promise<StoredBackup & { manifest: BackupManifest }> {
  const file = await backupToTemporaryFile(database, storage, { signingKey, now });
  try {
    const id = `${compactTime(now)}-${randomBytes(4).toString('hex')}`;
    await storage.putStream(keyOf(id), createReadStream(file.path));
    for (const old of (await listStoredBackups(storage)).slice(BACKUP_RETENTION)) {
      await storage.remove(keyOf(old.id));
    }
    return { id, createdAt: now.toISOString(), size: file.size, manifest: file.manifest };
  } finally {
    await file.discard();
  }
}
