import { Link, Outlet, useLocation } from "react-router";
import { can } from "~/accounts/permissions";
import { adminActor } from "~/admin/gate.server";
import { permissionOf } from "~/admin/navigation";
import { SEO_TABS, seoTabOf } from "~/admin/seo-tabs";
import type { Route } from "./+types/layout";

// /admin/seo — the SEO manager: its heading and the bar of its six tabs; each tab is its own page
// (the child routes). The bar is a list of links, not ARIA tabs: every tab has its own address, is
// loaded by its own loader and works without JavaScript (decision 0053).
export const meta: Route.MetaFunction = () => [{ title: "SEO — Zampa Admin" }, { name: "robots", content: "noindex" }];

/** The tabs this person may open: an editor sees the overview, keywords and sitemap (decision 0107). */
export function loader({ context }: Route.LoaderArgs) {
  const actor = adminActor(context);
  return { tabs: SEO_TABS.filter((tab) => can(actor.role, permissionOf(tab.to))).map((tab) => tab.to) };
}

export default function SeoLayout({ loaderData }: Route.ComponentProps) {
  const current = seoTabOf(useLocation().pathname);
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-stone-900">SEO</h1>
      <p className="mt-1 text-sm text-stone-700">Parole chiave, sitemap, redirect e impostazioni per i motori di ricerca.</p>
      {/* At 360 px the six links do not fit: the bar scrolls sideways inside its own box, with room for the focus ring. */}
      <nav aria-label="Sezioni SEO" className="mt-4 overflow-x-auto border-b border-stone-200">
        <ul className="flex min-w-max gap-1 p-1.5">
          {SEO_TABS.filter((tab) => loaderData.tabs.includes(tab.to)).map((tab) => {
            const active = current?.to === tab.to;
            return (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition ${
                    active ? "bg-brand-700 text-white" : "text-stone-800 hover:bg-stone-100"
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
