// The queue shared by real processes (PostgreSQL only: PGlite is one process's database). Two
// child processes, each an app opening the same database, send requests to the fake provider at
// once: the provider never sees two at a time, the starts keep the interval and the per-window
// limit, and together they never pass the daily limit. Then a process killed while its request
// runs: its lease runs out and the other's request goes ahead.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../tests/setup/database-url";
import { queryRows } from "~/db/client.server";
import { aiFixture, testQueue, type AiFixture } from "../../tests/ai";
import { startWorker } from "../../tests/worker-process";

const databaseUrl = testDatabaseUrl();

const worker = (input: object) => startWorker<{ ok: boolean; status?: number; error?: string }[]>("tests/ai-queue-worker.ts", input);

describe.skipIf(!databaseUrl)("the AI queue across processes (PostgreSQL)", () => {
  let fx: AiFixture;
  beforeAll(async () => {
    fx = await aiFixture();
  });
  afterAll(async () => {
    await fx.cleanup();
  });

  it("two processes never run two requests at once nor pass the window, interval or daily limits together", async () => {
    fx.fake.reset();
    fx.fake.set({ mode: "slow", delayMs: 15 });
    const queue = testQueue({ dailyLimit: 5, perMinute: 2, windowSeconds: 2, minIntervalSeconds: 0.4 });
    const input = { databaseUrl, baseUrl: fx.fake.baseUrl, queue, userId: fx.admin.id, category: fx.category.slug, count: 4 };
    const [a, b] = [worker(input), worker(input)];
    const [fromA, fromB] = [await a.done, await b.done];
    const results = [...fromA, ...fromB];
    // Each process had 4: with 5 served in all, both were served (one queue, not one per process).
    expect(fromA.some((r) => r.ok) && fromB.some((r) => r.ok)).toBe(true);

    const served = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(served).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r).toEqual({ ok: false, status: 429, error: "Limite giornaliero raggiunto (5/5). Riprova domani." });

    // What the provider saw: one at a time.
    const seen = [...fx.fake.requests].sort((x, y) => x.start - y.start);
    expect(seen).toHaveLength(5);
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]!.start).toBeGreaterThanOrEqual(seen[i - 1]!.end!);
    // The starts as the queue recorded them: the interval, and at most 2 in any 2 s.
    const starts = (
      await queryRows<{ t: number }>(sql`
        select extract(epoch from started_at)::float8 * 1000 as t from ai_requests
        where queue = ${queue.queue} and started_at is not null order by started_at`)
    ).map((r) => Number(r.t));
    expect(starts).toHaveLength(5);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(400);
    for (let i = 2; i < starts.length; i += 1) expect(starts[i]! - starts[i - 2]!).toBeGreaterThanOrEqual(2000);
    const logged = await queryRows<{ n: number }>(sql`
      select count(*)::int as n from api_usage_log where user_id = ${fx.admin.id} and status = 'rate_limited'`);
    expect(logged[0]!.n).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it("moves on when the process holding the queue is killed", async () => {
    fx.fake.reset();
    fx.fake.set({ mode: "slow", delayMs: 400 });
    const queue = testQueue({}, { leaseSeconds: 1.5, heartbeatSeconds: 1.5 });
    const input = { databaseUrl, baseUrl: fx.fake.baseUrl, queue, userId: fx.admin.id, category: fx.category.slug, count: 1 };
    const first = worker(input);
    first.done.catch(() => {});
    // Wait until its request reaches the provider, then kill it (no clean-up runs).
    const deadline = Date.now() + 20_000;
    while (fx.fake.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(fx.fake.requests).toHaveLength(1);
    const second = worker(input);
    await second.ready;
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    fx.fake.set({ delayMs: 5 });
    const [result] = await second.done;
    expect(result).toEqual({ ok: true });
    expect(fx.fake.requests).toHaveLength(2);
    // It waited for the lease to run out (about 1.5 s after the last renewal), not for ever.
    expect(fx.fake.requests[1]!.start - killedAt).toBeGreaterThan(300);
    const states = await queryRows<{ state: string }>(sql`select state from ai_requests where queue = ${queue.queue} order by seq`);
    expect(states.map((s) => s.state)).toEqual(["abandoned", "done"]);
  }, 60_000);
});
