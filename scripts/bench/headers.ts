// What every bench request says about its client (wrk and fetch alike). Pure; erasable TypeScript.

/** A current desktop Chrome on Windows, the most common visitor. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/**
 * The headers of every request the bench sends (wrk and fetch alike): a browser's user agent and the
 * encodings a browser accepts, so the server compresses its answers as it does for visitors. Node's
 * fetch decodes gzip, deflate and br itself and leaves `content-encoding` readable.
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  "accept-encoding": "gzip, deflate, br",
  "user-agent": BROWSER_USER_AGENT,
};

/** BROWSER_HEADERS plus the request's own (which win). */
export function browserHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { ...BROWSER_HEADERS, ...extra };
}

/** "br", "gzip", … or "none": how a response was compressed, for the report. */
export function encodingOf(headers: Headers): string {
  return headers.get("content-encoding") ?? "none";
}
