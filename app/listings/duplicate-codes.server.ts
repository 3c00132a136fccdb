// An identification code (a microchip, or a litter's mother's) on active listings of two accounts
// (issue 28): one animal is on sale twice, or someone copied another seller's code to look legal.
// The moderators get an automatic `fraud` report per other listing, beside the people's reports
// (decision 0086's automatic reports). The listing is published all the same: the check helps the
// moderators and never stops or fails a publication.
import { and, asc, eq, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { petListings } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { fileAutomaticReport } from "./automatic-reports.server";
import { isPublicListingRow } from "./visibility.server";

/** A listing files at most this many reports, for the oldest other listings with its code. */
export const MAX_CODE_REPORTS = 5;

interface CodedListing {
  id: string;
  userId: string;
  identificationCode: string | null;
}

/**
 * Files a report for each active listing of another account that carries the listing's code; the
 * number filed (0 without a code, or when each pair was already flagged). Read by the code's index.
 */
export async function checkListingCode(listing: CodedListing): Promise<number> {
  const code = listing.identificationCode;
  if (!code) return 0;
  try {
    const others = await db()
      .select({ id: petListings.id })
      .from(petListings)
      .where(and(eq(petListings.identificationCode, code), isPublicListingRow(), ne(petListings.userId, listing.userId), ne(petListings.id, listing.id)))
      .orderBy(asc(petListings.createdAt), asc(petListings.id))
      .limit(MAX_CODE_REPORTS);
    let filed = 0;
    for (const other of others) {
      const done = await fileAutomaticReport({
        check: "duplicate_code",
        listingId: listing.id,
        relatedListingId: other.id,
        reason: "fraud",
        description: `Il codice identificativo ${code} di questo annuncio è anche in un annuncio attivo di un altro account.`,
      });
      if (done) filed++;
    }
    return filed;
  } catch (error) {
    logger.error({ err: error, listingId: listing.id }, "annuncio: controllo del codice identificativo non riuscito");
    return 0;
  }
}
