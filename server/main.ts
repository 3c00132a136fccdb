// The production HTTP server: Hono on Node, serving the built assets and handing everything else
// to React Router. `npm run build` compiles it to build/server.js (vite.server.config.ts).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { serve, type HttpBindings, type Http2Bindings } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { matchRoutes, ServerBuild } from "react-router";
import { ACCOUNT_MESSAGES } from "../app/accounts/messages.ts";
import { INPUT_MESSAGES } from "../app/lib/input.ts";
import { BODY_TOO_LARGE, bodyLimitLookup } from "./body-limits.ts";
import { clientAddress } from "./client-address.ts";
import { responseFinisher } from "./compression.ts";
import type { SecurityHeaders } from "../app/lib/content-security-policy.ts";
import { inArrivalOrder } from "./arrival-order.ts";
import { isAllowedOrigin } from "./origin-check.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildFile = path.join(root, "build/server/index.js");
if (!existsSync(buildFile)) {
  console.error("Build mancante: esegui prima `npm run build`.");
  process.exit(1);
}

const startedAt = performance.now();
const build = (await import(buildFile)) as ServerBuild;
const entry = build.entry.module as unknown as {
  ready: () => Promise<void>;
  shutdown: () => Promise<void>;
  applyRedirect: (request: Request) => Promise<Response | null>;
  servePage: (request: Request, render: (request: Request) => Promise<Response>) => Promise<Response>;
  createRequestHandler: (build: ServerBuild, mode: string) => (request: Request) => Promise<Response>;
  matchRoutes: typeof matchRoutes;
  siteSecurityHeaders: () => SecurityHeaders;
};
await entry.ready();
const finishResponse = responseFinisher(entry.siteSecurityHeaders());

const port = Number(process.env.PORT || 3000);
const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
const publicOrigin = new URL(publicUrl).origin;
const trustProxy = ["1", "true", "yes", "on"].includes(String(process.env.TRUST_PROXY).toLowerCase());
const handle = entry.createRequestHandler(build, "production");
const clientDir = path.relative(process.cwd(), path.join(root, "build/client"));

const app = new Hono();
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Fingerprinted build assets never change: cache them for a year.
app.use(
  "/assets/*",
  serveStatic({
    root: clientDir,
    // build/client/assets holds .br and .gz copies made at build time (scripts/compress-assets.ts).
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
  }),
);
// The few files of public/ (favicon, default preview image), by exact name: no disk lookup for pages.
const publicFiles = new Set(
  readdirSync(path.join(root, "build/client")).filter((name) => name !== "assets" && !/\.(br|gz)$/.test(name)),
);
const servePublic = serveStatic({
  root: clientDir,
  precompressed: true,
  onFound: (_path, c) => {
    c.header("Cache-Control", "public, max-age=86400");
  },
});
app.use("*", (c, next) => (publicFiles.has(c.req.path.slice(1)) ? servePublic(c, next) : next()));

// Request bodies are bounded before anything reads them: 413 with an Italian message. The limit is
// the one the route declares (`handle.bodyLimit`), found as React Router finds the route's action.
const bodyLimitFor = bodyLimitLookup(build.routes, entry.matchRoutes);
const limiters = new Map<number, ReturnType<typeof bodyLimit>>();
app.use("*", (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const url = c.req.url;
  const query = url.indexOf("?");
  const maxSize = bodyLimitFor(c.req.path, query === -1 ? "" : url.slice(query));
  let limiter = limiters.get(maxSize);
  if (!limiter) {
    limiter = bodyLimit({ maxSize, onError: (ctx) => ctx.text(BODY_TOO_LARGE, 413) });
    limiters.set(maxSize, limiter);
  }
  return limiter(c, next);
});

/** True when the path of the URL (not its query, which the loaders read) holds an escaped NUL. */
function nulInPath(url: string): boolean {
  const nul = url.search(/%00/i);
  if (nul === -1) return false;
  const query = url.indexOf("?");
  return query === -1 || nul < query;
}

// Everything else goes to the app: redirects, then the page cache, then React Router.
app.all("*", async (c) => {
  const request = c.req.raw;
  // A NUL character names no page (and PostgreSQL refuses it): the query is read strictly by the
  // loaders (readQuery), the path here, before a route looks anything up with it.
  if (nulInPath(request.url)) return c.text(INPUT_MESSAGES.badAddress, 400);
  if (!SAFE_METHODS.has(request.method)) {
    if (!isAllowedOrigin(request, publicOrigin)) return c.text(ACCOUNT_MESSAGES.forbiddenOrigin, 403);
    // The client's address, as better-auth and the rate limits read it. A value sent by the client
    // itself is always replaced.
    request.headers.set("x-zampa-client-ip", clientAddress(c.req.header("x-forwarded-for"), getConnInfo(c).remote.address, trustProxy));
  }
  return (await entry.applyRedirect(request)) ?? entry.servePage(request, (r) => handle(r));
});

// Requests start in the order they arrived, so that a busy server keeps every visitor's wait short.
// Every response then gets the security headers and, unless it is encoded already, compression.
const start = inArrivalOrder();
const respond = async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> =>
  finishResponse(request, await start(() => app.fetch(request, env)));
const server = serve({ fetch: respond, port }, () => {
  const ms = Math.round(performance.now() - startedAt);
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `Zampa è in ascolto su ${publicUrl} (pronto in ${ms} ms)` }));
});

// A clean stop: no new connections, then the database is closed (the embedded one flushes its files).
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close();
    entry
      .shutdown()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error("Errore durante l'arresto:", error);
        process.exit(1);
      });
  });
}
