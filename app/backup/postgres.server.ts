// PostgreSQL's side of backups: pg_dump in its custom format, in a snapshot exported by a
// transaction of our own, so the manifest's row counts are those of the dump exactly; pg_restore
// back (decision 0065). The password never appears on a command line (PGPASSWORD).
// Erasable TypeScript with relative .ts imports: scripts/backup.ts runs it under Node.
import { spawn } from "node:child_process";
import pg from "pg";
import { inspectDatabase, type MigrationLevel } from "./manifest.ts";
import { BACKUP_MESSAGES as M, BackupError } from "./messages.ts";

/** The connection string without its password, and the environment that carries it. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a PostgreSQL client tool; its own error text when it fails, a clear one when it is not installed. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? new BackupError(M.toolMissing(tool)) : error));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new BackupError(M.toolFailed(tool, stderr.trim() || `codice ${code}`)))));
  });
}

/** Dumps the database into `file`; the counts and migration level are read in the dump's own snapshot. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<{ counts: Record<string, number>; migrations: MigrationLevel }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const inspected = await inspectDatabase(client);
    const { url, env } = connection(databaseUrl);
    await run("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`], env);
    await client.query("commit");
    return inspected;
  } finally {
    await client.end();
  }
}

export interface PostgresTarget {
  /** No table outside PostgreSQL's own schemas. */
  empty: boolean;
  restore(file: string): Promise<{ counts: Record<string, number>; migrations: MigrationLevel }>;
  release(): Promise<void>;
}

export async function openPostgresTarget(databaseUrl: string): Promise<PostgresTarget> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = (await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")).rows[0]!.n;
    return {
      empty: Number(tables) === 0,
      async restore(file) {
        const { url, env } = connection(databaseUrl);
        // One transaction: a failed restore leaves the database as it was. --clean drops what the
        // dump is about to create (--force over a non-empty database); owners are the restoring user's.
        await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", `--dbname=${url}`, file], env);
        return inspectDatabase(client);
      },
      release: () => client.end(),
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}
