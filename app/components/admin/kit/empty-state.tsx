// What a list shows when it has nothing: why (no items yet, or none for these filters) and the
// next step (create the first one, or clear the filters).
import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; /** the next step: a sentence, a link or a button */ children?: ReactNode }) {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
      <p className="font-semibold text-stone-900">{title}</p>
      {children ? <div className="mt-3 flex flex-wrap items-center justify-center gap-3 text-stone-700">{children}</div> : null}
    </div>
  );
}
