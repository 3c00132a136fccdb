import { cacheHeaders } from "~/cache/page-cache.server";
import { buildSitemap, SITEMAP_TAGS } from "~/seo/sitemap.server";

// One urlset while the site fits in one file, else the index of the child sitemaps (decision 0038).
export async function loader() {
  return new Response(await buildSitemap(), {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      ...cacheHeaders(SITEMAP_TAGS),
    },
  });
}
