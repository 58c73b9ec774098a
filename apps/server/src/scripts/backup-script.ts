// What `npm run backup` and `npm run restore` share: the server's backup signing keys and its database,
// opened outside the server; a key that cannot be read, or the embedded database held by a running server,
// ends the script with its message.
import type { Config } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { configuredDatabase, openDatabase } from '../db/database.ts';
import { BackupKeyError, readBackupKeys } from '../features/backups/backup-signing.ts';

/** The keys and the open database; `refused` starts the message of a key error ('Not backed up'). */
export async function openForBackupScript(config: Config, refused: string) {
  const keys = (() => {
    try {
      return readBackupKeys(config);
    } catch (error) {
      if (!(error instanceof BackupKeyError)) throw error;
      console.error(`${refused}: ${error.message}`);
      process.exit(1);
    }
  })();
  const database = await openDatabase(configuredDatabase(config)).catch((error: unknown) => {
    // The server holds the embedded database: stop it first, or use Administration → Data Management.
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  return { keys, database };
}
