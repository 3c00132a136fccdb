import { Link } from "react-router";

/** Any other /admin path shows a default admin screen (back-office spec). */
export default function AdminFallback() {
  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Sezione non disponibile</h1>
      <p className="mt-2 text-stone-700">Questa sezione del pannello non esiste.</p>
      <Link to="/admin" className="btn-primary mt-6">
        Torna alla dashboard
      </Link>
    </>
  );
}
