// Restores a backup file (docs/decisions/0015). First the whole file is checked — its form, its manifest,
// the version of the database it came from, the manifest's signature (docs/decisions/0028) and every
// checksum — and only then anything changes: in a
// maintenance window, the stored files are written, every restorable table is replaced in ONE transaction
// (truncated, then the rows in batches), files the backup does not hold are removed, and maintenance mode
// is left as the backup had it. Used by POST /api/backups/restore and `npm run restore`.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { BACKUP_MESSAGES, type BackupInspection, type RestoreResult } from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { isStorageKey, type FileStorage } from '../../storage/file-storage.ts';
import { recordChange, type RequestContext } from '../../platform/audit/record-change.ts';
import { readGeneralSettings } from '../../platform/settings/settings.repository.ts';
import { saveGeneralSettings } from '../settings/settings.service.ts';
import { type BackupKeys, SIGNATURE_ENTRY, type SignatureVerdict, verifyManifest } from './backup-signing.ts';
import { backupTables, currentMigrationId, DERIVED_TABLES } from './backup-tables.repository.ts';
import {
  advanceDocumentNumbers,
  deleteSetting,
  emptyTable,
  insertRows,
  tableRowsOf,
  settingRowsOf,
  truncateTables,
} from './backups.repository.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUPS_PREFIX,
  MANIFEST_ENTRY,
  manifestSchema,
  type ReadableManifest,
  readableManifestSchema,
} from './backup-writer.ts';
import { INSTALLATION_SETTING_KEY, installationId, readInstallationId } from './installation.repository.ts';
import { readTar, type TarEntry } from './tar-archive.ts';

/** The change event a restore publishes: every open screen reloads everything. */
export const DATABASE_RESTORED_EVENT = 'database';

const refused = (message: string) => new AppError('VALIDATION_FAILED', message);
const notABackup = () => refused(BACKUP_MESSAGES.notABackup);
const damaged = (what: string) => refused(BACKUP_MESSAGES.damaged(what));

const TABLE_ENTRY = /^tables\/([a-z0-9_]{1,63})\/(\d{6})\.jsonl$/;

type Parsed =
  | { kind: 'manifest'; data: Buffer }
  | { kind: 'signature'; data: Buffer }
  | { kind: 'table'; table: string; chunk: number; data: Buffer }
  | { kind: 'file'; key: string; data: Buffer };

function parseEntry(entry: TarEntry): Parsed {
  if (entry.name === MANIFEST_ENTRY) return { kind: 'manifest', data: entry.data };
  if (entry.name === SIGNATURE_ENTRY) return { kind: 'signature', data: entry.data };
  const table = TABLE_ENTRY.exec(entry.name);
  if (table) return { kind: 'table', table: table[1]!, chunk: Number(table[2]), data: entry.data };
  const key = entry.name.startsWith('files/') ? entry.name.slice('files/'.length) : '';
  if (isStorageKey(key) && !key.startsWith(BACKUPS_PREFIX)) return { kind: 'file', key, data: entry.data };
  throw notABackup();
}

/** The archive's entries, read again from the file for each pass: nothing is held but one entry. */
async function* entriesOf(path: string): AsyncGenerator<Parsed> {
  const gunzip = createReadStream(path).pipe(createGunzip());
  try {
    for await (const entry of readTar(gunzip as AsyncIterable<Buffer>)) yield parseEntry(entry);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Not gzip, not tar, or cut short: the file is not (or no longer) a backup.
    throw notABackup();
  } finally {
    gunzip.destroy();
  }
}

const lineCount = (data: Buffer) => {
  let count = 0;
  for (const byte of data) if (byte === 0x0a) count++;
  return count;
};

export type CheckOptions = {
  /** The keys a signature may be made with (BackupKeys.accepted). */
  keys: BackupKeys['accepted'];
  /**
   * `npm run restore -- --accept-unsigned` only: an archive without a signature of one of `keys` (unsigned, or
   * signed with another key) is accepted. A signature naming one of `keys` that does not match never is.
   */
  acceptUnsigned?: boolean;
};

export type CheckedBackup = { manifest: ReadableManifest; signature: SignatureVerdict };

