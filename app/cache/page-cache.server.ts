// Anonymous pages cached as rendered and pre-compressed (gzip and brotli), dropped by the writes
// that change the data they show. A route opts in by sending the x-zampa-cache-tags header (see
// cacheHeaders), naming the query parameters it reads; the headers never leave the server. The HTTP
// server adds the security headers and compresses what is not cached (server/compression.ts).
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { hasSessionCookie, hasSessionCookieIn, withSessionCookies } from "~/accounts/session.server";
import { config } from "~/config.server";
import { AD_PAGE_TYPES, AD_PLACEMENTS, LISTING_AGE_BANDS, LISTING_SORTS, LISTING_TYPES, PET_TYPES } from "~/lib/enums";
import { ITALIAN_REGIONS } from "~/lib/regions";
import { NONCE_HEADER } from "~/lib/content-security-policy";
import { plainResponse, withHeaders, type PlainParts } from "~/lib/http-headers";
import { pageCacheCounts } from "~/lib/runtime-stats.server";
import { ByteLru, MB } from "./byte-lru";
import { CACHE_TAGS, currentGeneration, isCacheEnabled, onInvalidate, type CacheTag } from "./cache.server";

export const CACHE_TAG_HEADER = "x-zampa-cache-tags";
export const CACHE_QUERY_HEADER = "x-zampa-cache-query";

/**
 * The query parameters a cached page may read, and the values it is kept for. A request with any
 * other parameter (a free-text ?q=, a tracking tag), a repeated one, or a value outside these is
 * rendered and not kept: visitors cannot fill the cache with addresses of their choosing.
 */
const CACHEABLE_QUERY = {
  // A list's page number, or the kind of page an ad is asked for (/api/ads).
  page: (v: string) => /^[1-9][0-9]{0,5}$/.test(v) || (AD_PAGE_TYPES.values as readonly string[]).includes(v),
  petType: (v: string) => (PET_TYPES.values as readonly string[]).includes(v),
  listingType: (v: string) => (LISTING_TYPES.values as readonly string[]).includes(v),
  category: (v: string) => /^[a-z0-9-]{1,100}$/.test(v),
  view: (v: string) => v === "map",
  // The list's other filters (decision 0094): a region, whole euro, an age band, "con foto", an
  // order. ?near= is a place typed, like ?q=: never kept.
  region: (v: string) => (ITALIAN_REGIONS as readonly string[]).includes(v),
  priceMin: (v: string) => /^(0|[1-9][0-9]{0,7})$/.test(v),
  priceMax: (v: string) => /^(0|[1-9][0-9]{0,7})$/.test(v),
  age: (v: string) => (LISTING_AGE_BANDS.values as readonly string[]).includes(v),
  photo: (v: string) => v === "1",
  sort: (v: string) => (LISTING_SORTS.values as readonly string[]).includes(v) && v !== "nearest",
  placement: (v: string) => (AD_PLACEMENTS.values as readonly string[]).includes(v),
} satisfies Record<string, (value: string) => boolean>;
export type CacheableQueryParam = keyof typeof CACHEABLE_QUERY;

interface Variant {
  body: Buffer;
  headers: Record<string, string>;
}

/** A cached page: each encoding with its ready-made headers, so that a hit allocates almost nothing. */
interface Entry {
  tags: readonly string[];
  identity: Variant;
  gzip: Variant;
  br: Variant;
  notModified: Record<string, string>;
  etag: string;
}

/** PAGE_CACHE_MB (default 64): the bytes of the stored pages, all three encodings counted. */
const entries = new ByteLru<Entry>(config().pageCacheMb * MB);
/** PAGE_CACHE=false switches it off (benchmarks compare both). */
const pageCacheEnabled = process.env.PAGE_CACHE !== "false";

onInvalidate((tags) => entries.deleteWhere((entry) => entry.tags.some((t) => tags.includes(t as CacheTag))));

/**
 * Headers for a route's `headers` export or a resource response: cache this page under these tags.
 * `query` names every query parameter the route reads (a page is kept only for those).
 */
export function cacheHeaders(tags: readonly CacheTag[], query: readonly CacheableQueryParam[] = []): Record<string, string> {
  return { [CACHE_TAG_HEADER]: tags.join(","), [CACHE_QUERY_HEADER]: query.join(",") };
}

