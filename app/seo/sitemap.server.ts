// /sitemap.xml per the sitemaps.org protocol, generated from the database (decision 0038).
//
// Up to 50,000 URLs (and 50 MB) the site's URLs are one <urlset>, as before. Past that, /sitemap.xml
// is a <sitemapindex> naming child sitemaps at the root of the site (a sitemap may only list URLs
// under its own folder): /sitemap-pages-N.xml (static pages, categories, contests),
// /sitemap-articles-N.xml and /sitemap-listings-N.xml, each within both limits. Articles and
// listings are read in a stable order (created_at, id: new rows go to the last child) by keyset:
// one query per section finds where each child starts (and its count and newest change), then a
// child reads only its own rows. Everything is memoized under the tags of the data it shows.
import { once } from "node:events";
import { createGzip } from "node:zlib";
import { and, asc, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { CACHE_TAGS, memoize, type CacheTag } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, queryRows } from "~/db/client.server";
import { isPublicListingRow } from "~/listings/visibility.server";
import { articles, categories, contests, petListings } from "~/db/schema";
import { isPublishedArticleRow } from "~/articles/visibility.server";

/** The protocol's limits for one sitemap file (and for an index's number of children). */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 52_428_800;
/** A <loc> must be shorter than 2,048 characters: a longer URL is left out. */
const MAX_LOC_LENGTH = 2_047;

/** Tests pass small limits so that the split shows without 50,000 rows. */
export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
  /** rows read at a time for a child (default KEYSET_BATCH): tests make a child span batches */
  readBatch?: number;
}
const DEFAULT_LIMITS: SitemapLimits = { maxUrls: SITEMAP_MAX_URLS, maxBytes: SITEMAP_MAX_BYTES };

/** Public pages that are not in the database. */
const STATIC_PATHS = ["/", "/articles", "/categories", "/pet-listings", "/contests", "/about", "/contact", "/privacy", "/terms", "/legal-pets-info"];

