// The SEO manager's redirects tab (/admin/seo/redirects): list, add, delete. Admins only. Every
// write drops the cached table of active redirects in every process, so a new redirect answers at
// once (applyRedirect runs before routing) and a deleted one stops at once. Decision 0054.
import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { recordAudit } from "~/audit/record.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, transaction, type Db } from "~/db/client.server";
import { newestFirst } from "~/db/order";
import { seoRedirects } from "~/db/schema";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { pageNumber } from "~/lib/paging";
import { normalisePath } from "./redirects.server";
import { REDIRECT_MESSAGES as M, REDIRECTS_PAGE_SIZE, redirectSchema, type RedirectField, type RedirectInput, type RedirectSort } from "./redirect-validation";

export interface AdminRedirect {
  id: string;
  fromPath: string;
  toPath: string;
  redirectType: number;
  isActive: boolean;
  hitCount: number;
  createdAt: Date;
}

export interface AdminRedirectPage {
  items: AdminRedirect[];
  total: number;
  page: number;
  pageCount: number;
}

export type RedirectFailure = Failure & { fieldErrors?: FieldErrors<RedirectField> };

/** How far a chain of redirects is followed when looking for a loop. */
export const MAX_REDIRECT_HOPS = 20;

const columns = {
  id: seoRedirects.id,
  fromPath: seoRedirects.fromPath,
  toPath: seoRedirects.toPath,
  redirectType: seoRedirects.redirectType,
  isActive: seoRedirects.isActive,
  hitCount: seoRedirects.hitCount,
  createdAt: seoRedirects.createdAt,
};

/** Every redirect, newest first (or by from path), 20 a page. */
export async function listRedirectsForAdmin(actor: CurrentUser | null, query: { page?: number; sort?: RedirectSort } = {}): Promise<Result<AdminRedirectPage>> {
  const refused = refuseWithout(actor, "seo.settings");
  if (refused) return refused;
  const page = pageNumber(query.page);
  const [items, [totals]] = await Promise.all([
    db()
      .select(columns)
      .from(seoRedirects)
      .orderBy(...(query.sort?.key === "from" ? [(query.sort.direction === "asc" ? asc : desc)(seoRedirects.fromPath)] : [newestFirst(seoRedirects.createdAt), desc(seoRedirects.id)]))
      .limit(REDIRECTS_PAGE_SIZE)
      .offset((page - 1) * REDIRECTS_PAGE_SIZE),
    db().select({ n: count() }).from(seoRedirects),
  ]);
  const total = totals?.n ?? 0;
  return { ok: true, items, total, page, pageCount: Math.max(1, Math.ceil(total / REDIRECTS_PAGE_SIZE)) };
}

/**
 * Adds an active redirect. Refused: a missing or malformed path, a from path another redirect
 * already has (case and trailing slash ignored, as applyRedirect matches), and a redirect that
 * would loop, to itself or back through the active redirects. One transaction-scoped lock
 * serialises the adds, so two added at the same moment (A→B and B→A) cannot both pass the loop check.
 */
export async function createRedirect(actor: CurrentUser | null, fields: Record<string, string>): Promise<Result<{ redirect: AdminRedirect; message: string }> | RedirectFailure> {
  const refused = refuseWithout(actor, "seo.settings");
  if (refused) return refused;
  const parsed = redirectSchema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const input = parsed.data;
  try {
    const outcome = await transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zampa:seo_redirects:write'))`);
      const active = await activeTable(tx);
      const from = normalisePath(input.fromPath);
      const [taken] = await tx
        .select({ id: seoRedirects.id })
        .from(seoRedirects)
        .where(sql`${normalisedColumn()} = ${from}`)
        .limit(1);
      if (taken) return duplicate();
      const loop = findLoop(input, active);
      if (loop) return loop;
      const [row] = await tx
        .insert(seoRedirects)
        .values({ fromPath: input.fromPath, toPath: input.toPath, redirectType: input.redirectType, isActive: true })
        .onConflictDoNothing({ target: seoRedirects.fromPath })
        .returning(columns);
      if (!row) return duplicate();
      await recordAudit({ actor: actor!, area: "seo", action: "create", item: { id: row.id, label: redirectLabel(row) }, after: redirectFields(row) });
      return row;
    });
    if ("ok" in outcome) return outcome;
    await invalidate(CACHE_TAGS.redirects);
    return { ok: true, redirect: outcome, message: M.created };
  } catch (error) {
    logger.error({ err: error }, "redirect: creazione non riuscita");
    return fail(500, M.saveError);
  }
}

