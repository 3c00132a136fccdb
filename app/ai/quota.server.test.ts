// The site-wide queue on the real database: one request at a time in arrival order, the interval
// and the per-window limit between starts, the daily limit, leaving the queue on abort, and a
// crashed holder's lease expiring. Rows are committed (other connections must see them) and removed.
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db, queryRows } from "~/db/client.server";
import { aiRequests } from "~/db/schema";
import { createActor, removeAiRows, testQueue } from "../../tests/ai";
import { acquireSlot, startedToday, type QueueOptions } from "./quota.server";
import type { AiProgress } from "./types";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const queues: string[] = [];
const actors: string[] = [];

afterAll(async () => {
  await removeAiRows(actors, queues);
});

function queue(limits: QueueOptions["limits"], extra: Omit<QueueOptions, "queue" | "limits"> = {}) {
  const q = testQueue(limits, extra);
  queues.push(q.queue);
  return q;
}

async function actorId(): Promise<string> {
  const actor = await createActor();
  actors.push(actor.id);
  return actor.id;
}

/** Runs one request through the queue, holding its slot for `workMs`; returns when it ran. */
async function run(options: QueueOptions, userId: string, workMs: number, progress?: AiProgress[]) {
  const outcome = await acquireSlot("generate-article", userId, { onProgress: (p) => progress?.push(p) }, options);
  if (!outcome.ok) return { outcome, start: 0, end: 0 };
  const start = Date.now();
  await sleep(workMs);
  const end = Date.now();
  await outcome.slot.release();
  return { outcome, start, end };
}

async function starts(queueName: string): Promise<{ seq: number; started: number }[]> {
  const rows = await queryRows<{ seq: number; started: string }>(sql`
    select seq::int as seq, extract(epoch from started_at)::float8 * 1000 as started
    from ai_requests where queue = ${queueName} and started_at is not null order by started_at`);
  return rows.map((r) => ({ seq: Number(r.seq), started: Number(r.started) }));
}

