// Runs before each test file: opens (once per worker) the test database and the accounts module.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { initAuth } from "~/accounts/auth.server";
import { readConfig, setConfig } from "~/config.server";
import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { ensureTestDatabase } from "./database-url";

const state = globalThis as typeof globalThis & { __zampaTestDb?: Promise<Database> };

state.__zampaTestDb ??= (async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "zampa-test-"));
  setConfig({ ...readConfig({ NODE_ENV: "test" }), dataDir, publicUrl: "http://localhost:3000", authSecret: "test-secret-0123456789abcdefghijklmnop" });
  const databaseUrl = await ensureTestDatabase();
  // In memory for PGlite (no dataDir): the files written by tests go to the temporary DATA_DIR.
  const database = await openDatabase({ databaseUrl });
  setDatabase(database);
  await initAuth();
  return database;
})();

await state.__zampaTestDb;
