// CONTRACT STUB (issue 18, replaced by the ai-core helper): the day's usage and the statistics.
import type { CurrentUser } from "~/accounts/session.server";
import { config } from "~/config.server";
import type { Result } from "~/lib/result";
import type { AiUsage, AiUsageStats } from "./types";

export async function getAiUsage(): Promise<AiUsage> {
  const { baseUrl, dailyLimit } = config().ai;
  return {
    configured: baseUrl !== undefined,
    used: 0,
    limit: dailyLimit,
    remaining: dailyLimit,
    percent: 0,
  };
}

/** days: 7, 30 or 90 (anything else: 30) */
export async function getAiUsageStats(
  actor: CurrentUser | null,
  days: unknown,
): Promise<Result<{ stats: AiUsageStats }>> {
  void actor;
  const n = days === 7 || days === 90 ? days : 30;
  return {
    ok: true,
    stats: {
      days: n,
      totals: {
        requests: 0,
        success: 0,
        error: 0,
        rateLimited: 0,
        promptTokens: 0,
        completionTokens: 0,
        totalTokens: 0,
      },
      perDay: [],
      byType: [],
    },
  };
}
