// The production HTTP server: Hono on Node, serving the built assets and handing everything else
// to React Router. `npm run build` compiles it to build/server.js (vite.server.config.ts).
import cluster from "node:cluster";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { getRequestListener, type HttpBindings, type Http2Bindings } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { matchRoutes, ServerBuild } from "react-router";
import type { Logger } from "pino";
import type { AccessLine } from "../app/lib/logger.server.ts";
import { writeLogLine } from "../app/lib/log-format.ts";
import { START_BANNER_MESSAGE, type StartBanner } from "../app/lib/start-banner.ts";
import { WARM_UP_PARALLEL, WARM_UP_PATHS, WARM_UP_ROUNDS } from "../app/warm-up.ts";
import { ACCOUNT_MESSAGES } from "../app/accounts/messages.ts";
import { INPUT_MESSAGES } from "../app/lib/input.ts";
import { CLIENT_IP_HEADER } from "../app/accounts/client-ip.ts";
import type { ServerRateLimitClass } from "../app/config.server.ts";
import { BODY_TOO_LARGE, DEFAULT_BODY_LIMIT, routeLookup } from "./body-limits.ts";
import { clientAddress, parseTrustProxy, requestId } from "./client-address.ts";
import { plainHeadersFinisher, responseFinisher } from "./compression.ts";
import { plainPartsOf, type PlainParts } from "../app/lib/http-headers.ts";
import type { RawRequest } from "../app/cache/page-cache.server.ts";
import type { SecurityHeaders } from "../app/lib/content-security-policy.ts";
import { inArrivalOrder } from "./arrival-order.ts";
import { createMetrics, metricsResponse, type AppStats } from "./metrics.ts";
import { isAllowedOrigin } from "./origin-check.ts";
import { requestClass, tooManyRequests } from "./rate-limit.ts";
import { isTakenByTheServer } from "../app/lib/rate-limit-classes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildFile = path.join(root, "build/server/index.js");
if (!existsSync(buildFile)) {
  // No logger before the build is loaded: the line pino would write.
  writeLogLine(process.stderr, "fatal", "Build mancante: esegui prima `npm run build`.");
  process.exit(1);
}

const startedAt = performance.now();
const build = (await import(buildFile)) as ServerBuild;
const entry = build.entry.module as unknown as {
  ready: () => Promise<void>;
  shutdown: () => Promise<void>;
  applyRedirect: (request: Request) => Promise<Response | null>;
  servePage: (request: Request, render: (request: Request) => Promise<Response>) => Promise<Response>;
  cachedAnswer: (raw: RawRequest) => PlainParts | null;
  createRequestHandler: (build: ServerBuild, mode: string) => (request: Request) => Promise<Response>;
  matchRoutes: typeof matchRoutes;
  logger: Logger;
  withRequestId: <T>(id: string, fn: () => T) => T;
  accessLogWriter: (log: Logger) => (line: AccessLine) => void;
  takeRateLimit: (request: Request, name: ServerRateLimitClass, clientIp: string) => Promise<number | null>;
  siteSecurityHeaders: () => SecurityHeaders;
  startBanner: (url: string) => Promise<StartBanner>;
  printStartBanner: (log: Logger, banner: StartBanner) => void;
} & AppStats;
try {
  await entry.ready();
} catch (error) {
  // A configuration that cannot work (a refused S3 key, an unreachable database): said in one line, not a stack.
  const reason = error instanceof Error ? error.message : String(error);
  entry.logger.fatal(`Zampa non può avviarsi: ${reason}`);
  process.exit(1);
}
const security = entry.siteSecurityHeaders();
const finishedHeaders = plainHeadersFinisher(security);
const finishResponse = responseFinisher(security, finishedHeaders);

const port = Number(process.env.PORT || 3000);
const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
const publicOrigin = new URL(publicUrl).origin;
// Whose X-Forwarded-For and X-Request-Id are believed: TRUST_PROXY=true (any peer) or a list of
// proxies' addresses and networks (server/client-address.ts, decision 0068).
const proxies = parseTrustProxy(process.env.TRUST_PROXY);
const { logger } = entry;
const metricsToken = process.env.METRICS_TOKEN || undefined;
const accessLog = !["false", "0", "no", "off"].includes(String(process.env.ACCESS_LOG).toLowerCase());
const writeAccessLine = entry.accessLogWriter(logger);
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

