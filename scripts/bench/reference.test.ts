import { describe, expect, it } from "vitest";
import { median, NGINX_REFERENCE, ratioOf, sideBySideTable, sideBySideVerdict, WORDPRESS_REFERENCE, type SideBySide } from "./reference.ts";

const row = (server: number[], reference: number[], errors = 0): SideBySide => ({ path: "/", server, reference, errors });

describe("side by side with a reference", () => {
  it("takes the median of the rounds", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("judges the ratio of the medians against the reference's target", () => {
    expect(ratioOf(row([5000, 4000, 6000], [10_000, 9000, 11_000]))).toBe(0.5);
    expect(sideBySideVerdict(row([5000], [10_000]))).toBe("PASS");
    expect(sideBySideVerdict(row([4999], [10_000]))).toBe("FAIL");
    expect(sideBySideVerdict(row([300], [30]), WORDPRESS_REFERENCE)).toBe("PASS");
    expect(sideBySideVerdict(row([299], [30]), WORDPRESS_REFERENCE)).toBe("FAIL");
  });

  it("fails a comparison with errors whatever the ratio", () => {
    expect(sideBySideVerdict(row([9000], [1000], 1))).toBe("FAIL");
  });

  it("prints medians, spreads, the ratio and the verdict", () => {
    const text = sideBySideTable([row([5000, 4000, 6000], [10_000, 9000, 11_000]), { ...row([1], [1], 12), path: "/article/x" }], NGINX_REFERENCE);
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^ {2}page\s+server req\/s \(median\)\s+spread\s+nginx gzip_static req\/s \(median\)\s+spread\s+ratio\s+target ≥ 0\.5$/);
    expect(lines[2]).toMatch(/^ {2}\/\s+5,000\s+4,000–6,000\s+10,000\s+9,000–11,000\s+0\.500\s+PASS$/);
    expect(lines[3]).toMatch(/FAIL \(12 errors\)$/);
  });
});
