// The AI quota's bookkeeping (spec §6 "AI usage", §8): every request is logged in api_usage_log and
// rolled up per Europe/Rome day and request type in api_usage_daily, in one transaction; then the
// ai-usage cache tag is invalidated so that every process's open screens refresh. The day's use
// shown by the banner is what the queue's daily limit counts: the requests started today.
import { sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, queryRows, transaction } from "~/db/client.server";
import { apiUsageDaily, apiUsageLog } from "~/db/schema";
import { AI_REQUEST_TYPES, type AI_USAGE_STATUSES } from "~/lib/enums";
import { logger } from "~/lib/logger.server";
import type { Result } from "~/lib/result";
import { AI_LIMITS } from "./messages";
import { DEFAULT_QUEUE, startedToday } from "./quota.server";
import type { AiRequestType, AiUsage, AiUsageDay, AiUsageStats } from "./types";

export type AiUsageStatus = (typeof AI_USAGE_STATUSES.values)[number];

export interface AiUsageEntry {
  userId: string | null;
  requestType: AiRequestType;
  status: AiUsageStatus;
  promptTokens?: number;
  completionTokens?: number;
  errorMessage?: string | null;
  metadata?: Record<string, unknown>;
}

/** The spec's estimate when the provider reports no usage: a token per four characters. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Logs one request and adds it to its day's figures. A failure here is logged, never thrown. */
export async function logAiRequest(entry: AiUsageEntry): Promise<void> {
  const promptTokens = Math.max(0, Math.round(entry.promptTokens ?? 0));
  const completionTokens = Math.max(0, Math.round(entry.completionTokens ?? 0));
  const totalTokens = promptTokens + completionTokens;
  const ok = entry.status === "success" ? 1 : 0;
  const failed = entry.status === "error" ? 1 : 0;
  const limited = entry.status === "rate_limited" ? 1 : 0;
  try {
    await transaction(async () => {
      await db().insert(apiUsageLog).values({
        userId: entry.userId,
        requestType: entry.requestType,
        promptTokens,
        completionTokens,
        totalTokens,
        status: entry.status,
        errorMessage: entry.errorMessage ?? null,
        metadata: entry.metadata ?? null,
        createdAt: sql`clock_timestamp()`,
      });
      await db()
        .insert(apiUsageDaily)
        .values({
          requestDate: sql`(clock_timestamp() at time zone 'Europe/Rome')::date`,
          requestType: entry.requestType,
          requestCount: 1,
          successCount: ok,
          errorCount: failed,
          rateLimitedCount: limited,
          promptTokensUsed: promptTokens,
          completionTokensUsed: completionTokens,
          totalTokensUsed: totalTokens,
        })
        .onConflictDoUpdate({
          target: [apiUsageDaily.requestDate, apiUsageDaily.requestType],
          set: {
            requestCount: sql`${apiUsageDaily.requestCount} + 1`,
            successCount: sql`${apiUsageDaily.successCount} + ${ok}`,
            errorCount: sql`${apiUsageDaily.errorCount} + ${failed}`,
            rateLimitedCount: sql`${apiUsageDaily.rateLimitedCount} + ${limited}`,
            promptTokensUsed: sql`${apiUsageDaily.promptTokensUsed} + ${promptTokens}`,
            completionTokensUsed: sql`${apiUsageDaily.completionTokensUsed} + ${completionTokens}`,
            totalTokensUsed: sql`${apiUsageDaily.totalTokensUsed} + ${totalTokens}`,
          },
        });
      await invalidate(CACHE_TAGS.aiUsage);
    });
  } catch (error) {
    logger.error({ err: error, entry: { ...entry, metadata: undefined } }, "AI: registrazione dell'uso non riuscita");
  }
}

