// The three AI functions through the real HTTP path (AI SDK → a fake OpenAI-compatible server):
// who may call them, their input checks, the answers (sanitised, dated), the errors in Italian, and
// the log and daily figures each request leaves. Rows are committed (the queue) and removed after.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { aiRequests, apiUsageDaily, apiUsageLog } from "~/db/schema";
import { aiFixture, testQueue, pointAiAt, type AiFixture } from "../../tests/ai";
import { AI_MESSAGES } from "./messages";
import { addDays, romeToday } from "./plan-dates";
import type { AiProgress } from "./types";
import { generateArticle, generateEditorialPlan, regenerateField } from "./writing.server";

let fx: AiFixture;

beforeAll(async () => {
  fx = await aiFixture();
});
afterAll(async () => {
  await fx.cleanup();
});
beforeEach(() => {
  fx.fake.reset();
});

const logsOf = (userId: string) => db().select().from(apiUsageLog).where(eq(apiUsageLog.userId, userId)).orderBy(apiUsageLog.createdAt);

function articleInput(overrides: Record<string, unknown> = {}) {
  return { topic: "L'alimentazione del gatto anziano", category: fx.category.slug, keywords: ["gatto", "anziano"], tone: "friendly", length: "short", ...overrides };
}

const tomorrow = () => addDays(romeToday(), 1);

describe("who may call the AI functions", () => {
  it("refuses a visitor (401) and a signed-in user (403) with the spec's message, before anything runs", async () => {
    const calls = [
      (actor: Parameters<typeof generateArticle>[0]) => generateArticle(actor, articleInput(), { queue: testQueue() }),
      (actor: Parameters<typeof generateArticle>[0]) => regenerateField(actor, { field: "title", context: { title: "x", category: fx.category.slug, topic: "y" } }, { queue: testQueue() }),
      (actor: Parameters<typeof generateArticle>[0]) => generateEditorialPlan(actor, { categories: [fx.category.slug], startDate: tomorrow() }, { queue: testQueue() }),
    ];
    for (const call of calls) {
      expect(await call(null)).toEqual({ ok: false, status: 401, error: AI_MESSAGES.notAuthenticated });
      expect(await call(fx.user)).toEqual({ ok: false, status: 403, error: AI_MESSAGES.notAuthenticated });
    }
    expect(fx.fake.requests).toHaveLength(0);
    expect(await logsOf(fx.user.id)).toHaveLength(0);
    expect(await db().select().from(aiRequests).where(eq(aiRequests.userId, fx.user.id))).toHaveLength(0);
  });

  it("answers 503 'not configured' without AI_BASE_URL, and nothing else happens", async () => {
    const restore = pointAiAt(undefined);
    try {
      const expected = { ok: false, status: 503, error: AI_MESSAGES.notConfigured };
      expect(await generateArticle(fx.admin, articleInput())).toEqual(expected);
      expect(await regenerateField(fx.admin, { field: "title", context: { title: "x", category: fx.category.slug, topic: "y" } })).toEqual(expected);
      expect(await generateEditorialPlan(fx.admin, { categories: [fx.category.slug] })).toEqual(expected);
    } finally {
      restore();
    }
    expect(fx.fake.requests).toHaveLength(0);
  });
});

