// What `npm run backup` and `npm run restore` say, in Italian, in one place (decision 0065).

const MB = 1024 * 1024;

/** "12 file, 3,4 MB" */
export function filesAndSize(files: number, bytes: number): string {
  return `${files} file, ${(bytes / MB).toLocaleString("it-IT", { maximumFractionDigits: 1 })} MB`;
}

export const BACKUP_MESSAGES = {
  usageBackup: "Uso: npm run backup -- [cartella dei backup, predefinita: backups]",
  usageRestore: "Uso: npm run restore -- <cartella del backup> [--force]",
  noEmbeddedDatabase: (dir: string) => `Nessun database incorporato in ${dir}: controlla DATA_DIR.`,
  fromServer: (pid: number) => `Il server Zampa (processo ${pid}) usa il database: il backup lo prepara il server stesso.`,
  serverOffersNoBackup: (pid: number, socket: string) =>
    `Il database incorporato è aperto dal processo ${pid}, che non offre il backup (${socket} non risponde). ` +
    `Ferma il server e ripeti il comando, oppure aggiorna Zampa sul server.`,
  serverBackupFailed: (detail: string) => `Il server non è riuscito a preparare il backup del database: ${detail}`,
  toolMissing: (tool: string) =>
    `${tool} non trovato: serve il client di PostgreSQL nel PATH (su Debian: apt install postgresql-client), della stessa versione del server o più recente.`,
  toolFailed: (tool: string, detail: string) => `${tool} non riuscito: ${detail}`,
  databaseDone: (engine: string, rows: number) => `Database (${engine}): ${rows} righe.`,
  uploadsDone: (where: string, summary: string) => `Caricamenti (${where}): ${summary}.`,
  backupDone: (dir: string) => `Backup completato: ${dir}`,
  notABackup: (dir: string) => `${dir} non è un backup di Zampa (manca manifest.json o non è leggibile).`,
  unknownFormat: (format: unknown) => `Formato di backup ${String(format)} non riconosciuto da questa versione di Zampa.`,
  damaged: (file: string) => `Il file ${file} del backup è danneggiato (l'impronta SHA-256 non corrisponde al manifest).`,
  uploadsIncomplete: (expected: number, found: number) => `Il backup dichiara ${expected} caricamenti ma ne contiene ${found}: è incompleto.`,
  engineMismatch: (backup: string, target: string) =>
    `Questo backup viene da ${backup}, ma la configurazione attuale usa ${target}: ripristinalo con lo stesso motore di database.`,
  newerMigrations: (tag: string) => `Il backup viene da una versione più recente di Zampa (migrazione ${tag}): aggiorna Zampa prima di ripristinarlo.`,
  targetNotEmpty: (what: string) => `${what} non è vuoto: il ripristino lo sovrascriverebbe. Ripeti con --force per sostituirne il contenuto.`,
  serverRunning: (pid: number) => `Il database incorporato è aperto dal processo ${pid}: ferma il server Zampa prima del ripristino.`,
  countsDiffer: (table: string, expected: number, found: number) =>
    `Dopo il ripristino la tabella ${table} ha ${found} righe invece di ${expected}: il ripristino non è riuscito.`,
  restoreDone: (dir: string) => `Ripristino completato da ${dir}. Avvia il server: applicherà le migrazioni più recenti, se ce ne sono.`,
} as const;

/** How each engine and storage is named in the messages. */
export const ENGINE_NAMES = { pglite: "il database incorporato (PGlite)", postgres: "PostgreSQL (DATABASE_URL)" } as const;
export const STORAGE_NAMES = { local: "cartella locale", s3: "bucket S3" } as const;

/** An expected refusal or failure, said to the operator in Italian (the commands print it and exit 1). */
export class BackupError extends Error {
  override readonly name = "BackupError";
}
