import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { isEmailVerified } from "~/accounts/recovery.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import { getCurrentUser } from "~/accounts/session.server";
import { VerificationBanner } from "~/components/account/verification-banner";
import { ConsentScripts } from "~/components/consent-scripts";
import { CookieConsent } from "~/components/cookie-consent";
import { MessagePanel } from "~/components/message-panel";
import { usePlainLinkNavigation } from "~/components/plain-link";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { INPUT_MESSAGES } from "~/lib/input";
import { RATE_LIMIT_MESSAGES } from "~/lib/rate-limit-classes";
import { pageMeta } from "~/lib/seo";
import { SITE_NAME, SITE_TAGLINE } from "~/lib/site";
import { getSiteInfo } from "~/seo/settings.server";
import { unreadTotal } from "~/messages/conversations.server";
// One stylesheet for the whole site, a fingerprinted file the browser keeps (decision 0104).
import stylesheet from "./app.css?url";

export async function loader({ request }: Route.LoaderArgs) {
  const [user, site] = await Promise.all([getCurrentUser(request), getSiteInfo()]);
  // The reminder banner (decision 0058) reads the users row: the session may predate the confirmation.
  // The header's unread messages (decision 0090): one indexed read, for a signed-in request only
  // (an anonymous page, the one the page cache keeps, reads nothing more).
  const [emailUnverified, unreadMessages] = user ? await Promise.all([isEmailVerified(user.id).then((v) => !v), unreadTotal(user.id)]) : [false, 0];
  return { user: user ? { fullName: user.fullName, email: user.email, role: user.role, unreadMessages } : null, site, emailUnverified };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: `${SITE_NAME} — ${SITE_TAGLINE}` });

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2410c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheet} />
        <Meta />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        {/* Links only preloads the JavaScript modules; entry.server moves them and the scripts to
            after the page's load (decision 0021). */}
        <Links />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const isBackOffice = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/** Public pages get the shared chrome; the back office has a shell of its own. */
function PublicChrome({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  if (isBackOffice(pathname)) return <>{children}</>;
  return (
    <>
      <a href="#contenuto" className="skip-link">
        Vai al contenuto
      </a>
      <SiteHeader user={data?.user ?? null} />
      {data?.emailUnverified ? <VerificationBanner /> : null}
      <main id="contenuto" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <CookieConsent />
      <ConsentScripts analyticsId={data?.site.analyticsId ?? null} pixelId={data?.site.pixelId ?? null} />
    </>
  );
}

/**
 * Hydration happens when the browser is idle (entry.client.tsx); this marks when it is done
 * (browser tests wait for it before using interactive parts), on error pages too.
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  useHydratedMarker();
  usePlainLinkNavigation();
  return (
    <PublicChrome>
      <Outlet />
    </PublicChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMarker();
  usePlainLinkNavigation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A request refused for its input (readQuery, app/lib/form.server.ts), or an action the back
  // office's gate refused (app/admin/gate.server.ts): its Italian message.
  const said = isRouteErrorResponse(error) && [400, 401, 403].includes(error.status) ? (error.data as { error?: unknown } | null)?.error : null;
  const badRequest = typeof said === "string" && isRouteErrorResponse(error) && error.status === 400 ? said : null;
  const forbidden = typeof said === "string" && !badRequest ? said : null;
  // A page's data refused by the rate limits (server/rate-limit.ts): its message, with the wait.
  const throttled = isRouteErrorResponse(error) && error.status === 429 && typeof error.data === "string" ? error.data : null;
  const panel = (
    <MessagePanel
      title={
        notFound
          ? "Pagina non trovata"
          : badRequest
            ? INPUT_MESSAGES.badRequestTitle
            : forbidden
              ? ADMIN_ACCESS_MESSAGES.refusedTitle
              : throttled
                ? RATE_LIMIT_MESSAGES.title
                : "Si è verificato un errore"
      }
      text={
        notFound
          ? "La pagina che stai cercando non esiste o è stata spostata."
          : (badRequest ?? forbidden ?? throttled ?? "Qualcosa non ha funzionato. Riprova tra qualche istante.")
      }
    >
      {/* An editor or a moderator refused a section goes back to the back office's home. */}
      {forbidden && isBackOffice(pathname) && forbidden === ADMIN_ACCESS_MESSAGES.notPermitted ? (
        <a href="/admin" className="btn-primary">
          Torna alla dashboard
        </a>
      ) : (
        <a href="/" className="btn-primary">
          Torna alla home
        </a>
      )}
    </MessagePanel>
  );
  // In the back office the chrome (and its main landmark) is the admin layout's, which an error
  // reaching the root replaces: the panel is the page's main content.
  return <PublicChrome>{isBackOffice(pathname) ? <main id="contenuto">{panel}</main> : panel}</PublicChrome>;
}
