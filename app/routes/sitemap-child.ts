// /sitemap-pages-N.xml, /sitemap-articles-N.xml, /sitemap-listings-N.xml: the children named by
// /sitemap.xml when the site is too large for one file (decision 0038). Any other *.xml at the root
// is answered 404 and nothing is kept for it.
import { buildSitemapChild } from "~/seo/sitemap.server";
import type { Route } from "./+types/sitemap-child";

export async function loader({ params }: Route.LoaderArgs) {
  const body = await buildSitemapChild(params.name);
  if (!body) return new Response("Sitemap non trovata", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  // Memoized as bytes; not kept a second time by the page cache (a child is up to 50 MB).
  return new Response(body as unknown as BodyInit, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
