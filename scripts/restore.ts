// npm run restore -- <cartella del backup> [--force]: puts a backup made by `npm run backup` back
// into the configured database and storage, which must be empty unless --force (decision 0065).
// The server must be stopped on the embedded database.
import { restoreBackup } from "../app/backup/backup.server.ts";
import { BACKUP_MESSAGES as M, BackupError } from "../app/backup/messages.ts";
import { readConfig } from "../app/config.server.ts";
import { keepNewFilesPrivate } from "../app/lib/private-files.server.ts";

keepNewFilesPrivate();

const args = process.argv.slice(2);
const force = args.includes("--force");
const paths = args.filter((arg) => arg !== "--force");
if (paths.length !== 1 || paths[0]!.startsWith("-")) {
  console.error(M.usageRestore);
  process.exit(2);
}
try {
  await restoreBackup(readConfig(), paths[0]!, { force, log: (line) => console.log(line) });
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