/** Reads the whole file once; resolves to its manifest when every check holds, else a 400 saying which. */
export async function checkBackup(
  db: Executor,
  path: string,
  { keys, acceptUnsigned = false }: CheckOptions,
): Promise<CheckedBackup> {
  const expectedTables = (await backupTables(db)).map((t) => t.name);
  const tables = new Map<string, { hash: ReturnType<typeof createHash>; rows: number; chunks: number }>();
  const files = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  let signatureBytes: Buffer | null = null;
  let tableIndex = 0;
  for await (const entry of entriesOf(path)) {
    if (signatureBytes) throw notABackup(); // the signature comes last, right after the manifest
    if (entry.kind === 'signature') {
      if (!manifestBytes) throw notABackup();
      signatureBytes = entry.data;
    } else if (manifestBytes) {
      throw notABackup(); // the manifest comes last but for its signature
    } else if (entry.kind === 'manifest') {
      manifestBytes = entry.data;
    } else if (entry.kind === 'table') {
      // Tables in the order they are restored (parents first), each table's chunks numbered from 1.
      const index = expectedTables.indexOf(entry.table);
      if (index < tableIndex) throw damaged(`the table ${entry.table}`);
      tableIndex = index;
      const seen = tables.get(entry.table) ?? { hash: createHash('sha256'), rows: 0, chunks: 0 };
      if (entry.chunk !== seen.chunks + 1) throw damaged(`the table ${entry.table}`);
      seen.hash.update(entry.data);
      seen.rows += lineCount(entry.data);
      seen.chunks += 1;
      tables.set(entry.table, seen);
    } else {
      files.set(entry.key, { size: entry.data.length, sha256: createHash('sha256').update(entry.data).digest('hex') });
    }
  }
  if (!manifestBytes) throw notABackup();

  let raw: unknown;
  try {
    raw = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw notABackup();
  }
  // Form and version before the signature: a backup of another version is refused in those words even
  // when it is also unsigned (as every backup of the versions before signing is).
  const head = raw as Partial<ReadableManifest> | null;
  if (head?.format !== BACKUP_FORMAT) throw notABackup();
  const current = currentMigrationId();
  if ((head.formatVersion !== 1 && head.formatVersion !== BACKUP_FORMAT_VERSION) || head.migrationId !== current) {
    throw refused(BACKUP_MESSAGES.wrongVersion(String(head.migrationId ?? head.formatVersion), current));
  }

  // The manifest's exact bytes are signed; every checksum below is only as good as this check.
  const signature = verifyManifest(manifestBytes, signatureBytes, keys);
  if (signature === 'tampered') throw refused(BACKUP_MESSAGES.tampered);
  if (signature !== 'signed' && !acceptUnsigned) {
    throw refused(signature === 'unsigned' ? BACKUP_MESSAGES.unsigned : BACKUP_MESSAGES.otherKey);
  }
  // What this server signs is always of the current format, naming its installation.
  const parsed = (signature === 'signed' ? manifestSchema : readableManifestSchema).safeParse(raw);
  if (!parsed.success) throw notABackup();
  const manifest = parsed.data;

  if (manifest.tables.map((t) => t.name).join() !== expectedTables.join()) throw damaged('the list of tables');
  for (const table of manifest.tables) {
    const seen = tables.get(table.name);
    const sha256 = seen ? seen.hash.digest('hex') : createHash('sha256').digest('hex');
    if ((seen?.rows ?? 0) !== table.rows || (seen?.chunks ?? 0) !== table.chunks || sha256 !== table.sha256) {
      throw damaged(`the table ${table.name}`);
    }
  }
  if (files.size !== manifest.files.length) throw damaged('the list of files');
  for (const file of manifest.files) {
    const seen = files.get(file.key);
    if (!seen || seen.size !== file.size || seen.sha256 !== file.sha256) throw damaged(`the file ${file.key}`);
  }
  return { manifest, signature };
}

const rowsOf = (manifest: ReadableManifest) => manifest.tables.reduce((sum, t) => sum + t.rows, 0);

/**
 * Checks a backup file as a restore would (signed with one of the server's keys, every checksum) and says
 * what it holds and which installation made it when: shown before a restore is confirmed. Changes nothing.
 */
export async function inspectBackup(deps: { db: Database; keys: BackupKeys }, path: string): Promise<BackupInspection> {
  const { manifest } = await checkBackup(deps.db, path, { keys: deps.keys.accepted });
  // A signed manifest is always of the current format (checkBackup): this narrows the type.
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) throw notABackup();
  return {
    createdAt: manifest.createdAt,
    installation: manifest.installation,
    madeHere: manifest.installation.id === (await readInstallationId(deps.db)),
    tables: manifest.tables.length,
    rows: rowsOf(manifest),
    files: manifest.files.length,
    maintenanceMode: manifest.maintenanceMode,
  };
}

