import { Construction } from "lucide";
import { Link, useLocation } from "react-router";
import { sectionOf } from "~/admin/navigation";
import { Icon } from "~/components/icon";

/** A section of the back office not built yet: a clear panel inside the shell, never a broken page. */
export function ComingSoon() {
  const section = sectionOf(useLocation().pathname);
  return (
    <section aria-labelledby="coming-soon-title" className="max-w-xl rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-amber-800">
        <Icon node={Construction} aria-hidden size={18} /> In arrivo
      </p>
      <h1 id="coming-soon-title" className="mt-2 text-2xl font-bold text-stone-900">
        {section?.label ?? "Sezione"}
      </h1>
      <p className="mt-2 text-stone-700">Questa sezione del pannello è in arrivo: sarà disponibile in un prossimo aggiornamento.</p>
      <Link to="/admin" className="btn-primary mt-6">
        Torna alla dashboard
      </Link>
    </section>
  );
}
