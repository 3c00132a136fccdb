import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import {
  ARTICLE_IMAGE_BODY_LIMIT,
  CONTEST_BODY_LIMIT,
  LISTING_BODY_LIMIT,
  MAX_ARTICLE_IMAGE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_LISTING_IMAGES,
} from "../app/images/limits";
import { routeManifest } from "../tests/route-manifest";
import { bodyLimitLookup, DEFAULT_BODY_LIMIT, pagePath, routeLookup, type BuildRoute } from "./body-limits";

// The upload routes' modules as the build holds them (their own `handle` exports).
const uploadRoutes = {
  "routes/listings/create": await import("../app/routes/listings/create"),
  "routes/api.pet-listings": await import("../app/routes/api.pet-listings"),
  "routes/contests/detail": await import("../app/routes/contests/detail"),
  "routes/admin/article-images": await import("../app/routes/admin/article-images"),
};
const limitOf = bodyLimitLookup(routeManifest(uploadRoutes), matchRoutes);
const CONTEST = "/contests/3f0f8a5e-1111-4222-8333-944455556666";

describe("body limits", () => {
  it("leave room for the most photos a listing may carry, and no more than a little over", () => {
    expect(LISTING_BODY_LIMIT).toBeGreaterThan(MAX_LISTING_IMAGES * MAX_IMAGE_BYTES);
    expect(LISTING_BODY_LIMIT).toBeLessThan((MAX_LISTING_IMAGES + 1) * MAX_IMAGE_BYTES);
    expect(CONTEST_BODY_LIMIT).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(CONTEST_BODY_LIMIT).toBeLessThan(2 * MAX_IMAGE_BYTES);
  });

  it("are the ones the upload routes declare beside their code", () => {
    expect(uploadRoutes["routes/listings/create"].handle.bodyLimit).toBe(LISTING_BODY_LIMIT);
    expect(uploadRoutes["routes/api.pet-listings"].handle.bodyLimit).toBe(LISTING_BODY_LIMIT);
    expect(uploadRoutes["routes/contests/detail"].handle.bodyLimit).toBe(CONTEST_BODY_LIMIT);
    expect(uploadRoutes["routes/admin/article-images"].handle.bodyLimit).toBe(ARTICLE_IMAGE_BODY_LIMIT);
  });

  it("let an article image a little over 5 MB reach the server's own message, and no much larger body", () => {
    expect(ARTICLE_IMAGE_BODY_LIMIT).toBeGreaterThan(MAX_ARTICLE_IMAGE_BYTES + 1);
    expect(ARTICLE_IMAGE_BODY_LIMIT).toBeLessThan(2 * MAX_ARTICLE_IMAGE_BYTES);
    expect(limitOf("/admin/article-images")).toBe(ARTICLE_IMAGE_BODY_LIMIT);
  });

  it("apply to a page's path", () => {
    expect(limitOf("/create-pet-listing")).toBe(LISTING_BODY_LIMIT);
    expect(limitOf("/api/pet-listings")).toBe(LISTING_BODY_LIMIT);
    expect(limitOf(CONTEST)).toBe(CONTEST_BODY_LIMIT);
    expect(limitOf(`${CONTEST}/`)).toBe(CONTEST_BODY_LIMIT);
  });

  it("apply to the single-fetch .data request the page's script sends", () => {
    expect(limitOf(`${CONTEST}.data`)).toBe(CONTEST_BODY_LIMIT);
    expect(limitOf("/create-pet-listing.data")).toBe(LISTING_BODY_LIMIT);
    expect(limitOf("/contact.data")).toBe(DEFAULT_BODY_LIMIT);
    expect(limitOf("/_root.data")).toBe(DEFAULT_BODY_LIMIT);
    expect(limitOf("/dashboard.data", "?index")).toBe(DEFAULT_BODY_LIMIT);
    expect(pagePath("/_root.data")).toBe("/");
    expect(pagePath(`${CONTEST}.data`)).toBe(CONTEST);
  });

  it("give every other path, known or not, the default of 1 MB", () => {
    expect(DEFAULT_BODY_LIMIT).toBe(1024 * 1024);
    for (const path of ["/contact", "/login", "/api/pet-listings/map", "/contests", "/contests.data", "/", "/non-esiste", "/non-esiste.data", "/admin/qualcosa"]) {
      expect(limitOf(path), path).toBe(DEFAULT_BODY_LIMIT);
    }
  });

  it("follow React Router's choice of the route that answers: the index route only with ?index", () => {
    // A made-up tree: a layout that accepts large bodies, and its index route that does not.
    const routes: Record<string, BuildRoute> = {
      root: { id: "root", path: "", module: {} },
      gallery: { id: "gallery", parentId: "root", path: "galleria", module: { handle: { bodyLimit: 5_000_000 } } },
      "gallery-index": { id: "gallery-index", parentId: "gallery", index: true, module: {} },
      "gallery-photo": { id: "gallery-photo", parentId: "gallery", path: ":photo", module: { handle: { bodyLimit: 9_000_000 } } },
      layout: { id: "layout", parentId: "root", module: { handle: { bodyLimit: 7_000_000 } } },
      inside: { id: "inside", parentId: "layout", path: "dentro", module: {} },
    };
    const lookup = bodyLimitLookup(routes, matchRoutes);
    expect(lookup("/galleria")).toBe(5_000_000);
    expect(lookup("/galleria.data")).toBe(5_000_000);
    expect(lookup("/galleria", "?index")).toBe(DEFAULT_BODY_LIMIT);
    expect(lookup("/galleria.data", "?index&_routes=x")).toBe(DEFAULT_BODY_LIMIT);
    expect(lookup("/galleria/gatto.data")).toBe(9_000_000);
    // A pathless layout's limit is not its children's: the child answers.
    expect(lookup("/dentro")).toBe(DEFAULT_BODY_LIMIT);
  });
});

describe("the route lookup", () => {
  const routes = routeManifest(uploadRoutes);
  const lookup = routeLookup(routes, matchRoutes);
  // React Router's own answer for the raw path, on the same routes, nothing kept.
  const nest = (parentId?: string): RouteObject[] =>
    Object.values(routes)
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: nest(r.id) }));
  const tree = nest(undefined);
  const direct = (path: string) => matchRoutes(tree, pagePath(path))?.at(-1)?.route.id;

  it("answers as React Router's matchRoutes for every kind of path, kept by the path's shape", () => {
    for (const path of [
      "/", "/articles", "/Articles", "/%61rticles", "/article/cane", "/article/cane/view", "/sitemap.xml", "/sitemap-listings-2.xml",
      "/robots.txt", "/pet-listing/123", "/contests/abc.data", "/_root.data", "/dashboard", "/dashboard/profile", "/admin/seo/keywords",
      "/admin/qualcosa/altro", "/uploads/a/b.webp", "/nessuna/pagina", "/api/auth/sign-in/email", "/%ZZ",
    ]) {
      expect(lookup(path)?.leaf.id, path).toBe(direct(path));
      // Asked again (from the kept shapes), the same answer.
      expect(lookup(path)?.leaf.id, path).toBe(direct(path));
    }
    expect(lookup("/pet-listing/123")?.leaf.id).toBe("routes/listings/detail");
    expect(lookup("/sitemap-listings-2.xml")?.leaf.id).toBe("routes/sitemap-child");
    expect(lookup("/article/cane/view")?.leaf.id).toBe("routes/article-view");
  });
});
