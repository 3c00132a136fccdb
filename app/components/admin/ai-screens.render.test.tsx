// The AI screens as the server renders them: the usage banner at each level, the statistics page
// with its chart, the editorial plan's defaults; and the small rules the screens apply themselves.
import { describe, expect, it } from "vitest";
import { AI_MESSAGES, AI_USAGE_TEXTS } from "~/ai/messages";
import { romeToday } from "~/ai/plan-dates";
import { planFormError, planTotal } from "~/ai/plan-form";
import { contentPreview, htmlToText } from "~/ai/preview";
import type { AiUsage, AiUsageStats } from "~/ai/types";
import { usageView } from "~/ai/usage-level";
import ApiStats from "~/routes/admin/api-stats";
import NewArticle from "~/routes/admin/articles/new";
import EditorialPlan from "~/routes/admin/editorial-plan";
import { renderPage } from "../../../tests/render-page";
import { acceptedMetadata } from "./article-form";
import { AiUsageBanner } from "./ai-usage-banner";
import { AiErrorBox, splitKeywords } from "./ai-generator-panel";

const usage = (used: number, limit = 200, configured = true): AiUsage => ({
  configured,
  used,
  limit,
  remaining: Math.max(0, limit - used),
  percent: Math.min(100, Math.round((used / limit) * 100)),
});

function Banner({ loaderData }: { loaderData: AiUsage }) {
  return <AiUsageBanner usage={loaderData} />;
}
const banner = (value: AiUsage) => renderPage(Banner, value, "/admin/editorial-plan");

describe("the usage banner", () => {
  it("shows the requests left, coloured by level, with no warning below 75 %", () => {
    const low = banner(usage(10));
    expect(low).toContain("190 richieste rimanenti oggi");
    expect(low).toContain('data-usage-level="ok"');
    expect(low).not.toContain(AI_USAGE_TEXTS.warning);
    expect(banner(usage(100))).toContain('data-usage-level="notice"');
  });

  it("warns from 75 %, gives the advice from 80 %, says only n left from 90 %", () => {
    const warning = banner(usage(150));
    expect(warning).toContain('data-usage-level="warning"');
    expect(warning).toContain(AI_USAGE_TEXTS.warning);
    expect(warning).toContain("50 richieste rimanenti oggi");
    expect(warning).not.toContain(AI_USAGE_TEXTS.advice.slice(0, 30));
    expect(banner(usage(160))).toContain(AI_USAGE_TEXTS.advice.slice(0, 30));
    const critical = banner(usage(185));
    expect(critical).toContain('data-usage-level="critical"');
    expect(critical).toContain("Solo 15 richieste rimanenti oggi!");
  });

  it("at the limit says so, with the midnight tip", () => {
    const html = banner(usage(200));
    expect(html).toContain('data-usage-level="exhausted"');
    expect(html).toContain("Limite giornaliero raggiunto! Riprova domani.");
    expect(html).toContain(AI_USAGE_TEXTS.resetTip);
    expect(html).not.toContain("richieste rimanenti oggi");
  });

  it("without AI configured names the variables to set", () => {
    const html = banner(usage(0, 200, false));
    expect(html).toContain(AI_MESSAGES.notConfigured);
    expect(html).toContain("AI_BASE_URL");
    expect(html).not.toContain("richieste rimanenti");
  });

  it("levels follow the share used, not the rounded percent", () => {
    expect(usageView(usage(149)).level).toBe("notice");
    expect(usageView(usage(150)).level).toBe("warning");
    expect(usageView(usage(179)).level).toBe("warning");
    expect(usageView(usage(180)).level).toBe("critical");
    expect(usageView({ ...usage(0), limit: 3, used: 2, remaining: 1 }).level).toBe("notice");
  });
});

const STATS: AiUsageStats = {
  days: 7,
  totals: { requests: 9, success: 6, error: 2, rateLimited: 1, promptTokens: 1200, completionTokens: 13400, totalTokens: 14600 },
  perDay: Array.from({ length: 7 }, (_, i) => ({
    date: `2026-11-${String(18 + i).padStart(2, "0")}`,
    requests: i === 6 ? 9 : 0,
    success: i === 6 ? 6 : 0,
    error: i === 6 ? 2 : 0,
    rateLimited: i === 6 ? 1 : 0,
    tokens: i === 6 ? 4600 : 0,
  })),
  byType: [{ type: "generate-article", requests: 9, success: 6, error: 2, rateLimited: 1, tokens: 4600 }],
};

describe("/admin/api-stats", () => {
  it("shows the totals, an accessible chart drawn on the server and the table of days", () => {
    const html = renderPage(ApiStats, { stats: STATS }, "/admin/api-stats?days=7");
    expect(html).toContain("Richieste totali");
    expect(html).toContain("14.600");
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+"/);
    expect(html).toContain("<title");
    expect(html).toContain("7 giorni, 9 richieste in tutto");
    // three bars on the one day with requests, none on the others
    expect(html.match(/data-day="2026-11-24"/g)).toHaveLength(3);
    expect(html).not.toContain('data-day="2026-11-23"');
    expect(html).toContain("24 novembre 2026");
    expect(html).toContain("Generazione articolo");
    expect(html).toMatch(/<option value="7" selected="">/);
  });
});

