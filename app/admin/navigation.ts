// The back office's sidebar: the spec's fifteen links, in its order, and the activity log; each with
// the permission that opens it (app/accounts/permissions.ts), so a person sees only what they may
// use. The areas that are no sidebar link (image upload, the AI endpoints, the SEO tabs) are listed
// below with theirs: the gate asks every request for its area's permission. Client-safe.
import type { Permission } from "~/accounts/permissions";
import {
  CalendarClock,
  ChartColumn,
  ClipboardList,
  Dog,
  FileText,
  Flag,
  Handshake,
  History,
  LayoutDashboard,
  Mail,
  Megaphone,
  PawPrint,
  Search,
  Tags,
  Trophy,
  Users,
  type IconNode,
} from "lucide";

export interface AdminSection {
  to: string;
  label: string;
  icon: IconNode;
  permission: Permission;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, permission: "backoffice.enter" },
  { to: "/admin/articles", label: "Articoli", icon: FileText, permission: "articles.manage" },
  { to: "/admin/schedule", label: "Calendario", icon: CalendarClock, permission: "schedule.manage" },
  { to: "/admin/editorial-plan", label: "Piano Editoriale", icon: ClipboardList, permission: "editorialPlan.manage" },
  { to: "/admin/api-stats", label: "Statistiche API", icon: ChartColumn, permission: "ai.stats" },
  { to: "/admin/categories", label: "Categorie", icon: Tags, permission: "categories.manage" },
  { to: "/admin/users", label: "Utenti", icon: Users, permission: "users.manage" },
  { to: "/admin/contacts", label: "Messaggi", icon: Mail, permission: "contacts.manage" },
  { to: "/admin/contests", label: "Concorsi", icon: Trophy, permission: "contests.manage" },
  { to: "/admin/pet-listings", label: "Annunci", icon: PawPrint, permission: "listings.moderate" },
  { to: "/admin/breeds", label: "Razze", icon: Dog, permission: "breeds.manage" },
  { to: "/admin/reports", label: "Segnalazioni", icon: Flag, permission: "reports.moderate" },
  { to: "/admin/partners", label: "Partner", icon: Handshake, permission: "partners.manage" },
  { to: "/admin/adsense", label: "AdSense", icon: Megaphone, permission: "ads.manage" },
  { to: "/admin/seo", label: "SEO", icon: Search, permission: "seo.keywords" },
  { to: "/admin/registro", label: "Registro attività", icon: History, permission: "audit.view" },
];

/** The areas under a sidebar link, or under none, that ask for another permission than their section's. */
const OTHER_AREAS: readonly { to: string; permission: Permission }[] = [
  { to: "/admin/article-images", permission: "articles.manage" },
  { to: "/admin/ai", permission: "ai.use" },
  { to: "/admin/ai/editorial-plan", permission: "editorialPlan.manage" },
  { to: "/admin/seo/sitemap", permission: "seo.sitemap" },
  { to: "/admin/seo/redirects", permission: "seo.settings" },
  { to: "/admin/seo/meta-tags", permission: "seo.settings" },
  { to: "/admin/seo/settings", permission: "seo.settings" },
  // The activity log's CSV (its own path, not under /admin/registro/).
  { to: "/admin/registro.csv", permission: "audit.view" },
];

const AREAS: readonly { to: string; permission: Permission }[] = [...ADMIN_SECTIONS, ...OTHER_AREAS];

function within(path: string, to: string): boolean {
  return to === "/admin" ? path === "/admin" || path.startsWith("/admin/") : path === to || path.startsWith(`${to}/`);
}

/**
 * The permission a request under /admin needs: its longest matching area's. A path of no area (the
 * dashboard, the not-found page) needs only to enter the back office.
 */
export function permissionOf(pathname: string): Permission {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: { to: string; permission: Permission } | undefined;
  for (const area of AREAS) {
    if (within(path, area.to) && (!best || area.to.length > best.to.length)) best = area;
  }
  return best?.permission ?? "backoffice.enter";
}

/** The section a path belongs to (its longest matching link), for the sidebar's current item and titles. */
export function sectionOf(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: AdminSection | undefined;
  for (const section of ADMIN_SECTIONS) {
    const matches = section.to === "/admin" ? path === "/admin" : path === section.to || path.startsWith(`${section.to}/`);
    if (matches && (!best || section.to.length > best.to.length)) best = section;
  }
  return best;
}
