// The <head> of every page: title, description, canonical URL, Open Graph and Twitter card tags,
// structured data. Built from the page's own facts and the site's settings (root loader).
import type { MetaDescriptor } from "react-router";

export interface SiteInfo {
  name: string;
  description: string;
  /** PUBLIC_URL, without trailing slash */
  publicUrl: string;
  /** path or absolute URL */
  defaultOgImage: string;
  searchConsoleCode: string | null;
  analyticsId: string | null;
  pixelId: string | null;
}

export interface PageSeo {
  /** the page's own title; the site name is appended */
  title: string;
  description?: string | null;
  /** path or absolute URL of the preview image */
  image?: string | null;
  type?: "website" | "article";
  /** defaults to the current path (without query) */
  canonicalPath?: string;
  noindex?: boolean;
  jsonLd?: Record<string, unknown>[];
}

interface MetaArgs {
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

export function siteFrom(matches: MetaArgs["matches"]): SiteInfo | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as { site?: SiteInfo } | undefined;
  return root?.site;
}

export function absoluteUrl(site: SiteInfo, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${site.publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function pageMeta({ matches, location }: MetaArgs, page: PageSeo): MetaDescriptor[] {
  const site = siteFrom(matches);
  const siteName = site?.name ?? "Zampa";
  const title = page.title === siteName ? siteName : `${page.title} | ${siteName}`;
  const description = page.description || site?.description || "";
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (!site) return tags;

  const url = absoluteUrl(site, page.canonicalPath ?? location.pathname);
  const image = absoluteUrl(site, page.image || site.defaultOgImage);
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "it_IT" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  );
  if (site.searchConsoleCode) tags.push({ name: "google-site-verification", content: site.searchConsoleCode });
  for (const data of page.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** JSON-LD BreadcrumbList from (name, path) pairs. */
export function breadcrumbJsonLd(site: SiteInfo | undefined, items: { name: string; path: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: site ? absoluteUrl(site, item.path) : item.path,
    })),
  };
}
