// The article form's action bar: stuck to the bottom of the window while the form is on screen, so
// "Salva modifiche" and what became of the last save are always next to each other. The state line
// is a polite live region: a screen reader hears "Salvato alle 18:42" or the error where it happens.
import type { ReactNode } from "react";
import { formatTime } from "./snapshot";

export interface SaveBarProps {
  /** the form's id: the bar sits outside it (below what the page shows after the form) */
  form: string;
  label: string;
  busy: boolean;
  /** "Errore: …" of the last save, until the next one */
  error?: string | null;
  /** the id of the list of field errors at the top of the form, when there is one */
  errorsId?: string;
  dirty: boolean;
  /** the last save of this page (null when nothing was saved here yet) */
  savedAt?: Date | string | null;
  autosave?: { savedAt: Date | null; error: string | null; pending: boolean };
  children?: ReactNode;
}

function stateOf({ busy, error, dirty, savedAt }: SaveBarProps): { text: string; tone: string } | null {
  if (busy) return { text: "Salvataggio…", tone: "text-stone-700" };
  if (error) return { text: error, tone: "text-red-800" };
  if (dirty) return { text: "Modifiche non salvate", tone: "text-amber-800" };
  if (savedAt) return { text: `Salvato alle ${formatTime(savedAt)}`, tone: "text-green-800" };
  return null;
}

export function SaveBar(props: SaveBarProps) {
  const { form, label, busy, error, errorsId, dirty, autosave, children } = props;
  const state = stateOf(props);
  // A draft written after the last change typed is worth saying; once saved, "Salvato" says it all.
  const draft = dirty && !busy && autosave ? (autosave.error ?? (autosave.savedAt ? `Bozza salvata automaticamente alle ${formatTime(autosave.savedAt)}` : null)) : null;
  return (
    <div
      data-save-bar
      className="sticky bottom-0 z-20 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-6px_16px_-8px_rgba(0,0,0,0.2)] backdrop-blur-sm sm:mx-0 sm:rounded-t-xl sm:border-x"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="submit" form={form} className="btn-primary" disabled={busy} aria-keyshortcuts="Control+S Meta+S">
          {busy ? "Salvataggio…" : label}
        </button>
        {children}
        <div id="save-state" aria-live="polite" className="min-w-0 flex-1 basis-28 text-sm">
          {state ? (
            <p className={`font-medium break-words ${state.tone}`}>
              {state.text}
              {error && errorsId && !busy ? (
                <>
                  {" "}
                  <a href={`#${errorsId}`} className="underline">
                    Vedi gli errori
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {draft ? <p className={autosave?.error ? "text-red-800" : "text-stone-700"}>{draft}</p> : null}
        </div>
        <p className="hidden text-xs text-stone-500 lg:block">Ctrl+S / ⌘S per salvare</p>
      </div>
    </div>
  );
}
