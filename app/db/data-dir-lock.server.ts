// The embedded database (PGlite) is one process's files: a second process opening the same
// directory would write over the first one's pages and corrupt it. So the directory is taken with a
// lock file naming the process that holds it (decision 0062); a second opener is refused with a
// clear message, and a lock left by a process that no longer runs (a crash, kill -9) is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export const LOCK_FILE = "zampa.lock";

// Plain fields, not parameter properties: scripts/backup.ts imports this file under Node's type stripping.
export class DataDirInUse extends Error {
  readonly dir: string;
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `Il database incorporato in ${dir} è già aperto dal processo ${pid}: due processi sulla stessa cartella la ` +
        `danneggerebbero. Per più processi usa PostgreSQL (DATABASE_URL); se nessun processo Zampa è in esecuzione, ` +
        `elimina ${path.join(dir, LOCK_FILE)}.`,
    );
    this.name = "DataDirInUse";
    this.dir = dir;
    this.pid = pid;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes `dir` for this process, or throws DataDirInUse when a running process holds it (this one
 * included: two embedded databases in one process corrupt it as well). Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderOf(file);
      if (holder !== null && isRunning(holder)) throw new DataDirInUse(dir, holder);
      // Left by a process that is gone (or unreadable): taken over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUse(dir, holderOf(file) ?? 0);
}
