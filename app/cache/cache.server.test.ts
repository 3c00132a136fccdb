import pg from "pg";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { CACHE_TAGS, listenForInvalidations, memoize, setCacheEnabled } from "./cache.server";

const databaseUrl = inject("databaseUrl");

beforeEach(() => setCacheEnabled(true));
afterEach(() => setCacheEnabled(false));

describe("invalidation across processes (PostgreSQL LISTEN/NOTIFY)", () => {
  it.skipIf(!databaseUrl)("drops what another process's write invalidated", async () => {
    const stop = await listenForInvalidations(databaseUrl!);
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      let loads = 0;
      const load = async () => ++loads;
      await memoize("partners-x", [CACHE_TAGS.partners], load);
      await memoize("partners-x", [CACHE_TAGS.partners], load);
      expect(loads).toBe(1);
      // Another process commits a write to partners: its NOTIFY reaches this one.
      await other.query("begin");
      await other.query("select pg_notify('zampa_cache', 'partners')");
      await other.query("commit");
      await expect.poll(() => memoize("partners-x", [CACHE_TAGS.partners], load), { timeout: 5_000 }).toBe(2);
      // A rolled-back write notifies nobody.
      await other.query("begin");
      await other.query("select pg_notify('zampa_cache', 'partners')");
      await other.query("rollback");
      await new Promise((r) => setTimeout(r, 300));
      expect(await memoize("partners-x", [CACHE_TAGS.partners], load)).toBe(2);
    } finally {
      await other.end();
      await stop();
    }
  });
});
