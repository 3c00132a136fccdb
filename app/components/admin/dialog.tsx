// The back office's dialogs (create/edit forms, confirmations), on the native <dialog>: it traps
// focus, closes on Escape and returns focus to what opened it, with no code of ours to get wrong.
import { useEffect, useId, useRef, type ReactNode } from "react";

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal() picks its own first focus (React's autoFocus ran while the dialog was closed):
      // the element marked data-autofocus gets it, else the form's first field.
      const first = dialog.querySelector<HTMLElement>("[data-autofocus]") ?? dialog.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
      first?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      {open ? (
        <div className="max-h-[85vh] overflow-y-auto p-6">
          <h2 id={titleId} className="text-xl font-bold text-stone-900">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  /** the question, e.g. "Vuoi cambiare il ruolo di questo utente a admin?" */
  question: string;
  confirmLabel: string;
  /** a destructive action gets a red confirm button */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a delete or a role change; the confirm button has the focus first. */
export function ConfirmDialog({ open, question, confirmLabel, destructive, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} title="Conferma" onClose={onCancel}>
      <p className="text-stone-800">{question}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annulla
        </button>
        <button
          type="button"
          data-autofocus
          disabled={busy}
          className={destructive ? "btn-primary bg-red-700 hover:bg-red-800" : "btn-primary"}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
