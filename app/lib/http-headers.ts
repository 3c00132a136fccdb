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
