// DATA_DIR and everything Zampa writes in it (the embedded database, the outbox, uploads) and its
// backups are for the server's user only: folders 0700, files 0600 (issue 26, decision 0079). The
// test runs with the usual umask (022), so it checks the modes Zampa asks for, not the umask's.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBackup } from "~/backup/backup.server";
import { config, setConfig, type Config } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { sendMail } from "~/mail/mailer.server";
import { sendSms } from "~/sms/sms.server";
import { localBackend } from "~/storage/storage.server";
import { keepNewFilesPrivate, makeTreePrivate } from "./private-files.server";

/** Every entry below `root` whose mode is not private: "relative path (mode)". */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    const mode = stat.mode & 0o777;
    const expected = stat.isDirectory() ? 0o700 : 0o600;
    if (!stat.isSymbolicLink() && mode !== expected) found.push(`${path.relative(root, entry) || "."} (${mode.toString(8)})`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(root);
  return found;
}

let work: string;
let previous: Config;
let previousUmask: number;
beforeEach(() => {
  previousUmask = process.umask(0o022);
  work = mkdtempSync(path.join(tmpdir(), "zampa-modes-"));
  previous = config();
});
afterEach(() => {
  setConfig(previous);
  process.umask(previousUmask);
  rmSync(work, { recursive: true, force: true });
});

describe("private files", () => {
  it("a new DATA_DIR: the database, the outbox (mails and SMS) and uploads are the server user's alone", async () => {
    const dataDir = path.join(work, "data");
    setConfig({ ...previous, dataDir, smtpUrl: undefined });
    const database = await openDatabase({ dataDir });
    await database.db.execute("create table prova (x int)");
    await database.db.execute("insert into prova values (1)");
    await database.close();
    await sendMail({ to: "anna@example.it", subject: "Reimposta la password", text: "http://localhost:3000/reset-password?token=segreto" });
    await sendSms({ to: "+393331234567", text: "Il tuo codice Zampa: 123456" });
    await localBackend(dataDir).put("listing-images/u1/0.webp", Buffer.from("RIFF"), "image/webp");

    expect(readdirSync(dataDir).sort()).toEqual(["db", "outbox", "uploads"]);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it("an older install's world-readable database is tightened when it is opened", async () => {
    const dataDir = path.join(work, "data");
    const db = path.join(dataDir, "db");
    const first = await openDatabase({ dataDir });
    await first.close();
    // As an earlier version left it: folders 0755, PGlite's files 0666, an outbox mail 0644.
    const loosen = (entry: string) => {
      const stat = lstatSync(entry);
      chmodSync(entry, stat.isDirectory() ? 0o755 : 0o666);
      if (stat.isDirectory()) for (const name of readdirSync(entry)) loosen(path.join(entry, name));
    };
    loosen(dataDir);
    mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
    writeFileSync(path.join(dataDir, "outbox", "vecchia.eml"), "Subject: vecchia", { mode: 0o644 });
    expect(notPrivate(db).length).toBeGreaterThan(100);

    const again = await openDatabase({ dataDir });
    // While it runs, DATA_DIR and its folders are closed to others, and the database's files are private.
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(dataDir, "outbox")).mode & 0o777).toBe(0o700);
    expect(notPrivate(db)).toEqual([]);
    await again.close();
    expect(notPrivate(db)).toEqual([]);
  });

  it("a backup of the embedded database and its uploads is private", async () => {
    const dataDir = path.join(work, "data");
    setConfig({ ...previous, dataDir });
    const database = await openDatabase({ dataDir });
    await database.close();
    await localBackend(dataDir).put("contest-photos/u2/foto.webp", Buffer.from("foto"), "image/webp");
    const root = path.join(work, "backups");
    const { dir } = await createBackup({ dataDir, databaseUrl: undefined, s3: undefined }, { root });
    expect(path.dirname(dir)).toBe(root);
    expect(notPrivate(root)).toEqual([]);
  });

  it("makeTreePrivate leaves symbolic links alone and stops at the depth asked", () => {
    const top = path.join(work, "top");
    mkdirSync(path.join(top, "a", "b"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(top, "a", "b", "f"), "x", { mode: 0o644 });
    makeTreePrivate(top, 1);
    expect(lstatSync(top).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(top, "a")).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(top, "a", "b")).mode & 0o777).toBe(0o755);
    makeTreePrivate(top);
    expect(notPrivate(top)).toEqual([]);
  });

  it("keepNewFilesPrivate sets a umask that gives others nothing", () => {
    keepNewFilesPrivate();
    expect(process.umask(0o022)).toBe(0o077);
  });
});