/** How a request asks for a stored page: the parts of it that choose the answer. */
interface Asked {
  method: string;
  ifNoneMatch: string | null;
  acceptEncoding: string | null;
}

/** A stored page's answer; `result` other than HIT (a page just rendered) gets headers of its own. */
function answerOf(entry: Entry, asked: Asked, result?: string): PlainParts {
  if (asked.ifNoneMatch === entry.etag) {
    return { status: 304, body: null, headers: result ? { ...entry.notModified, "x-zampa-cache": result } : entry.notModified };
  }
  const accept = asked.acceptEncoding ?? "";
  const variant = /\bbr\b/.test(accept) ? entry.br : /\bgzip\b/.test(accept) ? entry.gzip : entry.identity;
  // The stored headers, shared by every hit (the HTTP server finishes them once per page, not per
  // request); a Buffer is a Uint8Array: passed as it is, the server writes it without a copy.
  return {
    status: 200,
    body: asked.method === "HEAD" ? null : variant.body,
    headers: result ? { ...variant.headers, "x-zampa-cache": result } : variant.headers,
  };
}

function respond(entry: Entry, request: Request, result?: string): Response {
  const asked = { method: request.method, ifNoneMatch: request.headers.get("if-none-match"), acceptEncoding: request.headers.get("accept-encoding") };
  return plainResponse(answerOf(entry, asked, result));
}

/** A request as the HTTP server holds it before any Request object is made: method, raw path, headers. */
export interface RawRequest {
  method: string;
  /** The path as sent, query included. */
  url: string;
  header: (name: string) => string | null;
}

// A path the URL parser would leave as it is (no escapes, no dot segments, no doubled slash, no
// query): the page cache's key for it is the path itself.
const PLAIN_PATH = /^\/(?!.*\/\/)(?!(?:.*\/)?\.\.?(?:\/|$))[A-Za-z0-9\-._~/]*$/;

/**
 * The stored answer to a request the HTTP server has not turned into a Request yet (decision 0104):
 * a hit is answered without one; anything else (a miss, a query, a signed-in visitor) is null and
 * takes the ordinary way, which renders and stores it.
 */
export function cachedAnswer(raw: RawRequest): PlainParts | null {
  if (!PLAIN_PATH.test(raw.url) || !cacheable(raw.method, raw.url, raw.header("cookie"))) return null;
  const hit = entries.get(raw.url);
  if (!hit) return null;
  pageCacheCounts.hit++;
  return answerOf(hit, { method: raw.method, ifNoneMatch: raw.header("if-none-match"), acceptEncoding: raw.header("accept-encoding") });
}

/** No internal header leaves; a page shown to a signed-in person is kept by no cache at all. */
function finish(response: Response, request: Request): Response {
  const signedIn = hasSessionCookie(request) && response.headers.has("content-type") && !response.headers.has("cache-control");
  if (!signedIn && !response.headers.has(CACHE_TAG_HEADER)) return response;
  return withHeaders(response, (headers) => {
    headers.delete(CACHE_TAG_HEADER);
    headers.delete(CACHE_QUERY_HEADER);
    if (signedIn) headers.set("cache-control", "private, no-store");
  });
}

/**
 * The cache key of a request whose query the cache may keep: the path and its parameters in a fixed
 * order; null when the query holds anything else. Free-text searches (`?q=`) are never kept:
 * searches seldom repeat (decision 0031).
 */
export function pageCacheKey(url: URL): string | null {
  if (url.search === "") return url.pathname;
  const pairs: string[] = [];
  for (const [name, value] of url.searchParams) {
    const valid = (CACHEABLE_QUERY as Record<string, ((v: string) => boolean) | undefined>)[name];
    if (!valid?.(value)) return null;
    pairs.push(`${name}=${value}`);
  }
  pairs.sort();
  for (let i = 1; i < pairs.length; i++) if (pairs[i]!.split("=")[0] === pairs[i - 1]!.split("=")[0]) return null;
  return `${url.pathname}?${pairs.join("&")}`;
}