export const SITEMAP_SECTIONS = ["pages", "articles", "listings"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

const SECTION_TAGS: Record<SitemapSection, CacheTag[]> = {
  pages: [CACHE_TAGS.categories, CACHE_TAGS.contests],
  articles: [CACHE_TAGS.articles],
  listings: [CACHE_TAGS.listings],
};
/** What /sitemap.xml is built from: every section's data. */
export const SITEMAP_TAGS: CacheTag[] = [...new Set(Object.values(SECTION_TAGS).flat())];

interface UrlEntry {
  path: string;
  lastmod?: Date;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

const XML_DECLARATION = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = `\n</urlset>\n`;
/** The bytes of a file's XML around its entries. */
const WRAPPER_BYTES = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);

function urlElement(base: string, entry: UrlEntry): string | null {
  const loc = escapeXml(base + entry.path);
  if (loc.length > MAX_LOC_LENGTH) return null;
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return `<url><loc>${loc}</loc>${lastmod}</url>`;
}

export function renderSitemap(base: string, entries: UrlEntry[]): string {
  const urls = entries.map((e) => urlElement(base, e)).filter((u) => u !== null);
  return `${URLSET_OPEN}${urls.join("\n")}${URLSET_CLOSE}`;
}

export function renderSitemapIndex(base: string, children: { path: string; lastmod?: Date | null }[]): string {
  const items = children.map((c) => {
    const lastmod = c.lastmod ? `<lastmod>${c.lastmod.toISOString()}</lastmod>` : "";
    return `<sitemap><loc>${escapeXml(base + c.path)}</loc>${lastmod}</sitemap>`;
  });
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/**
 * The most bytes one <url> element can take when its path's variable part (a slug, an id) is at
 * most `octets` bytes of UTF-8: percent-encoding makes a byte at most 3 characters and XML escaping
 * an apostrophe 6; a <loc> longer than the protocol allows is left out anyway.
 */
function entryBound(base: string, prefix: string, octets: number): number {
  const fixed = Buffer.byteLength(`<url><loc></loc><lastmod>${new Date(0).toISOString()}</lastmod></url>\n`);
  return fixed + Math.min(MAX_LOC_LENGTH, Buffer.byteLength(escapeXml(base + prefix)) + 6 * octets);
}

// ---------------------------------------------------------------------------------------------
// Sections read by keyset: articles and listings.

interface Keyset {
  prefix: string;
  table: typeof articles | typeof petListings;
  createdAt: PgColumn;
  id: PgColumn;
  updatedAt: PgColumn;
  /** The variable part of the path (a slug or an id). */
  key: PgColumn;
  where: () => SQL;
}

const KEYSETS: Record<"articles" | "listings", Keyset> = {
  articles: {
    prefix: "/article/",
    table: articles,
    createdAt: articles.createdAt,
    id: articles.id,
    updatedAt: articles.updatedAt,
    key: articles.slug,
    where: isPublishedArticleRow,
  },
  listings: {
    prefix: "/pet-listing/",
    table: petListings,
    createdAt: petListings.createdAt,
    id: petListings.id,
    updatedAt: petListings.updatedAt,
    key: petListings.id,
    // The one definition of a public listing.
    where: isPublicListingRow,
  },
};

interface Child {
  /** Where the child starts in (created_at, id) order, as exact text; in memory for pages. */
  startAt: string;
  startId: string;
  count: number;
  lastmod: Date | null;
}

interface SectionPlan {
  section: SitemapSection;
  /** URLs per child of this section (the protocol's limit, lower when its URLs can be long). */
  perChild: number;
  total: number;
  /** An upper bound of the bytes of all its <url> elements. */
  bytes: number;
  children: Child[];
}

async function keysetPlan(section: "articles" | "listings", limits: SitemapLimits): Promise<SectionPlan> {
  const k = KEYSETS[section];
  const base = config().publicUrl;
  const [stats] = await queryRows<{ total: number | string; longest: number | string | null }>(
    sql`select count(*) as total, max(octet_length(${k.key}::text)) as longest from ${k.table} where ${k.where()}`,
  );
  const total = Number(stats?.total ?? 0);
  const bound = entryBound(base, k.prefix, Number(stats?.longest ?? 0));
  const perChild = Math.max(1, Math.min(limits.maxUrls, Math.floor((limits.maxBytes - WRAPPER_BYTES) / bound)));
  if (total === 0) return { section, perChild, total, bytes: 0, children: [] };
  // Each child's first key, size and newest change, in one pass over the section's rows.
  const rows = await queryRows<{ start_at: string; start_id: string; n: number | string; lastmod: string | Date | null }>(sql`
    with ranked as (
      select ${k.createdAt} as created_at, ${k.id} as id, ${k.updatedAt} as updated_at,
             row_number() over (order by ${k.createdAt}, ${k.id}) - 1 as rn
      from ${k.table} where ${k.where()}
    ), cut as (
      select created_at, id, updated_at, rn / ${perChild} as child, rn % ${perChild} = 0 as first from ranked
    )
    select max(created_at::text) filter (where first) as start_at,
           max(id::text) filter (where first) as start_id,
           count(*) as n,
           max(updated_at) as lastmod
    from cut group by child order by child`);
  return {
    section,
    perChild,
    total,
    bytes: total * bound,
    children: rows.map((r) => ({
      startAt: r.start_at,
      startId: r.start_id,
      count: Number(r.n),
      lastmod: r.lastmod === null ? null : new Date(r.lastmod),
    })),
  };
}

/** Rows read at a time for a child sitemap: its 50,000 URLs are never held whole in memory. */
const KEYSET_BATCH = 5_000;

/**
 * A child's entries in (created_at, id) order, in batches: from the child's first row to the next
 * child's first (the index of the list order reads just that range), each batch after the last row
 * of the one before.
 */
async function* keysetBatches(section: "articles" | "listings", child: Child, next: Child | undefined, perChild: number, batchSize: number): AsyncGenerator<UrlEntry[]> {
  const k = KEYSETS[section];
  let after = { at: child.startAt, id: child.startId, inclusive: true };
  let left = perChild;
  while (left > 0) {
    const from = and(
      k.where(),
      sql`${k.createdAt} >= ${after.at}::timestamptz`,
      after.inclusive
        ? sql`(${k.createdAt}, ${k.id}) >= (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql`(${k.createdAt}, ${k.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
      next ? sql`${k.createdAt} <= ${next.startAt}::timestamptz` : undefined,
      next ? sql`(${k.createdAt}, ${k.id}) < (${next.startAt}::timestamptz, ${next.startId}::uuid)` : undefined,
    );
    const rows = await db()
      .select({ key: sql<string>`${k.key}::text`, updatedAt: k.updatedAt, at: sql<string>`${k.createdAt}::text`, id: sql<string>`${k.id}::text` })
      .from(k.table)
      .where(from)
      .orderBy(asc(k.createdAt), asc(k.id))
      .limit(Math.min(batchSize, left));
    if (rows.length === 0) return;
    yield rows.map((r) => ({ path: k.prefix + encodeURIComponent(r.key), lastmod: r.updatedAt as Date }));
    left -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id, inclusive: false };
    if (rows.length < batchSize) return;
  }
}

// ---------------------------------------------------------------------------------------------
// The pages section: static pages, categories, contests (few, curated by admins): read whole and
// cut in memory by both limits.

async function pageEntries(): Promise<UrlEntry[]> {
  const [categoryRows, contestRows] = await Promise.all([
    db().select({ slug: categories.slug, updatedAt: categories.updatedAt }).from(categories).orderBy(asc(categories.createdAt), asc(categories.id)),
    db()
      .select({ id: contests.id, updatedAt: contests.updatedAt })
      .from(contests)
      .where(inArray(contests.status, ["active", "ended"]))
      .orderBy(asc(contests.createdAt), asc(contests.id)),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categoryRows.map((c) => ({ path: `/category/${encodeURIComponent(c.slug)}`, lastmod: c.updatedAt })),
    ...contestRows.map((c) => ({ path: `/contests/${c.id}`, lastmod: c.updatedAt })),
  ];
}

/** Consecutive runs of entries, each within both limits. */
function cut(base: string, entries: UrlEntry[], limits: SitemapLimits): { entries: UrlEntry[]; bytes: number }[] {
  const chunks: { entries: UrlEntry[]; bytes: number }[] = [];
  let current: { entries: UrlEntry[]; bytes: number } = { entries: [], bytes: WRAPPER_BYTES };
  for (const entry of entries) {
    const element = urlElement(base, entry);
    if (element === null) continue;
    const size = Buffer.byteLength(element) + 1;
    if (current.entries.length > 0 && (current.entries.length >= limits.maxUrls || current.bytes + size > limits.maxBytes)) {
      chunks.push(current);
      current = { entries: [], bytes: WRAPPER_BYTES };
    }
    current.entries.push(entry);
    current.bytes += size;
  }
  if (current.entries.length > 0) chunks.push(current);
  return chunks;
}

async function pagesPlan(limits: SitemapLimits): Promise<SectionPlan & { chunks: UrlEntry[][] }> {
  const chunks = cut(config().publicUrl, await pageEntries(), limits);
  const latest = (entries: UrlEntry[]) =>
    entries.reduce<Date | null>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), null);
  return {
    section: "pages",
    perChild: limits.maxUrls,
    total: chunks.reduce((n, c) => n + c.entries.length, 0),
    bytes: chunks.reduce((n, c) => n + c.bytes - WRAPPER_BYTES, 0),
    children: chunks.map((c) => ({ startAt: "", startId: "", count: c.entries.length, lastmod: latest(c.entries) })),
    chunks: chunks.map((c) => c.entries),
  };
}

// ---------------------------------------------------------------------------------------------

function limitsKey(limits: SitemapLimits): string {
  return `${limits.maxUrls}:${limits.maxBytes}`;
}

function plan(section: SitemapSection, limits: SitemapLimits): Promise<SectionPlan & { chunks?: UrlEntry[][] }> {
  return memoize(`sitemap:plan:${section}:${limitsKey(limits)}`, SECTION_TAGS[section], () =>
    section === "pages" ? pagesPlan(limits) : keysetPlan(section, limits),
  );
}

/** The entries of a section's child `n`, batch by batch (nothing for a child that does not exist). */
async function* childBatches(section: SitemapSection, n: number, limits: SitemapLimits): AsyncGenerator<UrlEntry[]> {
  const p = await plan(section, limits);
  const child = p.children[n - 1];
  if (!child) return;
  if (section === "pages") yield p.chunks?.[n - 1] ?? [];
  else yield* keysetBatches(section, child, p.children[n], p.perChild, limits.readBatch ?? KEYSET_BATCH);
}

async function childEntries(section: SitemapSection, n: number, limits: SitemapLimits): Promise<UrlEntry[]> {
  const entries: UrlEntry[] = [];
  for await (const batch of childBatches(section, n, limits)) entries.push(...batch);
  return entries;
}

/**
 * A child sitemap gzip-compressed as its rows are read: the compressor holds at most a batch of
 * text, and the result is the compressed file alone, a fraction of the XML and of the rows behind it
 * (sizes in decision 0038).
 */
async function gzippedChild(section: SitemapSection, n: number, limits: SitemapLimits): Promise<Buffer> {
  const base = config().publicUrl;
  const gzip = createGzip({ level: 6 });
  const compressed: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.once("end", resolve);
    gzip.once("error", reject);
  });
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, "drain");
  };
  await write(URLSET_OPEN);
  let first = true;
  for await (const batch of childBatches(section, n, limits)) {
    const urls = batch.map((e) => urlElement(base, e)).filter((u) => u !== null);
    if (urls.length === 0) continue;
    await write((first ? "" : "\n") + urls.join("\n"));
    first = false;
  }
  gzip.end(URLSET_CLOSE);
  await ended;
  return Buffer.concat(compressed);
}

