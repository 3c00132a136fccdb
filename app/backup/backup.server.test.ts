// Backups end to end: rows and files made in a database of their own, a backup taken (by the
// "running server" through its socket, and with the server stopped), restored into a fresh
// directory, database or bucket, and compared row by row and byte by byte. PostgreSQL when
// TEST_DATABASE_URL is set (temporary databases, dropped after); uploads on a folder and on a real
// S3-compatible server.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContest, createListingRow, createSubmission, createUserRow, createArticle } from "../../tests/factories";
import { startS3Server } from "../../harness/s3-server";
import type { S3Config } from "~/config.server";
import { openDatabase, queryRows, withDb, type Database, type Db } from "~/db/client.server";
import { localBackend, s3Backend, type StorageBackend } from "~/storage/storage.server";
import { createBackup, restoreBackup, type BackupConfig } from "./backup.server";
import { EMBEDDED_DUMP_FILE, MANIFEST_FILE, knownMigrations, type Manifest } from "./manifest";
import { BACKUP_MESSAGES as M, BackupError } from "./messages";
import { backupSocketPath, serveBackups } from "./socket.server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const temp = (name: string) => mkdtempSync(path.join(tmpdir(), `zampa-backup-${name}-`));
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = temp(name);
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Users, articles, listings with photos, a contest with entries, and their files. */
async function makeContent(database: Database, storage: StorageBackend): Promise<void> {
  await withDb(database.db, async () => {
    const anna = await createUserRow({ name: "Anna Bianchi", email: "anna@example.it" });
    const luca = await createUserRow({ name: "Luca Verdi", email: "luca@example.it" });
    await createArticle({ title: "Come scegliere la cuccia", featuredImage: "/uploads/article-images/a/cuccia.webp" });
    for (const [i, owner] of [anna, luca, anna].entries()) {
      await createListingRow(owner.id, { title: `Micio ${i}`, images: [`/uploads/listing-images/${owner.id}/${i}.webp`] });
    }
    const contest = await createContest({ title: "Il più dormiglione" });
    await createSubmission(contest.id, anna.id, { imageUrl: `/uploads/contest-photos/${anna.id}/foto.webp` });
    await createSubmission(contest.id, luca.id, { status: "pending" });
  });
  // Real bytes of several sizes, one over the copy's chunking, and a key with nested folders.
  const files: Record<string, Buffer> = {
    "article-images/a/cuccia.webp": Buffer.from("RIFF cuccia"),
    "listing-images/u1/0.webp": Buffer.alloc(300_000, 7),
    "listing-images/u1/0.thumb.webp": Buffer.from([0, 1, 2, 3, 255]),
    "contest-photos/u2/foto.webp": Buffer.from("foto"),
    "demo/cani/labrador.jpg": Buffer.from("jpeg finto"),
  };
  await Promise.all(Object.entries(files).map(([key, data]) => storage.put(key, data, "image/webp")));
}

