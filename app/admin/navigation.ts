// The back office's sidebar: the spec's fifteen links, in its order. Client-safe (the layout and
// the "in arrivo" panel both read it).
export interface AdminSection {
  to: string;
  label: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/articles", label: "Articoli" },
  { to: "/admin/schedule", label: "Calendario" },
  { to: "/admin/editorial-plan", label: "Piano Editoriale" },
  { to: "/admin/api-stats", label: "Statistiche API" },
  { to: "/admin/categories", label: "Categorie" },
  { to: "/admin/users", label: "Utenti" },
  { to: "/admin/contacts", label: "Messaggi" },
  { to: "/admin/contests", label: "Concorsi" },
  { to: "/admin/pet-listings", label: "Annunci" },
  { to: "/admin/breeds", label: "Razze" },
  { to: "/admin/reports", label: "Segnalazioni" },
  { to: "/admin/partners", label: "Partner" },
  { to: "/admin/adsense", label: "AdSense" },
  { to: "/admin/seo", label: "SEO" },
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
