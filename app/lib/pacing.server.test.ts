import { describe, expect, it } from "vitest";
import { takeTurn } from "./pacing.server";

describe("takeTurn", () => {
  it("hands out turns one interval apart, the first at once", async () => {
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) waits.push(await takeTurn("test-service", 1000));
    expect(waits[0]).toBe(0);
    for (let i = 1; i < 4; i++) {
      // Each turn is one interval after the one before it (less the few ms the calls took).
      expect(waits[i]! - waits[i - 1]!).toBeGreaterThan(900);
      expect(waits[i]! - waits[i - 1]!).toBeLessThanOrEqual(1000);
    }
  });

  it("gives concurrent callers distinct turns", async () => {
    const waits = await Promise.all(Array.from({ length: 5 }, () => takeTurn("test-concurrent", 500)));
    const sorted = [...waits].sort((a, b) => a - b);
    expect(sorted[0]).toBe(0);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(400);
  });

  it("keeps services apart", async () => {
    await takeTurn("test-a", 60_000);
    expect(await takeTurn("test-b", 60_000)).toBe(0);
  });
});
