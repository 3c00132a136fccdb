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

/** A route a request matched: its id and its module's `handle` export. */
export interface MatchedRoute {
  id: string;
  handle: unknown;
}

/** The routes a request matched, as React Router picks them. */
export interface RouteMatch {
  /** the route whose action answers a POST (see below) */
  action: MatchedRoute;
  /** the deepest route matched: the page a GET shows */
  leaf: MatchedRoute;
}

/** The build's flat manifest as the nested routes matchRoutes expects, each with its module's `handle`. */
function routeTree(routes: Record<string, BuildRoute | undefined>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route): route is BuildRoute => route !== undefined && route.parentId === parentId)
    .map((route): RouteObject => {
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle: route.module.handle };
      return route.index ? { ...common, index: true } : { ...common, children: routeTree(routes, route.id) };
    });
}

/** The page a single-fetch data URL stands for: `/contests/x.data` → `/contests/x`, `/_root.data` → `/`. */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * A lookup of the routes a request matches, from the build's routes and React Router's own
 * matchRoutes (the server passes the copy bundled in the build, so that it loads React Router once).
 * Used for the body limit, the rate-limit class and the metrics' route label.
 */
export function routeLookup(
  routes: Record<string, BuildRoute | undefined>,
  matchRoutes: typeof MatchRoutes,
): (pathname: string, search?: string) => RouteMatch | undefined {
  const tree = routeTree(routes);
  // matchRoutes ranks every route of the app at each call (its cost: decision 0067): too slow for every
  // request, so its answers are kept by the path's shape. A segment that is no route's static
  // segment can only be matched by a parameter or a splat, so it is replaced by one placeholder:
  // `/pet-listing/<any id>` is one key, and the number of keys stays that of the app's routes.
  const staticSegments = new Set<string>();
  // A parameter may carry a literal suffix (`:name.xml`): the placeholder keeps it.
  const suffixes = new Set<string>();
  const collect = (nodes: RouteObject[]) => {
    for (const node of nodes) {
      for (const segment of node.path?.split("/") ?? []) {
        const suffix = /^:[\w-]+(.+)$/.exec(segment.replace(/\?$/, ""))?.[1];
        if (suffix) suffixes.add(suffix.toLowerCase());
        else if (segment && !segment.startsWith(":") && segment !== "*") staticSegments.add(segment.replace(/\?$/, "").toLowerCase());
      }
      collect(node.children ?? []);
    }
  };
  collect(tree);
  const shapeOf = (pathname: string) =>
    pathname
      .split("/")
      .map((segment) => {
        let decoded = segment;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          // a malformed escape matches no static segment
        }
        decoded = decoded.toLowerCase();
        if (segment === "" || staticSegments.has(decoded)) return decoded;
        for (const suffix of suffixes) if (decoded.endsWith(suffix) && decoded.length > suffix.length) return `_${suffix}`;
        return "_";
      })
      .join("/");
  const KEPT_SHAPES = 2_000;
  type Found = { leaf: MatchedRoute; withPath: MatchedRoute; leafIsIndex: boolean; plain: RouteMatch } | null;
  const shapes = new Map<string, Found>();
  // The paths asked most (the pages visitors read) skip even the shape: bounded the same way.
  const paths = new Map<string, Found>();

  return (pathname, search = "") => {
    let found = paths.get(pathname);
    if (found === undefined) {
      found = shapeMatch(pathname);
      if (paths.size >= KEPT_SHAPES) paths.clear();
      paths.set(pathname, found);
    }
    if (!found) return undefined;
    const nakedIndex = found.leafIsIndex && search !== "" && new URLSearchParams(search).getAll("index").includes("");
    return nakedIndex ? { action: found.leaf, leaf: found.leaf } : found.plain;
  };

  function shapeMatch(pathname: string): Found {
    const shape = shapeOf(pagePath(pathname));
    let found = shapes.get(shape);
    if (found === undefined) {
      const matches = matchRoutes(tree, shape);
      if (matches?.length) {
        const last = matches[matches.length - 1]!;
        // The route whose action answers, as React Router picks it: the index route when the URL
        // says `?index`, otherwise the deepest route with a path of its own.
        const withPath = matches.filter((match, i) => i === 0 || (match.route.path?.length ?? 0) > 0).at(-1)!;
        const leaf = { id: last.route.id!, handle: last.route.handle };
        const action = { id: withPath.route.id!, handle: withPath.route.handle };
        found = { leaf, withPath: action, leafIsIndex: last.route.index === true, plain: { action, leaf } };
      } else found = null;
      if (shapes.size >= KEPT_SHAPES) shapes.clear();
      shapes.set(shape, found);
    }
    return found;
  }
}

/** A lookup of the body limit of a request (see routeLookup). */
export function bodyLimitLookup(
  routes: Record<string, BuildRoute | undefined>,
  matchRoutes: typeof MatchRoutes,
): (pathname: string, search?: string) => number {
  const lookup = routeLookup(routes, matchRoutes);
  return (pathname, search = "") => declaredLimit(lookup(pathname, search)?.action.handle) ?? DEFAULT_BODY_LIMIT;
}
