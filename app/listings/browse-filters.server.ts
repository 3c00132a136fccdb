// The criteria of the public list (/pet-listings), its map and their API, read from the URL's query
// (decision 0094). Like the pet and listing type since decision 0038, an unknown value is ignored (a
// shared link never fails); a price or a place that cannot be used is ignored too, and the page says
// so in Italian (`notices`), so that a visitor sees why the list is not what was asked.
import { gazetteerByName } from "~/geo/gazetteer.server";
import { LISTING_AGE_BANDS, LISTING_SORTS, LISTING_TYPES, PET_TYPES } from "~/lib/enums";
import { pageParam } from "~/lib/paging";
import { romeDate } from "~/lib/rome-time";
import { ITALIAN_REGIONS } from "~/lib/regions";
import type { ListingFormValues } from "~/components/listings/listing-filters";
import type { ListingType, PetType } from "./cards.server";
import { formatMapArea, parseMapArea, type MapArea } from "./map-area";

export type ListingSort = (typeof LISTING_SORTS.values)[number];
export type ListingAgeBand = (typeof LISTING_AGE_BANDS.values)[number];
export type ItalianRegion = (typeof ITALIAN_REGIONS)[number];

/** The comune a "Più vicini a" list is ordered from. */
export interface NearPlace {
  city: string;
  region: string;
  lat: number;
  lng: number;
}

export interface ListingFilters {
  q: string;
  petType: PetType | null;
  listingType: ListingType | null;
  region: ItalianRegion | null;
  /** euro, both ends included; a price range means listings in sale */
  priceMin: number | null;
  priceMax: number | null;
  /** from the birth date: dogs and cats only (other pets' age is free text) */
  age: ListingAgeBand | null;
  withPhotos: boolean;
  /** the map's area (decision 0096): the listing's public, rounded position is inside it */
  area: MapArea | null;
  sort: ListingSort;
  /** set exactly when sort is "nearest" */
  near: NearPlace | null;
  page: number;
}

/** What decides which listings match (the order and the page aside). */
export type Criteria = Omit<ListingFilters, "sort" | "near" | "page">;

/** The list's query parameters, as the form names them and the API reads them. */
export const LISTING_QUERY = {
  q: "q",
  petType: "petType",
  listingType: "listingType",
  region: "region",
  priceMin: "priceMin",
  priceMax: "priceMax",
  age: "age",
  withPhotos: "photo",
  area: "area",
  sort: "sort",
  near: "near",
  page: "page",
} as const;

/** The longest price accepted: the column's numeric(10, 2). */
export const PRICE_FILTER_MAX = 99_999_999;

export const FILTER_MESSAGES = {
  priceMinInvalid: "Il prezzo minimo non è valido (un numero di euro, da 0 in su): non è stato applicato.",
  priceMaxInvalid: "Il prezzo massimo non è valido (un numero di euro, da 0 in su): non è stato applicato.",
  priceOrder: "Il prezzo minimo supera il massimo: il filtro del prezzo non è stato applicato.",
  priceNotSale: "Il prezzo vale solo per gli annunci in vendita: il filtro del prezzo non è stato applicato.",
  sortNotSale: "L'ordine per prezzo vale solo per gli annunci in vendita: gli annunci sono ordinati dai più recenti.",
  nearMissing: "Scrivi un comune per vedere prima gli annunci più vicini: per ora sono ordinati dai più recenti.",
  nearUnknown: (place: string) => `Non troviamo il comune “${place}”: gli annunci sono ordinati dai più recenti.`,
  areaInvalid: "L'area della mappa non è valida: non è stata applicata.",
} as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** A price typed in euro ("150", "99,50"); undefined when absent, null when not a price. */
function priceOf(value: string | null): number | null | undefined {
  const text = value?.trim() ?? "";
  if (text === "") return undefined;
  if (!/^\d{1,8}([.,]\d{1,2})?$/.test(text)) return null;
  const price = Number(text.replace(",", "."));
  return price <= PRICE_FILTER_MAX ? price : null;
}

/**
 * The criteria of a list URL's query, as readQuery (app/lib/form.server.ts) decoded it, with the
 * Italian notices of what was asked and could not be applied.
 */
