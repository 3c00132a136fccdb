// Pieces shared by the back office's create/edit modals: a field's message beside it, the summary
// read out when a save is refused, and the page's status line for what just happened.
import type { ReactNode, Ref } from "react";

/** The id a field's message gets; the field points to it with aria-describedby. */
export const errorId = (fieldId: string) => `${fieldId}-error`;

/** aria attributes of a field that may carry a message. */
export function fieldAria(fieldId: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? errorId(fieldId) : null, hintId ?? null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined } as const;
}

export function FieldMessage({ fieldId, error }: { fieldId: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorId(fieldId)} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  );
}

/** The refusal of a save: the spec's message as the title, then each problem (role=alert). */
export function ErrorSummary({ title, errors }: { title: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      {errors.length === 1 ? (
        <p>{errors[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export type Feedback = { kind: "success" | "error"; text: string; key: number } | null;

/**
 * The page's status line, always in the page so that screen readers announce each new text. It can
 * take the focus, for when the card whose button had it is gone.
 */
export function StatusLine({ feedback, focusRef }: { feedback: Feedback; focusRef?: Ref<HTMLDivElement> }) {
  return (
    <div ref={focusRef} tabIndex={-1} aria-live="polite" aria-atomic="true" className="mt-4 empty:hidden">
      {feedback ? (
        <p
          key={feedback.key}
          className={
            feedback.kind === "success"
              ? "rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
              : "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          }
        >
          {feedback.text}
        </p>
      ) : null}
    </div>
  );
}

export function CardActions({ children }: { children: ReactNode }) {
  return <div className="mt-auto flex flex-wrap gap-2 pt-4">{children}</div>;
}
