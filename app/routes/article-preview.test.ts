// /article/{slug} for an article that is not published: an admin sees a preview, never cached;
// everyone else gets the 404 as before.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { CACHE_TAG_HEADER, servePage } from "~/cache/page-cache.server";
import { createAccount, requestAs } from "../../tests/accounts";
import { outcomeOf } from "../../tests/admin-access";
import { itDb } from "../../tests/db";
import { createArticle } from "../../tests/factories";
import { headers, loader } from "./article";

const base = "http://localhost:3000";
const args = (request: Request, slug: string) => ({ request, params: { slug }, context: {}, url: new URL(request.url) }) as never;

/** The page as the server would send it: status, the route's headers, a body. */
async function render(request: Request, slug: string): Promise<Response> {
  let value: unknown;
  try {
    value = await loader(args(request, slug));
  } catch (thrown) {
    value = thrown;
  }
  const init = (value as { init?: ResponseInit }).init ?? {};
  const routeHeaders = new Headers(headers({ loaderHeaders: new Headers(init.headers), parentHeaders: new Headers() } as never) as HeadersInit);
  routeHeaders.set("content-type", "text/html; charset=utf-8");
  return new Response(JSON.stringify(value), { status: init.status ?? 200, headers: routeHeaders });
}

describe("admin preview of an article not published", () => {
  beforeEach(() => setCacheEnabled(true));
  afterEach(() => setCacheEnabled(false));

  itDb("an admin sees a draft with the banner flag and noindex; a visitor and a user get 404", async () => {
    const admin = await createAccount({ role: "admin" });
    const user = await createAccount();
    const draft = await createArticle({ status: "draft", publishedAt: null, title: "Bozza segreta" });
    const url = `${base}/article/${draft.slug}`;

    const seen = await outcomeOf(() => loader(args(requestAs(admin, url), draft.slug)));
    expect(seen).toMatchObject({ status: 200, data: { preview: true, article: { title: "Bozza segreta", statusLabel: "Bozza" } } });
    for (const who of [null, user]) {
      const refused = await outcomeOf(() => loader(args(requestAs(who, url), draft.slug)));
      expect(refused).toMatchObject({ status: 404, data: { article: null } });
    }
    // A published article is the public page, for admins too.
    const published = await createArticle();
    const normal = await outcomeOf(() => loader(args(requestAs(admin, `${base}/article/${published.slug}`), published.slug)));
    expect(normal.data).toMatchObject({ preview: false, article: { slug: published.slug } });
  });

  itDb("the preview is kept by no cache, and the next visitor still gets the 404", async () => {
    const admin = await createAccount({ role: "admin" });
    const draft = await createArticle({ status: "draft", publishedAt: null });
    const url = `${base}/article/${draft.slug}`;

    const preview = await servePage(requestAs(admin, url), (r) => render(r, draft.slug));
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex");
    expect(preview.headers.get(CACHE_TAG_HEADER)).toBeNull();
    expect(preview.headers.get("x-zampa-cache")).toBeNull();

    for (let i = 0; i < 2; i++) {
      const visitor = await servePage(requestAs(null, url), (r) => render(r, draft.slug));
      expect(visitor.status).toBe(404);
      expect(visitor.headers.get("x-zampa-cache")).toBeNull();
    }
  });

  itDb("the public page of a published article is still cached for visitors", async () => {
    const published = await createArticle();
    const url = `${base}/article/${published.slug}`;
    await servePage(requestAs(null, url), (r) => render(r, published.slug));
    const second = await servePage(requestAs(null, url), (r) => render(r, published.slug));
    expect(second.headers.get("x-zampa-cache")).toBe("HIT");
  });
});
