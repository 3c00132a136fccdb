// The production HTTP server: Hono on Node, serving the built assets and handing everything else
// to React Router. Runs on Node 24 directly (type stripping), so this file uses erasable TypeScript only.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { ACCOUNT_MESSAGES } from "../app/accounts/messages.ts";
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
  applyRedirect: (request: Request) => Promise<Response | null>;
  servePage: (request: Request, render: (request: Request) => Promise<Response>) => Promise<Response>;
};
await entry.ready();

const port = Number(process.env.PORT || 3000);
const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
const publicOrigin = new URL(publicUrl).origin;
const trustProxy = ["1", "true", "yes", "on"].includes(String(process.env.TRUST_PROXY).toLowerCase());
const handle = createRequestHandler(build, "production");
const clientDir = path.relative(process.cwd(), path.join(root, "build/client"));

const app = new Hono();

app.use("*", async (c, next) => {
  await next();
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Frame-Options", "SAMEORIGIN");
});

app.use("*", async (c, next) => {
  if (!isAllowedOrigin(c.req.raw, publicOrigin)) {
    return c.text(ACCOUNT_MESSAGES.forbiddenOrigin, 403);
  }
  // The client's address, as better-auth and the rate limits read it. A value sent by the client
  // itself is always replaced.
  const forwarded = trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  c.req.raw.headers.set("x-zampa-client-ip", forwarded || getConnInfo(c).remote.address || "unknown");
  return next();
});

app.use("*", compress());

// Fingerprinted build assets never change: cache them for a year.
app.use(
  "/assets/*",
  serveStatic({
    root: clientDir,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
  }),
);
// The few files of public/ (favicon, default preview image), by exact name: no disk lookup for pages.
const publicFiles = new Set(readdirSync(path.join(root, "build/client")).filter((name) => name !== "assets"));
const servePublic = serveStatic({
  root: clientDir,
  onFound: (_path, c) => {
    c.header("Cache-Control", "public, max-age=86400");
  },
});
app.use("*", (c, next) => (publicFiles.has(c.req.path.slice(1)) ? servePublic(c, next) : next()));

app.all("*", async (c) => {
  const request = c.req.raw;
  return (await entry.applyRedirect(request)) ?? entry.servePage(request, (r) => handle(r));
});

serve({ fetch: app.fetch, port }, () => {
  const ms = Math.round(performance.now() - startedAt);
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `Zampa è in ascolto su ${publicUrl} (pronto in ${ms} ms)` }));
});
