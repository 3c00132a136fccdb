// How large a request body may be. A route that receives photos declares its limit beside its code,
// as `export const handle = { bodyLimit }` (app/images/limits.ts holds the figures); every other
// request may send 1 MB, so a huge body there is refused before anything reads it. The limit of a
// request is found by matching its path against the build's routes as React Router does for an
// action, with single-fetch URLs (`/contests/x.data`, `/_root.data`, `?index`) read as their page.
// Erasable TypeScript only (the server runs with Node's type stripping).
import type { matchRoutes as MatchRoutes, RouteObject } from "react-router";
import { IMAGE_MESSAGES } from "../app/images/limits.ts";

const MB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 1 * MB;
export const BODY_TOO_LARGE = IMAGE_MESSAGES.requestTooLarge;

/** What a route module may declare about the requests it receives. */
export interface BodyLimitHandle {
  /** The largest request body this route's action accepts, in bytes. */
  bodyLimit?: number;
}

/** A route of the server build (`build.routes`), as far as the limit lookup reads it. */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
}

function declaredLimit(handle: unknown): number | undefined {
  const limit = (handle as BodyLimitHandle | undefined)?.bodyLimit;
  return typeof limit === "number" && limit > 0 ? limit : undefined;
}

/** The build's flat manifest as the nested routes matchRoutes expects, each with its limit as `handle`. */
function routeTree(routes: Record<string, BuildRoute | undefined>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route): route is BuildRoute => route !== undefined && route.parentId === parentId)
    .map((route): RouteObject => {
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle: declaredLimit(route.module.handle) };
      return route.index ? { ...common, index: true } : { ...common, children: routeTree(routes, route.id) };
    });
}

/** The page a single-fetch data URL stands for: `/contests/x.data` → `/contests/x`, `/_root.data` → `/`. */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * A lookup of the body limit of a request, from the build's routes and React Router's own
 * matchRoutes (the server passes the copy bundled in the build, so that it loads React Router once).
 */
export function bodyLimitLookup(
  routes: Record<string, BuildRoute | undefined>,
  matchRoutes: typeof MatchRoutes,
): (pathname: string, search?: string) => number {
  const tree = routeTree(routes);
  return (pathname, search = "") => {
    const matches = matchRoutes(tree, pagePath(pathname));
    if (!matches?.length) return DEFAULT_BODY_LIMIT;
    // The route whose action answers, as React Router picks it: the index route when the URL says
    // `?index`, otherwise the deepest route with a path of its own.
    const last = matches[matches.length - 1]!;
    const nakedIndex = new URLSearchParams(search).getAll("index").includes("");
    const target =
      last.route.index && nakedIndex
        ? last
        : matches.filter((match, i) => i === 0 || (match.route.path?.length ?? 0) > 0).at(-1)!;
    return (target.route.handle as number | undefined) ?? DEFAULT_BODY_LIMIT;
  };
}
