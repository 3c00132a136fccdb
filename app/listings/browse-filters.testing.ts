import type { ListingFilters } from "./browse-filters.server";

/** The list with nothing chosen: newest first, page 1 (tests spread their criteria over it). */
export const NO_FILTERS: ListingFilters = {
  q: "",
  petType: null,
  listingType: null,
  region: null,
  priceMin: null,
  priceMax: null,
  age: null,
  withPhotos: false,
  area: null,
  sort: "newest",
  near: null,
  page: 1,
};
