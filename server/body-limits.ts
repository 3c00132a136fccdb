// How large a request body may be. Uploads of photos get room for their files; every other form is
// small, so a huge body there is refused before anything reads it. Erasable TypeScript only (the
// server runs with Node's type stripping).
const MB = 1024 * 1024;

/** Five photos of at most 10 MB each, the text fields and the multipart framing. */
export const UPLOAD_BODY_LIMIT = 5 * 10 * MB + 2 * MB;
export const DEFAULT_BODY_LIMIT = 1 * MB;

/** One contest photo of at most 10 MB, the text fields and the multipart framing. */
export const CONTEST_BODY_LIMIT = 10 * MB + 1 * MB;

const UPLOAD_PATHS = new Set(["/create-pet-listing", "/api/pet-listings"]);
const CONTEST_PAGE = /^\/contests\/[0-9a-f-]{36}$/i;

export function bodyLimitFor(path: string): number {
  if (UPLOAD_PATHS.has(path)) return UPLOAD_BODY_LIMIT;
  if (CONTEST_PAGE.test(path)) return CONTEST_BODY_LIMIT;
  return DEFAULT_BODY_LIMIT;
}

export const BODY_TOO_LARGE = "La richiesta è troppo grande: ogni immagine può pesare al massimo 10 MB.";
