import { isStaff, type Role } from "~/accounts/permissions";
import { ChevronDown, Menu, MessageCircle, PawPrint, Plus, Search, User, X } from "lucide";
import { Icon } from "~/components/icon";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { PlainLink } from "./plain-link";
import { MAIN_NAV, SITE_NAME } from "~/lib/site";
import { loginPathBackTo, safeReturnPath } from "~/lib/return-path";
import { unreadLabel } from "~/messages/messages";
import { useDismiss } from "./use-dismiss";

export interface HeaderUser {
  fullName: string;
  email: string;
  role: Role;
  /** Unread private messages (decision 0090). */
  unreadMessages?: number;
}

/** The inbox's link with its unread count, on every screen width. */
function MessagesLink({ count, active }: { count: number; active: boolean }) {
  return (
    <PlainLink
      to="/dashboard/messaggi"
      aria-label={unreadLabel(count)}
      aria-current={active ? "page" : undefined}
      className="relative rounded-full p-2 text-stone-700 hover:bg-stone-100"
    >
      <Icon node={MessageCircle} aria-hidden size={20} />
      {count > 0 ? (
        <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs leading-5 font-bold text-white">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </PlainLink>
  );
}

function navClass(isActive: boolean) {
  return `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-800 bg-brand-50" : "text-stone-700 hover:text-brand-800 hover:bg-stone-50"}`;
}

/** The main navigation's links. One location read for all of them: NavLink would resolve and
 * match its path for each link (12 of them, desktop and mobile), a measurable share of every
 * uncached page render (decision 0027). "/" is active only on the home page, the others on their own subtree. */
function MainNavLinks({ pathname }: { pathname: string }) {
  return MAIN_NAV.map((link) => {
    const active = link.to === "/" ? pathname === "/" : pathname === link.to || pathname.startsWith(`${link.to}/`);
    return (
      <li key={link.to}>
        <PlainLink to={link.to} className={navClass(active)} aria-current={active ? "page" : undefined}>
          {link.label}
        </PlainLink>
      </li>
    );
  });
}

/**
 * "Pubblica annuncio", for everyone: the form sends a visitor to sign in and back (decision 0092),
 * so the link is the same for all and the cached pages stay one for every visitor.
 */
function PublishLink({ className, compact = false }: { className: string; compact?: boolean }) {
  return (
    <PlainLink to="/create-pet-listing" className={className}>
      <Icon node={Plus} aria-hidden size={18} />
      {/* Between lg and xl the bar has no room for the words: the icon, with the same name for screen readers. */}
      <span className={compact ? "sr-only xl:not-sr-only" : undefined}>Pubblica annuncio</span>
    </PlainLink>
  );
}

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Esci
      </button>
    </Form>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panel, button);
  const item = "block w-full rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100";
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className="flex items-center gap-2 rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon node={User} aria-hidden size={18} />
        <span className="max-w-40 truncate">{user.fullName || user.email}</span>
        <Icon node={ChevronDown} aria-hidden size={16} />
      </button>
      <div
        ref={panel}
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-stone-200 bg-white p-2 shadow-lg"
      >
        <div className="border-b border-stone-100 px-3 pb-2 mb-1">
          <p className="truncate font-semibold text-stone-900">{user.fullName}</p>
          <p className="truncate text-sm text-stone-600">{user.email}</p>
        </div>
        <PlainLink to="/dashboard" className={item} onClick={close}>
          Dashboard
        </PlainLink>
        {isStaff(user.role) ? (
          <PlainLink to="/admin" className={item} onClick={close}>
            Admin Dashboard
          </PlainLink>
        ) : null}
        <LogoutButton className={item} />
      </div>
    </div>
  );
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const mobilePanel = useRef<HTMLDivElement>(null);
  const mobileButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // "Accedi" comes back to this page (decision 0092); the same link for every visitor of this URL.
  const here = location.pathname + location.search;
  const signInPath = location.pathname === "/" || location.pathname.startsWith("/login") ? "/login" : (safeReturnPath(here) ? loginPathBackTo(here) : "/login");
  useDismiss(menuOpen, closeMenu, mobilePanel, mobileButton);

  // A navigation closes whatever was open (state adjusted during render, as React recommends).
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setMenuOpen(false);
    setSearchOpen(false);
  }

  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <PlainLink to="/" className="flex items-center gap-2 text-xl font-bold text-brand-800">
          <Icon node={PawPrint} aria-hidden size={26} />
          {SITE_NAME}
        </PlainLink>
        <nav aria-label="Principale" className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            <MainNavLinks pathname={location.pathname} />
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? <MessagesLink count={user.unreadMessages ?? 0} active={location.pathname === "/dashboard/messaggi"} /> : null}
          <button
            type="button"
            className="rounded-full p-2 text-stone-700 hover:bg-stone-100"
            aria-label={searchOpen ? "Chiudi la ricerca" : "Cerca"}
            aria-expanded={searchOpen}
            aria-controls="site-search"
            onClick={() => setSearchOpen((v) => !v)}
          >
            {searchOpen ? <Icon node={X} aria-hidden size={20} /> : <Icon node={Search} aria-hidden size={20} />}
          </button>
          <div className="hidden lg:block">
            <PublishLink className="btn-secondary" compact />
          </div>
          <div className="hidden lg:block">
            {user ? (
              <UserMenu user={user} />
            ) : (
              <PlainLink to={signInPath} className="btn-primary py-2">
                Accedi
              </PlainLink>
            )}
          </div>
          <button
            ref={mobileButton}
            type="button"
            className="rounded-md p-2 text-stone-700 hover:bg-stone-100 lg:hidden"
            aria-label={menuOpen ? "Chiudi il menu" : "Apri il menu"}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <Icon node={X} aria-hidden size={24} /> : <Icon node={Menu} aria-hidden size={24} />}
          </button>
        </div>
      </div>
      <div id="site-search" hidden={!searchOpen} className="border-t border-stone-200 bg-stone-50">
        <Form method="get" action="/articles" role="search" className="mx-auto flex max-w-3xl gap-2 px-4 py-3">
          <label htmlFor="site-search-q" className="sr-only">
            Cerca articoli
          </label>
          <input
            ref={searchInput}
            id="site-search-q"
            name="q"
            type="search"
            placeholder="Cerca articoli..."
            className="field-input"
            required
            maxLength={200}
          />
          <button type="submit" className="btn-primary">
            Cerca
          </button>
        </Form>
      </div>
      <div ref={mobilePanel} id="mobile-menu" hidden={!menuOpen} className="border-t border-stone-200 bg-white lg:hidden">
        <nav aria-label="Menu mobile" className="mx-auto max-w-7xl px-4 py-3">
          <ul className="flex flex-col gap-1">
            <MainNavLinks pathname={location.pathname} />
          </ul>
          <div className="mt-3">
            <PublishLink className="btn-secondary w-full" />
          </div>
          <div className="mt-3 border-t border-stone-200 pt-3">
            {user ? (
              <div className="flex flex-col gap-1">
                <p className="px-3 font-semibold text-stone-900">{user.fullName}</p>
                <p className="px-3 pb-2 text-sm text-stone-600">{user.email}</p>
                <PlainLink to="/dashboard" className="rounded-md px-3 py-2 text-sm text-stone-800 hover:bg-stone-100">
                  Dashboard
                </PlainLink>
                {isStaff(user.role) ? (
                  <PlainLink to="/admin" className="rounded-md px-3 py-2 text-sm text-stone-800 hover:bg-stone-100">
                    Admin Dashboard
                  </PlainLink>
                ) : null}
                <LogoutButton className="w-full rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100" />
              </div>
            ) : (
              <PlainLink to={signInPath} className="btn-primary w-full">
                Accedi
              </PlainLink>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
