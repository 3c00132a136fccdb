// CSRF protection for every state-changing request (page actions and /api/auth/*): the browser's
// Origin header must be Zampa's own. Browsers always send Origin on POST/PUT/PATCH/DELETE, so a
// missing one means a non-browser client, which has no reason to post on a person's behalf.

import { UNSUBSCRIBE_PATH } from "../app/saved-searches/paths.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Posts that are not a browser's: the one-click unsubscribe of RFC 8058 is sent by the recipient's
 * mail provider, with no Origin. The token in its address is its only authority, and all it can do
 * is turn a saved search's alerts off (decision 0097).
 */
const ORIGIN_FREE_PATHS = new Set([UNSUBSCRIBE_PATH]);

/**
 * True when the request may change state: a safe method, or an Origin equal to the public URL's
 * origin or to the origin the request was addressed to (same host and scheme).
 */
export function isAllowedOrigin(request: Request, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (ORIGIN_FREE_PATHS.has(new URL(request.url).pathname)) return true;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  if (origin === publicOrigin) return true;
  return origin === new URL(request.url).origin;
}
