import { useEffect, useId, useRef, useState } from "react";
import { Notice } from "~/components/notice";
import { MESSAGE_LIMITS } from "~/messages/messages";
import { formatNumber } from "~/lib/format";

/**
 * A message's text box with its character counter and, right under it, the answer that refused it.
 * No maxLength: a longer text pasted in is kept whole (nothing typed may be lost) and the counter and
 * the server's answer say how much to cut.
 */
export function MessageBox({ label, defaultValue = "", error, rows = 5, autoFocus = false }: { label: string; defaultValue?: string; error: string | null; rows?: number; autoFocus?: boolean }) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(defaultValue.length);
  // Text typed before the page's script ran is counted too.
  useEffect(() => {
    if (box.current) setLength(box.current.value.length);
  }, []);
  const over = length > MESSAGE_LIMITS.body;
  return (
    <div>
      <label htmlFor={`${id}-body`} className="field-label">
        {label}
      </label>
      <textarea
        ref={box}
        id={`${id}-body`}
        name="body"
        rows={rows}
        defaultValue={defaultValue}
        autoFocus={autoFocus}
        onChange={(event) => setLength(event.currentTarget.value.length)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        className="field-input"
      />
      <p id={`${id}-count`} className={`mt-1 text-sm ${over ? "font-semibold text-red-800" : "text-stone-600"}`}>
        {formatNumber(length)}/{formatNumber(MESSAGE_LIMITS.body)} caratteri{over ? ": troppo lungo" : ""}
      </p>
      {error ? (
        <Notice tone="error" id={`${id}-error`} className="mt-2">
          {error}
        </Notice>
      ) : null}
    </div>
  );
}
