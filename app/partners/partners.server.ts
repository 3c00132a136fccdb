import { and, asc, eq } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";

export const HOME_PARTNERS = 6;

export interface PublicPartner {
  id: string;
  name: string;
  logoUrl: string;
  websiteUrl: string | null;
  description: string | null;
}

/** Up to six active partners in their display order (home page). */
export function activePartners(): Promise<PublicPartner[]> {
  return memoize("partners:active", [CACHE_TAGS.partners], () =>
    db()
      .select({ id: partners.id, name: partners.name, logoUrl: partners.logoUrl, websiteUrl: partners.websiteUrl, description: partners.description })
      .from(partners)
      .where(and(eq(partners.isActive, true)))
      .orderBy(asc(partners.displayOrder), asc(partners.name))
      .limit(HOME_PARTNERS),
  );
}