/** What the comparison reads: every table's rows, and a few contents. */
async function snapshot(database: Database) {
  return withDb(database.db, async () => ({
    users: await queryRows(sql`select id, email, name from users order by email`),
    profiles: await queryRows(sql`select id, full_name, role from profiles order by id`),
    listings: await queryRows(sql`select id, title, images, user_id from pet_listings order by title`),
    submissions: await queryRows(sql`select id, image_url, status from contest_submissions order by id`),
    articles: await queryRows(sql`select slug, title, featured_image, search_vector::text from articles order by slug`),
    migrations: await queryRows(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`),
  }));
}

async function files(storage: StorageBackend): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for await (const key of storage.list()) all.set(key, (await storage.get(key))!.toString("base64"));
  return new Map([...all].sort(([a], [b]) => a.localeCompare(b)));
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(BackupError);
  return (error as BackupError).message;
}

describe("backups of the embedded database", () => {
  const source = tempDir("src");
  let database: Database;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let firstBackup: string;
  const cfg = (dataDir: string, s3?: S3Config): BackupConfig => ({ dataDir, databaseUrl: undefined, s3 });

  beforeAll(async () => {
    database = await openDatabase({ dataDir: source });
    await makeContent(database, localBackend(source));
    before = await snapshot(database);
  }, 60_000);
  afterAll(() => database?.close());

  it("is taken by the running server through its socket (a transaction in progress left out), and restored into a fresh directory", async () => {
    const stop = await serveBackups(source, () => database.dumpDataDir!());
    const backups = tempDir("out");
    const lines: string[] = [];
    let backup: Awaited<ReturnType<typeof createBackup>>;
    try {
      // A transaction open while the dump is taken: not committed, so not in the backup.
      let finish!: () => void;
      const held = new Promise<void>((resolve) => (finish = resolve));
      const open = database.db
        .transaction(async (tx) => {
          await withDb(tx as unknown as Db, () => createUserRow({ email: "in-corso@example.it" }));
          await held;
          throw new Error("rollback");
        })
        .catch(() => {});
      backup = await createBackup(cfg(source), { root: backups, log: (line) => lines.push(line), now: new Date("2026-11-24T17:30:05Z") });
      finish();
      await open;
    } finally {
      await stop();
    }
    firstBackup = backup.dir;
    expect(lines[0]).toBe(M.fromServer(process.pid));
    expect(path.basename(backup.dir)).toBe("zampa-2026-11-24-183005");
    const manifest = JSON.parse(readFileSync(path.join(backup.dir, MANIFEST_FILE), "utf8")) as Manifest;
    expect(manifest).toMatchObject({ format: 1, engine: "pglite", database: { file: EMBEDDED_DUMP_FILE }, uploads: { storage: "local", files: 5 } });
    expect(manifest.migrations).toEqual({ count: knownMigrations().length, last: knownMigrations().at(-1)!.tag });
    expect(manifest.counts).toMatchObject({ users: 2, profiles: 2, pet_listings: 3, contest_submissions: 2, articles: 1 });

    const target = tempDir("dst");
    await restoreBackup(cfg(target), backup.dir);
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(await files(localBackend(target))).toEqual(await files(localBackend(source)));

    // A second restore over it is refused, then done with --force.
    expect(await refusal(restoreBackup(cfg(target), backup.dir))).toBe(M.targetNotEmpty(`Il database in ${path.join(target, "db")}`));
    await restoreBackup(cfg(target), backup.dir, { force: true });
  }, 60_000);

  it("says what to do when the running server offers no backup, and refuses a restore under it", async () => {
    const backups = tempDir("out");
    expect(await refusal(createBackup(cfg(source), { root: backups }))).toBe(M.serverOffersNoBackup(process.pid, backupSocketPath(source)));
    expect(await refusal(restoreBackup(cfg(source), backups))).toBe(M.notABackup(backups));
    expect(await refusal(restoreBackup(cfg(source), firstBackup))).toBe(M.serverRunning(process.pid));
  });

  it("copies the uploads from an S3 bucket and puts them back into another, and checks the backup before writing anything", async () => {
    const [from, to] = await Promise.all([startS3Server(), startS3Server({ bucket: "zampa-ripristino" })]);
    try {
      const original = await files(localBackend(source));
      for (const [key, data] of original) await s3Backend(from).put(key, Buffer.from(data, "base64"), "image/webp");
      const stop = await serveBackups(source, () => database.dumpDataDir!());
      const { dir } = await createBackup(cfg(source, from), { root: tempDir("out") }).finally(stop);

      // Damaged, incomplete, from another engine or from a newer Zampa: refused, nothing written.
      const target = tempDir("dst");
      const copy = (name: string, change: (dir: string) => void) => {
        const other = path.join(tempDir("copy"), name);
        cpSync(dir, other, { recursive: true });
        change(other);
        return other;
      };
      const editManifest = (edit: (m: Manifest) => void) => (d: string) => {
        const manifest = JSON.parse(readFileSync(path.join(d, MANIFEST_FILE), "utf8")) as Manifest;
        edit(manifest);
        writeFileSync(path.join(d, MANIFEST_FILE), JSON.stringify(manifest));
      };
      const damaged = copy("danneggiato", (d) => writeFileSync(path.join(d, EMBEDDED_DUMP_FILE), "non un tarball"));
      expect(await refusal(restoreBackup(cfg(target, to), damaged))).toBe(M.damaged(EMBEDDED_DUMP_FILE));
      const incomplete = copy("incompleto", (d) => rmSync(path.join(d, "uploads", "demo"), { recursive: true }));
      expect(await refusal(restoreBackup(cfg(target, to), incomplete))).toBe(M.uploadsIncomplete(5, 4));
      const newer = copy("nuovo", editManifest((m) => (m.migrations = { count: m.migrations.count + 1, last: "9999_futura" })));
      expect(await refusal(restoreBackup(cfg(target, to), newer))).toBe(M.newerMigrations("9999_futura"));
      const postgres = copy("postgres", editManifest((m) => (m.engine = "postgres")));
      expect(await refusal(restoreBackup(cfg(target, to), postgres))).toMatch(/^Questo backup viene da PostgreSQL/);
      expect(await files(s3Backend(to))).toEqual(new Map());

      await restoreBackup(cfg(target, to), dir);
      expect(await files(s3Backend(to))).toEqual(original);
      // A bucket with files is not empty: refused without --force.
      const again = tempDir("dst");
      expect(await refusal(restoreBackup(cfg(again, to), dir))).toBe(M.targetNotEmpty("Il bucket zampa-ripristino"));
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
  }, 60_000);

  it("works from the command line once the server is stopped", async () => {
    await database.close();
    const backups = tempDir("out");
    const node = (script: string, args: string[], dataDir: string) =>
      run(process.execPath, [path.join(root, "scripts", script), ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", S3_ENDPOINT: "", S3_BUCKET: "" } });
    const backup = await node("backup.ts", [backups], source);
    expect(backup.stdout).not.toContain("il backup lo prepara il server");
    const dir = /Backup completato: (.+)/.exec(backup.stdout)![1]!;
    const target = tempDir("dst");
    const restore = await node("restore.ts", [dir], target);
    expect(restore.stdout).toContain(M.restoreDone(dir));
    const refused = await node("restore.ts", [dir], target).then(() => null, (e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused!.stderr.trim()).toBe(M.targetNotEmpty(`Il database in ${path.join(target, "db")}`));

    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    database = await openDatabase({ dataDir: source });
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("backups of a PostgreSQL database", () => {
  const server = process.env.TEST_DATABASE_URL!;
  const suffix = `${Date.now().toString(36)}_${process.pid}`;
  const names = { source: `zampa_backup_${suffix}`, target: `zampa_restore_${suffix}` };
  const urlOf = (name: string) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const admin = (query: string) =>
    (async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    })();
  let database: Database;

  beforeAll(async () => {
    await admin(`create database "${names.source}"`);
    await admin(`create database "${names.target}"`);
    database = await openDatabase({ databaseUrl: urlOf(names.source) });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    for (const name of Object.values(names)) await admin(`drop database if exists "${name}" with (force)`);
  });

  it("dumps with pg_dump in one snapshot and restores with pg_restore into a fresh database", async () => {
    const uploads = tempDir("src");
    await makeContent(database, localBackend(uploads));
    const before = await snapshot(database);
    const { dir, manifest } = await createBackup({ databaseUrl: urlOf(names.source), dataDir: uploads, s3: undefined }, { root: tempDir("out") });
    expect(manifest).toMatchObject({ engine: "postgres", database: { file: "database.dump" }, counts: { users: 2, pet_listings: 3 } });

    const target = { databaseUrl: urlOf(names.target), dataDir: tempDir("dst"), s3: undefined };
    await restoreBackup(target, dir);
    const restored = await openDatabase({ databaseUrl: target.databaseUrl });
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(await files(localBackend(target.dataDir))).toEqual(await files(localBackend(uploads)));
    expect(await refusal(restoreBackup(target, dir))).toBe(M.targetNotEmpty("Il database PostgreSQL"));
    await restoreBackup(target, dir, { force: true });
  }, 60_000);

  it("says so in Italian when pg_dump is missing", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      expect(await refusal(createBackup({ databaseUrl: urlOf(names.source), dataDir: tempDir("src"), s3: undefined }, { root: tempDir("out") }))).toBe(
        M.toolMissing("pg_dump"),
      );
    } finally {
      process.env.PATH = path;
    }
  });
});
