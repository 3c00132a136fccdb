import { describe, expect, it } from "vitest";
import { workerPlan } from "./workers.ts";

describe("workerPlan", () => {
  const pg = { DATABASE_URL: "postgres://x/y" };

  it("runs one process per CPU on PostgreSQL unless WORKERS says otherwise", () => {
    expect(workerPlan(pg, 4)).toEqual({ workers: 4 });
    expect(workerPlan({ ...pg, WORKERS: "3" }, 4)).toEqual({ workers: 3 });
    expect(workerPlan({ ...pg, WORKERS: "1" }, 8)).toEqual({ workers: 1 });
    expect(workerPlan(pg, 0)).toEqual({ workers: 1 });
  });

  it("keeps the embedded database in one process and says why when more were asked", () => {
    expect(workerPlan({}, 4)).toEqual({ workers: 1, warning: undefined });
    const plan = workerPlan({ WORKERS: "4" }, 4);
    expect(plan.workers).toBe(1);
    expect(plan.warning).toMatch(/database incorporato/);
  });

  it("refuses a WORKERS that is not a positive whole number", () => {
    for (const value of ["0", "-1", "two", "1.5"]) expect(() => workerPlan({ ...pg, WORKERS: value }, 2)).toThrow(/WORKERS/);
  });
});
