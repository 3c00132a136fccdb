// npm run backup -- [cartella]: a backup of the configured database and uploads (DATA_DIR or
// DATABASE_URL, S3_* or DATA_DIR/uploads) into backups/zampa-<date> (decision 0065). Works while
// the server runs: on the embedded database the server takes the dump through its backup socket.
import { createBackup } from "../app/backup/backup.server.ts";
import { BACKUP_MESSAGES as M, BackupError } from "../app/backup/messages.ts";
import { readConfig } from "../app/config.server.ts";
import { keepNewFilesPrivate } from "../app/lib/private-files.server.ts";

keepNewFilesPrivate();

const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith("-"))) {
  console.error(M.usageBackup);
  process.exit(2);
}
try {
  await createBackup(readConfig(), { root: args[0], log: (line) => console.log(line) });
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
