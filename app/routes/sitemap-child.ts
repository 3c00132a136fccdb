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
    return new Response(sharedBody(compressed), {
      headers: { ...headers, "content-encoding": "gzip", "content-length": String(compressed.byteLength) },
    });
  }
  return new Response(gunzipSync(compressed) as unknown as BodyInit, { headers });
}

/**
 * The memoized bytes as a one-chunk stream, written as they are. React Router reads a resource
 * route's `Response.body`, and a Response made from a buffer then copies it on every request: under
 * a burst of crawler requests the copies held a lot of memory until a collection found them (see
 * decision 0039).
 */
function sharedBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
