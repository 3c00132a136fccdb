// Ad codes in the back office (/admin/adsense, /admin/adsense/new, /admin/adsense/edit?id=…):
// admins only. Every write drops the cached ads (findAd, /api/ads) in every process, so the public
// slots use the change at once — still only after the visitor's marketing consent (ad-slot.tsx).
import { and, asc, count, desc, eq, not, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { auditedRow, boundedText, recordAudit } from "~/audit/record.server";
import { db, transaction } from "~/db/client.server";
import { newestFirst } from "~/db/order";
import { adsenseCodes } from "~/db/schema";
import { AD_PAGE_TYPES, AD_PLACEMENTS, type AdPageType, type AdPlacement } from "~/lib/enums";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import {
  AD_CODE_MESSAGES as M,
  ADMIN_AD_CODES_PAGE_SIZE,
  adCodeListQuerySchema,
  adCodeSchema,
  type AdActiveFilter,
  type AdCodeField,
  type AdCodeListQuery,
} from "./validation";

export interface AdminAdCode {
  id: string;
  name: string;
  htmlCode: string;
  placementType: AdPlacement;
  placementLabel: string;
  pageType: AdPageType;
  pageTypeLabel: string;
  isActive: boolean;
  priority: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface AdCodePage {
  items: AdminAdCode[];
  total: number;
  page: number;
  pageCount: number;
  /** the filters as applied (an unknown value is dropped) */
  filters: { placement: AdPlacement | ""; pageType: AdPageType | ""; active: AdActiveFilter };
}

export type AdCodeFailure = Failure & { fieldErrors?: FieldErrors<AdCodeField> };
export type AdCodeSaved = { ok: true; adCode: AdminAdCode; message: string } | AdCodeFailure;

const columns = {
  id: adsenseCodes.id,
  name: adsenseCodes.name,
  htmlCode: adsenseCodes.htmlCode,
  placementType: adsenseCodes.placementType,
  pageType: adsenseCodes.pageType,
  isActive: adsenseCodes.isActive,
  priority: adsenseCodes.priority,
  createdAt: adsenseCodes.createdAt,
  updatedAt: adsenseCodes.updatedAt,
};

type Row = Omit<AdminAdCode, "placementLabel" | "pageTypeLabel">;

function labelled(row: Row): AdminAdCode {
  return { ...row, placementLabel: AD_PLACEMENTS.labels[row.placementType], pageTypeLabel: AD_PAGE_TYPES.labels[row.pageType] };
}

/**
 * A page of the ad codes, filtered in SQL by placement, page type and active state, in the order the
 * slots pick them: priority first (0 highest), then the newest.
 */
export async function listAdCodesForAdmin(actor: CurrentUser | null, query: AdCodeListQuery = {}): Promise<Result<AdCodePage>> {
  const refused = refuseWithout(actor, "ads.manage");
  if (refused) return refused;
  const { placement, pageType, active, page } = adCodeListQuerySchema.parse(query);
  const conditions: SQL[] = [];
  if (placement) conditions.push(eq(adsenseCodes.placementType, placement));
  if (pageType) conditions.push(eq(adsenseCodes.pageType, pageType));
  if (active !== "all") conditions.push(eq(adsenseCodes.isActive, active === "active"));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  try {
    const [rows, [totals]] = await Promise.all([
      db()
        .select(columns)
        .from(adsenseCodes)
        .where(where)
        .orderBy(asc(adsenseCodes.priority), newestFirst(adsenseCodes.createdAt), desc(adsenseCodes.id))
        .limit(ADMIN_AD_CODES_PAGE_SIZE)
        .offset((page - 1) * ADMIN_AD_CODES_PAGE_SIZE),
      db().select({ n: count() }).from(adsenseCodes).where(where),
    ]);
    const total = totals?.n ?? 0;
    return {
      ok: true,
      items: rows.map(labelled),
      total,
      page,
      pageCount: Math.max(1, Math.ceil(total / ADMIN_AD_CODES_PAGE_SIZE)),
      filters: { placement: placement ?? "", pageType: pageType ?? "", active },
    };
  } catch (error) {
    logger.error({ err: error }, "codici annuncio: caricamento non riuscito");
    return fail(500, M.loadError);
  }
}

export async function getAdCode(actor: CurrentUser | null, id: string): Promise<Result<{ adCode: AdminAdCode }>> {
  const refused = refuseWithout(actor, "ads.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const [row] = await db().select(columns).from(adsenseCodes).where(eq(adsenseCodes.id, id)).limit(1);
  if (!row) return fail(404, M.notFound);
  return { ok: true, adCode: labelled(row) };
}

/** An ad code as the activity log keeps it: the code itself whole when short (decision 0108). */
function audited(row: Row): Record<string, unknown> {
  return { ...auditedRow(row), htmlCode: boundedText(row.htmlCode) };
}

function invalid(fieldErrors: FieldErrors<AdCodeField>): AdCodeFailure {
  return { ...fail(400, Object.values(fieldErrors)[0] ?? M.saveError), fieldErrors };
}

async function exists(id: string): Promise<boolean> {
  const [row] = await db().select({ id: adsenseCodes.id }).from(adsenseCodes).where(eq(adsenseCodes.id, id)).limit(1);
  return row !== undefined;
}

export async function createAdCode(actor: CurrentUser | null, fields: Record<string, string>): Promise<AdCodeSaved> {
  const refused = refuseWithout(actor, "ads.manage");
  if (refused) return refused;
  const parsed = adCodeSchema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  try {
    const [row] = await transaction(async () => {
      const created = await db().insert(adsenseCodes).values(parsed.data).returning(columns);
      await recordAudit({ actor: actor!, area: "ads", action: "create", item: { id: created[0]!.id, label: created[0]!.name }, after: audited(created[0]!) });
      return created;
    });
    await invalidate(CACHE_TAGS.ads);
    return { ok: true, adCode: labelled(row!), message: M.created };
  } catch (error) {
    logger.error({ err: error }, "codice annuncio: creazione non riuscita");
    return fail(500, M.saveError);
  }
}

/** Saves the whole form. */
export async function updateAdCode(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<AdCodeSaved> {
  const refused = refuseWithout(actor, "ads.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const parsed = adCodeSchema.safeParse(fields);
  // The code may be gone (deleted in another tab): that says more than the form's problems.
  if (!parsed.success) return (await exists(id)) ? invalid(fieldErrorsOf(parsed.error)) : fail(404, M.notFound);
  try {
    const row = await transaction(async () => {
      const [was] = await db().select(columns).from(adsenseCodes).where(eq(adsenseCodes.id, id)).for("update");
      if (!was) return undefined;
      const [updated] = await db()
        .update(adsenseCodes)
        .set({ ...parsed.data, updatedAt: sql`now()` })
        .where(eq(adsenseCodes.id, id))
        .returning(columns);
      await recordAudit({ actor: actor!, area: "ads", action: "update", item: { id, label: updated!.name }, before: audited(was), after: audited(updated!) });
      return updated;
    });
    if (!row) return fail(404, M.notFound);
    await invalidate(CACHE_TAGS.ads);
    return { ok: true, adCode: labelled(row), message: M.updated };
  } catch (error) {
    logger.error({ err: error, id }, "codice annuncio: modifica non riuscita");
    return fail(500, M.saveError);
  }
}

/**
 * Flips the active state (the status badge of the list). Flipped in SQL, so two clicks in quick
 * succession (or from two tabs) each flip it once.
 */
export async function toggleAdCodeActive(actor: CurrentUser | null, id: string): Promise<Result<{ adCode: AdminAdCode; message: string }>> {
  const refused = refuseWithout(actor, "ads.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const [row] = await transaction(async () => {
      const flipped = await db()
        .update(adsenseCodes)
        .set({ isActive: not(adsenseCodes.isActive), updatedAt: sql`now()` })
        .where(eq(adsenseCodes.id, id))
        .returning(columns);
      const [after] = flipped;
      if (after) {
        await recordAudit({ actor: actor!, area: "ads", action: "update", item: { id, label: after.name }, before: { isActive: !after.isActive }, after: { isActive: after.isActive } });
      }
      return flipped;
    });
    if (!row) return fail(404, M.notFound);
    await invalidate(CACHE_TAGS.ads);
    return { ok: true, adCode: labelled(row), message: row.isActive ? M.activated : M.deactivated };
  } catch (error) {
    logger.error({ err: error, id }, "codice annuncio: cambio di stato non riuscito");
    return fail(500, M.statusError);
  }
}

export async function deleteAdCode(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "ads.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const deleted = await transaction(async () => {
      const [removed] = await db().delete(adsenseCodes).where(eq(adsenseCodes.id, id)).returning(columns);
      if (removed) await recordAudit({ actor: actor!, area: "ads", action: "delete", item: { id, label: removed.name }, before: audited(removed) });
      return removed;
    });
    if (!deleted) return fail(404, M.notFound);
    await invalidate(CACHE_TAGS.ads);
    return { ok: true, message: M.deleted };
  } catch (error) {
    logger.error({ err: error, id }, "codice annuncio: eliminazione non riuscita");
    return fail(500, M.deleteError);
  }
}
