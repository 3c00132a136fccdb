import { matchRoutes, UNSAFE_decodeViaTurboStream } from "react-router";
import { describe, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGES } from "../app/lib/rate-limit-classes";
import { routeManifest } from "../tests/route-manifest";
import { routeLookup } from "./body-limits";
import { singleFetchActionData } from "../app/lib/single-fetch";
import { requestClass, tooManyRequests } from "./rate-limit";

// The modules that declare a class, in the build's route manifest.
const modules: Record<string, { handle?: unknown }> = {
  "routes/articles": await import("../app/routes/articles"),
  "routes/listings/browse": await import("../app/routes/listings/browse"),
  "routes/api.pet-listings-map": await import("../app/routes/api.pet-listings-map"),
  "routes/listings/create": await import("../app/routes/listings/create"),
  "routes/api.pet-listings": await import("../app/routes/api.pet-listings"),
  "routes/contests/detail": await import("../app/routes/contests/detail"),
  "routes/admin/article-images": await import("../app/routes/admin/article-images"),
  "routes/admin/ai/generate-article": await import("../app/routes/admin/ai/generate-article"),
};
const lookup = routeLookup(routeManifest(modules), matchRoutes);
const CONTEST = "/contests/3f0f8a5e-1111-4222-8333-944455556666";

function classOf(method: string, url: string, contentType?: string) {
  const { pathname, search } = new URL(url, "http://localhost");
  return requestClass(method, contentType, search, lookup(pathname, search));
}

describe("the class of a request", () => {
  it("is search only for a list page (or its API) asked with a text query", () => {
    expect(classOf("GET", "/articles?q=vaccini")).toBe("search");
    expect(classOf("GET", "/articles.data?q=vaccini")).toBe("search");
    expect(classOf("GET", "/pet-listings?q=labrador&page=2")).toBe("search");
    expect(classOf("GET", "/api/pet-listings/map?q=gatto")).toBe("search");
    // No text, or a page that does not search: no class, nothing taken.
    expect(classOf("GET", "/articles")).toBeUndefined();
    expect(classOf("GET", "/articles?q=")).toBeUndefined();
    expect(classOf("GET", "/articles?q=%20%20")).toBeUndefined();
    expect(classOf("GET", "/articles?category=cani")).toBeUndefined();
    expect(classOf("GET", "/article/x?q=cane")).toBeUndefined();
    expect(classOf("GET", "/")).toBeUndefined();
  });

  it("is the route's declared class for a POST, forms otherwise", () => {
    expect(classOf("POST", "/create-pet-listing", "multipart/form-data; boundary=x")).toBe("uploads");
    expect(classOf("POST", "/api/pet-listings", "multipart/form-data; boundary=x")).toBe("uploads");
    expect(classOf("POST", "/admin/article-images", "multipart/form-data; boundary=x")).toBe("uploads");
    expect(classOf("POST", `${CONTEST}.data`, "application/x-www-form-urlencoded")).toBe("votes");
    expect(classOf("POST", CONTEST, "multipart/form-data; boundary=x")).toBe("uploads");
    expect(classOf("POST", "/admin/ai/generate-article", "application/json")).toBe("ai");
    expect(classOf("POST", "/contact.data", "application/x-www-form-urlencoded")).toBe("forms");
    expect(classOf("POST", "/report-listing/abc", "application/x-www-form-urlencoded")).toBe("forms");
    expect(classOf("DELETE", "/dashboard/pet-listings")).toBe("forms");
    expect(classOf("POST", "/nessuna/pagina")).toBe("forms");
  });
});

describe("the refusal", () => {
  const match = (path: string) => lookup(path, "");

  it("reaches a form posted with JavaScript as its action's data, in React Router's own encoding", async () => {
    const response = tooManyRequests(new Request(`http://localhost${CONTEST}.data`, { method: "POST" }), `${CONTEST}.data`, 42, "votes", match(CONTEST));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("42");
    expect(response.headers.get("x-remix-response")).toBe("yes");
    const decoded = await UNSAFE_decodeViaTurboStream(response.body!, globalThis);
    await decoded.done;
    expect(decoded.value).toEqual({ data: { intent: "vote", ok: false, error: RATE_LIMIT_MESSAGES.tooMany(42) } });
    expect(RATE_LIMIT_MESSAGES.tooMany(42)).toBe("Hai inviato troppe richieste in poco tempo. Riprova tra 42 secondi.");
  });

  it("encodes any flat object so that React Router decodes it as written", async () => {
    const value = { ok: false, error: 'Virgolette " e \\ barre, accenti è, a capo\n', count: 3, intent: "enter" };
    const stream = new Response(singleFetchActionData(value)).body!;
    const decoded = await UNSAFE_decodeViaTurboStream(stream, globalThis);
    expect(decoded.value).toEqual({ data: value });
  });

  it("is a whole Italian page for a navigation, JSON for a script, an HTTP error for a page's data", async () => {
    const page = tooManyRequests(new Request("http://localhost/contact", { method: "POST", headers: { accept: "text/html,*/*" } }), "/contact", 90, "forms", match("/contact"));
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("Riprova tra 2 minuti.");
    const json = tooManyRequests(new Request("http://localhost/api/pet-listings", { method: "POST", headers: { accept: "*/*" } }), "/api/pet-listings", 5, "uploads", match("/api/pet-listings"));
    expect(await json.json()).toEqual({ ok: false, error: RATE_LIMIT_MESSAGES.tooMany(5) });
    const data = tooManyRequests(new Request("http://localhost/articles.data?q=x"), "/articles.data", 1, "search", match("/articles"));
    expect(data.headers.has("x-remix-response")).toBe(false);
    expect(await data.text()).toBe("Hai inviato troppe richieste in poco tempo. Riprova tra 1 secondo.");
    for (const response of [page, json, data]) {
      expect(response.status).toBe(429);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});
