// What crawlers and social previews get from the server: the <head> of each page (plain fetch,
// no JavaScript), structured data, the sitemap, robots.txt, redirects and the page cache headers.
import { describe, expect, it } from "vitest";
import { articles as demoArticles } from "~/seed/data/articles";
import { baseUrl, signIn, startBrowser } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";
import { FIXTURES } from "./fixtures";

const browser = startBrowser();

const ARTICLE_SLUG = "prime-settimane-con-il-cucciolo";
const DEMO_ARTICLE = demoArticles.find((a) => a.slug === ARTICLE_SLUG)!;
const ARTICLE_TITLE = DEMO_ARTICLE.title;
const PUBLIC_PAGES = [
  "/",
  "/articles",
  "/categories",
  "/category/cani",
  `/article/${ARTICLE_SLUG}`,
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/legal-pets-info",
];

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") return String.fromCodePoint(code[1]?.toLowerCase() === "x" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return named[code.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) attributes[match[1]!.toLowerCase()] = decodeEntities(match[2]!);
  return attributes;
}

/** The facts a crawler reads from a page's HTML. */
function readHead(html: string) {
  const metas = [...html.matchAll(/<meta\b[^>]*>/gi)].map((m) => attributesOf(m[0]));
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => attributesOf(m[0]));
  const meta = (key: string) => metas.find((m) => m.name === key || m.property === key)?.content;
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/gi)].map((m) => decodeEntities(m[1]!));
  const jsonLd = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return {
    lang: /<html\b[^>]*\blang="([^"]*)"/i.exec(html)?.[1],
    titles,
    meta,
    canonical: links.filter((l) => l.rel === "canonical").map((l) => l.href),
    jsonLd,
  };
}

async function head(path: string) {
  const response = await fetch(`${baseUrl()}${path}`);
  return { status: response.status, ...readHead(await response.text()) };
}

describe("the <head> the server sends", () => {
  it.each(PUBLIC_PAGES)("%s has lang, title, description, canonical, Open Graph and Twitter card", async (path) => {
    const page = await head(path);
    expect(page.status).toBe(200);
    expect(page.lang).toBe("it");
    expect(page.titles).toHaveLength(1);
    expect(page.titles[0]?.trim()).not.toBe("");
    expect(page.meta("description")?.trim()).toBeTruthy();
    const canonical = `${baseUrl()}${path}`;
    expect(page.canonical).toEqual([canonical]);
    expect(page.meta("og:title")?.trim()).toBeTruthy();
    expect(page.meta("og:description")?.trim()).toBeTruthy();
    expect(page.meta("og:url")).toBe(canonical);
    expect(page.meta("og:image")).toMatch(/^https?:\/\//);
    // The preview image is really there.
    const image = await fetch(page.meta("og:image")!);
    expect(image.status, page.meta("og:image")).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
    await image.arrayBuffer();
    expect(page.meta("twitter:card")).toMatch(/^summary/);
    expect(page.meta("robots") ?? "").not.toContain("noindex");
  });

  it("the article page describes the article, with JSON-LD Article data", async () => {
    const page = await head(`/article/${ARTICLE_SLUG}`);
    // The article's own SEO title and description.
    expect(page.titles[0]).toContain(DEMO_ARTICLE.metaTitle);
    expect(page.meta("description")).toBe(DEMO_ARTICLE.metaDescription);
    expect(page.meta("og:type")).toBe("article");
    const image = page.meta("og:image") ?? "";
    expect(image.startsWith(`${baseUrl()}/`)).toBe(true);
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toMatch(/^image\//);

    const article = page.jsonLd.find((data) => data["@type"] === "Article");
    expect(article, JSON.stringify(page.jsonLd)).toBeDefined();
    expect(article?.headline).toBe(ARTICLE_TITLE);
    for (const key of ["datePublished", "dateModified"] as const) {
      expect(typeof article?.[key], key).toBe("string");
      expect(Number.isNaN(Date.parse(article?.[key] as string)), key).toBe(false);
    }
    expect((article?.author as { name?: string } | undefined)?.name).toBeTruthy();
    expect((article?.publisher as { name?: string } | undefined)?.name).toBeTruthy();
    const images = ([] as unknown[]).concat(article?.image ?? []);
    expect(images.length).toBeGreaterThan(0);
    expect(String(images[0])).toMatch(/^https?:\/\//);
  });

  it("the category page has a JSON-LD BreadcrumbList", async () => {
    const page = await head("/category/cani");
    const breadcrumb = page.jsonLd.find((data) => data["@type"] === "BreadcrumbList");
    expect(breadcrumb, JSON.stringify(page.jsonLd)).toBeDefined();
    const items = breadcrumb?.itemListElement as { position: number; name: string; item: string }[];
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    expect(items[0]?.item).toBe(`${baseUrl()}/`);
    expect(items.at(-1)).toMatchObject({ name: "Cani", item: `${baseUrl()}/category/cani` });
  });

  it("missing pages are not offered for indexing", async () => {
    for (const path of ["/article/questo-articolo-non-esiste", "/category/inesistente"]) {
      const page = await head(path);
      expect(page.status, path).toBe(404);
      expect(page.lang, path).toBe("it");
      expect(page.meta("robots"), path).toContain("noindex");
    }
  });
});

describe("sitemap, robots, redirects", () => {
  it("/sitemap.xml parses as XML in the browser and lists the public pages but not the draft", async () => {
    const response = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/xml/);
    const xml = await response.text();

    const { page } = await browser.context();
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        parseErrors: doc.getElementsByTagName("parsererror").length,
        root: doc.documentElement.localName,
        namespace: doc.documentElement.namespaceURI,
        urls: Array.from(doc.documentElement.children).map((url) => ({
          name: url.localName,
          loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
          lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
        })),
      };
    }, xml);
    expect(parsed.parseErrors).toBe(0);
    expect(parsed.root).toBe("urlset");
    expect(parsed.namespace).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(new Set(parsed.urls.map((u) => u.name))).toEqual(new Set(["url"]));
    for (const url of parsed.urls) {
      expect(url.loc.startsWith(`${baseUrl()}/`), url.loc).toBe(true);
      if (url.lastmod !== null) expect(Number.isNaN(Date.parse(url.lastmod)), url.loc).toBe(false);
    }
    const locs = parsed.urls.map((u) => u.loc);
    expect(locs).toContain(`${baseUrl()}/`);
    expect(locs).toContain(`${baseUrl()}/category/cani`);
    const article = parsed.urls.find((u) => u.loc === `${baseUrl()}/article/${ARTICLE_SLUG}`);
    expect(article).toBeDefined();
    expect(article?.lastmod).toBeTruthy();
    expect(locs.some((loc) => loc.includes(FIXTURES.draftSlug))).toBe(false);
    expect(xml).not.toContain(FIXTURES.draftSlug);
  });

  it("/robots.txt names the sitemap", async () => {
    const response = await fetch(`${baseUrl()}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split(/\r?\n/).map((l) => l.trim());
    expect(lines).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });

  it("applies the fixture redirect with a 301 to its target", async () => {
    const response = await fetch(`${baseUrl()}${FIXTURES.redirect.from}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    const location = response.headers.get("location") ?? "";
    expect(new URL(location, baseUrl()).href).toBe(new URL(FIXTURES.redirect.to, baseUrl()).href);

    const { page } = await browser.context();
    await page.goto(FIXTURES.redirect.from);
    expect(new URL(page.url()).pathname).toBe(FIXTURES.redirect.to);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(ARTICLE_TITLE);
  });
});

