// A route's page as the server renders it with given loader data, to check what the HTML shows
// (user-written text escaped, links, labels) without a browser.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";

/**
 * `path` is the URL shown (query included); `pattern` the route's path (default: `path` without
 * its query). React's empty comments between adjacent texts are removed: the text reads as shown.
 */
export function renderPage(Component: unknown, loaderData: unknown, path: string, pattern = path.split("?")[0]!): string {
  const Stub = createRoutesStub([{ id: "page", path: pattern, Component: Component as ComponentType, HydrateFallback: () => null }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } })).replaceAll("<!-- -->", "");
}
