// /sitemap.xml split into a sitemap index and child sitemaps past the protocol's limits.
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CACHE_TAGS, invalidate, setCacheEnabled } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { petListings } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createArticle, createCategory, createContest, createListingRow, createUserRow } from "../../tests/factories";
import {
  buildSitemap,
  buildSitemapChild,
  parseChildName,
  robotsTxt,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  SITEMAP_TAGS,
  type SitemapLimits,
} from "./sitemap.server";

const BASE = "http://localhost:3000";
const STATIC_PAGES = 10;

/** A strict enough check of the XML these files use: one declaration, balanced tags, escaped text. */
function expectWellFormed(xml: string, root: "urlset" | "sitemapindex") {
  expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)).toBe(true);
  const body = xml.slice(xml.indexOf("?>") + 2);
  const stack: string[] = [];
  const token = /<(\/?)([a-z]+)(?:\s+xmlns="[^"]*")?>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body))) {
    consumed = token.lastIndex;
    const [, closing, name, text] = match;
    if (text !== undefined) {
      // Text: only the five predefined entities, no stray ampersand.
      expect(text.replace(/&(lt|gt|amp|apos|quot);/g, "")).not.toMatch(/[&>]/);
      continue;
    }
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toEqual([]);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const childName = (loc: string) => /^http:\/\/localhost:3000\/(sitemap-[a-z]+-\d+)\.xml$/.exec(loc)?.[1];

/** Every URL of the index's children, child by child. */
async function children(index: string, limits: SitemapLimits) {
  const result: { name: string; xml: string; urls: string[] }[] = [];
  for (const loc of locs(index)) {
    const name = childName(loc);
    expect(name, loc).toBeDefined();
    const body = await buildSitemapChild(name!, limits);
    expect(body, name).not.toBeNull();
    const xml = gunzipSync(body!).toString("utf8");
    result.push({ name: name!, xml, urls: locs(xml) });
  }
  return result;
}

async function content() {
  const owner = await createUserRow();
  const category = await createCategory({ slug: "rettili-e-anfibi" });
  const start = Date.UTC(2026, 0, 1);
  const articleRows = [];
  for (let i = 0; i < 7; i++) {
    articleRows.push(await createArticle({ slug: `guida-${i}`, categoryId: category.id, createdAt: new Date(start + i * 60_000) }));
  }
  await createArticle({ slug: "bozza-nascosta", status: "draft" });
  const listingRows = [];
  // Two listings created in the same instant: the id orders them.
  for (let i = 0; i < 12; i++) {
    listingRows.push(await createListingRow(owner.id, { createdAt: new Date(start + Math.min(i, 10) * 60_000) }));
  }
  const suspended = await createListingRow(owner.id, { status: "suspended" });
  const contest = await createContest();
  await createContest({ status: "draft" });
  return { category, articleRows, listingRows, suspended, contest };
}

describe("sitemap limits", () => {
  it("are the protocol's: 50,000 URLs and 50 MB (52,428,800 bytes) a file", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(SITEMAP_MAX_BYTES).toBe(52_428_800);
  });

  itDb("under them, /sitemap.xml stays one urlset with every public URL, absolute", async () => {
    const { listingRows, suspended, contest } = await content();
    const xml = await buildSitemap();
    expectWellFormed(xml, "urlset");
    const urls = locs(xml);
    expect(urls).toHaveLength(STATIC_PAGES + 1 + 7 + 12 + 1);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url.startsWith(`${config().publicUrl}/`)).toBe(true);
    expect(urls).toContain(`${BASE}/category/rettili-e-anfibi`);
    expect(urls).toContain(`${BASE}/contests/${contest.id}`);
    for (const l of listingRows) expect(urls).toContain(`${BASE}/pet-listing/${l.id}`);
    expect(urls).not.toContain(`${BASE}/pet-listing/${suspended.id}`);
    expect(xml).not.toContain("bozza-nascosta");
  });
});

