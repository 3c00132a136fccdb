// The sidebar's folded state is kept in a cookie, so the server renders it as the admin left it
// (no jump when the page hydrates). Client-safe.
export const SIDEBAR_COOKIE = "zampa_admin_sidebar";

export function sidebarCollapsed(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(/;\s*/).some((pair) => pair === `${SIDEBAR_COOKIE}=collapsed`);
}
