// /sitemap-pages-N.xml, /sitemap-articles-N.xml, /sitemap-listings-N.xml: the children named by
// /sitemap.xml when the site is too large for one file (decision 0038). Any other *.xml at the root
// is answered 404 and nothing is kept for it.
import { gunzipSync } from "node:zlib";
import { buildSitemapChild } from "~/seo/sitemap.server";
import type { Route } from "./+types/sitemap-child";

export async function loader({ params, request }: Route.LoaderArgs) {
  const compressed = await buildSitemapChild(params.name);
  if (!compressed) return new Response("Sitemap non trovata", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  // Memoized gzip-compressed, sent as it is (every crawler accepts gzip); not kept a second time by
  // the page cache.
  const headers = { "content-type": "application/xml; charset=utf-8", vary: "Accept-Encoding" };
  if (/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) {
    return new Response(compressed as unknown as BodyInit, { headers: { ...headers, "content-encoding": "gzip" } });
  }
  return new Response(gunzipSync(compressed) as unknown as BodyInit, { headers });
}
