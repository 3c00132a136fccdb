// Anonymous pages cached as rendered and pre-compressed (gzip and brotli), dropped by the writes
// that change the data they show. A route opts in by sending the x-zampa-cache-tags header (see
// cacheHeaders); the header never leaves the server.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { hasSessionCookie } from "~/accounts/session.server";
import { CACHE_TAGS, currentGeneration, isCacheEnabled, onInvalidate, type CacheTag } from "./cache.server";

export const CACHE_TAG_HEADER = "x-zampa-cache-tags";
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  tags: readonly string[];
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  bytes: number;
}

const entries = new Map<string, Entry>();
let bytes = 0;
let pageCacheEnabled = process.env.PAGE_CACHE !== "false";

export function setPageCacheEnabled(value: boolean): void {
  pageCacheEnabled = value;
  clear();
}

function clear(): void {
  entries.clear();
  bytes = 0;
}

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

function respond(entry: Entry, request: Request, state: "HIT" | "MISS"): Response {
  const headers = new Headers(entry.headers);
  headers.set("etag", entry.etag);
  headers.set("cache-control", "no-cache");
  headers.set("vary", "Accept-Encoding, Cookie");
  headers.set("x-zampa-cache", state);
  if (request.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
  const accept = request.headers.get("accept-encoding") ?? "";
  let body = entry.identity;
  if (/\bbr\b/.test(accept)) {
    body = entry.br;
    headers.set("content-encoding", "br");
  } else if (/\bgzip\b/.test(accept)) {
    body = entry.gzip;
    headers.set("content-encoding", "gzip");
  }
  headers.set("content-length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
}

function cacheable(request: Request, url: URL): boolean {
  return (
    pageCacheEnabled &&
    isCacheEnabled() &&
    (request.method === "GET" || request.method === "HEAD") &&
    !hasSessionCookie(request) &&
    !url.pathname.endsWith(".data")
  );
}

/** The response as rendered, without the internal tag header; never kept by browsers or proxies for signed-in people. */
function passThrough(response: Response, request: Request): Response {
  if (!response.headers.has(CACHE_TAG_HEADER)) return response;
  const headers = new Headers(response.headers);
  headers.delete(CACHE_TAG_HEADER);
  if (hasSessionCookie(request)) headers.set("cache-control", "private, no-cache");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Serves from the cache, or renders and keeps the result when the route opted in. */
export async function servePage(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  if (!cacheable(request, url)) return passThrough(await render(request), request);
  const key = url.pathname + url.search;
  const hit = entries.get(key);
  if (hit) {
    // Most recently used goes last, so that eviction drops the least used.
    entries.delete(key);
    entries.set(key, hit);
    return respond(hit, request, "HIT");
  }

  const generation = currentGeneration();
  const response = await render(request);
  const tagHeader = response.headers.get(CACHE_TAG_HEADER);
  if (!tagHeader) return response;
  if (response.status !== 200 || response.headers.has("set-cookie")) return passThrough(response, request);
  const identity = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (![CACHE_TAG_HEADER, "content-length", "content-encoding", "etag", "cache-control", "vary"].includes(name)) headers.push([name, value]);
  });
  const entry: Entry = {
    // Every page shows the site settings (root loader).
    tags: [...tagHeader.split(","), CACHE_TAGS.seo],
    headers,
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
    etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
    bytes: 0,
  };
  entry.bytes = entry.identity.length + entry.gzip.length + entry.br.length;
  // A write committed while this page was rendering may not be in it: serve it, but do not keep it.
  if (generation === currentGeneration()) store(key, entry);
  return respond(entry, request, "MISS");
}
