// /sitemap.xml per the sitemaps.org protocol, generated from the database.
import { desc, eq, inArray } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { isPublicListingRow } from "~/listings/visibility.server";
import { articles, categories, contests, petListings } from "~/db/schema";

/** Public pages that are not in the database. */
const STATIC_PATHS = ["/", "/articles", "/categories", "/pet-listings", "/contests", "/about", "/contact", "/privacy", "/terms", "/legal-pets-info"];

interface UrlEntry {
  path: string;
  lastmod?: Date;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

export function renderSitemap(base: string, entries: UrlEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(base + e.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function buildSitemap(): Promise<string> {
  return memoize("sitemap", [CACHE_TAGS.articles, CACHE_TAGS.categories, CACHE_TAGS.listings, CACHE_TAGS.contests], async () => {
    const [articleRows, categoryRows, listingRows, contestRows] = await Promise.all([
      db()
        .select({ slug: articles.slug, updatedAt: articles.updatedAt })
        .from(articles)
        .where(eq(articles.status, "published"))
        .orderBy(desc(articles.publishedAt)),
      db().select({ slug: categories.slug, updatedAt: categories.updatedAt }).from(categories),
      db()
        .select({ id: petListings.id, updatedAt: petListings.updatedAt })
        .from(petListings)
        .where(isPublicListingRow())
        .orderBy(desc(petListings.createdAt)),
      db()
        .select({ id: contests.id, updatedAt: contests.updatedAt })
        .from(contests)
        .where(inArray(contests.status, ["active", "ended"])),
    ]);
    return renderSitemap(config().publicUrl, [
      ...STATIC_PATHS.map((path) => ({ path })),
      ...categoryRows.map((c) => ({ path: `/category/${encodeURIComponent(c.slug)}`, lastmod: c.updatedAt })),
      ...articleRows.map((a) => ({ path: `/article/${encodeURIComponent(a.slug)}`, lastmod: a.updatedAt })),
      ...listingRows.map((l) => ({ path: `/pet-listing/${l.id}`, lastmod: l.updatedAt })),
      ...contestRows.map((c) => ({ path: `/contests/${c.id}`, lastmod: c.updatedAt })),
    ]);
  });
}

/** The robots.txt saved in the SEO settings, or a default that names the sitemap. */
export function robotsTxt(saved: string | null): string {
  if (saved?.trim()) return saved.trim() + "\n";
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /login",
    "",
    `Sitemap: ${config().publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
