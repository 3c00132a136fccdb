// What the last action on a back-office screen did ("Messaggio archiviato", or why it failed), in
// one place on the page. The live region is always in the page, so that a screen reader announces
// each new text; a new text replaces the old one (its key), so the same message said twice is read
// twice. It can take the focus, for when the control that had it is gone (a deleted row, a closed
// menu or dialog).
import { useEffect, useState, type Ref, type RefObject } from "react";
import { useLocation } from "react-router";

export type BannerStatus = { kind: "success" | "error"; text: string; key: number } | null;

/** An action's answer, in the shape the admin actions return. */
export type ActionAnswer = { ok: true; message?: string } | { ok: false; error: string };

const TONE = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 font-medium text-red-800",
} as const;

export function StatusBanner({ status, focusRef, className = "mt-4" }: { status: BannerStatus; focusRef?: Ref<HTMLDivElement>; className?: string }) {
  return (
    <div ref={focusRef} tabIndex={-1} role="status" aria-live="polite" aria-atomic="true" data-status-banner="" className={`empty:hidden focus:outline-none ${className}`}>
      {status ? (
        <p key={status.key} data-kind={status.kind} className={`rounded-lg border px-3 py-2 text-sm ${TONE[status.kind]}`}>
          {status.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The banner's text for an action's answer: its message, or its error (after `errorPrefix`, when the
 * screen names what failed). Nothing while the action is on its way, or when there is no answer.
 */
export function statusOfAnswer(answer: ActionAnswer | undefined, { busy = false, key = 0, errorPrefix }: { busy?: boolean; key?: number; errorPrefix?: string } = {}): BannerStatus {
  if (!answer || busy) return null;
  if (answer.ok) return answer.message ? { kind: "success", text: answer.message, key } : null;
  return { kind: "error", text: errorPrefix ? `${errorPrefix}: ${answer.error}` : answer.error, key };
}

/**
 * A page's banner: what the page says on arrival (`initial`, read from its address: "saved",
 * "deleted"), then each answer of `fetcher` once it is back. Another address (a filter, another
 * item) starts over from that address's own `initial`. With `focusRef` (the banner's), each new
 * text takes the focus: the button that was pressed is often gone (a row that left the filter, a
 * menu that closed, a deleted item).
 */
export function useActionStatus(
  fetcher: { state: string; data?: ActionAnswer | undefined },
  { initial = null, errorPrefix, focusRef }: { initial?: BannerStatus; errorPrefix?: string; focusRef?: RefObject<HTMLElement | null> } = {},
): BannerStatus {
  const { key: locationKey } = useLocation();
  const [shown, setShown] = useState({ status: initial, locationKey, answer: fetcher.data });
  if (shown.locationKey !== locationKey) {
    setShown({ status: initial, locationKey, answer: fetcher.data });
  } else if (fetcher.state === "idle" && fetcher.data !== shown.answer) {
    const key = (shown.status?.key ?? 0) + 1;
    setShown({ status: statusOfAnswer(fetcher.data, { key, errorPrefix }) ?? shown.status, locationKey, answer: fetcher.data });
  }
  const { status } = shown;
  useEffect(() => {
    if (status) focusRef?.current?.focus();
  }, [status, focusRef]);
  return status;
}