describe("/admin/editorial-plan", () => {
  it("starts with 3 articles a week, 4 weeks, today, and the categories to tick", () => {
    const html = renderPage(
      EditorialPlan,
      { categories: [{ id: "c1", name: "Cani", slug: "cani" }], usage: usage(0), today: "2026-11-24" },
      "/admin/editorial-plan",
    );
    expect(html).toMatch(/id="articlesPerWeek"[^>]*value="3"/);
    expect(html).toMatch(/id="weeks"[^>]*value="4"/);
    expect(html).toMatch(/id="startDate"[^>]*min="2026-11-24"[^>]*value="2026-11-24"/);
    expect(html).toContain('value="cani"');
    expect(html).toContain("Salva come bozze");
  });
});

describe("the article form", () => {
  it("offers the generator (closed) and carries the AI fields as hidden inputs", () => {
    const html = renderPage(
      NewArticle,
      { categories: [{ id: "c1", name: "Cani", slug: "cani" }], ai: { usage: usage(0), model: "gpt-4o-mini" } },
      "/admin/articles/new",
    );
    expect(html).toContain("Generatore AI");
    expect(html).toContain("Genera con l&#x27;AI");
    expect(html).toMatch(/<input type="hidden" name="aiGenerated" value="false"\/>/);
    expect(html).toMatch(/<input type="hidden" name="generationMetadata" value=""\/>/);
    // the panel sits outside the article's form (its fields must not post with it)
    expect(html.indexOf("Generatore AI")).toBeGreaterThan(-1);
    expect(html.indexOf("Generatore AI")).toBeLessThan(html.search(/<form[^>]*method="post"/));
  });
});

describe("the generator's errors", () => {
  function Box({ loaderData }: { loaderData: { message: string; dailyLimit: boolean } }) {
    return <AiErrorBox title={AI_MESSAGES.regenerateFieldError} error={loaderData} />;
  }
  it("shows the title and the server's message, or the daily-limit panel alone", () => {
    const failed = renderPage(Box, { message: AI_MESSAGES.invalidAnswer, dailyLimit: false }, "/admin/articles/new");
    expect(failed).toContain(AI_MESSAGES.regenerateFieldError);
    expect(failed).toContain(AI_MESSAGES.invalidAnswer);
    expect(failed).toContain('role="alert"');
    const limited = renderPage(Box, { message: AI_MESSAGES.dailyLimitReached(200, 200), dailyLimit: true }, "/admin/articles/new");
    expect(limited).toContain(AI_MESSAGES.dailyLimitPanel);
    expect(limited).not.toContain(AI_MESSAGES.regenerateFieldError);
  });
});

describe("the screens' own rules", () => {
  const valid = { categories: ["cani"], articlesPerWeek: 3, weeks: 4, startDate: "2026-11-24", focusTopics: "" };

  it("checks the plan form as the spec says", () => {
    expect(planFormError(valid, "2026-11-24")).toBeNull();
    expect(planFormError({ ...valid, categories: [] }, "2026-11-24")).toBe(AI_MESSAGES.categoriesRequired);
    expect(planFormError({ ...valid, articlesPerWeek: 11 }, "2026-11-24")).toBe(AI_MESSAGES.articlesPerWeekRange);
    expect(planFormError({ ...valid, articlesPerWeek: 0 }, "2026-11-24")).toBe(AI_MESSAGES.articlesPerWeekRange);
    expect(planFormError({ ...valid, weeks: 13 }, "2026-11-24")).toBe(AI_MESSAGES.weeksRange);
    expect(planFormError({ ...valid, weeks: 2.5 }, "2026-11-24")).toBe(AI_MESSAGES.weeksRange);
    expect(planFormError({ ...valid, startDate: "2026-11-23" }, "2026-11-24")).toBe(AI_MESSAGES.startDateInPast);
    expect(planFormError({ ...valid, startDate: "24/11/2026" }, "2026-11-24")).toBe(AI_MESSAGES.startDateInvalid);
    expect(planFormError({ ...valid, startDate: "2026-02-30" }, "2026-01-24")).toBe(AI_MESSAGES.startDateInvalid);
    expect(planTotal({ articlesPerWeek: 3, weeks: 4 })).toBe(12);
  });

  it("takes today's date in Italy, not UTC", () => {
    expect(romeToday(new Date("2026-11-24T23:30:00Z"))).toBe("2026-11-25");
    expect(romeToday(new Date("2026-06-30T21:59:00Z"))).toBe("2026-06-30");
  });

  it("previews the content as text, its first 500 characters", () => {
    expect(htmlToText("<h2>Cibo</h2><p>Il gatto &amp; la <strong>pappa</strong>&#33;</p>")).toBe("Cibo\nIl gatto & la pappa!");
    const long = `<p>${"a".repeat(600)}</p>`;
    expect(contentPreview(long)).toBe(`${"a".repeat(500)}…`);
    expect(contentPreview("<p>breve</p>")).toBe("breve");
  });

  it("splits keywords on commas and records who generated, keeping a plan date", () => {
    expect(splitKeywords(" cane, cucciolo ,, gioco ")).toEqual(["cane", "cucciolo", "gioco"]);
    expect(JSON.parse(acceptedMetadata("", "gpt-4o-mini", "Pappa"))).toEqual({ generatedBy: "gpt-4o-mini", topic: "Pappa" });
    expect(JSON.parse(acceptedMetadata(JSON.stringify({ planDate: "2026-12-01T09:00:00.000Z", generatedBy: "x" }), null, "Pappa"))).toEqual({
      generatedBy: "ai",
      topic: "Pappa",
      planDate: "2026-12-01T09:00:00.000Z",
    });
  });
});