export async function deleteRedirect(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "seo.settings");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const outcome = await transaction(async () => {
      const [removed] = await db().delete(seoRedirects).where(eq(seoRedirects.id, id)).returning(columns);
      if (!removed) return fail(404, M.notFound);
      await recordAudit({ actor: actor!, area: "seo", action: "delete", item: { id, label: redirectLabel(removed) }, before: redirectFields(removed) });
      return null;
    });
    if (outcome) return outcome;
  } catch (error) {
    logger.error({ err: error, id }, "redirect: eliminazione non riuscita");
    return fail(500, M.deleteError);
  }
  await invalidate(CACHE_TAGS.redirects);
  return { ok: true, message: M.deleted };
}

/** A redirect as the activity log names it and keeps it (the hit count is the visitors', not a change). */
function redirectLabel(row: { fromPath: string; toPath: string }): string {
  return `Redirect ${row.fromPath} → ${row.toPath}`;
}

function redirectFields({ fromPath, toPath, redirectType, isActive }: { fromPath: string; toPath: string; redirectType: number; isActive: boolean }) {
  return { fromPath, toPath, redirectType, isActive };
}

/** The SQL twin of normalisePath: trailing slashes dropped (but "/" kept), lower case. */
function normalisedColumn() {
  return sql`lower(case when length(${seoRedirects.fromPath}) > 1 then rtrim(${seoRedirects.fromPath}, '/') else ${seoRedirects.fromPath} end)`;
}

/** The active redirects by normalised from path, as applyRedirect sees them. */
async function activeTable(tx: Db): Promise<Map<string, string>> {
  const rows = await tx.select({ fromPath: seoRedirects.fromPath, toPath: seoRedirects.toPath }).from(seoRedirects).where(eq(seoRedirects.isActive, true));
  return new Map(rows.map((r) => [normalisePath(r.fromPath), r.toPath]));
}

/**
 * The path a target leads to on this site, normalised; null for another site's address (a chain
 * leaves the site there, so it cannot come back through our redirects).
 */
function sitePath(target: string): string | null {
  if (target.startsWith("/")) {
    const path = target.replace(/[?#].*$/, "");
    try {
      return normalisePath(decodeURIComponent(path));
    } catch {
      return normalisePath(path);
    }
  }
  try {
    const url = new URL(target);
    if (url.origin !== new URL(config().publicUrl).origin) return null;
    return normalisePath(decodeURIComponent(url.pathname));
  } catch {
    return null;
  }
}

/**
 * Follows the chain from the new target through the active redirects: back at the new from path is
 * a loop; a chain that already loops, or runs past MAX_REDIRECT_HOPS, is refused as well (a browser
 * gives up on such a chain anyway).
 */
export function findLoop(input: Pick<RedirectInput, "fromPath" | "toPath">, active: Map<string, string>): RedirectFailure | null {
  const from = normalisePath(input.fromPath);
  const chain = [input.fromPath];
  let current = sitePath(input.toPath);
  let target = input.toPath;
  if (current === from) return { ...fail(409, M.toItself), fieldErrors: { toPath: M.toItself } };
  const seen = new Set<string>([from]);
  for (let hop = 0; current !== null; hop++) {
    chain.push(target);
    if (current === from || seen.has(current)) {
      const message = M.loop(chain);
      return { ...fail(409, message), fieldErrors: { toPath: message } };
    }
    if (hop >= MAX_REDIRECT_HOPS) return { ...fail(409, M.tooLong(MAX_REDIRECT_HOPS)), fieldErrors: { toPath: M.tooLong(MAX_REDIRECT_HOPS) } };
    seen.add(current);
    const next = active.get(current);
    if (next === undefined) return null;
    target = next;
    current = sitePath(next);
  }
  return null;
}

function invalid(fieldErrors: FieldErrors<RedirectField>): RedirectFailure {
  const first = Object.values(fieldErrors)[0] ?? M.saveError;
  return { ...fail(400, first), fieldErrors };
}

function duplicate(): RedirectFailure {
  return { ...fail(409, M.duplicate), fieldErrors: { fromPath: M.duplicate } };
}