describe("the AI queue", () => {
  it("runs one request at a time, in arrival order, at least the interval apart", async () => {
    const options = queue({ minIntervalSeconds: 0.3 });
    const user = await actorId();
    const progress: AiProgress[][] = [[], [], []];
    const runs = [];
    for (let i = 0; i < 3; i += 1) {
      runs.push(run(options, user, 120, progress[i]));
      await sleep(30); // arrival order
    }
    const results = await Promise.all(runs);
    for (const r of results) expect(r.outcome.ok).toBe(true);
    const spans = results.map((r) => [r.start, r.end] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    const started = await starts(options.queue);
    expect(started.map((s) => s.seq)).toEqual([...started.map((s) => s.seq)].sort((a, b) => a - b));
    for (let i = 1; i < started.length; i += 1) expect(started[i]!.started - started[i - 1]!.started).toBeGreaterThanOrEqual(300);
    // The third heard its place (behind two) and an estimate, then its start.
    const third = progress[2]!;
    expect(third.find((p) => p.stage === "queued")).toMatchObject({ stage: "queued", position: 3 });
    const firstQueued = third.find((p) => p.stage === "queued") as Extract<AiProgress, { stage: "queued" }>;
    expect(firstQueued.waitSeconds).toBeGreaterThan(0);
    expect(third.at(-1)).toEqual({ stage: "started" });
  });

  it("never starts more than perMinute in any window", async () => {
    const options = queue({ perMinute: 2, windowSeconds: 1 });
    const user = await actorId();
    const results = await Promise.all(Array.from({ length: 5 }, () => run(options, user, 10)));
    for (const r of results) expect(r.outcome.ok).toBe(true);
    const started = (await starts(options.queue)).map((s) => s.started);
    expect(started).toHaveLength(5);
    for (let i = 2; i < started.length; i += 1) expect(started[i]! - started[i - 2]!).toBeGreaterThanOrEqual(1000);
  });

  it("refuses a request over the daily limit, counting today's starts", async () => {
    const options = queue({ dailyLimit: 2 });
    const user = await actorId();
    expect((await run(options, user, 0)).outcome.ok).toBe(true);
    expect((await run(options, user, 0)).outcome.ok).toBe(true);
    const third = await run(options, user, 0);
    expect(third.outcome).toEqual({ ok: false, reason: "daily-limit", used: 2, limit: 2 });
    expect(await startedToday(options.queue)).toBe(2);
    // A request already waiting when the day runs out is refused too, not left waiting.
    const wide = queue({ dailyLimit: 2 });
    const holder = await acquireSlot("generate-article", user, {}, wide);
    const a = run(wide, user, 0);
    await sleep(20);
    const b = run(wide, user, 0);
    await sleep(60);
    if (holder.ok) await holder.slot.release();
    expect((await a).outcome.ok).toBe(true);
    expect((await b).outcome).toMatchObject({ ok: false, reason: "daily-limit", used: 2, limit: 2 });
    const rows = await db().select({ state: aiRequests.state }).from(aiRequests).where(eq(aiRequests.queue, wide.queue));
    expect(rows.map((r) => r.state).sort()).toEqual(["abandoned", "done", "done"]);
  });

  it("lets a request through when the day's usage cannot be read (the spec's rule), the claim still counting", async () => {
    const options = queue({ dailyLimit: 1 });
    const user = await actorId();
    const broken = { ...options, usageCheck: () => Promise.reject(new Error("lettura dell'uso non riuscita")) };
    expect((await run(broken, user, 0)).outcome.ok).toBe(true);
    // The claim itself still holds the day's limit: the second request is refused while waiting.
    expect((await run(broken, user, 0)).outcome).toEqual({ ok: false, reason: "daily-limit", used: 1, limit: 1 });
  });

  it("leaves the queue at once when the caller aborts, and the next one goes ahead", async () => {
    const options = queue({});
    const user = await actorId();
    const holder = await acquireSlot("generate-article", user, {}, options);
    expect(holder.ok).toBe(true);
    const controller = new AbortController();
    const waiting = acquireSlot("regenerate-field", user, { signal: controller.signal }, options);
    await sleep(80);
    controller.abort();
    expect(await waiting).toEqual({ ok: false, reason: "aborted" });
    const states = await db().select({ type: aiRequests.requestType, state: aiRequests.state }).from(aiRequests).where(eq(aiRequests.queue, options.queue));
    expect(states).toContainEqual({ type: "regenerate-field", state: "abandoned" });
    if (holder.ok) await holder.slot.release();
    const next = await run(options, user, 0);
    expect(next.outcome.ok).toBe(true);
  });

  it("moves on when a crashed holder's lease runs out", async () => {
    const options = queue({});
    const user = await actorId();
    // A process that started a request and died: its row is running, nobody renews the lease.
    const [crashed] = await db()
      .insert(aiRequests)
      .values({ queue: options.queue, userId: user, requestType: "generate-article", state: "running", startedAt: sql`clock_timestamp()`, aliveUntil: sql`clock_timestamp() + interval '600 milliseconds'` })
      .returning({ id: aiRequests.id });
    const before = Date.now();
    const next = await run(options, user, 0);
    expect(next.outcome.ok).toBe(true);
    expect(next.start - before).toBeGreaterThanOrEqual(500);
    const [row] = await db().select({ state: aiRequests.state }).from(aiRequests).where(eq(aiRequests.id, crashed!.id));
    expect(row!.state).toBe("abandoned");
  });

  it("keeps a live holder's lease renewed past its length", async () => {
    const options = queue({}, { leaseSeconds: 0.3 });
    const user = await actorId();
    const holder = await acquireSlot("generate-article", user, {}, options);
    expect(holder.ok).toBe(true);
    let secondStarted = 0;
    const second = acquireSlot("generate-article", user, {}, options).then((o) => {
      secondStarted = Date.now();
      return o;
    });
    await sleep(900); // three leases: renewed, so the second is still waiting
    expect(secondStarted).toBe(0);
    const released = Date.now();
    if (holder.ok) await holder.slot.release();
    const o = await second;
    expect(o.ok).toBe(true);
    expect(secondStarted).toBeGreaterThanOrEqual(released);
    if (o.ok) await o.slot.release();
  });
});
