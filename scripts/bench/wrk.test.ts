import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { durationSeconds, errorsText, parseDurationMs, parseWrk, wrkHeaderArgs, type WrkResult } from "./wrk.ts";

const sample = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseWrk", () => {
  it("reads a run of scripts/bench-listings.lua: rate, percentiles, its p95, errors", () => {
    expect(parseWrk(sample("wrk-listings.txt"))).toEqual({
      requests: 7492,
      requestsPerSec: 748.45,
      p50: 19.8,
      p75: 25.91,
      p90: 33.07,
      p99: 55.43,
      p95: 41.36,
      non2xx3xx: 4,
      socketErrors: 6,
      timeouts: 2,
    });
  });

  it("reads a plain run: every unit wrk prints, no p95, no errors", () => {
    const result = parseWrk(sample("wrk-plain.txt"));
    expect(result).toMatchObject({ requests: 82012, requestsPerSec: 8193.41, p95: undefined, non2xx3xx: 0, socketErrors: 0, timeouts: 0 });
    expect(result.p50).toBeCloseTo(0.635);
    expect([result.p75, result.p90, result.p99]).toEqual([1.5, 2000, 60_000]);
  });

  it("refuses an output without the rate or without --latency's block", () => {
    expect(() => parseWrk("Running 10s test @ http://x\n")).toThrow(/Requests\/sec/);
    expect(() => parseWrk("Requests/sec:   10.00\n")).toThrow(/Latency Distribution/);
    expect(() => parseWrk(sample("wrk-plain.txt").replace(/^\s+99%.*\n/m, ""))).toThrow(/99% latency/);
  });
});

describe("durations", () => {
  it("parses wrk's latencies", () => {
    expect(parseDurationMs("635.00us")).toBeCloseTo(0.635);
    expect(parseDurationMs("1.50ms")).toBe(1.5);
    expect(parseDurationMs(" 2.00s ")).toBe(2000);
    expect(parseDurationMs("1h")).toBe(3_600_000);
    expect(() => parseDurationMs("fast")).toThrow(/unrecognised/);
  });

  it("reads -d's syntax in seconds, undefined when wrk would not take it", () => {
    expect(["10", "10s", "2m", "1h"].map(durationSeconds)).toEqual([10, 10, 120, 3600]);
    expect(["0", "0s", "1.5s", "10ms", "", "s", "-5"].map(durationSeconds)).toEqual(Array(7).fill(undefined));
  });
});

describe("wrk's arguments and errors", () => {
  it("sends a browser's headers, the request's own winning", () => {
    const args = wrkHeaderArgs({ cookie: "a=b", "user-agent": "test" });
    expect(args).toEqual(["-H", "accept-encoding: gzip, deflate, br", "-H", "user-agent: test", "-H", "cookie: a=b"]);
  });

  it("says which errors a run had, or 0", () => {
    const base: WrkResult = { requests: 1, requestsPerSec: 1, p50: 1, p75: 1, p90: 1, p99: 1, p95: undefined, non2xx3xx: 0, socketErrors: 0, timeouts: 0 };
    expect(errorsText(base)).toBe("0");
    expect(errorsText({ ...base, non2xx3xx: 1234 })).toBe("1,234 non-2xx/3xx");
    expect(errorsText({ ...base, non2xx3xx: 2, socketErrors: 7, timeouts: 5 })).toBe("2 non-2xx/3xx, 7 socket (5 timeouts)");
  });
});
