// The child sitemaps' routes on the production server (the split itself: app/seo/sitemap.server.test.ts).
import { describe, expect, it } from "vitest";
import { baseUrl, startBrowser } from "./browser";
import { FIXTURES } from "./fixtures";

const browser = startBrowser();

async function parse(xml: string) {
  const { page } = await browser.context();
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return {
      parseErrors: doc.getElementsByTagName("parsererror").length,
      root: doc.documentElement.localName,
      locs: Array.from(doc.getElementsByTagName("loc")).map((loc) => loc.textContent ?? ""),
    };
  }, xml);
}

describe("child sitemaps", () => {
  it("answer at the root of the site, as XML the browser parses, with the public URLs of their section", async () => {
    const whole = await parse(await fetch(`${baseUrl()}/sitemap.xml`).then((r) => r.text()));
    // The demo site fits in one file: /sitemap.xml stays a urlset.
    expect(whole.root).toBe("urlset");

    const response = await fetch(`${baseUrl()}/sitemap-listings-1.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const listings = await parse(await response.text());
    expect(listings.parseErrors).toBe(0);
    expect(listings.root).toBe("urlset");
    expect(listings.locs.length).toBeGreaterThanOrEqual(12);
    for (const loc of listings.locs) expect(loc).toMatch(new RegExp(`^${baseUrl()}/pet-listing/[0-9a-f-]{36}$`));
    expect(listings.locs).not.toContain(`${baseUrl()}/pet-listing/${FIXTURES.suspendedListing.id}`);

    // Kept and sent gzip-compressed; a client that does not take gzip gets the same XML.
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const plain = await fetch(`${baseUrl()}/sitemap-listings-1.xml`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await parse(await plain.text())).locs).toEqual(listings.locs);

    const pages = await parse(await fetch(`${baseUrl()}/sitemap-pages-1.xml`).then((r) => r.text()));
    expect(pages.locs).toContain(`${baseUrl()}/`);
    expect(pages.locs).toContain(`${baseUrl()}/category/cani`);
    const articles = await parse(await fetch(`${baseUrl()}/sitemap-articles-1.xml`).then((r) => r.text()));
    expect(articles.locs.every((loc) => loc.startsWith(`${baseUrl()}/article/`))).toBe(true);

    // Together, the children hold exactly what the single file holds.
    expect(new Set([...pages.locs, ...articles.locs, ...listings.locs])).toEqual(new Set(whole.locs));
  });

  it("answer 404, never cached, for any other name", async () => {
    for (const path of ["/sitemap-listings-2.xml", "/sitemap-listings-0.xml", "/sitemap-foto-1.xml", "/qualcosa.xml"]) {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${baseUrl()}${path}`);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("x-zampa-cache"), path).toBeNull();
        await response.arrayBuffer();
      }
    }
    // The other routes are where they were.
    expect((await fetch(`${baseUrl()}/robots.txt`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}/about`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}/pagina-inesistente`)).status).toBe(404);
  });
});
