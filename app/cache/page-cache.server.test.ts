import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CACHE_TAGS, invalidate, memoBytes, memoize, setCacheEnabled } from "./cache.server";
import { LISTING_FILTER_PARAMS } from "~/listings/browse.server";
import { CACHE_QUERY_HEADER, CACHE_TAG_HEADER, cacheHeaders, cachedAnswer, pageCacheKey, servePage } from "./page-cache.server";

let renders = 0;
let body = "pagina v1";

function render(tags: string | null, status = 200, query = "") {
  return async () => {
    renders += 1;
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    if (tags) headers.set(CACHE_TAG_HEADER, tags);
    if (tags) headers.set(CACHE_QUERY_HEADER, query);
    return new Response(body, { status, headers });
  };
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost:3000${path}`, { headers });

beforeEach(() => {
  setCacheEnabled(true);
  renders = 0;
  body = "pagina v1";
});
afterEach(() => setCacheEnabled(false));

describe("page cache", () => {
  it("keeps an anonymous page whose route opted in, pre-compressed", async () => {
    const first = await servePage(get("/a"), render("articles"));
    expect(first.headers.get("x-zampa-cache")).toBe("MISS");
    expect(first.headers.get(CACHE_TAG_HEADER)).toBeNull();
    const second = await servePage(get("/a", { "accept-encoding": "gzip" }), render("articles"));
    expect(second.headers.get("x-zampa-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toBe("pagina v1");
    const br = await servePage(get("/a", { "accept-encoding": "gzip, deflate, br" }), render("articles"));
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe("pagina v1");
    expect(renders).toBe(1);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await servePage(get("/etag"), render("articles"));
    const etag = first.headers.get("etag")!;
    const again = await servePage(get("/etag", { "if-none-match": etag }), render("articles"));
    expect(again.status).toBe(304);
  });

  it("never keeps pages for signed-in people, errors, or routes that did not opt in", async () => {
    const cookie = { cookie: "better-auth.session_token=abc" };
    const signedIn = await servePage(get("/b", cookie), render("articles"));
    expect(signedIn.headers.get(CACHE_TAG_HEADER)).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    await servePage(get("/b", cookie), render("articles"));
    await servePage(get("/c"), render(null));
    await servePage(get("/c"), render(null));
    const missing = await servePage(get("/d"), render("articles", 404));
    expect(missing.headers.get(CACHE_TAG_HEADER)).toBeNull();
    await servePage(get("/d"), render("articles", 404));
    await servePage(get("/e.data"), render("articles"));
    await servePage(get("/e.data"), render("articles"));
    expect(renders).toBe(8);
  });

  it("renders free-text searches each time and keeps the same page without one", async () => {
    for (let i = 0; i < 2; i++) {
      const searched = await servePage(get("/pet-listings?q=labrador&petType=dog"), render("listings"));
      expect(searched.headers.get("x-zampa-cache")).toBeNull();
      expect(searched.headers.get(CACHE_TAG_HEADER)).toBeNull();
      expect(await searched.text()).toBe("pagina v1");
    }
    expect(renders).toBe(2);
    await servePage(get("/pet-listings?petType=dog"), render("listings", 200, "petType,listingType,page"));
    expect((await servePage(get("/pet-listings?petType=dog"), render("listings"))).headers.get("x-zampa-cache")).toBe("HIT");
    expect(renders).toBe(3);
  });

  it("never answers a map area's list with the list cached without it, nor keeps it (decision 0096)", async () => {
    // The list route's own declaration: `area` is free-form, like `q`, and not among its parameters.
    const declared = cacheHeaders([CACHE_TAGS.listings], [...LISTING_FILTER_PARAMS, "view"])[CACHE_QUERY_HEADER]!;
    expect(declared.split(",")).not.toContain("area");
    await servePage(get("/pet-listings?view=map&petType=dog"), render("listings", 200, declared));
    expect((await servePage(get("/pet-listings?petType=dog&view=map"), render("listings", 200, declared))).headers.get("x-zampa-cache")).toBe("HIT");
    body = "pagina dell'area";
    for (let i = 0; i < 2; i++) {
      const area = await servePage(get("/pet-listings?view=map&petType=dog&area=45.3%2C8.9%2C45.65%2C9.4"), render("listings", 200, declared));
      expect(area.headers.get("x-zampa-cache")).toBeNull();
      expect(await area.text()).toBe("pagina dell'area");
    }
    expect(renders).toBe(3);
    expect(pageCacheKey(new URL("http://x/pet-listings?area=45.3,8.9,45.65,9.4"))).toBeNull();
  });

  it("keeps a page once for its parameters in any order, and only for parameters its route reads, with valid values", async () => {
    const listings = render("listings", 200, "petType,listingType,page");
    await servePage(get("/pet-listings?petType=dog&page=2"), listings);
    expect((await servePage(get("/pet-listings?page=2&petType=dog"), listings)).headers.get("x-zampa-cache")).toBe("HIT");
    expect(renders).toBe(1);
    // Tracking tags, unknown or repeated parameters, invalid values: rendered, never kept.
    for (const path of ["/pet-listings?petType=dog&utm_source=x", "/pet-listings?petType=drago", "/pet-listings?page=0", "/pet-listings?page=2&page=3"]) {
      for (let i = 0; i < 2; i++) expect((await servePage(get(path), listings)).headers.get("x-zampa-cache")).toBeNull();
    }
    expect(renders).toBe(9);
    // A parameter valid somewhere but not read by this route.
    const article = render("articles", 200, "");
    for (let i = 0; i < 2; i++) expect((await servePage(get("/article/x?view=map"), article)).headers.get("x-zampa-cache")).toBeNull();
    expect(renders).toBe(11);
    expect(pageCacheKey(new URL("http://x/pet-listings?page=2&petType=dog"))).toBe("/pet-listings?page=2&petType=dog");
    expect(pageCacheKey(new URL("http://x/pet-listings?q=cane"))).toBeNull();
  });

  it("passes a response whose headers cannot be changed (a redirect), its internal headers removed", async () => {
    const redirected = await servePage(get("/vecchio", { cookie: "better-auth.session_token=abc" }), async () => Response.redirect("http://localhost:3000/nuovo", 302));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("http://localhost:3000/nuovo");
  });

  it("drops pages when a write invalidates one of their tags, and only those", async () => {
    await servePage(get("/articoli"), render("articles,categories"));
    await servePage(get("/partner"), render("partners"));
    body = "pagina v2";
    await invalidate(CACHE_TAGS.categories);
    const refreshed = await servePage(get("/articoli"), render("articles,categories"));
    expect(await refreshed.text()).toBe("pagina v2");
    const untouched = await servePage(get("/partner"), render("partners"));
    expect(untouched.headers.get("x-zampa-cache")).toBe("HIT");
    expect(await untouched.text()).toBe("pagina v1");
  });

  it("serves but does not keep a page rendered while a write was invalidating it", async () => {
    const slowRender = async () => {
      await invalidate(CACHE_TAGS.articles); // a write commits during the render
      return render("articles")();
    };
    await servePage(get("/lento"), slowRender);
    const next = await servePage(get("/lento"), render("articles"));
    expect(next.headers.get("x-zampa-cache")).toBe("MISS");
  });

  it("every page depends on the site settings", async () => {
    await servePage(get("/f"), render("articles"));
    await invalidate(CACHE_TAGS.seo);
    expect((await servePage(get("/f"), render("articles"))).headers.get("x-zampa-cache")).toBe("MISS");
  });

  it("answers a stored page to the HTTP server's raw request (decision 0104), and nothing else", async () => {
    const raw = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, header: (name: string) => headers[name] ?? null });
    expect(cachedAnswer(raw("/raw"))).toBeNull();
    await servePage(get("/raw"), render("articles"));
    const hit = cachedAnswer(raw("/raw", { "accept-encoding": "gzip, deflate, br" }));
    expect(hit?.status).toBe(200);
    expect(hit?.headers["content-encoding"]).toBe("br");
    expect(hit?.headers["x-zampa-cache"]).toBe("HIT");
    expect(brotliDecompressSync(Buffer.from(hit!.body!)).toString()).toBe("pagina v1");
    const head = cachedAnswer(raw("/raw", {}, "HEAD"));
    expect(head?.body).toBeNull();
    expect(head?.headers["content-length"]).toBe(String("pagina v1".length));
    expect(cachedAnswer(raw("/raw", { "if-none-match": hit!.headers.etag! }))?.status).toBe(304);
    // What the ordinary way must see: a session, a write, a query, a path the URL parser would
    // rewrite (escapes, dot segments, doubled slashes), the page's data.
    expect(cachedAnswer(raw("/raw", { cookie: "a=1; better-auth.session_token=abc" }))).toBeNull();
    expect(cachedAnswer(raw("/raw", {}, "POST"))).toBeNull();
    for (const url of ["/raw?page=1", "/raw#x", "/%72aw", "/x/../raw", "/./raw", "//raw", "/raw.data"]) expect(cachedAnswer(raw(url)), url).toBeNull();
    setCacheEnabled(false);
    expect(cachedAnswer(raw("/raw"))).toBeNull();
    expect(renders).toBe(1);
  });

  it("cacheHeaders names the tags and the query parameters read", () => {
    expect(cacheHeaders([CACHE_TAGS.articles, CACHE_TAGS.partners], ["page"])).toEqual({ [CACHE_TAG_HEADER]: "articles,partners", [CACHE_QUERY_HEADER]: "page" });
  });
});

describe("memoized queries", () => {
  it("computes once until a tag is invalidated", async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await memoize("k", [CACHE_TAGS.partners], load)).toBe(1);
    expect(await memoize("k", [CACHE_TAGS.partners], load)).toBe(1);
    await invalidate(CACHE_TAGS.articles);
    expect(await memoize("k", [CACHE_TAGS.partners], load)).toBe(1);
    await invalidate(CACHE_TAGS.partners);
    expect(await memoize("k", [CACHE_TAGS.partners], load)).toBe(2);
  });

  it("runs a lazy thenable (a query builder) once, however often it is awaited", async () => {
    let runs = 0;
    const lazyQuery = {
      then<R>(resolve: (value: string) => R) {
        runs += 1;
        return Promise.resolve(resolve("righe"));
      },
    };
    for (let i = 0; i < 3; i++) expect(await memoize("lazy", [CACHE_TAGS.partners], () => lazyQuery)).toBe("righe");
    expect(runs).toBe(1);
  });

  it("does not keep what does not exist (an unknown slug), so visitors cannot fill it with names", async () => {
    let loads = 0;
    const missing = async () => {
      loads += 1;
      return null;
    };
    await memoize("article:nessuno", [CACHE_TAGS.articles], missing);
    await memoize("article:nessuno", [CACHE_TAGS.articles], missing);
    expect(loads).toBe(2);
    expect(memoBytes().shared).toBe(0);
  });

  it("is bounded by bytes, least recently used out first, searches in their own share", async () => {
    const big = "x".repeat(1024 * 1024);
    await memoize("caldo", [CACHE_TAGS.partners], async () => "pagina letta da tutti");
    for (let i = 0; i < 200; i++) await memoize(`ricerca:${i}`, [CACHE_TAGS.listings], async () => big, { search: true });
    expect(memoBytes().searches).toBeLessThanOrEqual(4 * 1024 * 1024);
    let loads = 0;
    expect(await memoize("caldo", [CACHE_TAGS.partners], async () => `riletta ${++loads}`)).toBe("pagina letta da tutti");
    for (let i = 0; i < 60; i++) await memoize(`grande:${i}`, [CACHE_TAGS.partners], async () => big);
    expect(memoBytes().shared).toBeLessThanOrEqual(28 * 1024 * 1024);
    expect(await memoize("caldo", [CACHE_TAGS.partners], async () => `riletta ${++loads}`)).toBe("riletta 1");
  });

  it("does not keep a failed load", async () => {
    await expect(memoize("fail", [CACHE_TAGS.ads], () => Promise.reject(new Error("x")))).rejects.toThrow();
    expect(await memoize("fail", [CACHE_TAGS.ads], async () => "ok")).toBe("ok");
  });
});