// /metrics, behind its token (decision 0067); without METRICS_TOKEN it is not routed: the site's 404.
const start = inArrivalOrder();
const metrics = createMetrics(entry, { arrivalQueueDepth: () => start.waiting() });
if (metricsToken) app.get("/metrics", (c) => metricsResponse(c.req.raw, metricsToken, metrics));

// The routes a request matches, as React Router would find them (server/body-limits.ts, which keeps
// its answers by path): the body limit, the rate-limit class and the metrics' route label read them.
const routeOf = routeLookup(build.routes, entry.matchRoutes);
const searchOf = (url: string) => {
  const query = url.indexOf("?");
  return query === -1 ? "" : url.slice(query);
};

// Request bodies are bounded before anything reads them: 413 with an Italian message. The limit is
// the one the route declares (`handle.bodyLimit`), found as React Router finds the route's action.
const limiters = new Map<number, ReturnType<typeof bodyLimit>>();
app.use("*", (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const declared = (routeOf(c.req.path, searchOf(c.req.url))?.action.handle as { bodyLimit?: unknown } | undefined)?.bodyLimit;
  const maxSize = typeof declared === "number" && declared > 0 ? declared : DEFAULT_BODY_LIMIT;
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
  const writes = !SAFE_METHODS.has(request.method);
  if (writes && !isAllowedOrigin(request, publicOrigin)) return c.text(ACCOUNT_MESSAGES.forbiddenOrigin, 403);
  // The rate-limit class: every write, and a GET only when its route declares text searches and the
  // query holds one (the other GETs pay nothing: no address, no database).
  const search = searchOf(request.url);
  const match = writes || search.includes("q=") ? routeOf(c.req.path, search) : undefined;
  const limitClass = match ? requestClass(request.method, request.headers.get("content-type") ?? undefined, search, match) : undefined;
  if (writes || limitClass || c.req.path.startsWith("/api/auth/")) {
    // The client's address, as better-auth and the rate limits read it (better-auth's GETs record it
    // on the sessions single sign-on creates). A value sent by the client itself is always replaced.
    const ip = clientAddress(c.req.header("x-forwarded-for"), getConnInfo(c).remote.address, proxies);
    request.headers.set(CLIENT_IP_HEADER, ip);
    if (limitClass && isTakenByTheServer(limitClass)) {
      const wait = await entry.takeRateLimit(request, limitClass, ip);
      if (wait !== null) return tooManyRequests(request, c.req.path, wait, limitClass, match);
    }
  } else if (request.headers.has(CLIENT_IP_HEADER)) {
    request.headers.delete(CLIENT_IP_HEADER);
  }
  return (await entry.applyRedirect(request)) ?? entry.servePage(request, (r) => handle(r));
});

/** The metrics' route label: the route's id (bounded: the app's routes), or a fixed name. */
function routeLabel(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "assets";
  if (pathname.startsWith("/uploads/")) return "uploads";
  if (pathname === "/metrics" && metricsToken) return "metrics";
  if (publicFiles.has(pathname.slice(1))) return "public";
  return routeOf(pathname)?.leaf.id ?? "other";
}

/** The path of a request's URL, without parsing all of it. */
function pathOf(url: string): string {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  if (slash === -1) return "/";
  const query = url.indexOf("?", slash);
  return url.slice(slash, query === -1 ? undefined : query);
}

// Requests start in the order they arrived, so that a busy server keeps every visitor's wait short.
// Every response then gets the security headers and, unless it is encoded already, compression.
// Each request has an id, on every log line written while it is handled and in `x-request-id`;
// it is timed for the metrics and, unless ACCESS_LOG=false, logged in one line (decision 0067).
async function handleRequest(request: Request, env: HttpBindings | Http2Bindings, reqId: string): Promise<Response> {
  const began = performance.now();
  let status = 500;
  let bytes: string | null = null;
  try {
    const response = await finishResponse(request, await start(() => app.fetch(request, env)), reqId);
    status = response.status;
    // A page from the cache says it in its plain headers: reading `response.headers` would build a Headers object.
    const plain = plainPartsOf(response);
    bytes = plain ? (plain.headers["content-length"] ?? null) : response.headers.get("content-length");
    return response;
  } finally {
    const ms = performance.now() - began;
    const path = pathOf(request.url);
    const route = routeLabel(path);
    metrics.observe(request.method, route, status, ms / 1000);
    if (accessLog) writeAccessLine({ reqId, method: request.method, path, route, status, ms: Math.round(ms * 10) / 10, bytes: bytes === null ? undefined : Number(bytes) });
  }
}
const respond = (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
  const peer = "incoming" in env ? env.incoming.socket.remoteAddress : undefined;
  const reqId = requestId(request.headers.get("x-request-id") ?? undefined, peer, proxies);
  return entry.withRequestId(reqId, () => handleRequest(request, env, reqId));
};

