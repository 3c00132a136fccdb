// Where the sign-in goes back to (?ritorno= on /login): a path of this site only, never another
// origin ("//evil.example", "/\evil.example" and absolute addresses are refused), so that the
// parameter cannot make the sign-in an open redirect.
export const RETURN_PARAM = "ritorno";

export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters (a tab or a newline inside "//") are refused outright.
  if (value.includes("\\") || [...value].some((char) => char < " " || char === "\u007f")) return null;
  return value;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInThenReturn(path: string): string {
  return `/login?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}
