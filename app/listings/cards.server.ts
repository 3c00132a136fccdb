// What the list page and its map show of a listing, and the columns they are read from: one
// definition for the list's queries (browse.server.ts) and the other readers of cards.
import { sql } from "drizzle-orm";
import { petListings } from "~/db/schema";
import type { LISTING_TYPES, PET_TYPES } from "~/lib/enums";
import { publicCoordinate } from "./public-position.server";

export type PetType = (typeof PET_TYPES.values)[number];
export type ListingType = (typeof LISTING_TYPES.values)[number];

export interface ListingCard {
  id: string;
  title: string;
  /** the first characters of the description, for the card */
  summary: string;
  petType: PetType;
  listingType: ListingType;
  breed: string | null;
  age: string | null;
  /** dogs and cats: the birth date the card's age is computed from (decision 0085) */
  birthDate: string | null;
  birthMonthOnly: boolean;
  city: string;
  region: string;
  price: number;
  image: string | null;
}

const SUMMARY_LENGTH = 180;

export const cardColumns = {
  id: petListings.id,
  title: petListings.title,
  summary: sql<string>`left(${petListings.description}, ${SUMMARY_LENGTH})`,
  petType: petListings.petType,
  listingType: petListings.listingType,
  breed: petListings.breed,
  age: petListings.age,
  birthDate: petListings.birthDate,
  birthMonthOnly: petListings.birthMonthOnly,
  city: petListings.locationCity,
  region: petListings.locationRegion,
  price: petListings.price,
  image: sql<string | null>`${petListings.images}[1]`,
};

export interface ListingMarker {
  id: string;
  title: string;
  lat: number;
  lng: number;
  listingType: ListingType;
  city: string;
}

/** The public map's position, rounded to the same decimals as publicPosition (public-position.ts). */
const rounded = (column: typeof petListings.locationLat | typeof petListings.locationLng) => sql<number>`${publicCoordinate(column)}::float8`.mapWith(Number);

export const markerColumns = {
  id: petListings.id,
  title: petListings.title,
  lat: rounded(petListings.locationLat),
  lng: rounded(petListings.locationLng),
  listingType: petListings.listingType,
  city: petListings.locationCity,
};
