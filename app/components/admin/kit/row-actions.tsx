// A row's actions in one compact menu ("Azioni ▾"): a disclosure that works without JavaScript
// (<details>), opened and walked with the keyboard, closed by Escape, by a choice or by a click
// elsewhere. Its items are the page's own buttons and links, so each keeps its own form or handler.
import { EllipsisVertical, Pencil, Trash2 } from "lucide";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/icon";

export function RowActions({ label, children }: { /** what the actions are about, for screen readers */ label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (event: Event) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("click", close);
    details.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", close);
      details.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <details ref={ref} className="group relative inline-block">
      <summary
        aria-label={`Azioni: ${label}`}
        className="btn-secondary cursor-pointer list-none px-3 py-1.5 text-sm [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden>Azioni</span>
        <Icon node={EllipsisVertical} aria-hidden size={16} />
      </summary>
      <div
        className="absolute right-0 z-20 mt-1 flex min-w-56 flex-col gap-1 rounded-xl border border-stone-200 bg-white p-2 shadow-lg max-sm:left-0 max-sm:right-auto [&_a]:justify-start [&_button]:w-full [&_button]:justify-start"
        onClick={(event) => {
          // A choice closes the menu (its own handler has run).
          if ((event.target as HTMLElement).closest("button, a")) ref.current?.removeAttribute("open");
        }}
      >
        {children}
      </div>
    </details>
  );
}

/** One item of a row's menu: a plain button look that fills the menu's width. */
export const rowActionClass = "inline-flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-stone-900 hover:bg-stone-100 focus-visible:bg-stone-100 disabled:opacity-50";

/**
 * The usual menu of a row: "Modifica" (a page of its own, or the page's form) and "Elimina" (the
 * page's confirmation), plus any other items. A list whose rows are only edited, or only deleted,
 * leaves the other one out.
 */
export function EditDeleteMenu({
  name,
  editHref,
  onEdit,
  onDelete,
  deleting = false,
  children,
}: {
  /** the item's name, as the buttons say it */
  name: string;
  editHref?: string;
  onEdit?: () => void;
  onDelete?: () => void;
  deleting?: boolean;
  children?: ReactNode;
}) {
  const edit = (
    <>
      <Icon node={Pencil} aria-hidden size={16} /> Modifica
    </>
  );
  return (
    <RowActions label={`«${name}»`}>
      {editHref !== undefined ? (
        <Link to={editHref} className={rowActionClass} aria-label={`Modifica «${name}»`}>
          {edit}
        </Link>
      ) : onEdit ? (
        <button type="button" className={rowActionClass} aria-label={`Modifica «${name}»`} onClick={onEdit}>
          {edit}
        </button>
      ) : null}
      {children}
      {onDelete ? (
        <button type="button" className={`${rowActionClass} text-red-800`} disabled={deleting} aria-label={`Elimina «${name}»`} onClick={onDelete}>
          <Icon node={Trash2} aria-hidden size={16} /> Elimina
        </button>
      ) : null}
    </RowActions>
  );
}
