// The AI quota banner of the generator panel and of /admin/editorial-plan: the requests left today,
// coloured by how much of the day's limit is used, refreshed every 5 seconds while the page is
// visible (spec §8). Without AI configured it says so and which variables to set.
import { useCallback, useEffect, useState } from "react";
import { AI_LIMITS, AI_MESSAGES, AI_USAGE_TEXTS } from "~/ai/messages";
import type { AiUsage } from "~/ai/types";
import { usageView, type UsageLevel } from "~/ai/usage-level";

const LEVEL_CLASSES: Record<UsageLevel, string> = {
  ok: "border-green-200 bg-green-50 text-green-900",
  notice: "border-sky-200 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  critical: "border-orange-300 bg-orange-50 text-orange-900",
  exhausted: "border-red-300 bg-red-50 text-red-900",
};

/** The usage as last read, polled from /admin/ai/usage while the page is visible. */
export function useAiUsage(initial: AiUsage): { usage: AiUsage; refresh: () => void } {
  const [usage, setUsage] = useState(initial);
  const refresh = useCallback(() => {
    fetch("/admin/ai/usage", { headers: { accept: "application/json" }, credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<AiUsage>) : null))
      .then((next) => {
        if (next) setUsage(next);
      })
      .catch(() => {
        // offline for a moment: the next poll tries again
      });
  }, []);
  useEffect(() => {
    if (!initial.configured) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, AI_LIMITS.usagePollMs);
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [initial.configured, refresh]);
  return { usage, refresh };
}

export function AiNotConfigured() {
  return (
    <div role="note" className="rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 text-sm text-stone-800">
      <p className="font-semibold">{AI_MESSAGES.notConfigured}</p>
      <p className="mt-1">{AI_MESSAGES.notConfiguredHelp}</p>
    </div>
  );
}

export function AiUsageBanner({ usage }: { usage: AiUsage }) {
  if (!usage.configured) return <AiNotConfigured />;
  const view = usageView(usage);
  return (
    <div className="space-y-2" data-usage-level={view.level}>
      <div role="status" className={`rounded-lg border px-3 py-2 text-sm ${LEVEL_CLASSES[view.level]}`}>
        <p className="font-semibold">{view.headline}</p>
        {view.detail ? <p className="mt-1">{view.detail}</p> : null}
      </div>
      {view.advice ? <p className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm text-stone-800">{AI_USAGE_TEXTS.advice}</p> : null}
    </div>
  );
}