/** The path of a child sitemap. */
export function childPath(section: SitemapSection, n: number): string {
  return `/sitemap-${section}-${n}.xml`;
}

/** "sitemap-listings-3" (the file name without .xml) as its section and number, or null. */
export function parseChildName(name: string): { section: SitemapSection; n: number } | null {
  const match = /^sitemap-(pages|articles|listings)-([1-9]\d{0,5})$/.exec(name);
  return match ? { section: match[1] as SitemapSection, n: Number(match[2]) } : null;
}

/** What /sitemap.xml serves, with when this process built it and what it holds. */
export interface SitemapSummary {
  builtAt: Date;
  /** URLs listed, in the file itself or in its children */
  urlCount: number;
  /** child sitemaps the index names; 0 when /sitemap.xml is a single urlset */
  childCount: number;
}

function built(limits: SitemapLimits): Promise<SitemapSummary & { xml: string }> {
  return memoize(`sitemap:${limitsKey(limits)}`, SITEMAP_TAGS, async () => {
    const builtAt = new Date();
    const base = config().publicUrl;
    const plans = await Promise.all(SITEMAP_SECTIONS.map((s) => plan(s, limits)));
    const total = plans.reduce((n, p) => n + p.total, 0);
    const bytes = plans.reduce((n, p) => n + p.bytes, 0);
    if (total <= limits.maxUrls && bytes + WRAPPER_BYTES <= limits.maxBytes) {
      const sections = await Promise.all(SITEMAP_SECTIONS.map((s) => childEntries(s, 1, limits)));
      return { xml: renderSitemap(base, sections.flat()), builtAt, urlCount: total, childCount: 0 };
    }
    const children = plans.flatMap((p) => p.children.map((c, i) => ({ path: childPath(p.section, i + 1), lastmod: c.lastmod })));
    return { xml: renderSitemapIndex(base, children), builtAt, urlCount: total, childCount: children.length };
  });
}

