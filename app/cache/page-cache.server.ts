// Anonymous pages cached as rendered and pre-compressed (gzip and brotli), dropped by the writes
// that change the data they show. A route opts in by sending the x-zampa-cache-tags header (see
// cacheHeaders); the header never leaves the server.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { hasSessionCookie } from "~/accounts/session.server";
import { isCompressible, SECURITY_HEADERS } from "~/lib/http-headers";
import { CACHE_TAGS, currentGeneration, isCacheEnabled, onInvalidate, type CacheTag } from "./cache.server";

export const CACHE_TAG_HEADER = "x-zampa-cache-tags";
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

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
  bytes: number;
}

const entries = new Map<string, Entry>();
let bytes = 0;
/** PAGE_CACHE=false switches it off (benchmarks compare both). */
const pageCacheEnabled = process.env.PAGE_CACHE !== "false";

function remove(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  bytes -= entry.bytes;
}

onInvalidate((tags) => {
  for (const [key, entry] of entries) if (entry.tags.some((t) => tags.includes(t as CacheTag))) remove(key);
});

/** Headers for a route's `headers` export or a resource response: cache this page under these tags. */
export function cacheHeaders(...tags: CacheTag[]): Record<string, string> {
  return { [CACHE_TAG_HEADER]: tags.join(",") };
}

function store(key: string, entry: Entry): void {
  remove(key);
  entries.set(key, entry);
  bytes += entry.bytes;
  while (entries.size > MAX_ENTRIES || bytes > MAX_BYTES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    remove(oldest);
  }
}

function respond(entry: Entry, request: Request): Response {
  if (request.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers: entry.notModified });
  const accept = request.headers.get("accept-encoding") ?? "";
  const variant = /\bbr\b/.test(accept) ? entry.br : /\bgzip\b/.test(accept) ? entry.gzip : entry.identity;
  // A Buffer is a Uint8Array; passed as it is, the server writes it without a copy.
  return new Response(request.method === "HEAD" ? null : (variant.body as unknown as BodyInit), { status: 200, headers: variant.headers });
}

/** Security headers, no internal tag header, compression when the client accepts it. */
function finish(response: Response, request: Request): Response {
  const compress =
    /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "") &&
    !response.headers.has("content-encoding") &&
    isCompressible(response.headers.get("content-type")) &&
    response.body !== null;
  if (!compress) {
    // Sent as rendered, its headers completed in place: a copy would turn the page into a stream,
    // written in pieces after the headers. Headers can be immutable (Response.redirect, fetch):
    // those are copied.
    try {
      completeHeaders(response.headers, request);
      return response;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      const headers = new Headers(response.headers);
      completeHeaders(headers, request);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
  }
  const headers = new Headers(response.headers);
  completeHeaders(headers, request);
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  headers.append("vary", "Accept-Encoding");
  const body = response.body!.pipeThrough(new CompressionStream("gzip")) as ReadableStream<Uint8Array<ArrayBuffer>>;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function completeHeaders(headers: Headers, request: Request): void {
  headers.delete(CACHE_TAG_HEADER);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (hasSessionCookie(request) && headers.has("content-type") && !headers.has("cache-control")) headers.set("cache-control", "private, no-cache");
}

/**
 * Free-text searches (`?q=`) are rendered each time, their query results still memoized: searches
 * seldom repeat, and keeping each one (three encodings, compressed on the way in) filled the cache
 * with pages nobody asks twice, evicting those that are asked. Measured with a new listing search
 * on every request: peak memory 382 MB with them kept, 287 MB without (decision 0031).
 */
function cacheable(request: Request, url: URL): boolean {
  return (
    pageCacheEnabled &&
    isCacheEnabled() &&
    (request.method === "GET" || request.method === "HEAD") &&
    !hasSessionCookie(request) &&
    !url.pathname.endsWith(".data") &&
    !url.searchParams.has("q")
  );
}

async function toEntry(response: Response, tagHeader: string): Promise<Entry> {
  const identity = Buffer.from(await response.arrayBuffer());
  const etag = `"${createHash("sha1").update(identity).digest("base64url")}"`;
  const base: Record<string, string> = { ...SECURITY_HEADERS };
  response.headers.forEach((value, name) => {
    if (![CACHE_TAG_HEADER, "content-length", "content-encoding", "etag", "cache-control", "vary"].includes(name)) base[name] = value;
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
    notModified: { etag, "cache-control": "no-cache", vary: "Accept-Encoding, Cookie", "x-zampa-cache": "HIT" },
    etag,
    bytes: identity.length + gzip.length + br.length,
  };
}

/** Serves from the cache, or renders and keeps the result when the route opted in. */
export async function servePage(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  if (!cacheable(request, url)) return finish(await render(request), request);
  const key = url.pathname + url.search;
  const hit = entries.get(key);
  if (hit) {
    // Most recently used goes last, so that eviction drops the least used.
    entries.delete(key);
    entries.set(key, hit);
    return respond(hit, request);
  }

  const generation = currentGeneration();
  const response = await render(request);
  const tagHeader = response.headers.get(CACHE_TAG_HEADER);
  if (!tagHeader || response.status !== 200 || response.headers.has("set-cookie")) return finish(response, request);
  const entry = await toEntry(response, tagHeader);
  // A write committed while this page was rendering may not be in it: serve it, but do not keep it.
  if (generation === currentGeneration()) store(key, entry);
  const fresh = respond(entry, request);
  fresh.headers.set("x-zampa-cache", "MISS");
  return fresh;
}
