// Where /login sends a person back after signing in (?redirectTo=/pet-listing/…): only a path of this
// site, so that the parameter cannot send anyone elsewhere (an open redirect). Client-safe.

const MAX_LENGTH = 500;

/** The path itself when it is one of this site's ("/…", not "//host" or "/\host"), otherwise null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // No control characters or spaces (a browser drops tabs and newlines: "/\t/host" would be "//host").
  for (const char of value) if (char <= " " || char === "\u007f" || char === "\\") return null;
  return value;
}

/** The sign-in page, with the way back to `path`. */
export function loginPathBackTo(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}
