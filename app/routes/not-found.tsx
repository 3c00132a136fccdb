import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Pagina non trovata — Zampa" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-stone-900">Pagina non trovata</h1>
      <p className="mt-4 text-stone-700">La pagina che stai cercando non esiste o è stata spostata.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Torna alla home
        </Link>
        <Link to="/articles" className="btn-secondary">
          Leggi gli articoli
        </Link>
      </div>
    </div>
  );
}
