// Ad slots: the active code for a placement on this page type (or "all"), highest priority first.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { adsenseCodes } from "~/db/schema";
import { AD_PAGE_TYPES, AD_PLACEMENTS, type AdPageType, type AdPlacement } from "~/lib/enums";

export function isPlacement(value: string): value is AdPlacement {
  return (AD_PLACEMENTS.values as readonly string[]).includes(value);
}

export function isPageType(value: string): value is AdPageType {
  return (AD_PAGE_TYPES.values as readonly string[]).includes(value);
}

/** The ad HTML for a slot, or null. Only ever sent to a browser that gave marketing consent. */
export function findAd(placement: AdPlacement, pageType: AdPageType): Promise<string | null> {
  return memoize(`ad:${placement}:${pageType}`, [CACHE_TAGS.ads], async () => {
    const [row] = await db()
      .select({ html: adsenseCodes.htmlCode })
      .from(adsenseCodes)
      .where(
        and(
          eq(adsenseCodes.placementType, placement),
          eq(adsenseCodes.isActive, true),
          inArray(adsenseCodes.pageType, pageType === "all" ? ["all"] : [pageType, "all"]),
        ),
      )
      .orderBy(asc(adsenseCodes.priority), desc(adsenseCodes.updatedAt))
      .limit(1);
    return row?.html ?? null;
  });
}
