// npm run backup [-- <file or folder>]: writes a backup of the database (DATABASE_URL, or the embedded one
// in DATA_DIR) and the stored files, the same file GET /api/backups/download gives (docs/decisions/0015).
// The embedded database opens in one process only: stop the server first, or download from Administration.
// Signed with the server's backup signing key (docs/decisions/0028): BACKUP_SIGNING_KEY, required with
// DATABASE_URL, else the key file in DATA_DIR.
import { copyFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readConfig } from '../config.ts';
import { backupFileName, backupToTemporaryFile } from '../features/backups/backups.service.ts';
import { localDiskStorage } from '../storage/file-storage.ts';
import { openForBackupScript } from './backup-script.ts';

// npm runs workspace scripts in the workspace folder; INIT_CWD is where the command was typed.
const here = process.env.INIT_CWD ?? process.cwd();
const target = resolve(here, process.argv[2] ?? '.');
const config = readConfig();
const { keys, database } = await openForBackupScript(config, 'Not backed up');
try {
  const backup = await backupToTemporaryFile(database, localDiskStorage(join(config.dataDir, 'files')), {
    signingKey: keys.signing,
  });
  try {
    const isFolder = (await stat(target).catch(() => undefined))?.isDirectory() ?? false;
    const path = isFolder ? join(target, backupFileName(new Date(backup.manifest.createdAt))) : target;
    await copyFile(backup.path, path);
    const rows = backup.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backup written to ${path}: ${rows} rows in ${backup.manifest.tables.length} tables, ` +
        `${backup.manifest.files.length} files, ${backup.size} bytes.`,
    );
  } finally {
    await backup.discard();
  }
} finally {
  await database.close();
}
