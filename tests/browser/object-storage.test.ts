// Uploads in an S3-compatible bucket (s3rver, which checks signatures): a wrong key stops the start
// with a clear reason, /readyz follows the bucket, and a photo uploaded through Zampa is served by
// the bucket (issue 20, decisions 0063, 0069).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_ENTRY, SERVER_ENV, serverNodeFlags } from "../../server/node-flags";
import { freePort, startAppProcess, stopAppProcess, type AppProcess } from "../../harness/load-balancer";
import { startS3Server, type TestS3Server } from "../../harness/s3-server";

const ROOT = path.resolve(import.meta.dirname, "../..");
let s3: TestS3Server;

function s3Env(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    DATABASE_URL: "",
    SEED_DEMO: "false",
    ...overrides,
  };
}

/** Starts the server and waits for it to exit; its exit code and what it printed. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "zampa-s3-start-"));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...serverNodeFlags(), path.join(ROOT, SERVER_ENTRY)], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...SERVER_ENV, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "zampa-storage" });
});

afterAll(async () => {
  await s3?.close();
});

describe("uploads in an S3-compatible bucket", () => {
  it("refuses to start with a key the bucket refuses, saying why in one line", async () => {
    const port = await freePort();
    const { code, output } = await runUntilExit(s3Env({ PORT: String(port), S3_SECRET_ACCESS_KEY: "chiave-sbagliata" }));
    expect(code).toBe(1);
    expect(output).toContain("Zampa non può avviarsi: Archivio dei caricamenti non utilizzabile: S3 zampa-storage: chiavi di accesso rifiutate");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("stops the whole cluster with the same reason and exit code when its workers cannot start", async () => {
    const name = `zampa_s3_cluster_${Date.now()}`;
    const server = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    try {
      const databaseUrl = new URL(server);
      databaseUrl.pathname = `/${name}`;
      const port = await freePort();
      const { code, output } = await runUntilExit(
        s3Env({ PORT: String(port), DATABASE_URL: databaseUrl.toString(), WORKERS: "2", S3_SECRET_ACCESS_KEY: "chiave-sbagliata" }),
      );
      expect(output).toContain("avvio 2 processi");
      expect(output).toContain("chiavi di accesso rifiutate");
      expect(code).toBe(1);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  it("refuses to start on a bucket that does not exist", async () => {
    const port = await freePort();
    const { code, output } = await runUntilExit(s3Env({ PORT: String(port), S3_BUCKET: "secchio-inesistente" }));
    expect(code).toBe(1);
    expect(output).toContain("S3 secchio-inesistente: bucket inesistente");
  });

  describe("with the right key", () => {
    let app: AppProcess;

    beforeAll(async () => {
      const port = await freePort();
      app = await startAppProcess(port, s3Env({ PUBLIC_URL: `http://127.0.0.1:${port}` }));
    }, 120_000);

    afterAll(async () => {
      await stopAppProcess(app);
    });

    it("is ready, and serves an old /uploads/ address from the bucket", async () => {
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true, database: "ok", storage: "ok" });
      const old = await fetch(`${app.url}/uploads/listing-images/foto.webp`, { redirect: "manual" });
      expect(old.status).toBeGreaterThanOrEqual(300);
      expect(old.status).toBeLessThan(400);
      expect(old.headers.get("location")).toBe(`${s3.publicUrl}/listing-images/foto.webp`);
    });

    it("says it is not ready while the bucket cannot be reached, and keeps running", async () => {
      await s3.close();
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ ready: false, database: "ok", storage: "S3 zampa-storage: non raggiungibile" });
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    });
  });
});
