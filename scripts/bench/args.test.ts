import { describe, expect, it } from "vitest";
import { parseBenchArgs, parseCount, USAGE } from "./args.ts";

describe("parseBenchArgs", () => {
  it("runs the pages' mode by default, all three parts, 10 s per run", () => {
    expect(parseBenchArgs([])).toEqual({
      mode: "pages",
      options: { skipBuild: false, skipLighthouse: false, duration: "10s", only: ["cached", "uncached", "listings"], wordpressUrl: undefined },
    });
    expect(parseBenchArgs(["--skip-build", "--skip-lighthouse", "--duration=30s", "--only= uncached,listings", "--wordpress-url=http://wp.test/a"])).toEqual({
      mode: "pages",
      options: { skipBuild: true, skipLighthouse: true, duration: "30s", only: ["uncached", "listings"], wordpressUrl: "http://wp.test/a" },
    });
  });

  it("answers --help before anything else is checked", () => {
    expect(parseBenchArgs(["--help", "--duration=never", "--only=nothing"])).toEqual({ mode: "help" });
  });

  it("refuses unknown options, positionals, a duration wrk would not take and unknown parts", () => {
    expect(parseBenchArgs(["--fast"])).toMatchObject({ mode: "error", message: expect.stringMatching(/--fast/) });
    expect(parseBenchArgs(["cached"])).toMatchObject({ mode: "error" });
    expect(parseBenchArgs(["--duration=1.5s"])).toEqual({ mode: "error", message: `--duration: expected wrk's syntax (10, 10s, 2m), got "1.5s"` });
    expect(parseBenchArgs(["--only=cached,lighthouse"])).toEqual({
      mode: "error",
      message: `--only: expected cached, uncached, listings (several separated by commas), got "cached,lighthouse"`,
    });
    expect(parseBenchArgs(["--only="])).toMatchObject({ mode: "error" });
  });

  it("reads the cluster mode: 60 s unless told, 64 connections, both parts", () => {
    expect(parseBenchArgs(["--cluster"])).toEqual({ mode: "cluster", options: { skipBuild: false, duration: "60s", connections: 64, parts: ["load", "faults"] } });
    expect(parseBenchArgs(["--cluster", "--duration=2m", "--connections=8", "--cluster-parts=faults"])).toEqual({
      mode: "cluster",
      options: { skipBuild: false, duration: "2m", connections: 8, parts: ["faults"] },
    });
  });

  it("reads the scale and alerts modes' options as given (their counts are checked by the modes)", () => {
    expect(parseBenchArgs(["--scale", "--scale-listings=1000000", "--scale-database-url=postgres://u@h/p", "--scale-keep-data", "--only=bogus"])).toEqual({
      mode: "scale",
      options: {
        skipBuild: false,
        duration: "10s",
        listings: "1000000",
        articles: undefined,
        users: undefined,
        reports: undefined,
        publishRuns: undefined,
        keepData: true,
        databaseUrl: "postgres://u@h/p",
      },
    });
    expect(parseBenchArgs(["--alerts", "--skip-build", "--alerts-searches=10", "--alerts-catalogue=0"])).toEqual({
      mode: "alerts",
      options: { skipBuild: true, databaseUrl: undefined, searches: "10", listings: undefined, catalogue: "0", keepData: false },
    });
  });

  it("takes --cluster before --alerts before --scale", () => {
    expect(parseBenchArgs(["--scale", "--alerts", "--cluster"]).mode).toBe("cluster");
    expect(parseBenchArgs(["--scale", "--alerts"]).mode).toBe("alerts");
  });
});

describe("parseCount", () => {
  it("reads whole numbers, with _ or , as thousands separators; the fallback when absent", () => {
    expect(parseCount("scale-listings", undefined, 200_000, 1)).toBe(200_000);
    expect(["1000000", "1_000_000", "1,000,000"].map((t) => parseCount("scale-listings", t, 0, 1))).toEqual([1_000_000, 1_000_000, 1_000_000]);
    expect(parseCount("scale-users", "0", 5, 0)).toBe(0);
  });

  it("refuses fractions, words and numbers under the minimum", () => {
    for (const text of ["1.5", "many", "0", "-3", ""]) {
      expect(() => parseCount("alerts-searches", text, 1, 1)).toThrow(`--alerts-searches: expected a whole number ≥ 1, got "${text}"`);
    }
  });
});

describe("USAGE", () => {
  it("documents every option the parser takes", () => {
    const documented = [...USAGE.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]);
    for (const option of ["skip-build", "skip-lighthouse", "duration", "only", "wordpress-url", "cluster", "scale", "scale-listings", "alerts", "alerts-keep-data", "help"]) {
      expect(documented).toContain(option);
    }
  });
});
