// The administrators' redirects, applied before routing: 301 or 302 to the target, hit count +1.
import { eq, sql } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { seoRedirects } from "~/db/schema";

interface ActiveRedirect {
  id: string;
  toPath: string;
  type: number;
}

function activeRedirects(): Promise<Map<string, ActiveRedirect>> {
  return memoize("redirects:active", [CACHE_TAGS.redirects], async () => {
    const rows = await db()
      .select({ id: seoRedirects.id, fromPath: seoRedirects.fromPath, toPath: seoRedirects.toPath, type: seoRedirects.redirectType })
      .from(seoRedirects)
      .where(eq(seoRedirects.isActive, true));
    return new Map(rows.map((r) => [normalisePath(r.fromPath), { id: r.id, toPath: r.toPath, type: r.type }]));
  });
}

/** "/Vecchia-Pagina/" and "/vecchia-pagina" are the same path for a redirect. */
export function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed.toLowerCase();
}

/** A redirect response when the request's path has an active redirect, else null. */
export async function applyRedirect(request: Request): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  let path: string;
  try {
    path = normalisePath(decodeURIComponent(new URL(request.url).pathname));
  } catch {
    return null;
  }
  const redirect = (await activeRedirects()).get(path);
  // A redirect to its own path would loop forever: ignore it.
  if (!redirect || normalisePath(redirect.toPath) === path) return null;
  await db()
    .update(seoRedirects)
    .set({ hitCount: sql`${seoRedirects.hitCount} + 1`, updatedAt: sql`${seoRedirects.updatedAt}` })
    .where(eq(seoRedirects.id, redirect.id));
  return new Response(null, {
    status: redirect.type === 302 ? 302 : 301,
    headers: { location: redirect.toPath, "cache-control": "no-cache" },
  });
}
