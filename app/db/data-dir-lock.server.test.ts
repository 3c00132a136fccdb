import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";
import { DataDirInUse, LOCK_FILE, lockDataDir } from "./data-dir-lock.server";

const run = promisify(execFile);
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "zampa-lock-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

describe("the embedded database directory's lock", () => {
  it("refuses a second holder while the first runs, and frees the directory on release", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir)).toThrow(`è già aperto dal processo ${process.pid}`);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, LOCK_FILE), `${await deadPid()}\n`);
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    release();
  });

  it("opens a directory once per process: a second open gets the same database", { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    const again = await openDatabase({ dataDir });
    expect(again).toBe(first);
    await first.close();
    expect(existsSync(path.join(dataDir, "db", LOCK_FILE))).toBe(false);
  });

  it("keeps a second process off an open database, with a clear message, and lets it in once closed", { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    const second = run(process.execPath, ["--import", "tsx", "tests/open-data-dir-worker.ts", dataDir]);
    await expect(second).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`è già aperto dal processo ${process.pid}`),
    });
    await database.close();
    const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/open-data-dir-worker.ts", dataDir]);
    expect(stdout.trim()).toBe("opened");
  });
});
