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

/**
 * The response with its headers changed: in place when they can be, on a copy when they are
 * immutable (Response.redirect, fetch). In place keeps a rendered body as it is (a copy would turn
 * it into a stream).
 */
export function withHeaders(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const headers = new Headers(response.headers);
    change(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