describe("generateArticle", () => {
  it("writes an article: sanitised HTML, streamed progress, logged with the provider's tokens and rolled up for the day", async () => {
    const before = await logsOf(fx.admin.id);
    const progress: AiProgress[] = [];
    const result = await generateArticle(fx.admin, articleInput(), { queue: testQueue(), onProgress: (p) => progress.push(p) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.title).toContain("L'alimentazione del gatto anziano");
    expect(result.data.content).toContain("<h2>Introduzione</h2>");
    expect(result.data.content).not.toContain("<script");
    expect(result.data.metaDescription.length).toBeGreaterThan(0);
    expect(progress[0]).toEqual({ stage: "started" });
    const generating = progress.filter((p) => p.stage === "generating");
    expect(generating.length).toBeGreaterThan(0);
    expect(generating.at(-1)).toMatchObject({ percent: 100 });
    // The request the provider got: streamed, with the schema, the topic, the length and the tone.
    const [request] = fx.fake.requests;
    expect(request).toMatchObject({ kind: "article", stream: true, model: "fake-model" });
    expect(request!.prompt).toContain("tra 800 e 1000 parole");
    expect(request!.prompt).toContain("gatto, anziano");

    const logs = await logsOf(fx.admin.id);
    expect(logs).toHaveLength(before.length + 1);
    const log = logs.at(-1)!;
    expect(log).toMatchObject({ requestType: "generate-article", status: "success", errorMessage: null });
    expect(log.promptTokens).toBe(Math.ceil(request!.prompt.length / 4));
    expect(log.totalTokens).toBe(log.promptTokens + log.completionTokens);
    const [day] = await db()
      .select()
      .from(apiUsageDaily)
      .where(and(eq(apiUsageDaily.requestType, "generate-article"), eq(apiUsageDaily.requestDate, sql`(clock_timestamp() at time zone 'Europe/Rome')::date`)));
    expect(day!.successCount).toBeGreaterThanOrEqual(1);
    expect(day!.totalTokensUsed).toBeGreaterThanOrEqual(log.totalTokens);
  });

  it("estimates tokens as text length / 4 when the provider reports none", async () => {
    fx.fake.set({ usage: false });
    const result = await generateArticle(fx.admin, articleInput(), { queue: testQueue() });
    expect(result.ok).toBe(true);
    const log = (await logsOf(fx.admin.id)).at(-1)!;
    expect(log.promptTokens).toBeGreaterThan(0);
    expect(log.completionTokens).toBeGreaterThan(0);
  });

  it.each([
    [{ topic: "" }, AI_MESSAGES.topicAndCategoryRequired],
    [{ category: "" }, AI_MESSAGES.topicAndCategoryRequired],
    [{ category: "categoria-che-non-esiste" }, AI_MESSAGES.topicAndCategoryRequired],
    [{ keywords: ["a", "b", "c", "d", "e", "f"] }, AI_MESSAGES.tooManyKeywords],
    [{ tone: "aggressive" }, AI_MESSAGES.invalidTone],
    [{ length: "epic" }, AI_MESSAGES.invalidLength],
  ])("refuses bad input %j with 400 and its message, calling nobody", async (overrides, message) => {
    const logs = (await logsOf(fx.admin.id)).length;
    expect(await generateArticle(fx.admin, articleInput(overrides), { queue: testQueue() })).toEqual({ ok: false, status: 400, error: message });
    expect(fx.fake.requests).toHaveLength(0);
    expect(await logsOf(fx.admin.id)).toHaveLength(logs);
  });

  it("defaults the tone (informative) and the length (medium), and takes keywords as comma-separated text", async () => {
    const result = await generateArticle(fx.admin, { topic: "Toelettatura", category: fx.category.slug, keywords: "pelo, spazzola" }, { queue: testQueue() });
    expect(result.ok).toBe(true);
    expect(fx.fake.requests[0]!.prompt).toContain("tra 1500 e 2000 parole");
    expect(fx.fake.requests[0]!.prompt).toContain("informativo");
    expect(fx.fake.requests[0]!.prompt).toContain("pelo, spazzola");
  });

  it("answers a provider error (HTTP 500) in Italian and logs it as an error with its message", async () => {
    fx.fake.set({ mode: "fail" });
    const result = await generateArticle(fx.admin, articleInput(), { queue: testQueue() });
    expect(result).toEqual({ ok: false, status: 502, error: AI_MESSAGES.generateArticleError });
    expect(fx.fake.requests).toHaveLength(1); // no retry outside the queue
    const log = (await logsOf(fx.admin.id)).at(-1)!;
    expect(log.status).toBe("error");
    expect(log.errorMessage).toContain("500");
  });

  it("answers text that is not the JSON asked for in Italian and logs it", async () => {
    fx.fake.set({ mode: "malformed" });
    const result = await generateArticle(fx.admin, articleInput(), { queue: testQueue() });
    expect(result).toEqual({ ok: false, status: 502, error: AI_MESSAGES.generateArticleError });
    const log = (await logsOf(fx.admin.id)).at(-1)!;
    expect(log.status).toBe("error");
    expect(log.errorMessage).toBeTruthy();
  });

  it("stops the provider call when the browser goes away, and frees the queue", async () => {
    fx.fake.set({ mode: "slow", delayMs: 100 });
    const controller = new AbortController();
    const queue = testQueue();
    const pending = generateArticle(fx.admin, articleInput(), { queue, signal: controller.signal, onProgress: (p) => p.stage === "generating" && controller.abort() });
    const result = await pending;
    expect(result).toMatchObject({ ok: false, status: 499 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fx.fake.requests[0]!.aborted).toBe(true);
    const rows = await db().select({ state: aiRequests.state }).from(aiRequests).where(eq(aiRequests.queue, queue.queue));
    expect(rows).toEqual([{ state: "done" }]);
  });

  it("refuses over the daily limit with 429 and the spec's text, logged as rate_limited", async () => {
    const queue = testQueue({ dailyLimit: 1 });
    expect((await generateArticle(fx.admin, articleInput(), { queue })).ok).toBe(true);
    const refused = await generateArticle(fx.admin, articleInput(), { queue });
    expect(refused).toEqual({ ok: false, status: 429, error: "Limite giornaliero raggiunto (1/1). Riprova domani.", dailyLimit: true });
    expect(fx.fake.requests).toHaveLength(1);
    const log = (await logsOf(fx.admin.id)).at(-1)!;
    expect(log).toMatchObject({ status: "rate_limited", errorMessage: "Limite giornaliero raggiunto (1/1). Riprova domani.", totalTokens: 0 });
  });
});

describe("regenerateField", () => {
  it("writes a new title, and new content sanitised", async () => {
    const context = { title: "Vecchio titolo", category: fx.category.slug, topic: "Passeggiate col cane" };
    expect(await regenerateField(fx.admin, { field: "title", context }, { queue: testQueue() })).toEqual({ ok: true, data: "Un nuovo titolo accattivante" });
    const content = await regenerateField(fx.admin, { field: "content", context }, { queue: testQueue() });
    expect(content.ok).toBe(true);
    if (content.ok) {
      expect(content.data).toContain("<h2>Nuovo contenuto</h2>");
      expect(content.data).not.toContain("onerror");
    }
    expect(fx.fake.requests.map((r) => r.kind)).toEqual(["field", "field"]);
    expect(fx.fake.requests[0]!.prompt).toContain(fx.category.name);
    const logs = await logsOf(fx.admin.id);
    expect(logs.at(-1)).toMatchObject({ requestType: "regenerate-field", status: "success" });
  });

  it("refuses an unknown field and a missing context with 400", async () => {
    expect(await regenerateField(fx.admin, { field: "slug", context: { title: "x", category: fx.category.slug, topic: "y" } })).toEqual({ ok: false, status: 400, error: AI_MESSAGES.invalidField });
    expect(await regenerateField(fx.admin, { field: "title", context: { title: "", category: "", topic: "" } })).toEqual({ ok: false, status: 400, error: AI_MESSAGES.topicAndCategoryRequired });
    expect(fx.fake.requests).toHaveLength(0);
  });

  it("answers a provider error with the spec's text", async () => {
    fx.fake.set({ mode: "fail" });
    expect(await regenerateField(fx.admin, { field: "excerpt", context: { title: "x", category: fx.category.slug, topic: "y" } }, { queue: testQueue() })).toEqual({ ok: false, status: 502, error: AI_MESSAGES.regenerateFieldError });
  });
});

describe("generateEditorialPlan", () => {
  it("asks for at most 10 items and dates them across each week at 10:00 Europe/Rome", async () => {
    const startDate = tomorrow();
    const result = await generateEditorialPlan(fx.admin, { categories: [fx.category.slug], articlesPerWeek: 3, weeks: 4, startDate, focusTopics: "cuccioli, estate" }, { queue: testQueue() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toHaveLength(10);
    expect(fx.fake.requests[0]!.prompt).toContain("esattamente 10 elementi");
    expect(fx.fake.requests[0]!.prompt).toContain("cuccioli, estate");
    const rome = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    const days = result.data.map((item) => {
      const p = Object.fromEntries(rome.formatToParts(new Date(item.date)).map((x) => [x.type, x.value]));
      expect(`${p.hour}:${p.minute}`).toBe("10:00");
      return `${p.year}-${p.month}-${p.day}`;
    });
    // 3 a week: days 0, 2, 4 of each week from the start date.
    const offsets = [0, 2, 4, 7, 9, 11, 14, 16, 18, 21];
    expect(days).toEqual(offsets.map((o) => addDays(startDate, o)));
    for (const item of result.data) expect(item).toMatchObject({ category: fx.category.slug, title: expect.any(String), topic: expect.any(String) });
    expect((await logsOf(fx.admin.id)).at(-1)).toMatchObject({ requestType: "generate-editorial-plan", status: "success" });
  });

  it.each([
    [{ categories: [] }, AI_MESSAGES.categoriesRequired],
    [{ categories: ["non-esiste"] }, AI_MESSAGES.categoriesRequired],
    [{ articlesPerWeek: 0 }, AI_MESSAGES.articlesPerWeekRange],
    [{ articlesPerWeek: 11 }, AI_MESSAGES.articlesPerWeekRange],
    [{ articlesPerWeek: "tre" }, AI_MESSAGES.articlesPerWeekRange],
    [{ weeks: 13 }, AI_MESSAGES.weeksRange],
    [{ startDate: "2026-02-30" }, AI_MESSAGES.startDateInvalid],
    [{ startDate: "2020-01-01" }, AI_MESSAGES.startDateInPast],
  ])("refuses %j with 400 and its message", async (overrides, message) => {
    const input = { categories: [fx.category.slug], articlesPerWeek: 2, weeks: 2, startDate: tomorrow(), ...overrides };
    expect(await generateEditorialPlan(fx.admin, input, { queue: testQueue() })).toEqual({ ok: false, status: 400, error: message });
    expect(fx.fake.requests).toHaveLength(0);
  });

  it("prefers the server's own message on failure (invalid answer)", async () => {
    fx.fake.set({ mode: "malformed" });
    const result = await generateEditorialPlan(fx.admin, { categories: [fx.category.slug], articlesPerWeek: 1, weeks: 2, startDate: tomorrow() }, { queue: testQueue() });
    expect(result).toEqual({ ok: false, status: 502, error: AI_MESSAGES.invalidAnswer });
    expect((await logsOf(fx.admin.id)).at(-1)).toMatchObject({ requestType: "generate-editorial-plan", status: "error" });
  });
});
