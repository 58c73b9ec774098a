// Writes a backup (docs/decisions/0015): a gzipped tar of one JSON-lines file per table chunk, the stored
// files, manifest.json (it carries the checksums of what came before, and which installation made the backup
// when) and last signature.json, the manifest's HMAC (docs/decisions/0028). The same code serves the
// download, the scheduled backups and `npm run backup`, on PGlite and PostgreSQL alike.
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { z } from 'zod';
import { backupInstallationSchema } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { readGeneralSettings } from '../../platform/settings/settings.repository.ts';
import { type BackupSigningKey, SIGNATURE_ENTRY, signManifest } from './backup-signing.ts';
import { backupTables, currentMigrationId } from './backup-tables.repository.ts';
import { maintenanceModeOf, tableChunks } from './backups.repository.ts';
import { installationId } from './installation.repository.ts';
import { tarWriter } from './tar-archive.ts';

export const BACKUP_FORMAT = 'visa-crm-backup';
/** 2: signed, and the manifest names the installation (docs/decisions/0028); 1 was neither. */
export const BACKUP_FORMAT_VERSION = 2;
/** Rows one statement reads: a chunk of a table holds at most these… */
export const BACKUP_BATCH_ROWS = 1000;
/** …and about this many bytes (the reader refuses an entry beyond MAX_ENTRY_BYTES). */
const CHUNK_BYTES = 8 * 1024 * 1024;
export const MANIFEST_ENTRY = 'manifest.json';
/** Stored files under this prefix are backups themselves: never inside another backup. */
export const BACKUPS_PREFIX = 'backups/';

export const tableEntryName = (table: string, chunk: number) =>
  `tables/${table}/${String(chunk).padStart(6, '0')}.jsonl`;
export const fileEntryName = (key: string) => `files/${key}`;

const checksum = z.string().regex(/^[0-9a-f]{64}$/);
const manifestFields = {
  format: z.literal(BACKUP_FORMAT),
  migrationId: z.string(),
  createdAt: z.iso.datetime(),
  database: z.enum(['pglite', 'postgres']),
  maintenanceMode: z.boolean(),
  tables: z.array(
    z.object({ name: z.string(), rows: z.number().int().min(0), chunks: z.number().int().min(0), sha256: checksum }),
  ),
  files: z.array(z.object({ key: z.string(), size: z.number().int().min(0), sha256: checksum })),
};
export const manifestSchema = z.object({
  ...manifestFields,
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  installation: backupInstallationSchema,
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/**
 * What a restore reads: also format 1, the unsigned backups made before signing, which only the command line
 * restores (with --accept-unsigned); they name no installation.
 */
export const readableManifestSchema = z.discriminatedUnion('formatVersion', [
  manifestSchema,
  z.object({ ...manifestFields, formatVersion: z.literal(1) }),
]);
export type ReadableManifest = z.infer<typeof readableManifestSchema>;

/** A batch of long rows (notes of 50,000 characters) in entries of about CHUNK_BYTES at most. */
function bySize(lines: string[]): string[][] {
  const groups: string[][] = [[]];
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size > CHUNK_BYTES && groups.at(-1)!.length > 0) {
      groups.push([]);
      bytes = 0;
    }
    groups.at(-1)!.push(line);
    bytes += size;
  }
  return groups;
}

export type WriteBackupOptions = { signingKey: BackupSigningKey; now?: Date; batchRows?: number };

/**
 * Writes the whole backup into `out` (a file: the caller streams or stores it afterwards, so a slow
 * download never holds the database). The tables are read in one repeatable-read transaction: one
 * consistent moment of the whole database. The files follow, outside it.
 */
export async function writeBackup(
  database: { db: Database; kind: 'pglite' | 'postgres' },
  storage: FileStorage,
  out: Writable,
  { signingKey, now = new Date(), batchRows = BACKUP_BATCH_ROWS }: WriteBackupOptions,
): Promise<BackupManifest> {
  const { archive, add } = tarWriter();
  const written = pipeline(archive, createGzip(), out);
  try {
    const installation = await installationId(database.db);
    const { tables, maintenanceMode, firmName } = await database.db.transaction(
      async (tx) => {
        const summaries: BackupManifest['tables'] = [];
        for (const table of await backupTables(tx)) {
          const hash = createHash('sha256');
          let rows = 0;
          let chunks = 0;
          for await (const batch of tableChunks(tx, table, batchRows)) {
            for (const lines of bySize(batch)) {
              const data = Buffer.from(lines.join('\n') + '\n', 'utf8');
              hash.update(data);
              rows += lines.length;
              chunks += 1;
              await add(tableEntryName(table.name, chunks), data, now);
            }
          }
          summaries.push({ name: table.name, rows, chunks, sha256: hash.digest('hex') });
        }
        return {
          tables: summaries,
          maintenanceMode: await maintenanceModeOf(tx),
          firmName: (await readGeneralSettings(tx)).companyName,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    const files: BackupManifest['files'] = [];
    for (const info of await storage.list('')) {
      if (info.key.startsWith(BACKUPS_PREFIX)) continue;
      const stored = await storage.get(info.key);
      if (!stored) continue; // removed since the listing: its record went with it
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      files.push({ key: info.key, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
      await add(fileEntryName(info.key), data, info.modifiedAt);
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      migrationId: currentMigrationId(),
      createdAt: now.toISOString(),
      installation: { id: installation, firmName },
      database: database.kind,
      maintenanceMode,
      tables,
      files,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
    await add(MANIFEST_ENTRY, manifestBytes, now);
    await add(SIGNATURE_ENTRY, signManifest(manifestBytes, signingKey), now);
    archive.finalize();
    await written;
    return manifest;
  } catch (error) {
    archive.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
}