/** The banner's figures: today's starts against the daily limit. */
export async function getAiUsage(): Promise<AiUsage> {
  const { baseUrl, dailyLimit } = config().ai;
  let used = 0;
  try {
    used = await startedToday(DEFAULT_QUEUE);
  } catch (error) {
    logger.error({ err: error }, "AI: lettura dell'uso giornaliero non riuscita");
  }
  const remaining = Math.max(0, dailyLimit - used);
  return {
    configured: baseUrl !== undefined,
    used,
    limit: dailyLimit,
    remaining,
    percent: dailyLimit > 0 ? Math.min(100, Math.round((used / dailyLimit) * 100)) : 100,
  };
}

function statsPeriod(days: unknown): number {
  const n = typeof days === "string" && /^\d+$/.test(days) ? Number(days) : days;
  return (AI_LIMITS.statsPeriods as readonly unknown[]).includes(n) ? (n as number) : AI_LIMITS.statsDefaultPeriod;
}

/** days: 7, 30 or 90 (anything else: 30); the last `days` Europe/Rome days, today included. */
export async function getAiUsageStats(actor: CurrentUser | null, days: unknown): Promise<Result<{ stats: AiUsageStats }>> {
  const refused = refuseWithout(actor, "ai.stats");
  if (refused) return refused;
  const n = statsPeriod(days);
  // One row per day of the period (generate_series: zero-filled), then the types over the period.
  const perDayRows = await queryRows<{ date: string; requests: number; success: number; error: number; rate_limited: number; tokens: number }>(sql`
    with today as (select (clock_timestamp() at time zone 'Europe/Rome')::date as d),
    period as (
      select (generate_series(today.d - ${n - 1}::int, today.d, interval '1 day'))::date as day from today)
    select to_char(p.day, 'YYYY-MM-DD') as date,
      coalesce(sum(u.request_count), 0)::int as requests,
      coalesce(sum(u.success_count), 0)::int as success,
      coalesce(sum(u.error_count), 0)::int as error,
      coalesce(sum(u.rate_limited_count), 0)::int as rate_limited,
      coalesce(sum(u.total_tokens_used), 0)::int as tokens
    from period p left join api_usage_daily u on u.request_date = p.day
    group by p.day order by p.day`);
  const byTypeRows = await queryRows<{ type: AiRequestType; requests: number; success: number; error: number; rate_limited: number; prompt: number; completion: number; tokens: number }>(sql`
    select u.request_type as type,
      sum(u.request_count)::int as requests, sum(u.success_count)::int as success,
      sum(u.error_count)::int as error, sum(u.rate_limited_count)::int as rate_limited,
      sum(u.prompt_tokens_used)::int as prompt, sum(u.completion_tokens_used)::int as completion,
      sum(u.total_tokens_used)::int as tokens
    from api_usage_daily u
    where u.request_date > (clock_timestamp() at time zone 'Europe/Rome')::date - ${n}::int
    group by u.request_type`);
  const perDay: AiUsageDay[] = perDayRows.map((r) => ({
    date: r.date,
    requests: r.requests,
    success: r.success,
    error: r.error,
    rateLimited: r.rate_limited,
    tokens: r.tokens,
  }));
  const found = new Map(byTypeRows.map((r) => [r.type, r]));
  const byType = AI_REQUEST_TYPES.values.map((type) => {
    const r = found.get(type);
    return { type, requests: r?.requests ?? 0, success: r?.success ?? 0, error: r?.error ?? 0, rateLimited: r?.rate_limited ?? 0, tokens: r?.tokens ?? 0 };
  });
  const sum = (pick: (r: (typeof byTypeRows)[number]) => number) => byTypeRows.reduce((total, r) => total + pick(r), 0);
  return {
    ok: true,
    stats: {
      days: n,
      totals: {
        requests: sum((r) => r.requests),
        success: sum((r) => r.success),
        error: sum((r) => r.error),
        rateLimited: sum((r) => r.rate_limited),
        promptTokens: sum((r) => r.prompt),
        completionTokens: sum((r) => r.completion),
        totalTokens: sum((r) => r.tokens),
      },
      perDay,
      byType,
    },
  };
}
