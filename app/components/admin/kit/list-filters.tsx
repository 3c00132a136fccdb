// A list's search and filters: a GET form, so the address holds them (a link, the back button and
// a reload keep them) and it works without JavaScript ("Cerca"). With JavaScript it applies itself
// as the admin types (after a short pause) or picks a filter, replacing the history entry rather
// than adding one per keystroke. The list's order is kept; the page goes back to the first.
import { useEffect, useRef, type ReactNode } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { PlainLink } from "~/components/plain-link";

/** The pause after the last keystroke before a search is applied. */
const TYPING_PAUSE_MS = 350;

export function ListFilters({
  label,
  children,
  filtered,
  submitLabel = "Cerca",
  className = "",
}: {
  /** the search landmark's name ("Cerca e filtra gli utenti") */
  label: string;
  /** the fields (search box, selects), each with its label */
  children: ReactNode;
  /** whether a filter is applied now: shows "Mostra tutti" */
  filtered: boolean;
  /** the button's word ("Cerca"; "Filtra" where there is no search box) */
  submitLabel?: string;
  className?: string;
}) {
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const params = new URLSearchParams(search);
  const kept = ["sort", "dir"].filter((name) => params.has(name));

  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className={`mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4 ${className}`}
      onChange={(event) => {
        const form = event.currentTarget;
        const field: EventTarget = event.target;
        const typing = field instanceof HTMLInputElement && (field.type === "search" || field.type === "text");
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), typing ? TYPING_PAUSE_MS : 0);
      }}
      onSubmit={() => clearTimeout(timer.current)}
    >
      {kept.map((name) => (
        <input key={name} type="hidden" name={name} value={params.get(name) ?? ""} />
      ))}
      {children}
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
      {filtered ? (
        <PlainLink to={pathname} className="btn-secondary">
          Mostra tutti
        </PlainLink>
      ) : null}
    </Form>
  );
}
