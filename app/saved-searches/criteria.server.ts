// A saved search's criteria (decision 0097): the list's own parser reads them (parseListingQuery),
// so a saved search means exactly what the list showed; what is kept is the query of the criteria
// applied (a value the list dropped is not saved), in one canonical order, so that the same search
// saved twice is recognised. The matcher's columns are derived from the same parsed filters.
import { sql } from "drizzle-orm";
import { LISTING_AGE_BANDS, LISTING_SORTS, LISTING_TYPES, PET_TYPES } from "~/lib/enums";
import { LISTING_QUERY, parseListingQuery, type ListingFilters } from "~/listings/browse-filters.server";
import { searchText } from "~/listings/browse.server";
import { formatEuro } from "~/lib/format";
import { formatMapArea } from "~/listings/map-area";
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS } from "./texts";

/** The list's criteria of a query, and that query written canonically (no page, no view). */
export function canonicalSearch(query: URLSearchParams): { filters: ListingFilters; query: string } {
  const { filters } = parseListingQuery(query);
  const Q = LISTING_QUERY;
  const out = new URLSearchParams();
  if (filters.q) out.set(Q.q, filters.q);
  if (filters.petType) out.set(Q.petType, filters.petType);
  if (filters.listingType) out.set(Q.listingType, filters.listingType);
  if (filters.region) out.set(Q.region, filters.region);
  if (filters.priceMin != null) out.set(Q.priceMin, String(filters.priceMin));
  if (filters.priceMax != null) out.set(Q.priceMax, String(filters.priceMax));
  if (filters.age) out.set(Q.age, filters.age);
  if (filters.withPhotos) out.set(Q.withPhotos, "1");
  if (filters.sort !== "newest") out.set(Q.sort, filters.sort);
  if (filters.near) out.set(Q.near, filters.near.city);
  if (filters.area) out.set(Q.area, formatMapArea(filters.area));
  return { filters, query: out.toString() };
}

/** The list's address of a saved search ("Apri", and the link in its mails). */
export function searchPath(query: string): string {
  return query ? `/pet-listings?${query}` : "/pet-listings";
}

/** The criteria in words, one short phrase each, for the dashboard and the mails. */
export function describeCriteria(filters: ListingFilters): string[] {
  const parts: string[] = [];
  if (filters.petType) parts.push(PET_TYPES.labels[filters.petType]);
  if (filters.listingType) parts.push(LISTING_TYPES.labels[filters.listingType]);
  if (filters.region) parts.push(filters.region);
  if (filters.q) parts.push(`“${filters.q}”`);
  if (filters.priceMin != null && filters.priceMax != null) parts.push(`da ${formatEuro(filters.priceMin)} a ${formatEuro(filters.priceMax)}`);
  else if (filters.priceMin != null) parts.push(`da ${formatEuro(filters.priceMin)}`);
  else if (filters.priceMax != null) parts.push(`fino a ${formatEuro(filters.priceMax)}`);
  if (filters.age) parts.push(LISTING_AGE_BANDS.labels[filters.age]);
  if (filters.withPhotos) parts.push("con foto");
  if (filters.area) parts.push("nell'area scelta sulla mappa");
  if (filters.sort === "nearest" && filters.near) parts.push(`vicino a ${filters.near.city}`);
  else if (filters.sort !== "newest") parts.push(LISTING_SORTS.labels[filters.sort]);
  return parts;
}

/** The name the save form offers: the criteria that matter most, or "Tutti gli annunci". */
export function suggestedName(filters: ListingFilters): string {
  const parts = describeCriteria(filters).slice(0, 4);
  const name = parts.length ? parts.join(" · ") : SAVED_SEARCH_TEXTS.allListings;
  return name.slice(0, SAVED_SEARCH_LIMITS.nameLength);
}

/**
 * The matcher's columns of saved_searches (app/db/schema.ts), from the parsed criteria. The words
 * are stored as their query (zampa_word_query: the list's rule for words, a prefix of a word each);
 * a text with no usable word keeps `words_text` with a null query, which matches nothing, as on the list.
 */
export function matchColumns(filters: ListingFilters) {
  const text = searchText(filters.q);
  return {
    petType: filters.petType,
    listingType: filters.listingType,
    region: filters.region,
    priceMin: filters.priceMin,
    priceMax: filters.priceMax,
    ageBand: filters.age,
    withPhotos: filters.withPhotos,
    wordsText: text,
    words: text === null ? null : sql`zampa_word_query(${text})`,
    areaSouth: filters.area?.south ?? null,
    areaWest: filters.area?.west ?? null,
    areaNorth: filters.area?.north ?? null,
    areaEast: filters.area?.east ?? null,
  };
}

