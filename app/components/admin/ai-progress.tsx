// What a screen shows while its AI request waits in the queue and then runs: the position and the
// estimated wait in seconds, then a progress bar of the generation (aria attributes and a polite
// live region, so a screen reader hears each stage once).
import { AI_MESSAGES } from "~/ai/messages";
import type { AiProgress } from "~/ai/types";

export function progressText(progress: AiProgress | null): string {
  if (progress?.stage === "queued") return AI_MESSAGES.queued(progress.position, progress.waitSeconds);
  return AI_MESSAGES.generating;
}

export function AiProgressView({ progress, label, onCancel }: { progress: AiProgress | null; label: string; onCancel?: () => void }) {
  const percent = progress?.stage === "generating" && progress.percent !== null ? Math.max(0, Math.min(100, Math.round(progress.percent))) : null;
  const queued = progress?.stage === "queued";
  return (
    <div className="space-y-2 rounded-lg border border-brand-100 bg-brand-50 p-3" data-ai-progress={progress?.stage ?? "sent"}>
      <p aria-live="polite" className="text-sm font-medium text-stone-900">
        {progressText(progress)}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={queued ? progressText(progress) : percent !== null ? `${percent}%` : AI_MESSAGES.generating}
        className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full bg-brand-700 transition-[width] ${percent === null && !queued ? "w-1/3 animate-pulse" : ""}`}
          style={percent !== null ? { width: `${percent}%` } : queued ? { width: "0%" } : undefined}
        />
      </div>
      {progress?.stage === "generating" ? <p className="text-xs text-stone-700">{progress.characters} caratteri ricevuti</p> : null}
      {onCancel ? (
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annulla
        </button>
      ) : null}
    </div>
  );
}