/**
 * Rows kept across a restore that belong to users (KEPT_TABLES in backup-tables.repository.ts): truncating users
 * takes them along, so they are read first and put back for the users the backup holds.
 */
const USER_ROWS_KEPT = ['sessions', 'task_reminder_digests'];

const jsonArrayOf = (data: Buffer) => `[${data.toString('utf8').trimEnd().split('\n').join(',')}]`;

async function replaceTables(tx: Executor, path: string, manifest: ReadableManifest) {
  // This installation stays itself: its id is put back over whatever the backup holds (another
  // installation's, or none from before signing).
  await installationId(tx);
  const installationRow = await settingRowsOf(tx, INSTALLATION_SETTING_KEY);
  const kept = new Map<string, string>();
  for (const table of USER_ROWS_KEPT) kept.set(table, await tableRowsOf(tx, table));
  await truncateTables(tx, [...manifest.tables.map((t) => t.name), ...USER_ROWS_KEPT, 'password_reset_tokens']);

  // The counting triggers fire while the counted tables fill: the derived tables are cleared once before
  // their own rows go in (they come last), or at the end when the backup holds none of them.
  let derivedCleared = false;
  const clearDerived = async () => {
    if (derivedCleared) return;
    derivedCleared = true;
    for (const table of DERIVED_TABLES) await emptyTable(tx, table);
  };
  for await (const entry of entriesOf(path)) {
    if (entry.kind !== 'table') continue;
    if (DERIVED_TABLES.includes(entry.table)) await clearDerived();
    await insertRows(tx, entry.table, jsonArrayOf(entry.data));
  }
  await clearDerived();
  for (const [table, rows] of kept) await insertRows(tx, table, rows, true);
  await deleteSetting(tx, INSTALLATION_SETTING_KEY);
  await insertRows(tx, 'system_settings', installationRow);

  await advanceDocumentNumbers(tx);
}

export type RestoreDeps = { db: Database; storage: FileStorage; keys: BackupKeys };

/**
 * Restores a checked backup file. `ctx.actorId` is the administrator (null from the command line); their
 * session survives when the backup holds their user. Refusals (400) change nothing. `acceptUnsigned` is the
 * command line's --accept-unsigned alone (CheckOptions).
 */
export async function restoreBackup(
  deps: RestoreDeps,
  ctx: RequestContext,
  path: string,
  { acceptUnsigned = false }: { acceptUnsigned?: boolean } = {},
): Promise<RestoreResult> {
  const { db, storage } = deps;
  const { manifest, signature } = await checkBackup(db, path, { keys: deps.keys.accepted, acceptUnsigned });
  const installation = manifest.formatVersion === BACKUP_FORMAT_VERSION ? manifest.installation : null;

  // The maintenance window: non-administrators are signed out and kept out until it ends.
  const before = await readGeneralSettings(db);
  if (!before.maintenanceMode) await saveGeneralSettings(db, ctx, { ...before, maintenanceMode: true });
  try {
    // Files first: their keys are new names (uuids), so a restore that fails after this leaves only unused
    // files, never a row pointing at a missing one.
    for await (const entry of entriesOf(path)) {
      if (entry.kind === 'file') await storage.put(entry.key, entry.data);
    }
    await db.transaction(async (tx) => {
      await replaceTables(tx, path, manifest);
      await recordChange(tx, ctx, {
        action: 'RESTORE_BACKUP',
        resourceType: 'SYSTEM',
        resourceId: null,
        newValues: {
          backupCreatedAt: manifest.createdAt,
          installation,
          signature,
          migrationId: manifest.migrationId,
          rows: rowsOf(manifest),
          files: manifest.files.length,
        },
        event: DATABASE_RESTORED_EVENT,
      });
    });
  } catch (error) {
    // Nothing of the backup went in: the firm's settings are as they were, maintenance mode included.
    if (!before.maintenanceMode) {
      await saveGeneralSettings(db, ctx, { ...(await readGeneralSettings(db)), maintenanceMode: false }).catch(
        () => {},
      );
    }
    throw error;
  }
  const restoredKeys = new Set(manifest.files.map((f) => f.key));
  for (const file of await storage.list('')) {
    if (!file.key.startsWith(BACKUPS_PREFIX) && !restoredKeys.has(file.key)) await storage.remove(file.key);
  }
  return {
    backupCreatedAt: manifest.createdAt,
    installation,
    signed: signature === 'signed',
    tables: manifest.tables.length,
    rows: rowsOf(manifest),
    files: manifest.files.length,
    maintenanceMode: (await readGeneralSettings(db)).maintenanceMode,
  };
}
