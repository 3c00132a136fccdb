// The bench's requests to the server: with a browser's headers, noting how each page came
// compressed; warming a URL, checking a list of paths. Erasable TypeScript only.
import { step } from "./common.ts";
import { BROWSER_HEADERS, browserHeaders, encodingOf } from "./headers.ts";

/** Requests to a URL before it is measured. */
export const WARM_REQUESTS = 50;

/** fetch with a browser's headers (BROWSER_HEADERS: user agent, Accept-Encoding), as every bench request. */
export function benchFetch(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(url, { ...init, headers: browserHeaders(init.headers) });
}

export interface PageCheck {
  status: number;
  detail: string;
  html: string;
}

/** How each path the bench checked was sent (its content-encoding), when it answered 200. */
export const encodings = new Map<string, string>();

function noteEncoding(pagePath: string, response: Response): void {
  if (response.status === 200) encodings.set(pagePath, encodingOf(response.headers));
}

/** The summary's row: every checked page that answered 200 must have come compressed (br or gzip). */
export function compressionRow(): string[] {
  const byEncoding = new Map<string, string[]>();
  for (const [pagePath, encoding] of encodings) byEncoding.set(encoding, [...(byEncoding.get(encoding) ?? []), pagePath]);
  const measured = [...byEncoding].map(([encoding, paths]) => `${encoding} ×${paths.length}`).join(", ") || "nothing checked";
  const plain = byEncoding.get("none") ?? [];
  const verdict = encodings.size === 0 ? "n/a" : plain.length ? `FAIL (not compressed: ${plain.slice(0, 3).join(", ")})` : "PASS";
  return [`pages compressed (sent "Accept-Encoding: ${BROWSER_HEADERS["accept-encoding"]}")`, measured, "br or gzip", verdict];
}

export async function checkPage(base: string, pagePath: string): Promise<PageCheck> {
  const response = await benchFetch(base + pagePath, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const html = await response.text();
  noteEncoding(pagePath, response);
  const parts = [
    response.headers.get("content-type") ?? "no content-type",
    `${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`,
    `content-encoding: ${encodingOf(response.headers)}`,
  ];
  const location = response.headers.get("location");
  if (location) parts.push(`location: ${location}`);
  for (const [name, value] of response.headers) {
    if (name.includes("cache")) parts.push(`${name}: ${value}`);
  }
  return { status: response.status, detail: parts.join(", "), html };
}

export async function warm(url: string): Promise<void> {
  for (let i = 0; i < WARM_REQUESTS; i++) {
    const response = await benchFetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
  }
}

/** One request to each path: "200" when all answered 200, else the count of each status. */
export async function checkPaths(base: string, paths: string[], headers: Record<string, string> = {}): Promise<{ text: string; ok: boolean }> {
  const counts = new Map<number, number>();
  for (const p of paths) {
    const response = await benchFetch(base + p, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    noteEncoding(p, response);
    counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
    if (response.status !== 200) step(`HTTP ${response.status} ${p}  ← not 200: measuring anyway`);
  }
  const ok = counts.size === 1 && counts.has(200);
  const text = paths.length === 1 || ok ? [...counts.keys()].join(", ") : [...counts].map(([status, n]) => `${status} ×${n}`).join(", ");
  return { text, ok };
}
