import { ExternalLink, LogOut, Menu, PanelLeftClose, PanelLeftOpen, PawPrint, X } from "lucide";
import { useRef, useState } from "react";
import { Form, Link, Outlet, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { adminActor, adminGate } from "~/admin/gate.server";
import { can } from "~/accounts/permissions";
import { ADMIN_SECTIONS, sectionOf } from "~/admin/navigation";
import { badgeLabel, sectionBadge, todoPill, type TodoCounts } from "~/admin/todo";
import { todoCounts } from "~/admin/todo.server";
import { ROLES } from "~/lib/enums";
import { SIDEBAR_COOKIE, sidebarCollapsed } from "~/admin/sidebar";
import { Icon } from "~/components/icon";
import { useDismiss } from "~/components/use-dismiss";
import type { Route } from "./+types/layout";

// Every /admin request — page, its data, action, resource route — passes the gate before any
// loader or action runs (app/admin/gate.server.ts); they read the actor it let through.
export const middleware: Route.MiddlewareFunction[] = [adminGate];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const todo = await todoCounts(admin);
  return {
    admin: { fullName: admin.fullName, email: admin.email, roleLabel: ROLES.labels[admin.role] },
    /** the sidebar's links this person may open (decision 0107) */
    sections: ADMIN_SECTIONS.filter((section) => can(admin.role, section.permission)).map((section) => section.to),
    collapsed: sidebarCollapsed(request.headers.get("cookie")),
    /** what waits in the areas this person may open: the sidebar's badges and the dashboard's cards (decision 0111) */
    todo: todo.ok ? todo.todo : null,
  };
}

/**
 * The badges follow the work: read again on every move within the back office (in the same request
 * as the page's data), not only after a form, so that what another moderator handled disappears.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export const meta = () => [{ title: "Amministrazione — Zampa" }, { name: "robots", content: "noindex" }];

function SectionLinks({
  allowed,
  collapsed,
  todo,
  onNavigate,
}: {
  allowed: readonly string[];
  collapsed: boolean;
  todo: TodoCounts | null;
  onNavigate?: () => void;
}) {
  const current = sectionOf(useLocation().pathname);
  return (
    <ul className="space-y-1">
      {ADMIN_SECTIONS.filter((section) => allowed.includes(section.to)).map((section) => {
        const active = current?.to === section.to;
        // Something waits here: the link leads to the list filtered to it, and its name says how many.
        const badge = sectionBadge(section.to, todo);
        const name = badge ? badgeLabel(section.label, badge.count) : section.label;
        return (
          <li key={section.to}>
            <Link
              to={badge?.href ?? section.to}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              title={collapsed ? name : undefined}
              data-todo={badge?.count}
              className={`relative flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                active ? "bg-brand-700 text-white" : "text-stone-800 hover:bg-stone-100"
              } ${collapsed ? "justify-center" : ""}`}
            >
              <Icon node={section.icon} aria-hidden size={18} className="shrink-0" />
              {badge ? (
                <>
                  {/* The name is read from one place, "Segnalazioni, 3 da gestire"; the label and the
                      pill are what the eye reads: the figure itself, not a colour alone. */}
                  <span aria-hidden className={collapsed ? "hidden" : "flex-1"}>
                    {section.label}
                  </span>
                  <span className="sr-only">{name}</span>
                  <span
                    aria-hidden
                    className={`min-w-5 rounded-full px-1.5 py-0.5 text-center text-xs leading-none font-bold ${active ? "bg-white text-brand-800" : "bg-red-700 text-white"} ${
                      collapsed ? "absolute top-0 right-1" : ""
                    }`}
                  >
                    {todoPill(badge.count)}
                  </span>
                </>
              ) : (
                <span className={collapsed ? "sr-only" : "flex-1"}>{section.label}</span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SignOut({ collapsed }: { collapsed: boolean }) {
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        title={collapsed ? "Esci" : undefined}
        className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100 ${collapsed ? "justify-center" : ""}`}
      >
        <Icon node={LogOut} aria-hidden size={18} className="shrink-0" />
        <span className={collapsed ? "sr-only" : ""}>Esci</span>
      </button>
    </Form>
  );
}

function SiteLink({ collapsed }: { collapsed: boolean }) {
  return (
    <Link
      to="/"
      title={collapsed ? "Vai al Sito" : undefined}
      className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100 ${collapsed ? "justify-center" : ""}`}
    >
      <Icon node={ExternalLink} aria-hidden size={18} className="shrink-0" />
      <span className={collapsed ? "sr-only" : ""}>Vai al Sito</span>
    </Link>
  );
}

