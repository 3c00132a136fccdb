// A back-office page's title, the sentence that says what the page is for, and its main button
// ("Nuova categoria"), which wraps under the title on a narrow screen.
import { Plus } from "lucide";
import type { ReactNode } from "react";
import { Icon } from "~/components/icon";

export function PageHeader({ title, intro, level = 1, children }: { title: string; intro: ReactNode; /** 2 inside a tabbed manager (SEO) */ level?: 1 | 2; /** the page's main action */ children?: ReactNode }) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <Heading className={`${level === 1 ? "text-2xl" : "text-xl"} font-bold text-stone-900`}>{title}</Heading>
        <p className="mt-1 text-sm text-stone-700">{intro}</p>
      </div>
      {children}
    </div>
  );
}

/** The page's "new" button: opens the page's form. */
export function AddButton({ label, onClick, expanded }: { label: string; onClick: () => void; /** an inline form's state */ expanded?: boolean }) {
  return (
    <button type="button" className="btn-primary" onClick={onClick} aria-expanded={expanded}>
      <Icon node={Plus} aria-hidden size={18} /> {label}
    </button>
  );
}
