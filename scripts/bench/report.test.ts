import { describe, expect, it } from "vitest";
import { atLeast, atMost, formatInt, formatMs, percentile, table } from "./report.ts";

describe("verdicts", () => {
  it("passes at the target itself", () => {
    expect([atLeast(300, 300), atLeast(299.9, 300)]).toEqual(["PASS", "FAIL"]);
    expect([atMost(50, 50), atMost(50.1, 50)]).toEqual(["PASS", "FAIL"]);
  });
});

describe("formatting", () => {
  it("prints durations with the digits that matter", () => {
    expect([formatMs(0.635), formatMs(9.999), formatMs(10), formatMs(999.94), formatMs(1000), formatMs(61_234)]).toEqual([
      "0.64 ms",
      "10.00 ms",
      "10.0 ms",
      "999.9 ms",
      "1.00 s",
      "61.23 s",
    ]);
  });

  it("prints whole numbers with thousands separators", () => {
    expect([formatInt(0), formatInt(1234.5), formatInt(200_000)]).toEqual(["0", "1,235", "200,000"]);
  });

  it("lays out a table: header, rule, numbers right-aligned, text left-aligned, no trailing spaces", () => {
    const text = table([
      ["page", "req/s", "p99", "result"],
      ["/", "8193.4", "3.20 ms", "PASS"],
      ["/article/x", "12.0", "150.0 ms", "FAIL (p99)"],
    ]);
    expect(text.split("\n")).toEqual([
      "  page        req/s   p99       result",
      "  ----------  ------  --------  ----------",
      "  /           8193.4   3.20 ms  PASS",
      "  /article/x    12.0  150.0 ms  FAIL (p99)",
    ]);
    expect(table([["a"], ["1"]], "")).toBe("a\n-\n1");
  });
});

describe("percentile", () => {
  it("takes the nearest rank, whatever the order", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect([percentile(values, 50), percentile(values, 90), percentile(values, 95), percentile(values, 100)]).toEqual([5, 9, 10, 10]);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 99)).toBe(42);
    expect(values).toEqual([5, 1, 4, 2, 3, 10, 9, 8, 7, 6]);
  });

  it("is NaN without values", () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
