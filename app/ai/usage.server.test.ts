// The usage figures: the log and the daily roll-up written together, the banner's count, and the
// statistics (administrators only, zero-filled Europe/Rome days, 7/30/90).
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { onInvalidate } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { aiRequests, apiUsageLog } from "~/db/schema";
import { createActor } from "../../tests/ai";
import { itDb } from "../../tests/db";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { config } from "~/config.server";
import { getAiUsage, getAiUsageStats, logAiRequest } from "./usage.server";

async function statsOf(days: unknown) {
  const admin = await createActor();
  const result = await getAiUsageStats(admin, days);
  if (!result.ok) throw new Error(result.error);
  return result.stats;
}

describe("AI usage", () => {
  itDb("logs a request and rolls it up for today and its type, then tells the screens", async () => {
    const admin = await createActor();
    const before = await statsOf(7);
    const dropped: string[] = [];
    const stop = onInvalidate((tags) => dropped.push(...tags));
    await logAiRequest({ userId: admin.id, requestType: "generate-article", status: "success", promptTokens: 100, completionTokens: 300 });
    await logAiRequest({ userId: admin.id, requestType: "generate-article", status: "error", errorMessage: "HTTP 500", promptTokens: 100 });
    await logAiRequest({ userId: admin.id, requestType: "regenerate-field", status: "rate_limited", errorMessage: "Limite" });
    stop();
    expect(dropped).toContain("ai-usage");
    const logs = await db().select().from(apiUsageLog).where(eq(apiUsageLog.userId, admin.id));
    expect(logs).toHaveLength(3);
    expect(logs.find((l) => l.status === "success")).toMatchObject({ promptTokens: 100, completionTokens: 300, totalTokens: 400 });

    const after = await statsOf(7);
    const todayBefore = before.perDay.at(-1)!;
    const today = after.perDay.at(-1)!;
    expect(today.date).toBe(todayBefore.date);
    expect(today.requests - todayBefore.requests).toBe(3);
    expect(today.success - todayBefore.success).toBe(1);
    expect(today.error - todayBefore.error).toBe(1);
    expect(today.rateLimited - todayBefore.rateLimited).toBe(1);
    expect(today.tokens - todayBefore.tokens).toBe(500);
    expect(after.totals.promptTokens - before.totals.promptTokens).toBe(200);
    expect(after.totals.completionTokens - before.totals.completionTokens).toBe(300);
    const article = (s: typeof after) => s.byType.find((t) => t.type === "generate-article")!;
    expect(article(after).requests - article(before).requests).toBe(2);
  });

  itDb("gives one entry per day of the period, oldest first, zero-filled, ending today in Rome", async () => {
    for (const days of [7, 30, 90] as const) {
      const stats = await statsOf(days);
      expect(stats.days).toBe(days);
      expect(stats.perDay).toHaveLength(days);
      const dates = stats.perDay.map((d) => d.date);
      expect([...dates].sort()).toEqual(dates);
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
      expect(dates.at(-1)).toBe(today);
    }
    expect((await statsOf("90")).days).toBe(90);
    expect((await statsOf(45)).days).toBe(30);
    expect((await statsOf(undefined)).days).toBe(30);
  });

  itDb("shows statistics to administrators only", async () => {
    const user = await createActor("user");
    expect(await getAiUsageStats(null, 7)).toEqual({ ok: false, status: 401, error: ADMIN_ACCESS_MESSAGES.mustSignIn });
    expect(await getAiUsageStats(user, 7)).toEqual({ ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.adminOnly });
  });

  itDb("counts the day's starts in the site's queue for the banner", async () => {
    const admin = await createActor();
    const before = await getAiUsage();
    expect(before.limit).toBe(config().ai.dailyLimit);
    await db().insert(aiRequests).values(
      Array.from({ length: 3 }, () => ({ userId: admin.id, requestType: "generate-article" as const, state: "done" as const, startedAt: sql`clock_timestamp()`, aliveUntil: sql`clock_timestamp()` })),
    );
    // Yesterday's start and another queue's do not count.
    await db().insert(aiRequests).values([
      { userId: admin.id, requestType: "generate-article", state: "done", startedAt: sql`clock_timestamp() - interval '2 days'`, aliveUntil: sql`clock_timestamp()` },
      { queue: "altra", userId: admin.id, requestType: "generate-article", state: "done", startedAt: sql`clock_timestamp()`, aliveUntil: sql`clock_timestamp()` },
    ]);
    const after = await getAiUsage();
    expect(after.used - before.used).toBe(3);
    expect(after.remaining).toBe(Math.max(0, after.limit - after.used));
    expect(after.percent).toBe(Math.min(100, Math.round((after.used / after.limit) * 100)));
  });
});
