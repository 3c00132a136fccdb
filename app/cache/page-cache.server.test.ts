import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CACHE_TAGS, invalidate, memoize, setCacheEnabled } from "./cache.server";
import { CACHE_TAG_HEADER, cacheHeaders, servePage } from "./page-cache.server";

let renders = 0;
let body = "pagina v1";

function render(tags: string | null, status = 200) {
  return async () => {
    renders += 1;
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    if (tags) headers.set(CACHE_TAG_HEADER, tags);
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
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
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
    await servePage(get("/pet-listings?petType=dog"), render("listings"));
    expect((await servePage(get("/pet-listings?petType=dog"), render("listings"))).headers.get("x-zampa-cache")).toBe("HIT");
    expect(renders).toBe(3);
  });

  it("completes the headers of a response whose headers cannot be changed (a redirect)", async () => {
    const redirected = await servePage(get("/vecchio"), async () => Response.redirect("http://localhost:3000/nuovo", 302));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("http://localhost:3000/nuovo");
    expect(redirected.headers.get("x-content-type-options")).toBe("nosniff");
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

  it("cacheHeaders names the tags", () => {
    expect(cacheHeaders(CACHE_TAGS.articles, CACHE_TAGS.partners)).toEqual({ [CACHE_TAG_HEADER]: "articles,partners" });
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

  it("does not keep a failed load", async () => {
    await expect(memoize("fail", [CACHE_TAGS.ads], () => Promise.reject(new Error("x")))).rejects.toThrow();
    expect(await memoize("fail", [CACHE_TAGS.ads], async () => "ok")).toBe("ok");
  });
});
