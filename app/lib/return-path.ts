// Where /login sends a person back after signing in (?redirectTo=/pet-listing/…): only a path of this
// site, so that the parameter cannot send anyone elsewhere (an open redirect). Client-safe.

const MAX_LENGTH = 500;

/** "/…" and nothing a browser could read as another host: "//host", "/\host", control characters. */
function isPlainPath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  // No control characters or spaces (a browser drops tabs and newlines: "/\t/host" would be "//host").
  for (const char of value) if (char <= " " || char === "\u007f" || char === "\\") return false;
  return true;
}

/**
 * The path itself when it is one of this site's ("/…", not "//host" or "/\host"), otherwise null.
 * Its percent-decoded form must not start as another host either ("/%2F%2Fhost", "/%5Chost",
 * "/%09/host" are refused, as is a malformed escape): a browser leaves escapes in a Location alone, but a proxy or a
 * later hop that decodes the path once must not find another host in it (decision 0092).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
  if (!isPlainPath(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  // What a URL parser drops (tabs, newlines) and what it reads as a slash, checked at the start only:
  // "?q=cane%20piccolo" decodes to a space further on, which is harmless.
  let start = "";
  for (const char of decoded) {
    if (char <= "\u001f" || char === "\u007f") continue;
    start += char;
    if (start.length === 2) break;
  }
  return start === "//" || start === "/\\" ? null : value;
}

/** The sign-in page, with the way back to `path`. */
export function loginPathBackTo(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}

/** The sign-in page, with the way back to the page `request` asked for (path and query). */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  // A page's `.data` (a client navigation) comes back as the page itself.
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  const back = safeReturnPath(query ? `${pathname}?${query}` : pathname);
  // The home page is where a sign-in goes anyway.
  return back && back !== "/" ? loginPathBackTo(back) : "/login";
}
