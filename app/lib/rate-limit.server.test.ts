import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { itDb } from "../../tests/db";
import { deleteExpiredCounters, hit, peek, release, reset } from "./rate-limit.server";

describe("database rate limiter", () => {
  itDb("allows up to the limit in a window, then refuses", async () => {
    const limit = { max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await hit("test:a", limit)).allowed);
    expect(results).toEqual([true, true, true, false, false]);
    expect((await hit("test:b", limit)).allowed).toBe(true);
  });

  itDb("starts a new window once the old one has passed", async () => {
    const limit = { max: 1, windowSeconds: 60 };
    await hit("test:c", limit);
    expect((await hit("test:c", limit)).allowed).toBe(false);
    await db().update(rateLimits).set({ windowStart: sql`now() - interval '2 minutes'` }).where(sql`${rateLimits.key} = 'test:c'`);
    expect(await hit("test:c", limit)).toEqual({ allowed: true, count: 1 });
  });

  itDb("reset forgets a key", async () => {
    const limit = { max: 1, windowSeconds: 60 };
    await hit("test:d", limit);
    await reset("test:d");
    expect((await hit("test:d", limit)).allowed).toBe(true);
  });

  itDb("peek reads a key's hits in its window without taking one; release gives one back", async () => {
    const limit = { max: 2, windowSeconds: 60 };
    expect(await peek("test:e", limit)).toBe(0);
    await hit("test:e", limit);
    await hit("test:e", limit);
    expect(await peek("test:e", limit)).toBe(2);
    expect(await peek("test:e", limit)).toBe(2);
    await release("test:e");
    expect(await hit("test:e", limit)).toEqual({ allowed: true, count: 2 });
    // An expired window reads as empty; release never goes below zero.
    await db().update(rateLimits).set({ windowStart: sql`now() - interval '2 minutes'` }).where(sql`${rateLimits.key} = 'test:e'`);
    expect(await peek("test:e", limit)).toBe(0);
    for (let i = 0; i < 3; i++) await release("test:f");
    await hit("test:f", limit);
    for (let i = 0; i < 3; i++) await release("test:f");
    expect(await peek("test:f", limit)).toBe(0);
  });

  itDb("a counter's row lasts as long as its window, and a new window moves its end", async () => {
    const limit = { max: 5, windowSeconds: 600 };
    await hit("test:expiry", limit);
    const ends = async () =>
      (
        await db()
          .select({ seconds: sql<number>`extract(epoch from (${rateLimits.expiresAt} - ${rateLimits.windowStart}))::int`, start: rateLimits.windowStart })
          .from(rateLimits)
          .where(sql`${rateLimits.key} = 'test:expiry'`)
      )[0]!;
    expect((await ends()).seconds).toBe(600);
    await db().update(rateLimits).set({ windowStart: sql`now() - interval '11 minutes'`, expiresAt: sql`now() - interval '1 minute'` }).where(sql`${rateLimits.key} = 'test:expiry'`);
    await hit("test:expiry", limit);
    expect((await ends()).seconds).toBe(600);
  });

  itDb("the housekeeping deletes the counters whose window has ended, and only those", async () => {
    await db()
      .insert(rateLimits)
      .values([
        { key: "test:ended", windowStart: sql`now() - interval '2 hours'`, count: 3, expiresAt: sql`now() - interval '1 hour'` },
        { key: "test:running", windowStart: sql`now()`, count: 1, expiresAt: sql`now() + interval '1 hour'` },
      ]);
    expect(await deleteExpiredCounters({ batchSize: 1 })).toBeGreaterThanOrEqual(1);
    const left = await db().select({ key: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} in ('test:ended', 'test:running')`);
    expect(left.map((r) => r.key)).toEqual(["test:running"]);
  });
});