/** /sitemap.xml: one urlset while everything fits in one file, else the index of the children. */
export async function buildSitemap(limits: SitemapLimits = DEFAULT_LIMITS): Promise<string> {
  return (await built(limits)).xml;
}

/**
 * The SEO manager's "last generated": the sitemap is generated on request and kept until the data
 * it lists changes, so this is when the one served now was built (decision 0053).
 */
export async function sitemapSummary(limits: SitemapLimits = DEFAULT_LIMITS): Promise<SitemapSummary> {
  const { builtAt, urlCount, childCount } = await built(limits);
  return { builtAt, urlCount, childCount };
}

/**
 * A child sitemap, gzip-compressed (a fraction of its XML, kept outside the JavaScript heap; sizes
 * in decision 0038), or null when there is no such child: nothing is memoized for a
 * name that is not one.
 */
export async function buildSitemapChild(name: string, limits: SitemapLimits = DEFAULT_LIMITS): Promise<Buffer | null> {
  const parsed = parseChildName(name);
  if (!parsed) return null;
  const { section, n } = parsed;
  const p = await plan(section, limits);
  if (n > p.children.length) return null;
  return memoize(`sitemap:${section}:${n}:${limitsKey(limits)}`, SECTION_TAGS[section], () => gzippedChild(section, n, limits));
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
