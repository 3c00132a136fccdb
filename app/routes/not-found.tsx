import { data, Link } from "react-router";
import { MessagePanel } from "~/components/message-panel";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Pagina non trovata — Zampa" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <MessagePanel eyebrow="404" title="Pagina non trovata" text="La pagina che stai cercando non esiste o è stata spostata.">
      <Link to="/" className="btn-primary">
        Torna alla home
      </Link>
      <Link to="/articles" className="btn-secondary">
        Leggi gli articoli
      </Link>
    </MessagePanel>
  );
}
