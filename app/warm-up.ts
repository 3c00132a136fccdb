// What each process renders before it listens (decision 0104): the pages most visitors ask for first,
// so that the first real requests find the code compiled, the database connections open and their
// plans and catalogues read, instead of paying for all of it themselves.

/** Public pages that need no id, with the list's search and filters. */
export const WARM_UP_PATHS = [
  "/",
  "/pet-listings",
  "/pet-listings?q=cucciolo+affettuoso",
  "/pet-listings?petType=dog&listingType=adoption",
  "/pet-listings?region=Lombardia&listingType=sale&sort=price-asc&photo=1",
  "/pet-listings?petType=cat&page=2",
  "/articles",
  "/contests",
] as const;

/** How many at once: about the database connections a busy process keeps open, each then warmed. */
export const WARM_UP_PARALLEL = 8;

/**
 * Rounds over the paths: the first compiles and connects; the others render often enough for V8 to
 * optimise the rendering before a visitor pays for it (decision 0112).
 */
export const WARM_UP_ROUNDS = 30;
