// npm run restore -- <file>: restores a backup file into the database (DATABASE_URL, or the embedded one in
// DATA_DIR) and the stored files, as POST /api/backups/restore does (docs/decisions/0015): checked whole
// first, then in maintenance mode, every table replaced in one transaction. The embedded database opens in
// one process only: stop the server first. With DATABASE_URL the running servers follow at once.
import { join, resolve } from 'node:path';
import { readConfig } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { restoreBackup } from '../features/backups/backup-restore.ts';
import { AppError } from '../plugins/errors.ts';
import { localDiskStorage } from '../storage/file-storage.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file (.tar.gz)>');
  process.exit(2);
}
const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const config = readConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
).catch((error: unknown) => {
  // The server holds the embedded database: stop it first, or use Administration → Data Management.
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  const result = await restoreBackup(
    { db: database.db, storage: localDiskStorage(join(config.dataDir, 'files')) },
    { actorId: null, ipAddress: null, userAgent: 'restore script' },
    path,
  );
  console.log(
    `Restored the backup of ${result.backupCreatedAt}: ${result.rows} rows in ${result.tables} tables, ` +
      `${result.files} files. Maintenance mode is ${result.maintenanceMode ? 'on' : 'off'}.`,
  );
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`Not restored: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