/** Shown while a page of the back office loads (the session is read on the server, before any page). */
function LoadingIndicator() {
  const loading = useNavigation().state === "loading";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      {loading ? (
        <>
          <div className="h-1 w-full animate-pulse bg-brand-700" />
          <span className="sr-only">Caricamento...</span>
        </>
      ) : null}
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin } = loaderData;
  const [collapsed, setCollapsed] = useState(loaderData.collapsed);
  // The menu is open for the page it was opened on: moving to another page (a link, Back) closes it.
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  useDismiss(menuOpen, () => setMenuOpen(false), menuRef, menuButton);

  function toggleCollapsed() {
    const next = !collapsed;
    setCollapsed(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next ? "collapsed" : "expanded"}; Path=/admin; Max-Age=31536000; SameSite=Lax`;
  }

  return (
    <div className="flex min-h-screen flex-col bg-stone-50 lg:flex-row">
      <a href="#admin-contenuto" className="skip-link">
        Vai al contenuto
      </a>
      <LoadingIndicator />

      {/* Narrow screens: a bar with the menu button; the sections open below it. A header, so that
          everything on the page sits in a landmark. */}
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-white lg:hidden">
        <div className="flex items-center gap-3 px-4 py-3">
          <Link to="/admin" className="flex items-center gap-2 font-bold text-brand-800">
            <Icon node={PawPrint} aria-hidden size={22} /> Zampa Admin
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="btn-secondary ml-auto px-3 py-2"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <Icon node={menuOpen ? X : Menu} aria-hidden size={18} /> Menu
          </button>
        </div>
        <div ref={menuRef} id="admin-menu" hidden={!menuOpen} className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-stone-200 px-3 py-3">
          <nav aria-label="Sezioni del pannello">
            <SectionLinks allowed={loaderData.sections} collapsed={false} todo={loaderData.todo} onNavigate={() => setMenuOpen(false)} />
          </nav>
          <div className="mt-3 space-y-1 border-t border-stone-200 pt-3">
            <SiteLink collapsed={false} />
            <SignOut collapsed={false} />
          </div>
        </div>
      </header>

      {/* Wide screens: the sidebar, which folds down to its icons. */}
      <aside
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-stone-200 bg-white lg:flex ${collapsed ? "w-20" : "w-64"}`}
        aria-label="Barra laterale"
      >
        <div className={`flex items-center gap-2 px-4 py-4 ${collapsed ? "justify-center" : ""}`}>
          <Link to="/admin" className="flex items-center gap-2 font-bold text-brand-800" title="Zampa Admin">
            <Icon node={PawPrint} aria-hidden size={24} />
            <span className={collapsed ? "sr-only" : ""}>Zampa Admin</span>
          </Link>
        </div>
        <nav aria-label="Sezioni del pannello" className="flex-1 overflow-y-auto px-3">
          <SectionLinks allowed={loaderData.sections} collapsed={collapsed} todo={loaderData.todo} />
        </nav>
        <div className="space-y-1 border-t border-stone-200 px-3 py-3">
          {collapsed ? null : (
            <p className="px-3 pb-1 text-xs text-stone-600">
              <span className="block truncate">{admin.email}</span>
              <span className="block">{admin.roleLabel}</span>
            </p>
          )}
          <SiteLink collapsed={collapsed} />
          <SignOut collapsed={collapsed} />
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-expanded={!collapsed}
            title={collapsed ? "Espandi il menu" : undefined}
            className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 ${collapsed ? "justify-center" : ""}`}
          >
            <Icon node={collapsed ? PanelLeftOpen : PanelLeftClose} aria-hidden size={18} className="shrink-0" />
            <span className={collapsed ? "sr-only" : ""}>{collapsed ? "Espandi il menu" : "Comprimi il menu"}</span>
          </button>
        </div>
      </aside>

      <main id="admin-contenuto" tabIndex={-1} className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <Outlet />
      </main>
    </div>
  );
}
