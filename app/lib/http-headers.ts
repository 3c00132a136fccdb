/** Sent with every page and file Zampa serves. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "SAMEORIGIN",
};

/** Worth compressing on the fly (cached pages are stored compressed already). */
export function isCompressible(contentType: string | null): boolean {
  return contentType !== null && /^(text\/|application\/(json|xml|javascript|x-turbo)|image\/svg)/.test(contentType);
}
