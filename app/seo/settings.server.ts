// The single row of SEO settings, with the form's defaults when it has not been saved yet.
import { eq } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { seoSettings } from "~/db/schema";
import type { SiteInfo } from "~/lib/seo";
import { SITE_DESCRIPTION, SITE_NAME } from "~/lib/site";

export type SeoSettings = typeof seoSettings.$inferSelect;

export function getSeoSettings(): Promise<SeoSettings> {
  return memoize("seo-settings", [CACHE_TAGS.seo], async () => {
    const [row] = await db().select().from(seoSettings).where(eq(seoSettings.id, 1)).limit(1);
    return (
      row ?? {
        id: 1,
        siteName: SITE_NAME,
        siteDescription: SITE_DESCRIPTION,
        defaultOgImage: null,
        googleAnalyticsId: null,
        googleSearchConsoleCode: null,
        facebookPixelId: null,
        robotsTxt: null,
        updatedAt: new Date(0),
      }
    );
  });
}

/** What every page needs to build its head: names, absolute URLs, verification and tracking ids. */
export async function getSiteInfo(): Promise<SiteInfo> {
  const s = await getSeoSettings();
  return {
    name: s.siteName || SITE_NAME,
    description: s.siteDescription || SITE_DESCRIPTION,
    publicUrl: config().publicUrl,
    defaultOgImage: s.defaultOgImage || "/og-default.png",
    searchConsoleCode: s.googleSearchConsoleCode,
    analyticsId: s.googleAnalyticsId,
    pixelId: s.facebookPixelId,
  };
}
