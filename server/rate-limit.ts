// The rate limits by route class, applied by the HTTP server before a route runs (decision 0068).
// The class of a request comes from its route's `handle.rateLimit` (app/lib/rate-limit-classes.ts);
// the counting is the app's (`takeRateLimit`, in the database, shared by every process). A refused
// request is answered 429 with Retry-After and the Italian message, in the form its sender reads:
// React Router's data request gets the action's own answer shape, a script's request JSON, a page a
// whole HTML page. Erasable TypeScript only (the server runs with Node's type stripping).
import { RATE_LIMIT_MESSAGES as M, rateLimitClassOf, type RateLimitClass, type RateLimitHandle } from "../app/lib/rate-limit-classes.ts";
import type { RouteMatch } from "./body-limits.ts";
import { SINGLE_FETCH_HEADERS, singleFetchActionData } from "../app/lib/single-fetch.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The class of a request, or undefined when it is in none (most GETs: they cost nothing here). */
export function requestClass(method: string, contentType: string | undefined, search: string, match: RouteMatch | undefined): RateLimitClass | undefined {
  const route = READS.has(method) ? match?.leaf : match?.action;
  return rateLimitClassOf(method, contentType, search, route?.handle);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function htmlPage(message: string): string {
  return `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${M.title} | Zampa</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1917}a{color:#166534}</style></head><body><h1>${M.title}</h1><p>${escapeHtml(message)}</p><p><a href="/">${M.backHome}</a></p></body></html>`;
}

/** The 429 answer, in the form the request's sender reads. */
export function tooManyRequests(request: Request, pathname: string, seconds: number, name: RateLimitClass, match: RouteMatch | undefined): Response {
  const message = M.tooMany(seconds);
  const headers: Record<string, string> = { "retry-after": String(seconds), "cache-control": "no-store" };
  const accept = request.headers.get("accept") ?? "";
  if (pathname.endsWith(".data")) {
    if (READS.has(request.method)) {
      // A page's data asked by client-side navigation: refused as React Router expects of an HTTP
      // error (thrown), which the root error boundary shows with this message.
      return new Response(message, { status: 429, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
    }
    // A form posted with JavaScript: its action's answer, in the shape its forms read (`error`).
    const extra = (match?.action.handle as RateLimitHandle | undefined)?.rateLimit?.refusal?.[name] ?? {};
    return new Response(singleFetchActionData({ ...extra, ok: false, error: message }), {
      status: 429,
      headers: { ...headers, ...SINGLE_FETCH_HEADERS },
    });
  }
  if (!accept.includes("text/html") || (request.headers.get("content-type") ?? "").includes("json")) {
    return Response.json({ ok: false, error: message }, { status: 429, headers });
  }
  return new Response(htmlPage(message), { status: 429, headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
}
