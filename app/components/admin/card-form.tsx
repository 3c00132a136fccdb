// Pieces shared by the back office's create/edit forms: the save/cancel row and the cards' actions.
// The state of a page whose items are edited in place is the kit's (kit/item-editor.tsx,
// kit/card-grid.tsx), what an action did is said by the kit's status banner
// (kit/status-banner.tsx), and a form's fields and messages come from the form kit (~/components/form).
import { Pencil, Trash2 } from "lucide";
import type { MouseEvent, ReactNode } from "react";
import { Icon } from "~/components/icon";

/**
 * A card form's last row: cancel (closes the form) and save, which says it is saving while busy.
 * In a dialog that scrolls (a long form on a 768 px screen), the row sticks to the dialog's bottom
 * edge, so the save button is in view when the form opens.
 */
export function SaveOrCancel({ busy, saveLabel, onCancel, className = "pt-2" }: { busy: boolean; saveLabel: string; onCancel: () => void; className?: string }) {
  return (
    <div className={`flex flex-wrap justify-end gap-3 in-[dialog]:sticky in-[dialog]:bottom-0 in-[dialog]:-mx-6 in-[dialog]:border-t in-[dialog]:border-stone-200 in-[dialog]:bg-white in-[dialog]:px-6 in-[dialog]:py-3 ${className}`}>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Annulla
      </button>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Salvataggio..." : saveLabel}
      </button>
    </div>
  );
}

/** A card's "Modifica" and "Elimina" (the item's kind and name make each button's name unique). */
export function EditDeleteButtons({ what, onEdit, onDelete, deleting }: { /** "la categoria «Cani»" */ what: string; onEdit: (event: MouseEvent<HTMLButtonElement>) => void; onDelete: () => void; deleting: boolean }) {
  return (
    <>
      <button type="button" className="btn-secondary" onClick={onEdit} aria-label={`Modifica ${what}`}>
        <Icon node={Pencil} aria-hidden size={16} /> Modifica
      </button>
      <button type="button" className="btn-secondary text-red-800" onClick={onDelete} disabled={deleting} aria-label={`Elimina ${what}`}>
        <Icon node={Trash2} aria-hidden size={16} /> Elimina
      </button>
    </>
  );
}

export function CardActions({ children }: { children: ReactNode }) {
  return <div className="mt-auto flex flex-wrap gap-2 pt-4">{children}</div>;
}
