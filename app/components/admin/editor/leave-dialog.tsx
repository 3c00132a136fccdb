// Asked when a link or the back button would leave the editor with unsaved changes. "Resta" has the
// focus first: Enter, or Escape, keeps what was typed.
import type { useBlocker } from "react-router";
import { Dialog } from "~/components/admin/dialog";

export function LeaveDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const open = blocker.state === "blocked";
  const stay = () => blocker.reset?.();
  return (
    <Dialog open={open} title="Modifiche non salvate" onClose={stay}>
      <p className="text-stone-800">Hai modifiche non salvate. Vuoi uscire senza salvarle?</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={() => blocker.proceed?.()}>
          Esci senza salvare
        </button>
        <button type="button" className="btn-primary" data-autofocus onClick={stay}>
          Resta
        </button>
      </div>
    </Dialog>
  );
}
