import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { getSeoSettings } from "~/seo/settings.server";
import { robotsTxt } from "~/seo/sitemap.server";

export async function loader() {
  const settings = await getSeoSettings();
  return new Response(robotsTxt(settings.robotsTxt), {
    headers: { "content-type": "text/plain; charset=utf-8", ...cacheHeaders([CACHE_TAGS.seo]) },
  });
}
