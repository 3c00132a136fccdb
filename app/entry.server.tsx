import { randomBytes } from "node:crypto";
import { renderToString } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { finishDocument } from "./document/finish-document";
import { logger } from "./lib/logger.server";
import { NONCE_HEADER } from "./lib/content-security-policy";
import { NonceContext } from "./lib/nonce";
import { ready } from "./startup.server";

// Used by the HTTP server (server/main.ts): start-up, then redirects and the page cache in front
// of React Router's handler.
export { ready, shutdown, startBanner } from "./startup.server";

// The database and accounts are ready before any loader or action runs: the production server
// awaits ready() before it listens; the development server loads this module before it handles a
// request. (Not a route middleware: that would run on every request; route middleware guards the
// back office only, decision 0073.)
if (import.meta.env.DEV) await ready();
// The page cache, with listing views counted in front of it (decision 0093).
export { servePageCountingViews as servePage, cachedAnswerCountingViews as cachedAnswer } from "./listings/views.server";
export { applyRedirect } from "./seo/redirects.server";
// …and the security headers it adds to every response (decision 0064).
export { siteSecurityHeaders } from "./lib/security-headers.server";
// The server uses this copy of React Router (bundled, production build) to handle requests.
export { createRequestHandler } from "react-router";
// …and this one to find a route's declared body limit (server/body-limits.ts).
export { matchRoutes } from "react-router";
// The logger and the request id its lines carry, the rate limits by route class and what the
// metrics report: one copy each, the app's (decisions 0067, 0068).
export { accessLogWriter, logger, printStartBanner, withRequestId } from "./lib/logger.server";
export { takeRateLimit } from "./lib/rate-limit-classes.server";
export { aiQueueDepth, memoCounts, pageCacheCounts, poolStats } from "./lib/runtime-stats.server";

/** An error a loader or action threw, logged as a JSON line with the request's id (React Router would print it to the console). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logger.error({ err: cause ?? error, url: request.url }, "errore non gestito in una route");
};

const DOCTYPE = "<!DOCTYPE html>";

// The rendered string is encoded into this one buffer, reused by every page: rendering is
// synchronous, and finishDocument copies what it keeps. Each page then makes one new off-heap
// buffer (the one sent, freed once written) instead of three of ~100 KB.
let scratch = Buffer.allocUnsafeSlow(256 * 1024);
// Pages are ~100 KB; one that could need more than this is encoded into its own buffer.
const SCRATCH_MAX = 4 * 1024 * 1024;

/** `text` as UTF-8 bytes, in memory that the next call overwrites. */
function encodeTransient(text: string): Buffer {
  // Three bytes per UTF-16 unit at most (a surrogate pair: four bytes for two units).
  const worst = text.length * 3;
  if (worst > scratch.length) {
    if (worst > SCRATCH_MAX) return Buffer.from(text);
    scratch = Buffer.allocUnsafeSlow(worst);
  }
  return scratch.subarray(0, scratch.write(text));
}

/** The finished document as sent: the JavaScript fetched after load. */
function documentBytes(html: string, nonce: string): Buffer {
  if (import.meta.env.DEV) return Buffer.from(DOCTYPE + html);
  return finishDocument(encodeTransient(DOCTYPE + html), nonce);
}

/**
 * React Router's hydration data (loader results, encoded as a stream), read whole. Loaders have
 * resolved every piece of data before rendering (no deferred promises), so the stream is complete
 * at once; handing it to <StreamTransfer> already read lets the document render in one synchronous
 * pass instead of suspending once per chunk (docs/decisions/0029-server-memory-and-render.md).
 */
async function readHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let value = "";
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    value += decoder.decode(chunk.value, { stream: true });
  }
  value += decoder.decode();
  reader.releaseLock();
  const read = Object.assign(Promise.resolve(), { result: { done: true, value } });
  // React Router always creates renderMeta; made here too, so that a missing one cannot silently
  // turn the synchronous render into a page without its data.
  context.renderMeta ??= {};
  context.renderMeta.streamCache = { 0: read };
}

/**
 * The document is rendered whole, synchronously, to one string and sent in one write: nothing on
 * the page suspends once the hydration data is read, and a string render skips the per-chunk byte
 * encoding and stream hops of the streaming renderer (measured: see decision 0029).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  await readHandoff(routerContext);
  // A nonce per render: every script of this page carries it, and the HTTP server's policy allows
  // only it (server/compression.ts). A page kept by the page cache keeps its nonce and the header
  // naming it, together (decision 0064).
  const nonce = randomBytes(16).toString("base64");
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The development server sends no policy (Vite's own scripts carry no nonce).
  if (!import.meta.env.DEV) responseHeaders.set(NONCE_HEADER, nonce);
  return new Response(documentBytes(html, nonce) as unknown as BodyInit, { headers: responseHeaders, status: responseStatusCode });
}
