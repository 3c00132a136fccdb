import { describe, expect, it } from "vitest";
import { failingAudits, lighthouseReport, type LhResultLike } from "./lighthouse.ts";

const lhr = (scores: Record<string, number | null>, extra: Partial<LhResultLike> = {}): LhResultLike => ({
  categories: Object.fromEntries(
    Object.entries(scores).map(([id, score]) => [
      id,
      {
        id,
        title: id,
        score,
        auditRefs: [
          { id: "color-contrast", weight: 0 },
          { id: "image-alt", weight: 10 },
          { id: "broken", weight: 1 },
          { id: "notes", weight: 0 },
        ],
      },
    ]),
  ),
  audits: {
    "color-contrast": { id: "color-contrast", title: "Contrast", score: 0, scoreDisplayMode: "binary" },
    "image-alt": { id: "image-alt", title: "Alt text", score: 0.5, scoreDisplayMode: "numeric", displayValue: "2 images" },
    broken: { id: "broken", title: "Broken", score: null, scoreDisplayMode: "error", errorMessage: "timed out" },
    notes: { id: "notes", title: "Notes", score: 0, scoreDisplayMode: "informative" },
  },
  ...extra,
});

describe("failingAudits", () => {
  it("lists the weighted audits first, errors too, never informative ones", () => {
    expect(failingAudits(lhr({ accessibility: 0.9 }), "accessibility")).toEqual([
      { id: "image-alt", title: "Alt text", detail: "2 images, score 0.50, weight 10" },
      { id: "broken", title: "Broken", detail: "audit error: timed out" },
      { id: "color-contrast", title: "Contrast", detail: "score 0.00" },
    ]);
    expect(failingAudits(lhr({}), "seo")).toEqual([]);
  });
});

describe("lighthouseReport", () => {
  it("says why Lighthouse did not run", () => {
    expect(lighthouseReport(undefined, "skipped (--skip-lighthouse)")).toBe("== Lighthouse (mobile, default config; page cache ON, URLs warmed) ==\n  skipped (--skip-lighthouse)\n");
  });

  it("prints the scores, then each page's failing audits or that all is at 100", () => {
    const perfect = lhr({ performance: 1, accessibility: 1, "best-practices": 1, seo: 1 });
    const text = lighthouseReport(
      [
        { path: "/", status: 200, lhr: perfect, error: undefined },
        { path: "/article/x", status: 200, lhr: lhr({ performance: 0.97, accessibility: 0.9, "best-practices": 1, seo: null }), error: undefined },
        { path: "/category/cani", status: 404, lhr: undefined, error: "no page" },
      ],
      undefined,
    );
    const lines = text.split("\n");
    expect(lines[1]).toMatch(/^ {2}page\s+HTTP\s+performance\s+accessibility\s+best-practices\s+seo$/);
    expect(lines[3]).toMatch(/^ {2}\/\s+200\s+100\s+100\s+100\s+100$/);
    expect(lines[4]).toMatch(/^ {2}\/article\/x\s+200\s+97\s+90\s+100\s+n\/a$/);
    expect(lines[5]).toMatch(/^ {2}\/category\/cani\s+404\s+error\s+error\s+error\s+error$/);
    expect(text).toContain("  /: every category at 100");
    expect(text).toContain("  /article/x: failing audits\n    performance 97:\n      - image-alt: Alt text (2 images, score 0.50, weight 10)");
    expect(text).toContain("  /category/cani: Lighthouse failed: no page");
  });
});