/** A header of a Node request as one value (Node joins repeated ones; Cookie with "; "). */
const headerOf = (incoming: IncomingMessage) => (name: string): string | null => {
  const value = incoming.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
};

/**
 * A page the cache holds is answered here, as Node hands the request over: no Request or Response
 * object, no Hono, no turn in the arrival queue (a hit takes microseconds, so it delays nobody;
 * decision 0104). It gets what every response gets: the security headers (finished once per page),
 * its request id, its metrics and its access line. Anything else is false and takes the ordinary way.
 */
function answeredFromCache(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  const began = performance.now();
  const method = incoming.method ?? "GET";
  const url = incoming.url ?? "/";
  try {
    const header = headerOf(incoming);
    const parts = entry.cachedAnswer({ method, url, header });
    if (!parts) return false;
    const reqId = requestId(header("x-request-id") ?? undefined, incoming.socket.remoteAddress, proxies);
    const headers = finishedHeaders(header("cookie"), parts, reqId);
    outgoing.writeHead(parts.status, headers);
    outgoing.end(parts.body ?? undefined);
    const ms = performance.now() - began;
    const route = routeLabel(url);
    metrics.observe(method, route, parts.status, ms / 1000);
    if (accessLog) {
      const bytes = headers["content-length"];
      writeAccessLine({ reqId, method, path: url, route, status: parts.status, ms: Math.round(ms * 10) / 10, bytes: bytes === undefined ? undefined : Number(bytes) });
    }
    return true;
  } catch (error) {
    // Never a crash from here: unanswered, the request takes the ordinary way (which has its own
    // error handling); half answered, its connection is closed.
    logger.error({ err: error, url }, "risposta dalla cache non riuscita");
    if (!outgoing.headersSent) return false;
    outgoing.destroy();
    return true;
  }
}

/**
 * Before listening, the pages most visitors ask for first are rendered a few times through React
 * Router's handler (no page cache, no limits, nothing kept): the first visitors then meet compiled
 * code and open database connections (decision 0104). A failure here only costs that head start.
 */
async function warmUp(): Promise<void> {
  const began = performance.now();
  const queue = Array.from({ length: WARM_UP_ROUNDS }, () => WARM_UP_PATHS).flat();
  const render = async (): Promise<void> => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await handle(new Request(`${publicUrl}${path}`, { headers: { "user-agent": "Zampa warm-up", accept: "text/html" } }));
      await response.arrayBuffer();
    }
  };
  try {
    await Promise.all(Array.from({ length: WARM_UP_PARALLEL }, render));
    logger.info({ ms: Math.round(performance.now() - began) }, "pagine principali preparate");
  } catch (error) {
    logger.warn({ err: error }, "preparazione delle pagine principali non riuscita");
  }
}
await warmUp();

const listener = getRequestListener(respond);
const server = createServer((incoming, outgoing) => {
  if (!answeredFromCache(incoming, outgoing)) void listener(incoming, outgoing);
});
server.listen(port, () => {
    const ms = Math.round(performance.now() - startedAt);
    logger.info(`Zampa è in ascolto su ${publicUrl} (pronto in ${ms} ms)`);
    // The start banner (the address, the demo accounts, where mails go), the last thing a start prints;
    // read once listening, so that checking the demo passwords does not delay the first answer.
    void entry
      .startBanner(publicUrl)
      .catch((error: unknown) => {
        logger.warn({ err: error }, "riepilogo di avvio non disponibile");
        return undefined;
      })
      .then((banner) => {
        if (!cluster.isWorker) {
          if (banner) entry.printStartBanner(logger, banner);
          return;
        }
        // The primary prints it once every worker is ready: this worker's lines written out first.
        logger.flush(() => process.send?.({ type: START_BANNER_MESSAGE, banner }));
      });
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
        logger.error({ err: error }, "errore durante l'arresto");
        process.exit(1);
      });
  });
}
