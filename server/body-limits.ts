// How large a request body may be. Uploads of photos get room for their files; every other form is
// small, so a huge body there is refused before anything reads it. Erasable TypeScript only (the
// server runs with Node's type stripping).
const MB = 1024 * 1024;

/** Five photos of at most 10 MB each, the text fields and the multipart framing. */
export const UPLOAD_BODY_LIMIT = 5 * 10 * MB + 2 * MB;
export const DEFAULT_BODY_LIMIT = 1 * MB;

const UPLOAD_PATHS = new Set(["/create-pet-listing", "/api/pet-listings"]);

export function bodyLimitFor(path: string): number {
  return UPLOAD_PATHS.has(path) ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

export const BODY_TOO_LARGE = "La richiesta è troppo grande: puoi caricare al massimo 5 immagini da 10 MB ciascuna.";
