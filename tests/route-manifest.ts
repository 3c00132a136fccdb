// The server build's route manifest for app/routes.ts, as React Router writes it (ids from the file
// names, the root route around everything), for the tests of what the HTTP server reads from it
// (body limits, rate-limit classes) without a build.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../app/routes";
import type { BuildRoute } from "../server/body-limits";

/** Each route's module exports are given by `modules` (by route id); the others export nothing. */
export function routeManifest(modules: Record<string, { handle?: unknown }>): Record<string, BuildRoute> {
  const routes: Record<string, BuildRoute> = { root: { id: "root", path: "", module: {} } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module: modules[id] ?? {} };
      add(entry.children ?? [], id);
    }
  };
  add(routeConfig, "root");
  return routes;
}
