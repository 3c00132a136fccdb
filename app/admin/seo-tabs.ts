// The SEO manager's tabs (/admin/seo), in the spec's order. Client-safe: the tab bar and the tests
// read it. Each tab is a page with its own address, so the bar is a list of links (decision 0053);
// it shows the tabs the person may open (permissionOf, app/admin/navigation.ts).

export interface SeoTab {
  to: string;
  label: string;
}

export const SEO_TABS: readonly SeoTab[] = [
  { to: "/admin/seo", label: "Panoramica" },
  { to: "/admin/seo/keywords", label: "Parole chiave" },
  { to: "/admin/seo/sitemap", label: "Sitemap" },
  { to: "/admin/seo/redirects", label: "Redirect" },
  { to: "/admin/seo/meta-tags", label: "Meta tag" },
  { to: "/admin/seo/settings", label: "Impostazioni" },
];

/** The tab a path belongs to: the overview only for /admin/seo itself, the others for their subtree. */
export function seoTabOf(pathname: string): SeoTab | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === SEO_TABS[0]!.to) return SEO_TABS[0];
  return SEO_TABS.slice(1).find((tab) => path === tab.to || path.startsWith(`${tab.to}/`));
}
