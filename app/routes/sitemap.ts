import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { buildSitemap } from "~/seo/sitemap.server";

export async function loader() {
  return new Response(await buildSitemap(), {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      ...cacheHeaders([CACHE_TAGS.articles, CACHE_TAGS.categories, CACHE_TAGS.listings, CACHE_TAGS.contests]),
    },
  });
}
