// The breed catalogue in the back office (/admin/breeds): list with filters, create, edit, delete.
// Admins only. The listing form's breed list (legalBreeds, /api/breeds) is cached under the
// `breeds` tag: every write drops it, so the form offers the change at once.
import { isUniqueViolation } from "~/db/errors";
import { and, asc, count, eq, ne, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { auditedRow, recordAudit } from "~/audit/record.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { db, transaction } from "~/db/client.server";
import { allowedBreeds } from "~/db/schema";
import { PET_TYPES } from "~/lib/enums";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { BREED_LEGALITY_VALUES, BREED_MESSAGES as M, breedSchema, type BreedField, type BreedInput, type BreedLegality } from "./validation";

export type PetType = (typeof PET_TYPES.values)[number];

export interface AdminBreed {
  id: string;
  petType: PetType;
  petTypeLabel: string;
  breedName: string;
  breedNameEn: string | null;
  scientificName: string | null;
  isLegal: boolean;
  requiresLicense: boolean;
  requiresCites: boolean;
  requiresMicrochip: boolean;
  notes: string | null;
  updatedAt: Date;
}

export interface BreedQuery {
  petType?: string | null;
  legality?: string | null;
}

export interface AdminBreedList {
  items: AdminBreed[];
  /** rows after the filters ("Mostrando X …") */
  shown: number;
  /** the whole catalogue ("… di Y razze") */
  total: number;
  /** the filters as applied (an unknown value is dropped) */
  filters: { petType: PetType | ""; legality: BreedLegality };
}

export type BreedFailure = Failure & { fieldErrors?: FieldErrors<BreedField> };
export type BreedSaved = Result<{ breed: AdminBreed; message: string }> | BreedFailure;

const columns = {
  id: allowedBreeds.id,
  petType: allowedBreeds.petType,
  breedName: allowedBreeds.breedName,
  breedNameEn: allowedBreeds.breedNameEn,
  scientificName: allowedBreeds.scientificName,
  isLegal: allowedBreeds.isLegal,
  requiresLicense: allowedBreeds.requiresLicense,
  requiresCites: allowedBreeds.requiresCites,
  requiresMicrochip: allowedBreeds.requiresMicrochip,
  notes: allowedBreeds.notes,
  updatedAt: allowedBreeds.updatedAt,
};

/** Pet types in the order of the enumeration (Cane, Gatto, …), as the filter lists them. */
const PET_TYPE_ORDER = sql`array_position(array[${sql.join(
  PET_TYPES.values.map((v) => sql`${v}`),
  sql`, `,
)}]::text[], ${allowedBreeds.petType})`;

const withLabel = (row: Omit<AdminBreed, "petTypeLabel">): AdminBreed => ({ ...row, petTypeLabel: PET_TYPES.labels[row.petType] });

/**
 * The catalogue, by pet type then Italian name, filtered in SQL. All rows that match are listed:
 * the catalogue is a few hundred breeds, and the count line names them all.
 */
export async function listBreedsForAdmin(actor: CurrentUser | null, query: BreedQuery = {}): Promise<Result<AdminBreedList>> {
  const refused = refuseWithout(actor, "breeds.manage");
  if (refused) return refused;
  const petType = (PET_TYPES.values as readonly string[]).includes(query.petType ?? "") ? (query.petType as PetType) : "";
  const legality = (BREED_LEGALITY_VALUES as string[]).includes(query.legality ?? "") ? (query.legality as BreedLegality) : "all";
  const conditions: SQL[] = [];
  if (petType) conditions.push(eq(allowedBreeds.petType, petType));
  if (legality !== "all") conditions.push(eq(allowedBreeds.isLegal, legality === "legal"));
  const [rows, [totals]] = await Promise.all([
    db()
      .select(columns)
      .from(allowedBreeds)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(PET_TYPE_ORDER, asc(allowedBreeds.breedName), asc(allowedBreeds.id)),
    db().select({ n: count() }).from(allowedBreeds),
  ]);
  return { ok: true, items: rows.map(withLabel), shown: rows.length, total: totals?.n ?? 0, filters: { petType, legality } };
}

export async function createBreed(actor: CurrentUser | null, fields: Record<string, string>): Promise<BreedSaved> {
  const refused = refuseWithout(actor, "breeds.manage");
  if (refused) return refused;
  const parsed = breedSchema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  try {
    const saved = await unlessDuplicate(parsed.data, null, async () => {
      const [row] = await db().insert(allowedBreeds).values(parsed.data).returning(columns);
      await recordAudit({ actor: actor!, area: "breeds", action: "create", item: { id: row!.id, label: row!.breedName }, after: auditedRow(row!) });
      return row!;
    });
    if (!saved) return duplicate();
    await invalidate(CACHE_TAGS.breeds);
    return { ok: true, breed: withLabel(saved), message: M.created };
  } catch (error) {
    logger.error({ err: error }, "razza: creazione non riuscita");
    return fail(500, M.saveError);
  }
}

export async function updateBreed(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<BreedSaved> {
  const refused = refuseWithout(actor, "breeds.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const [exists] = await db().select({ id: allowedBreeds.id }).from(allowedBreeds).where(eq(allowedBreeds.id, id)).limit(1);
  if (!exists) return fail(404, M.notFound);
  const parsed = breedSchema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  try {
    const saved = await unlessDuplicate(parsed.data, id, async () => {
      const [was] = await db().select(columns).from(allowedBreeds).where(eq(allowedBreeds.id, id)).for("update");
      if (!was) return null;
      const [row] = await db()
        .update(allowedBreeds)
        .set({ ...parsed.data, updatedAt: sql`now()` })
        .where(eq(allowedBreeds.id, id))
        .returning(columns);
      await recordAudit({ actor: actor!, area: "breeds", action: "update", item: { id, label: row!.breedName }, before: auditedRow(was), after: auditedRow(row!) });
      return row ?? null;
    });
    if (saved === undefined) return duplicate();
    // Deleted by another admin meanwhile.
    if (saved === null) return fail(404, M.notFound);
    await invalidate(CACHE_TAGS.breeds);
    return { ok: true, breed: withLabel(saved), message: M.updated };
  } catch (error) {
    logger.error({ err: error, id }, "razza: modifica non riuscita");
    return fail(500, M.saveError);
  }
}

/**
 * Deletes a breed from the catalogue. Listings that named it keep their text: a listing stores the
 * breed's name, not a reference, and the new-listing form simply stops offering it.
 */
export async function deleteBreed(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "breeds.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const outcome = await transaction(async () => {
      const [deleted] = await db().delete(allowedBreeds).where(eq(allowedBreeds.id, id)).returning(columns);
      if (!deleted) return fail(404, M.notFound);
      await recordAudit({ actor: actor!, area: "breeds", action: "delete", item: { id, label: deleted.breedName }, before: auditedRow(deleted) });
      return null;
    });
    if (outcome) return outcome;
  } catch (error) {
    logger.error({ err: error, id }, "razza: eliminazione non riuscita");
    return fail(500, M.deleteError);
  }
  await invalidate(CACHE_TAGS.breeds);
  return { ok: true, message: M.deleted };
}

function invalid(fieldErrors: FieldErrors<BreedField>): BreedFailure {
  const first = Object.values(fieldErrors)[0] ?? M.saveError;
  return { ...fail(400, first), fieldErrors };
}

function duplicate(): BreedFailure {
  return { ...fail(409, M.duplicate), fieldErrors: { breedName: M.duplicate } };
}

/**
 * Runs the write unless another breed of the same pet type has the name, in any case ("labrador"
 * and "Labrador" are one breed to a reader): undefined then. The unique index on (type, name)
 * decides a race; the savepoint keeps an enclosing transaction usable after it.
 */
async function unlessDuplicate<T>(input: BreedInput, exceptId: string | null, write: () => Promise<T>): Promise<T | undefined> {
  const sameName = and(eq(allowedBreeds.petType, input.petType), sql`lower(${allowedBreeds.breedName}) = lower(${input.breedName})`);
  const [other] = await db()
    .select({ id: allowedBreeds.id })
    .from(allowedBreeds)
    .where(exceptId ? and(sameName, ne(allowedBreeds.id, exceptId)) : sameName)
    .limit(1);
  if (other) return undefined;
  try {
    return await transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

