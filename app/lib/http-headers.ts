/**
 * Worth compressing on the fly (cached pages are stored compressed already). Server-sent events are
 * not: a compressor holds back small writes, and each event must reach the browser when sent.
 */
export function isCompressible(contentType: string | null): boolean {
  if (contentType === null || contentType.startsWith("text/event-stream")) return false;
  return /^(text\/|application\/(json|xml|javascript|x-turbo)|image\/svg)/.test(contentType);
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
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
}

/**
 * A response whose status, body and headers are kept as plain values beside it (the page cache's
 * answers): the HTTP server reads them from here instead of the response's `headers`, which would
 * build a Headers object for every request and have it turned back into a plain one to be written.
 * A shared symbol, because the app and the HTTP server are bundled apart.
 */
export const PLAIN_PARTS = Symbol.for("zampa.plainParts");

export interface PlainParts {
  status: number;
  /** null for a HEAD or a 304 */
  body: Uint8Array | null;
  /** Never changed in place: it may be shared by every answer of one cached page. */
  headers: Readonly<Record<string, string>>;
}

/** A response carrying its plain parts (it must never be changed afterwards: its headers would disagree). */
export function plainResponse(parts: PlainParts): Response {
  const response = new Response(parts.body as unknown as BodyInit | null, { status: parts.status, headers: parts.headers as Record<string, string> });
  (response as unknown as Record<symbol, PlainParts>)[PLAIN_PARTS] = parts;
  return response;
}

/** The plain parts of a response made by plainResponse, if it was. */
export function plainPartsOf(response: Response): PlainParts | undefined {
  return (response as unknown as Record<symbol, PlainParts | undefined>)[PLAIN_PARTS];
}
