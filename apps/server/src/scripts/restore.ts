// npm run restore -- [--accept-unsigned] <file>: restores a backup file into the database (DATABASE_URL, or
// the embedded one in DATA_DIR) and the stored files, as POST /api/backups/restore does (docs/decisions/0015):
// checked whole first, then in maintenance mode, every table replaced in one transaction. The embedded
// database opens in one process only: stop the server first. With DATABASE_URL the running servers follow at
// once.
//
// The backup must be signed with this server's backup signing key (BACKUP_SIGNING_KEY or a key of
// BACKUP_SIGNING_KEY_PREVIOUS, else the key file in DATA_DIR: docs/decisions/0028), as in Administration.
// --accept-unsigned also takes a backup without such a signature: one made before backups were signed, by
// another installation, or under a key since changed. Use it only for a file you know where it came from: a
// backup holds the users and their password hashes, so a forged one can plant an account administrator. A
// signature that names one of this server's keys but does not match is refused even then.
import { join, resolve } from 'node:path';
import { readConfig } from '../config.ts';
import { restoreBackup } from '../features/backups/backup-restore.ts';
import { AppError } from '../plugins/errors.ts';
import { localDiskStorage } from '../storage/file-storage.ts';
import { openForBackupScript } from './backup-script.ts';

const ACCEPT_UNSIGNED = '--accept-unsigned';
const args = process.argv.slice(2);
const acceptUnsigned = args.includes(ACCEPT_UNSIGNED);
const files = args.filter((arg) => arg !== ACCEPT_UNSIGNED);
if (files.length !== 1 || files[0]!.startsWith('--')) {
  console.error(`Usage: npm run restore -- [${ACCEPT_UNSIGNED}] <backup file (.tar.gz)>`);
  process.exit(2);
}
const path = resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
const config = readConfig();
const { keys, database } = await openForBackupScript(config, 'Not restored');
try {
  const result = await restoreBackup(
    { db: database.db, storage: localDiskStorage(join(config.dataDir, 'files')), keys },
    { actorId: null, ipAddress: null, userAgent: 'restore script' },
    path,
    { acceptUnsigned },
  );
  const origin = result.installation
    ? `made by ${result.installation.firmName} (installation ${result.installation.id})`
    : 'made before backups named their installation';
  console.log(
    `Restored the backup of ${result.backupCreatedAt}, ${origin}: ${result.rows} rows in ${result.tables} tables, ` +
      `${result.files} files. Maintenance mode is ${result.maintenanceMode ? 'on' : 'off'}.`,
  );
  if (!result.signed) {
    console.log(`It was not signed with this server's backup signing key: restored because of ${ACCEPT_UNSIGNED}.`);
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`Not restored: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