describe("page cache", () => {
  it("serves the second anonymous GET of / from the cache", async () => {
    const first = await fetch(`${baseUrl()}/`);
    await first.arrayBuffer();
    const second = await fetch(`${baseUrl()}/`);
    expect(second.status).toBe(200);
    expect(second.headers.get("x-zampa-cache")).toBe("HIT");
    expect(await second.text()).toContain("Articoli in Evidenza");
  });

  it("never sends its internal x-zampa-cache-tags header", async () => {
    const paths = [
      ...PUBLIC_PAGES,
      "/articles?q=vaccino",
      "/category/inesistente",
      "/article/questo-articolo-non-esiste",
      "/sitemap.xml",
      "/robots.txt",
      "/api/ads?placement=banner&page=home",
    ];
    for (const path of paths) {
      // Twice: the render that fills the cache and the answer from it.
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${baseUrl()}${path}`);
        await response.arrayBuffer();
        expect(response.headers.has("x-zampa-cache-tags"), `${path} (${i + 1})`).toBe(false);
        expect(response.headers.has("x-zampa-cache-query"), `${path} (${i + 1})`).toBe(false);
      }
    }
    // Nor on the other ways of asking: HEAD, a revalidation (304), a POST.
    const head = await fetch(`${baseUrl()}/`, { method: "HEAD" });
    expect(head.headers.has("x-zampa-cache-tags")).toBe(false);
    const etag = head.headers.get("etag");
    if (etag) {
      const revalidated = await fetch(`${baseUrl()}/`, { headers: { "if-none-match": etag } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.has("x-zampa-cache-tags")).toBe(false);
    }
    const beacon = await fetch(`${baseUrl()}/article/prime-settimane-con-il-cucciolo/view`, {
      method: "POST",
      headers: { origin: baseUrl(), "user-agent": "Googlebot/2.1" },
    });
    expect(beacon.headers.has("x-zampa-cache-tags")).toBe(false);
  });

  it("sends a signed-in person's pages as private and never stored, and pages compressed as browsers ask", async () => {
    const { context } = await browser.context();
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of ["/dashboard", "/dashboard/profile", "/"]) {
      const response = await context.request.get(`${baseUrl()}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    const page = await fetch(`${baseUrl()}/article/${ARTICLE_SLUG}`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const searched = await fetch(`${baseUrl()}/articles?q=cucciolo`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(searched.headers.get("content-encoding")).toBe("br");
    expect(await searched.text()).toContain("</html>");
  });
});
