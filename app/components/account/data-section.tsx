import { Download, Trash2 } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/icon";

/** The profile's "I tuoi dati" box: a copy of everything (GDPR art. 15 and 20) and erasure (art. 17). */
export function DataSection() {
  return (
    <section aria-labelledby="data-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="data-title" className="text-xl font-semibold text-stone-900">
        I tuoi dati
      </h2>
      <p className="mt-2 text-sm text-stone-700">
        Puoi scaricare in ogni momento una copia di tutti i dati che Zampa conserva su di te, in un file JSON, o eliminare il tuo account.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href="/dashboard/data-export" download className="btn-secondary">
          <Icon node={Download} aria-hidden size={18} /> Scarica i miei dati
        </a>
        <Link to="/dashboard/delete-account" className="btn-secondary text-red-800">
          <Icon node={Trash2} aria-hidden size={18} /> Elimina account
        </Link>
      </div>
    </section>
  );
}
