import { isbot } from "isbot";
import { data } from "react-router";
import type { Route } from "./+types/article-view";
import { currentViews, recordView } from "~/articles/articles.server";

/** True for crawlers and for prefetch/prerender requests, which must not count as a view. */
function notAReader(request: Request): boolean {
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  return isbot(request.headers.get("user-agent") ?? "") || /prefetch|prerender/i.test(purpose);
}

// POST /article/{slug}/view — the beacon the article page sends once it is shown.
export async function action({ request, params }: Route.ActionArgs) {
  const views = notAReader(request) ? await currentViews(params.slug) : await recordView(params.slug);
  if (views === null) return data({ error: "Articolo non trovato" }, { status: 404 });
  return data({ views }, { headers: { "cache-control": "no-store" } });
}

export function loader() {
  return data({ error: "Metodo non consentito" }, { status: 405, headers: { allow: "POST" } });
}