describe("sitemap index", () => {
  const small: SitemapLimits = { maxUrls: 5, maxBytes: SITEMAP_MAX_BYTES };

  itDb("past the URL limit: an index of children within the limit, together holding each public URL once", async () => {
    const { listingRows, suspended, articleRows } = await content();
    const index = await buildSitemap(small);
    expectWellFormed(index, "sitemapindex");
    expect(index).not.toContain("<url>");
    const files = await children(index, small);
    // 12 pages (10 static, a category, a contest), 7 articles, 12 listings, 5 a file.
    expect(files.map((f) => f.name)).toEqual([
      "sitemap-pages-1",
      "sitemap-pages-2",
      "sitemap-pages-3",
      "sitemap-articles-1",
      "sitemap-articles-2",
      "sitemap-listings-1",
      "sitemap-listings-2",
      "sitemap-listings-3",
    ]);
    for (const f of files) {
      expectWellFormed(f.xml, "urlset");
      expect(f.urls.length).toBeGreaterThan(0);
      expect(f.urls.length).toBeLessThanOrEqual(small.maxUrls);
      for (const url of f.urls) expect(url.startsWith(`${BASE}/`)).toBe(true);
    }
    const all = files.flatMap((f) => f.urls);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(locs(await buildSitemap()));
    // Oldest first, ties by id: the listings in (created_at, id) order.
    const listingUrls = files.filter((f) => f.name.startsWith("sitemap-listings")).flatMap((f) => f.urls);
    const ordered = [...listingRows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    expect(listingUrls).toEqual(ordered.map((l) => `${BASE}/pet-listing/${l.id}`));
    expect(all).not.toContain(`${BASE}/pet-listing/${suspended.id}`);
    expect(files.find((f) => f.name === "sitemap-articles-1")!.urls).toEqual(articleRows.slice(0, 5).map((a) => `${BASE}/article/${a.slug}`));
    // Each child's newest change is its lastmod in the index.
    const newest = ordered.slice(10).reduce((max, l) => (l.updatedAt > max ? l.updatedAt : max), new Date(0));
    expect(index).toContain(`<sitemap><loc>${BASE}/sitemap-listings-3.xml</loc><lastmod>${newest.toISOString()}</lastmod></sitemap>`);
  });

  itDb("a child read in several batches is the same file", async () => {
    await content();
    const index = await buildSitemap(small);
    const whole = await children(index, small);
    const batched = await children(index, { ...small, readBatch: 2 });
    expect(batched.map((f) => f.xml)).toEqual(whole.map((f) => f.xml));
    expect(whole.filter((f) => f.name.startsWith("sitemap-listings")).some((f) => f.urls.length > 2)).toBe(true);
  });

  itDb("a listing that stops being public leaves its child; a new one joins the last", async () => {
    const { listingRows } = await content();
    const first = locs(gunzipSync((await buildSitemapChild("sitemap-listings-1", small))!).toString());
    const second = locs(gunzipSync((await buildSitemapChild("sitemap-listings-2", small))!).toString());
    await db().update(petListings).set({ status: "closed" }).where(eq(petListings.id, listingRows[0]!.id));
    const owner = await createUserRow();
    const fresh = await createListingRow(owner.id, { createdAt: new Date(Date.UTC(2026, 5, 1)) });
    const after = await children(await buildSitemap(small), small);
    const listingFiles = after.filter((f) => f.name.startsWith("sitemap-listings"));
    expect(listingFiles[0]!.urls).not.toContain(`${BASE}/pet-listing/${listingRows[0]!.id}`);
    expect(listingFiles[0]!.urls).toEqual([...first.slice(1), second[0]]);
    expect(listingFiles.at(-1)!.urls.at(-1)).toBe(`${BASE}/pet-listing/${fresh.id}`);
  });

  itDb("past the byte limit: children cut so that each file stays within it", async () => {
    await content();
    await createArticle({ slug: `${"lunghissimo-".repeat(20)}fine` });
    const tight: SitemapLimits = { maxUrls: SITEMAP_MAX_URLS, maxBytes: 2_500 };
    const index = await buildSitemap(tight);
    expectWellFormed(index, "sitemapindex");
    const files = await children(index, tight);
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) expect(Buffer.byteLength(f.xml), f.name).toBeLessThanOrEqual(tight.maxBytes);
    const all = files.flatMap((f) => f.urls);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(STATIC_PAGES + 2 + 8 + 12);
  });

  itDb("escapes what XML requires in every file", async () => {
    await createCategory({ slug: "cani&gatti's" });
    const index = await buildSitemap({ maxUrls: 3, maxBytes: SITEMAP_MAX_BYTES });
    const pages = await children(index, { maxUrls: 3, maxBytes: SITEMAP_MAX_BYTES });
    const xml = pages.map((p) => p.xml).join("");
    expect(xml).toContain(`<loc>${BASE}/category/cani%26gatti&apos;s</loc>`);
    for (const p of pages) expectWellFormed(p.xml, "urlset");
  });

  itDb("answers no child for names that are not one, nor for numbers past the last", async () => {
    await content();
    for (const name of [
      "sitemap-listings-4",
      "sitemap-listings-0",
      "sitemap-listings-01",
      "sitemap-articles-3",
      "sitemap-contests-1",
      "sitemap",
      "sitemap-listings",
      "sitemap-listings-1x",
      "sitemap-listings-99999999999",
      "../sitemap-listings-1",
    ]) {
      expect(await buildSitemapChild(name, small), name).toBeNull();
    }
    expect(parseChildName("sitemap-listings-3")).toEqual({ section: "listings", n: 3 });
    // An empty section has no child at all.
    expect(await buildSitemapChild("sitemap-listings-1", small)).not.toBeNull();
    await db().update(petListings).set({ status: "closed" });
    expect(await buildSitemapChild("sitemap-listings-1", small)).toBeNull();
  });

  itDb("each file is memoized under the tags of what it shows", async () => {
    setCacheEnabled(true);
    try {
      const { listingRows } = await content();
      const child = await buildSitemapChild("sitemap-listings-1", small);
      // Written without telling the cache: the memoized files stay.
      const early = await createListingRow(listingRows[0]!.userId, { createdAt: new Date(Date.UTC(2025, 0, 1)) });
      expect(await buildSitemapChild("sitemap-listings-1", small)).toBe(child);
      // Other data changing leaves the listings' children alone.
      await invalidate(CACHE_TAGS.articles);
      expect(await buildSitemapChild("sitemap-listings-1", small)).toBe(child);
      await invalidate(CACHE_TAGS.listings);
      const fresh = gunzipSync((await buildSitemapChild("sitemap-listings-1", small))!).toString();
      expect(locs(fresh)[0]).toBe(`${BASE}/pet-listing/${early.id}`);
    } finally {
      await invalidate(...SITEMAP_TAGS);
      setCacheEnabled(false);
    }
  });

  itDb("robots.txt still names /sitemap.xml, the one entry point", async () => {
    expect(robotsTxt(null)).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});