export function parseListingQuery(query: URLSearchParams): { filters: ListingFilters; notices: string[] } {
  const notices: string[] = [];
  const Q = LISTING_QUERY;
  let listingType = oneOf(LISTING_TYPES.values, query.get(Q.listingType));
  const region = oneOf(ITALIAN_REGIONS, query.get(Q.region));

  let priceMin = priceOf(query.get(Q.priceMin));
  let priceMax = priceOf(query.get(Q.priceMax));
  if (priceMin === null) notices.push(FILTER_MESSAGES.priceMinInvalid);
  if (priceMax === null) notices.push(FILTER_MESSAGES.priceMaxInvalid);
  if (priceMin != null && priceMax != null && priceMin > priceMax) {
    notices.push(FILTER_MESSAGES.priceOrder);
    priceMin = priceMax = null;
  }
  let sort = oneOf(LISTING_SORTS.values, query.get(Q.sort)) ?? "newest";
  const priced = priceMin != null || priceMax != null;
  // A price, as a filter or an order, only means something for a sale: it chooses the listings in
  // sale (the form then shows "Vendita"), and is not applied to another listing type.
  if (listingType !== null && listingType !== "sale") {
    if (priced) notices.push(FILTER_MESSAGES.priceNotSale);
    if (sort === "price-asc" || sort === "price-desc") {
      notices.push(FILTER_MESSAGES.sortNotSale);
      sort = "newest";
    }
    priceMin = priceMax = null;
  } else if (priced || sort === "price-asc" || sort === "price-desc") {
    listingType = "sale";
  }

  const area = parseMapArea(query.get(Q.area));
  if (area === null) notices.push(FILTER_MESSAGES.areaInvalid);

  let near: NearPlace | null = null;
  if (sort === "nearest") {
    const typed = (query.get(Q.near) ?? "").trim().slice(0, 100);
    near = typed ? gazetteerByName(typed, region) : null;
    if (!near) {
      notices.push(typed ? FILTER_MESSAGES.nearUnknown(typed) : FILTER_MESSAGES.nearMissing);
      sort = "newest";
    }
  }

  return {
    filters: {
      q: (query.get(Q.q) ?? "").trim().slice(0, 200),
      petType: oneOf(PET_TYPES.values, query.get(Q.petType)),
      listingType,
      region,
      priceMin: priceMin ?? null,
      priceMax: priceMax ?? null,
      age: oneOf(LISTING_AGE_BANDS.values, query.get(Q.age)),
      withPhotos: query.get(Q.withPhotos) === "1",
      area: area ?? null,
      sort,
      near,
      page: pageParam(query),
    },
    notices,
  };
}

/** The criteria alone (the map and the API answer them without their notices). */
export function parseFilters(query: URLSearchParams): ListingFilters {
  return parseListingQuery(query).filters;
}

/** Any criterion that narrows the list (for the page's "no result" advice and its indexing). */
export function isFiltered(f: Criteria): boolean {
  return Boolean(f.q || f.petType || f.listingType || f.region || f.priceMin != null || f.priceMax != null || f.age || f.withPhotos || f.area);
}

/** The calendar date `months` before `today` (YYYY-MM-DD), clamped to the month's last day. */
function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * The birth dates of an age band, on Italy's calendar: born after `after` (exclusive) and on or
 * before `until` (inclusive); an open end is null. "Fino a 3 mesi" is born in the last three
 * months, today included; "Da 3 a 12 mesi" is three months old or more and under twelve.
 */
export function ageBandDates(band: ListingAgeBand, now = new Date()): { after: string | null; until: string | null } {
  const today = romeDate(now);
  const bounds: Record<ListingAgeBand, [number | null, number | null]> = {
    "0-3m": [3, null],
    "3-12m": [12, 3],
    "1-7y": [84, 12],
    "7y+": [null, 84],
  };
  const [older, younger] = bounds[band];
  return { after: older === null ? null : monthsBefore(today, older), until: younger === null ? today : monthsBefore(today, younger) };
}

/**
 * What the list's form shows: the criteria applied (a price order shows "Vendita"), and a price, an
 * order or a place the server could not use as it was asked, to be corrected.
 */
export function formValuesOf(query: URLSearchParams, filters: ListingFilters): ListingFormValues {
  const Q = LISTING_QUERY;
  const typed = (name: string, length: number) => (query.get(name) ?? "").trim().slice(0, length);
  const sort = oneOf(LISTING_SORTS.values, query.get(Q.sort));
  return {
    q: filters.q,
    petType: filters.petType ?? "",
    listingType: filters.listingType ?? "",
    region: filters.region ?? "",
    priceMin: typed(Q.priceMin, 12),
    priceMax: typed(Q.priceMax, 12),
    age: filters.age ?? "",
    photo: filters.withPhotos ? "1" : "",
    sort: sort === null || sort === "newest" ? "" : sort,
    near: typed(Q.near, 100),
    // Kept as it was applied (a bad one is dropped with its notice, not carried on).
    area: filters.area ? formatMapArea(filters.area) : "",
  };
}
