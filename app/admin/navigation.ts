// The back office's sidebar: the spec's fifteen links, in its order. Client-safe (the layout reads it).
import {
  CalendarClock,
  ChartColumn,
  ClipboardList,
  Dog,
  FileText,
  Flag,
  Handshake,
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
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/articles", label: "Articoli", icon: FileText },
  { to: "/admin/schedule", label: "Calendario", icon: CalendarClock },
  { to: "/admin/editorial-plan", label: "Piano Editoriale", icon: ClipboardList },
  { to: "/admin/api-stats", label: "Statistiche API", icon: ChartColumn },
  { to: "/admin/categories", label: "Categorie", icon: Tags },
  { to: "/admin/users", label: "Utenti", icon: Users },
  { to: "/admin/contacts", label: "Messaggi", icon: Mail },
  { to: "/admin/contests", label: "Concorsi", icon: Trophy },
  { to: "/admin/pet-listings", label: "Annunci", icon: PawPrint },
  { to: "/admin/breeds", label: "Razze", icon: Dog },
  { to: "/admin/reports", label: "Segnalazioni", icon: Flag },
  { to: "/admin/partners", label: "Partner", icon: Handshake },
  { to: "/admin/adsense", label: "AdSense", icon: Megaphone },
  { to: "/admin/seo", label: "SEO", icon: Search },
];

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
