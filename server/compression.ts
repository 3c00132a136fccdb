// Compression and security headers for every response, as the HTTP server's middleware. Pages are
// rendered whole (app/entry.server.tsx), so a body is compressed in one call on libuv's threads,
// brotli when the client accepts it (every current browser does), gzip otherwise. Responses that
// arrive already encoded (the page cache's stored variants, the precompressed assets) pass as they
// are. Erasable TypeScript only (the server runs with Node's type stripping).
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { consentFromCookies, NONCE_HEADER, type SecurityHeaders } from "../app/lib/content-security-policy.ts";
import { isCompressible, plainPartsOf, plainResponse, withHeaders, type PlainParts } from "../app/lib/http-headers.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Quality 3, not 4: an uncached page pays its compression on every request, and 4's smaller page
 * did not pay for its extra work (decision 0084); 6 and up are for the page cache, done once.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } };
/** Below this a compressed body saves nothing worth the work. */
const MIN_BYTES = 1024;

/** The encoding to answer with, from the request's Accept-Encoding. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return undefined;
}

/**
 * The security headers a response gets: a rendered document (fresh or from the page cache) names its
 * scripts' nonce in an internal header, and its policy allows that nonce and the third parties the
 * visitor's consent cookie allows. A response that brings its own policy (an upload) keeps it; any
 * other gets the one where nothing runs.
 */
function addSecurityHeaders(security: SecurityHeaders, cookies: string | null, headers: Headers): void {
  const nonce = headers.get(NONCE_HEADER);
  if (nonce !== null) {
    headers.delete(NONCE_HEADER);
    headers.set("content-security-policy", security.document(nonce, consentFromCookies(cookies)));
  } else if (!headers.has("content-security-policy")) {
    headers.set("content-security-policy", security.other);
  }
  for (const name in security.common) if (!headers.has(name)) headers.set(name, security.common[name]!);
}

/** The finished headers of a response with plain parts, from the request's Cookie header and its id. */
export type PlainHeadersFinisher = (cookies: string | null, parts: PlainParts, requestId: string | undefined) => Readonly<Record<string, string>>;

/**
 * The finished headers of responses with plain parts (pages from the cache): made once for each
 * stored header set and consent state, kept as long as the page is, so that a hit only adds its id.
 * Shared by the finisher below and the HTTP server's way for cache hits (server/main.ts).
 */
export function plainHeadersFinisher(security: SecurityHeaders): PlainHeadersFinisher {
  const finished = new WeakMap<object, Array<Readonly<Record<string, string>> | undefined>>();
  const consentIndex = (cookies: string | null): number => {
    const { analytics, marketing } = consentFromCookies(cookies);
    return (analytics ? 2 : 0) + (marketing ? 1 : 0);
  };
  return (cookies, parts, requestId) => {
    const nonce = parts.headers[NONCE_HEADER];
    // Only a document's policy depends on the request (its consent cookie).
    const index = nonce === undefined ? 0 : consentIndex(cookies);
    let forConsent = finished.get(parts.headers);
    if (!forConsent) finished.set(parts.headers, (forConsent = []));
    let headers = forConsent[index];
    if (!headers) {
      const made = new Headers(parts.headers);
      addSecurityHeaders(security, cookies, made);
      headers = forConsent[index] = Object.fromEntries(made);
    }
    return requestId === undefined ? headers : { ...headers, "x-request-id": requestId };
  };
}

/**
 * Every response on its way out: the security headers, and the body compressed when the client
 * accepts it and the response is not encoded already. Runs around the whole Hono app (not as a Hono
 * middleware: assigning c.res would copy each response and its old headers once more). `security`
 * is made once at start-up from the configuration (app/lib/content-security-policy.ts).
 */
export function responseFinisher(
  security: SecurityHeaders,
  finishedHeaders: PlainHeadersFinisher = plainHeadersFinisher(security),
): (request: Request, response: Response, requestId?: string) => Promise<Response> {
  const finishPlain = (request: Request, parts: PlainParts, requestId: string | undefined): Response =>
    plainResponse({ status: parts.status, body: parts.body, headers: finishedHeaders(request.headers.get("cookie"), parts, requestId) });

  return async function finishResponse(request: Request, response: Response, requestId?: string): Promise<Response> {
    // Already encoded (or not to be: a HEAD, a 304, a client that accepts no encoding gets the
    // identity copy): only the headers to finish.
    const plain = plainPartsOf(response);
    if (plain) return finishPlain(request, plain, requestId);
    const addHeaders = (headers: Headers) => {
      addSecurityHeaders(security, request.headers.get("cookie"), headers);
      if (requestId !== undefined) headers.set("x-request-id", requestId);
    };
    const encoding = chooseEncoding(request.headers.get("accept-encoding") ?? undefined);
    // Decided on the status and headers only: reading `response.body` would turn @hono/node-server's
    // lightweight Response (a page from the cache, a rendered document) into a stream, written in
    // copied chunks instead of its buffer at once.
    if (
      !encoding ||
      request.method === "HEAD" ||
      response.status === 204 ||
      response.status === 304 ||
      response.headers.has("content-encoding") ||
      !isCompressible(response.headers.get("content-type"))
    ) {
      return withHeaders(response, addHeaders);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    addHeaders(headers);
    headers.append("vary", "Accept-Encoding");
    const init = { status: response.status, statusText: response.statusText, headers };
    if (bytes.byteLength < MIN_BYTES) return new Response(bytes, init);
    const compressed = encoding === "br" ? await brotli(bytes, BROTLI_OPTIONS) : await gzipAsync(bytes);
    headers.set("content-encoding", encoding);
    headers.set("content-length", String(compressed.byteLength));
    return new Response(compressed as unknown as BodyInit, init);
  };
}
