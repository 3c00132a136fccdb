// Which look and which texts the usage banner takes at a given use of the daily quota (spec §8,
// §9): colour levels at 50, 75 and 90 %, the advice box from 80 %. Client-safe.
import { AI_LIMITS, AI_USAGE_TEXTS } from "./messages";
import type { AiUsage } from "./types";

export type UsageLevel = "ok" | "notice" | "warning" | "critical" | "exhausted";

export interface UsageView {
  level: UsageLevel;
  /** the banner's headline */
  headline: string;
  /** the 75 % warning, the reset tip at the limit */
  detail: string | null;
  advice: boolean;
}

export function usageView(usage: AiUsage): UsageView {
  const { notice, warning, critical, advice } = AI_LIMITS.usageLevels;
  const percent = usage.limit > 0 ? (usage.used / usage.limit) * 100 : 100;
  const showAdvice = percent >= advice;
  if (usage.remaining <= 0) return { level: "exhausted", headline: AI_USAGE_TEXTS.limitReached, detail: AI_USAGE_TEXTS.resetTip, advice: showAdvice };
  if (percent >= critical) return { level: "critical", headline: AI_USAGE_TEXTS.fewLeft(usage.remaining), detail: AI_USAGE_TEXTS.warning, advice: showAdvice };
  const headline = AI_USAGE_TEXTS.remaining(usage.remaining);
  if (percent >= warning) return { level: "warning", headline, detail: AI_USAGE_TEXTS.warning, advice: showAdvice };
  return { level: percent >= notice ? "notice" : "ok", headline, detail: null, advice: showAdvice };
}
