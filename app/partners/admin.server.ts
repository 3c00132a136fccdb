// Partners in the back office (/admin/partners): list, create, edit (the active toggle is in the
// form), delete. Admins only. Every write drops the cached partners, so the home page shows the
// change at once.
import { asc, count, eq, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { auditedRow, recordAudit } from "~/audit/record.server";
import { db, transaction } from "~/db/client.server";
import { partners } from "~/db/schema";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { PARTNER_MESSAGES as M, partnerSchema, type PartnerField } from "./validation";

export interface AdminPartner {
  id: string;
  name: string;
  logoUrl: string;
  websiteUrl: string | null;
  description: string | null;
  displayOrder: number;
  isActive: boolean;
}

export type PartnerFailure = Failure & { fieldErrors?: FieldErrors<PartnerField> };
export type PartnerSaved = Result<{ partner: AdminPartner; message: string }> | PartnerFailure;

const columns = {
  id: partners.id,
  name: partners.name,
  logoUrl: partners.logoUrl,
  websiteUrl: partners.websiteUrl,
  description: partners.description,
  displayOrder: partners.displayOrder,
  isActive: partners.isActive,
};

/** Every partner, active or not, in display order then by name (as the home page orders them). */
export async function listPartnersForAdmin(actor: CurrentUser | null): Promise<Result<{ partners: AdminPartner[] }>> {
  const refused = refuseWithout(actor, "partners.manage");
  if (refused) return refused;
  const rows = await db().select(columns).from(partners).orderBy(asc(partners.displayOrder), asc(partners.name), asc(partners.id));
  return { ok: true, partners: rows };
}

/** How many partners there are: the display order a new one gets when none is given (spec 5). */
export async function nextDisplayOrder(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(partners);
  return row?.n ?? 0;
}

export async function createPartner(actor: CurrentUser | null, fields: Record<string, string>): Promise<PartnerSaved> {
  const refused = refuseWithout(actor, "partners.manage");
  if (refused) return refused;
  const parsed = partnerSchema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const { displayOrder, ...input } = parsed.data;
  try {
    const row = await transaction(async () => {
      const [created] = await db()
        .insert(partners)
        .values({ ...input, displayOrder: displayOrder ?? (await nextDisplayOrder()) })
        .returning(columns);
      await recordAudit({ actor: actor!, area: "partners", action: "create", item: { id: created!.id, label: created!.name }, after: auditedRow(created!) });
      return created;
    });
    await invalidate(CACHE_TAGS.partners);
    return { ok: true, partner: row!, message: M.created };
  } catch (error) {
    logger.error({ err: error }, "partner: creazione non riuscita");
    return fail(500, M.saveError);
  }
}

/** Saves the whole form; an empty display order keeps the partner's current one. */
export async function updatePartner(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<PartnerSaved> {
  const refused = refuseWithout(actor, "partners.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const parsed = partnerSchema.safeParse(fields);
  if (!parsed.success) {
    const [exists] = await db().select({ id: partners.id }).from(partners).where(eq(partners.id, id)).limit(1);
    return exists ? invalid(fieldErrorsOf(parsed.error)) : fail(404, M.notFound);
  }
  const { displayOrder, ...input } = parsed.data;
  try {
    const row = await transaction(async () => {
      const [was] = await db().select(columns).from(partners).where(eq(partners.id, id)).for("update");
      if (!was) return undefined;
      const [updated] = await db()
        .update(partners)
        .set({ ...input, ...(displayOrder === null ? {} : { displayOrder }), updatedAt: sql`now()` })
        .where(eq(partners.id, id))
        .returning(columns);
      await recordAudit({ actor: actor!, area: "partners", action: "update", item: { id, label: updated!.name }, before: auditedRow(was), after: auditedRow(updated!) });
      return updated;
    });
    if (!row) return fail(404, M.notFound);
    await invalidate(CACHE_TAGS.partners);
    return { ok: true, partner: row, message: M.updated };
  } catch (error) {
    logger.error({ err: error, id }, "partner: modifica non riuscita");
    return fail(500, M.saveError);
  }
}

export async function deletePartner(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "partners.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const outcome = await transaction(async () => {
      const [deleted] = await db().delete(partners).where(eq(partners.id, id)).returning(columns);
      if (!deleted) return fail(404, M.notFound);
      await recordAudit({ actor: actor!, area: "partners", action: "delete", item: { id, label: deleted.name }, before: auditedRow(deleted) });
      return null;
    });
    if (outcome) return outcome;
  } catch (error) {
    logger.error({ err: error, id }, "partner: eliminazione non riuscita");
    return fail(500, M.deleteError);
  }
  await invalidate(CACHE_TAGS.partners);
  return { ok: true, message: M.deleted };
}

function invalid(fieldErrors: FieldErrors<PartnerField>): PartnerFailure {
  return { ...fail(400, Object.values(fieldErrors)[0] ?? M.saveError), fieldErrors };
}
