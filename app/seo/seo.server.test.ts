import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { articles, seoRedirects, seoSettings } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createArticle, createCategory } from "../../tests/factories";
import { applyRedirect } from "./redirects.server";
import { buildSitemap, renderSitemap, robotsTxt } from "./sitemap.server";
import { getSeoSettings } from "./settings.server";

const get = (path: string, method = "GET") => new Request(`http://localhost:3000${path}`, { method });

describe("sitemap", () => {
  itDb("lists static pages, categories and published articles with lastmod; never drafts", async () => {
    const category = await createCategory({ slug: "rettili-test" });
    const published = await createArticle({ slug: "nuovo-articolo", categoryId: category.id });
    await createArticle({ slug: "bozza-segreta", status: "draft" });
    const xml = await buildSitemap();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    expect(xml).toContain("<loc>http://localhost:3000/</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/privacy</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/category/rettili-test</loc>");
    expect(xml).toContain(`<url><loc>http://localhost:3000/article/nuovo-articolo</loc><lastmod>${published.updatedAt.toISOString()}</lastmod></url>`);
    expect(xml).not.toContain("bozza-segreta");
    // Unpublishing drops it.
    await db().update(articles).set({ status: "archived" }).where(eq(articles.id, published.id));
    expect(await buildSitemap()).not.toContain("nuovo-articolo");
  });

  itDb("escapes what XML requires", async () => {
    expect(renderSitemap("https://zampa.it", [{ path: "/a?x=1&y=<2>" }])).toContain("<loc>https://zampa.it/a?x=1&amp;y=&lt;2&gt;</loc>");
  });
});

describe("robots.txt", () => {
  itDb("defaults to allowing the site, hiding private areas, naming the sitemap", async () => {
    const text = robotsTxt((await getSeoSettings()).robotsTxt);
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  itDb("uses the text saved in the SEO settings", async () => {
    await db().insert(seoSettings).values({ id: 1, robotsTxt: "User-agent: *\nDisallow: /" });
    expect(robotsTxt((await getSeoSettings()).robotsTxt)).toBe("User-agent: *\nDisallow: /\n");
  });
});

describe("redirects", () => {
  itDb("answers 301 or 302 to the target and counts each hit atomically", async () => {
    const [permanent] = await db().insert(seoRedirects).values({ fromPath: "/vecchia", toPath: "/nuova" }).returning();
    await db().insert(seoRedirects).values({ fromPath: "/temporanea", toPath: "/altrove", redirectType: 302 });
    const response = await applyRedirect(get("/vecchia"));
    expect(response?.status).toBe(301);
    expect(response?.headers.get("location")).toBe("/nuova");
    // Same path with a trailing slash or other case.
    expect((await applyRedirect(get("/Vecchia/")))?.status).toBe(301);
    await Promise.all(Array.from({ length: 10 }, () => applyRedirect(get("/vecchia"))));
    const [row] = await db().select().from(seoRedirects).where(eq(seoRedirects.id, permanent!.id));
    expect(row?.hitCount).toBe(12);
    expect((await applyRedirect(get("/temporanea")))?.status).toBe(302);
  });

  itDb("ignores inactive redirects, other paths and non-GET requests", async () => {
    await db().insert(seoRedirects).values({ fromPath: "/spenta", toPath: "/x", isActive: false });
    await db().insert(seoRedirects).values({ fromPath: "/attiva", toPath: "/y" });
    expect(await applyRedirect(get("/spenta"))).toBeNull();
    expect(await applyRedirect(get("/sconosciuta"))).toBeNull();
    expect(await applyRedirect(get("/attiva", "POST"))).toBeNull();
    expect(await applyRedirect(get("/%E0%A4%A"))).toBeNull();
    // A redirect to itself would loop: it is not applied.
    await db().insert(seoRedirects).values({ fromPath: "/circolare", toPath: "/Circolare/" });
    expect(await applyRedirect(get("/circolare"))).toBeNull();
  });
});