/** Every parameter of the request is one the route reads. */
function readsWholeQuery(url: URL, declared: string | null): boolean {
  if (url.search === "") return true;
  const read = new Set((declared ?? "").split(","));
  for (const name of url.searchParams.keys()) if (!read.has(name)) return false;
  return true;
}

/** Whether the cache may answer a request: an anonymous GET or HEAD of a page (not its data). */
function cacheable(method: string, pathname: string, cookies: string | null): boolean {
  return pageCacheEnabled && isCacheEnabled() && (method === "GET" || method === "HEAD") && !hasSessionCookieIn(cookies) && !pathname.endsWith(".data");
}

/**
 * The path of a request's URL when it has neither query nor fragment; null otherwise. A Request's
 * `url` is always serialised by the URL parser (undici, @hono/node-server), so the path is already
 * as `new URL(url).pathname` would give it.
 */
export function plainPathOf(href: string): string | null {
  if (href.includes("?") || href.includes("#")) return null;
  const slash = href.indexOf("/", href.indexOf("//") + 2);
  return slash === -1 ? "/" : href.slice(slash);
}

async function toEntry(response: Response, tagHeader: string): Promise<Entry> {
  const identity = Buffer.from(await response.arrayBuffer());
  const etag = `"${createHash("sha1").update(identity).digest("base64url")}"`;
  const base: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (![CACHE_TAG_HEADER, CACHE_QUERY_HEADER, "content-length", "content-encoding", "etag", "cache-control", "vary"].includes(name)) base[name] = value;
  });
  Object.assign(base, { etag, "cache-control": "no-cache", vary: "Accept-Encoding, Cookie", "x-zampa-cache": "HIT" });
  const variant = (body: Buffer, encoding?: string): Variant => ({
    body,
    headers: { ...base, ...(encoding ? { "content-encoding": encoding } : {}), "content-length": String(body.length) },
  });
  const gzip = gzipSync(identity, { level: 6 });
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
  return {
    // Every page shows the site settings (root loader).
    tags: [...tagHeader.split(","), CACHE_TAGS.seo],
    identity: variant(identity),
    gzip: variant(gzip, "gzip"),
    br: variant(br, "br"),
    // A 304 updates the headers the browser stored with the page: its policy must name the stored
    // page's nonce, so the nonce travels with it (the HTTP server turns it into the policy).
    notModified: {
      etag,
      "cache-control": "no-cache",
      vary: "Accept-Encoding, Cookie",
      "x-zampa-cache": "HIT",
      ...(base[NONCE_HEADER] ? { [NONCE_HEADER]: base[NONCE_HEADER] } : {}),
    },
    etag,
  };
}

const entryBytes = (key: string, e: Entry) => key.length + e.identity.body.length + e.gzip.body.length + e.br.body.length + 1024;

/** Serves from the cache, or renders and keeps the result when the route opted in. */
export async function servePage(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
  // Most hits have no query: their key is the path, read from the (already normalised) URL without
  // parsing it again.
  const plainPath = plainPathOf(request.url);
  const url = plainPath === null ? new URL(request.url) : undefined;
  const key = cacheable(request.method, plainPath ?? url!.pathname, request.headers.get("cookie")) ? (plainPath ?? pageCacheKey(url!)) : null;
  if (key === null) {
    pageCacheCounts.bypass++;
    // A signed-in request (never cached): the session's refreshed or removed cookie goes with it.
    const response = hasSessionCookie(request) ? await withSessionCookies(() => render(request)) : await render(request);
    return finish(response, request);
  }
  const hit = entries.get(key);
  if (hit) {
    pageCacheCounts.hit++;
    return respond(hit, request);
  }
  pageCacheCounts.miss++;

  const generation = currentGeneration();
  const response = await render(request);
  const tagHeader = response.headers.get(CACHE_TAG_HEADER);
  if (
    !tagHeader ||
    response.status !== 200 ||
    response.headers.has("set-cookie") ||
    (url !== undefined && !readsWholeQuery(url, response.headers.get(CACHE_QUERY_HEADER)))
  ) {
    return finish(response, request);
  }
  const entry = await toEntry(response, tagHeader);
  // A write committed while this page was rendering may not be in it: serve it, but do not keep it.
  if (generation === currentGeneration()) entries.set(key, entry, entryBytes(key, entry));
  return respond(entry, request, "MISS");
}
