import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../tests/setup/database-url";
import { transaction } from "~/db/client.server";
import { CACHE_TAGS, invalidate, listenForInvalidations, memoize, setCacheEnabled } from "./cache.server";

const databaseUrl = testDatabaseUrl();

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

  /** Another server process, as PostgreSQL sees it: a listening connection that confirms each invalidation after `delayMs`. */
  async function otherProcess(name: string, delayMs: number | null) {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: `zampa-cache:${name}` });
    await client.connect();
    const seen: string[] = [];
    client.on("notification", (message) => {
      if (message.channel !== "zampa_cache" || !message.payload) return;
      const id = message.payload.split("|")[0]!;
      seen.push(message.payload);
      // Answers that arrive after the test closed this connection have nobody to reach: ignored.
      if (delayMs !== null) setTimeout(() => void client.query("select pg_notify('zampa_cache_ack', $1)", [`${id}|${name}`]).catch(() => {}), delayMs);
    });
    await client.query("listen zampa_cache");
    return { seen, close: () => client.end() };
  }

  it.skipIf(!databaseUrl)("answers a write only once every other process has dropped what it changed", async () => {
    const stop = await listenForInvalidations(databaseUrl!);
    const slow = await otherProcess("slow-one", 300);
    const quick = await otherProcess("quick-one", 0);
    try {
      let t0 = performance.now();
      await invalidate(CACHE_TAGS.partners);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
      expect(slow.seen.at(-1)).toMatch(/\|partners$/);
      expect(quick.seen.at(-1)).toMatch(/\|partners$/);

      // In a transaction: the others hear of it at commit, and transaction() returns after their answers.
      t0 = performance.now();
      let inside = 0;
      await transaction(async () => {
        await invalidate(CACHE_TAGS.categories);
        inside = performance.now() - t0;
      });
      expect(inside).toBeLessThan(250);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
      expect(slow.seen.at(-1)).toMatch(/\|categories$/);
    } finally {
      await slow.close();
      await quick.close();
      await stop();
    }
  });

  it.skipIf(!databaseUrl)("does not wait for ever for a process that does not answer", async () => {
    const stop = await listenForInvalidations(databaseUrl!);
    const mute = await otherProcess("mute-one", null);
    try {
      const t0 = performance.now();
      await invalidate(CACHE_TAGS.partners);
      const waited = performance.now() - t0;
      expect(waited).toBeGreaterThanOrEqual(1_900);
      expect(waited).toBeLessThan(4_000);
      expect(mute.seen).toHaveLength(1);
    } finally {
      await mute.close();
      await stop();
    }
  });

  it.skipIf(!databaseUrl)("confirms the invalidations of other processes", async () => {
    const stop = await listenForInvalidations(databaseUrl!);
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      const acks: string[] = [];
      other.on("notification", (message) => acks.push(message.payload ?? ""));
      await other.query("listen zampa_cache_ack");
      await other.query("select pg_notify('zampa_cache', 'otherproc:7|partners')");
      await expect.poll(() => acks.length, { timeout: 5_000 }).toBe(1);
      expect(acks[0]).toMatch(/^otherproc:7\|[0-9a-f]{12}$/);
    } finally {
      await other.end();
      await stop();
    }
  });
});
