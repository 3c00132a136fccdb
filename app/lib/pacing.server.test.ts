import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { takeTurn } from "./pacing.server";

// Turns a minute apart, so that however slow the machine, every call comes before the turns it queues behind.
const MINUTE = 60_000;

/** The next free turn of `key`, in milliseconds of the database's clock. */
async function nextTurn(key: string): Promise<number> {
  const rows = await queryRows<{ ms: number | string }>(sql`select (extract(epoch from next_at) * 1000)::float8 as ms from pacing where key = ${key}`);
  return Number(rows[0]!.ms);
}

// Keys of their own per run: on PostgreSQL the table outlives the run.
const key = (name: string) => `test-${name}-${crypto.randomUUID()}`;

describe("takeTurn", () => {
  it("hands out turns one interval apart, the first at once", async () => {
    const service = key("service");
    const waits: number[] = [];
    const next: number[] = [];
    for (let i = 0; i < 4; i++) {
      waits.push(await takeTurn(service, MINUTE));
      next.push(await nextTurn(service));
    }
    expect(waits[0]).toBe(0);
    for (let i = 1; i < 4; i++) {
      expect(next[i]! - next[i - 1]!).toBeCloseTo(MINUTE, 0);
      // The wait is the turn less the time the earlier calls took: a few milliseconds, a few seconds at most.
      expect(waits[i]!).toBeLessThanOrEqual(MINUTE * i);
      expect(waits[i]!).toBeGreaterThan(MINUTE * i - 5000);
    }
  });

  it("gives concurrent callers distinct turns", async () => {
    const service = key("concurrent");
    await takeTurn(service, MINUTE);
    const before = await nextTurn(service);
    const waits = await Promise.all(Array.from({ length: 5 }, () => takeTurn(service, MINUTE)));
    // Five turns taken together moved the next free turn by five intervals: none was lost to a race.
    expect((await nextTurn(service)) - before).toBeCloseTo(5 * MINUTE, 0);
    const sorted = [...waits].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(MINUTE - 5000);
  });

  it("keeps services apart", async () => {
    await takeTurn(key("a"), MINUTE);
    expect(await takeTurn(key("b"), MINUTE)).toBe(0);
  });
});
