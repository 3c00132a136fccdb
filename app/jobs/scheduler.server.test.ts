// The publishing clock: it never overlaps itself, survives errors, is aligned to the minute, and
// stops. That it publishes a due article by itself, on the real database, is tested with the other
// tests that commit scheduled articles (app/articles/scheduler.server.test.ts): one file, so that
// they never run at the same time.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublishCounts } from "~/articles/scheduler.server";
import { readConfig } from "~/config.server";
import { startScheduler, type Scheduler } from "./scheduler.server";

const NOTHING: PublishCounts = { published: 0, failed: 0, skipped: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the publishing clock", () => {
  let scheduler: Scheduler | undefined;

  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    vi.useRealTimers();
  });

  it("runs at once on start (catching up), then never starts a run while one is running", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    scheduler = startScheduler({
      intervalMs: 10,
      run: async () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await sleep(35);
        running -= 1;
        return NOTHING;
      },
    });
    expect(runs).toBe(1);
    await sleep(200);
    expect(runs).toBeGreaterThan(2);
    expect(most).toBe(1);
  });

  it("an error is logged and the clock keeps ticking", async () => {
    let runs = 0;
    scheduler = startScheduler({
      intervalMs: 10,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error("database away");
        return NOTHING;
      },
    });
    await expect.poll(() => runs, { timeout: 2000, interval: 10 }).toBeGreaterThan(2);
  });

  it("stop() waits for the run in progress, and no run follows", async () => {
    let finished = false;
    let runs = 0;
    scheduler = startScheduler({
      intervalMs: 10,
      run: async () => {
        runs += 1;
        await sleep(50);
        finished = true;
        return NOTHING;
      },
    });
    await scheduler.stop();
    expect(finished).toBe(true);
    await sleep(60);
    expect(runs).toBe(1);
  });

  it("ticks at the start of each minute of the clock", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:15:42.500Z"));
    const at: string[] = [];
    scheduler = startScheduler({
      run: async () => {
        at.push(new Date().toISOString());
        return NOTHING;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(17_499);
    expect(at).toEqual(["2026-11-24T10:15:42.500Z"]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(at).toEqual(["2026-11-24T10:15:42.500Z", "2026-11-24T10:16:00.000Z", "2026-11-24T10:17:00.000Z"]);
  });
});

describe("the hourly housekeeping on the same clock", () => {
  let scheduler: Scheduler | undefined;
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    vi.useRealTimers();
  });

  it("runs on start, then once an hour, after the minute's publishing; a failure waits for the next hour", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00.000Z"));
    const order: string[] = [];
    let housekept = 0;
    scheduler = startScheduler({
      run: async () => {
        order.push("publish");
        return NOTHING;
      },
      housekeeping: async () => {
        order.push("housekeeping");
        housekept += 1;
        if (housekept === 2) throw new Error("database away");
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["publish", "housekeeping"]);
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(housekept).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(housekept).toBe(2);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(housekept).toBe(3);
  });
});

describe("SCHEDULER", () => {
  it("is on by default, off in tests unless asked, off when set false", () => {
    expect(readConfig({}).scheduler).toBe(true);
    expect(readConfig({ NODE_ENV: "production" }).scheduler).toBe(true);
    expect(readConfig({ NODE_ENV: "test" }).scheduler).toBe(false);
    expect(readConfig({ NODE_ENV: "test", SCHEDULER: "true" }).scheduler).toBe(true);
    for (const value of ["false", "0", "off", "no"]) expect(readConfig({ SCHEDULER: value }).scheduler, value).toBe(false);
  });
});
