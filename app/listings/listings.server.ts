// Pet listings: what the public, an owner and an admin may read and change. Every rule and
// permission of the classifieds lives here; routes only parse the request and render.
import { can } from "~/accounts/permissions";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { USER_MODERATION_MESSAGES } from "~/accounts/moderation-texts";
import { isSuspended } from "~/accounts/suspension.server";
import { firstError } from "~/accounts/validation";
import { CACHE_TAGS, invalidate, memoize } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { allowedBreeds, petListings } from "~/db/schema";
import { ImageRejected } from "~/images/process-image.server";
import { IMAGE_MESSAGES, MAX_LISTING_IMAGES } from "~/images/limits";
import { deleteStoredImages, storeListingImages, type StoredImages, type UploadedFile } from "~/images/store-images.server";
import type { Uploader } from "~/images/upload-quota.server";
import type { LISTING_AVAILABILITY } from "~/lib/enums";
import { logger } from "~/lib/logger.server";
import { hit } from "~/lib/rate-limit.server";
import { isUuid } from "~/lib/ids";
import type { PetType } from "./cards.server";
import { geocodeForward } from "~/geo/geocoder.server";
import { checkListingCode } from "./duplicate-codes.server";
import { checkListingPhotos } from "./photo-duplicates.server";
import { isPublicListing } from "./visibility";
import { availabilitySchema, legalCompletionSchema, listingSchema, LISTING_MESSAGES as M } from "./validation";
import { fail, type Failure, type Result } from "~/lib/result";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";

export type { ListingCard, ListingMarker, ListingType, PetType } from "./cards.server";
export type Availability = (typeof LISTING_AVAILABILITY.values)[number];

/** A refused listing: the message, and each field's own beside it. */
export type ListingFailure = Failure & { fieldErrors?: FieldErrors };

function invalid(status: number, fieldErrors: FieldErrors): ListingFailure {
  return { ...fail(status, Object.values(fieldErrors)[0] ?? M.createError), fieldErrors };
}

/** Generous for a person, a wall for a script: publishing is counted per account. */
export const CREATE_LIMIT = { max: 20, windowSeconds: 60 * 60 };

// --- One listing ---------------------------------------------------------------------------------

export type ListingRow = typeof petListings.$inferSelect;

/** Active listings for everyone; any other status only for its owner and the admins (DESIGN [5]). */
export function canSee(listing: Pick<ListingRow, "status" | "userId">, viewer: CurrentUser | null): boolean {
  return isPublicListing(listing) || (viewer !== null && (viewer.id === listing.userId || can(viewer.role, "listings.moderate")));
}

function canChange(listing: Pick<ListingRow, "userId">, actor: CurrentUser): boolean {
  return actor.id === listing.userId || can(actor.role, "listings.moderate");
}

export async function findListing(id: string): Promise<ListingRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(petListings).where(eq(petListings.id, id)).limit(1);
  return row ?? null;
}

/** The detail page's listing, or null ("Annuncio non trovato") when this viewer may not see it. */
export async function getListing(id: string, viewer: CurrentUser | null): Promise<ListingRow | null> {
  if (!isUuid(id)) return null;
  // Anonymous readers of active listings share one memoized copy.
  const row = await memoize(`listings:one:${id}`, [CACHE_TAGS.listings], () => findListing(id));
  if (row && canSee(row, viewer)) return row;
  return null;
}

/** The owner's listings in every status, newest first (dashboard). */
/** Own listings a page of the dashboard shows. */
export const OWN_LISTINGS_PAGE_SIZE = 20;

/**
 * One page of the account's own listings, newest first (the owner index), and how many pages there
 * are: a breeder with thousands of listings gets the same quick page as anyone.
 */
export async function ownListingsPage(userId: string, page: number): Promise<{ listings: ListingRow[]; page: number; pageCount: number; total: number }> {
  const [listings, [counted]] = await Promise.all([
    db()
      .select()
      .from(petListings)
      .where(eq(petListings.userId, userId))
      .orderBy(desc(petListings.createdAt), desc(petListings.id))
      .limit(OWN_LISTINGS_PAGE_SIZE)
      .offset((page - 1) * OWN_LISTINGS_PAGE_SIZE),
    db().select({ total: count() }).from(petListings).where(eq(petListings.userId, userId)),
  ]);
  const total = counted?.total ?? 0;
  return { listings, page, pageCount: Math.max(1, Math.ceil(total / OWN_LISTINGS_PAGE_SIZE)), total };
}

/** What the catalogue asks of a breed beyond being legal: a microchip, a CITES certificate. */
export function breedRules(petType: PetType, breed: string | null): Promise<{ requiresMicrochip: boolean; requiresCites: boolean } | null> {
  if (!breed) return Promise.resolve(null);
  return memoize(`breeds:rules:${petType}:${breed}`, [CACHE_TAGS.breeds], async () => {
    const [row] = await db()
      .select({ requiresMicrochip: allowedBreeds.requiresMicrochip, requiresCites: allowedBreeds.requiresCites })
      .from(allowedBreeds)
      .where(and(eq(allowedBreeds.petType, petType), eq(allowedBreeds.breedName, breed)))
      .limit(1);
    return row ?? null;
  });
}

/**
 * The catalogue's rules for the breed (decision 0085) against the form: a microchip in any listing
 * (D.Lgs. 135/2022 art. 11 for dogs and cats, the catalogue for the rest), a CITES certificate to
 * sell. The field that fails with its message, or null. One check for a new listing and for an old
 * one being completed.
 */
function breedRuleErrors(
  rules: { requiresMicrochip: boolean; requiresCites: boolean } | null,
  listingType: string,
  input: { identificationCode: string | null; citesNumber: string | null; litter?: boolean },
): FieldErrors | null {
  if (rules?.requiresMicrochip && !input.identificationCode) {
    return { identificationCode: input.litter ? M.codeRequiredLitter : M.codeRequired };
  }
  if (rules?.requiresCites && listingType === "sale" && !input.citesNumber) return { citesNumber: M.citesRequired };
  return null;
}

/** The form's breed list: legal breeds of that pet type, by name (spec section 5). */
export function legalBreeds(petType: PetType): Promise<string[]> {
  return memoize(`breeds:legal:${petType}`, [CACHE_TAGS.breeds], async () => {
    const rows = await db()
      .select({ name: allowedBreeds.breedName })
      .from(allowedBreeds)
      .where(and(eq(allowedBreeds.petType, petType), eq(allowedBreeds.isLegal, true)))
      .orderBy(asc(allowedBreeds.breedName));
    return rows.map((r) => r.name);
  });
}

// --- Publishing ----------------------------------------------------------------------------------

/**
 * The form's position, or, when none was chosen on the map (a browser without JavaScript has no
 * map), the comune's from the city and region typed, through the site's geocoder. A place it does
 * not know leaves the position empty, and the form says to choose one.
 */
async function withPosition(fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  if (text(fields.lat) && text(fields.lng)) return fields;
  const city = text(fields.city);
  const region = text(fields.region);
  if (!city || !region) return fields;
  const found = await geocodeForward(city, region);
  return found.ok ? { ...fields, lat: String(found.value.lat), lng: String(found.value.lng) } : fields;
}

export type ListingInput = ReturnType<(typeof listingSchema)["parse"]>;
export type BreedRules = { requiresMicrochip: boolean; requiresCites: boolean } | null;

/**
 * Every rule of the listing form, for a new listing and for an edited one alike: the shared schema
 * (with the comune's position when the map was not used), the breed list and the catalogue's rules.
 */
export async function checkListingFields(fields: Record<string, unknown>): Promise<{ ok: true; input: ListingInput; rules: BreedRules } | ListingFailure> {
  const parsed = listingSchema.safeParse(await withPosition(fields));
  if (!parsed.success) return { ...fail(400, firstError(parsed.error)), fieldErrors: fieldErrorsOf(parsed.error) };
  const input = parsed.data;
  const breeds = await legalBreeds(input.petType);
  if (breeds.length > 0) {
    if (!input.breed) return invalid(400, { breed: M.breedRequired });
    if (!breeds.includes(input.breed)) return invalid(400, { breed: M.breedNotInList });
  }
  const rules = await breedRules(input.petType, input.breed);
  const breedErrors = breedRuleErrors(rules, input.listingType, input);
  if (breedErrors) return invalid(400, breedErrors);
  return { ok: true, input, rules };
}

/** The columns the form writes, the same for a new listing and an edited one. */
export function listingColumns(input: ListingInput, rules: BreedRules) {
  return {
    title: input.title,
    description: input.description,
    petType: input.petType,
    breed: input.breed,
    age: input.age,
    gender: input.gender,
    listingType: input.listingType,
    price: input.price,
    locationAddress: input.address,
    locationCity: input.city,
    locationRegion: input.region,
    locationLat: input.lat,
    locationLng: input.lng,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
    messagesOnly: input.messagesOnly,
    identificationCode: input.identificationCode,
    identificationIsMother: input.identificationIsMother,
    codeOnRequest: input.codeOnRequest,
    birthDate: input.birthDate,
    birthMonthOnly: input.birthMonthOnly,
    healthCertificate: input.healthCertificate,
    sellerType: input.sellerType,
    sellerName: input.sellerName,
    vatNumber: input.vatNumber,
    breederCode: input.breederCode,
    fiscalCode: input.fiscalCode,
    pedigree: input.pedigree,
    citesNumber: rules?.requiresCites ? input.citesNumber : null,
  };
}

/**
 * A listing form's new photos stored, or the form's refusal: a photo refused with its own message
 * (not an image, too large, …), the generic one when the storage fails.
 */
export async function storeListingPhotos(uploader: Uploader, images: UploadedFile[]): Promise<Result<{ stored: StoredImages }>> {
  try {
    return { ok: true, stored: await storeListingImages(uploader, images) };
  } catch (error) {
    if (error instanceof ImageRejected) return fail(error.status, error.message);
    logger.error({ err: error }, "annuncio: salvataggio immagini non riuscito");
    return fail(500, IMAGE_MESSAGES.uploadFailed);
  }
}

/**
 * Publishes a listing: every rule checked here, whatever the browser did. Nothing is stored when a
 * rule fails, and no image file is left behind when the listing is not saved. `submissionId` is the
 * form's one-time id: a double submit of the same form publishes one listing.
 */
export async function createListing(
  user: CurrentUser | null,
  fields: Record<string, unknown>,
  files: UploadedFile[],
): Promise<Result<{ id: string }> | ListingFailure> {
  if (!user) return fail(401, M.mustSignIn);
  // A suspended account publishes nothing (decision 0110). Its sessions end with the suspension; a
  // request already under way that passes here is stored "withheld" by the database's trigger.
  if (await isSuspended(user.id)) return fail(403, USER_MODERATION_MESSAGES.publishRefused);
  const checked = await checkListingFields(fields);
  if (!checked.ok) return checked;
  const { input, rules } = checked;
  const images = files.filter((f) => f.data.length > 0 || f.name !== "");
  if (images.length > MAX_LISTING_IMAGES) return fail(400, IMAGE_MESSAGES.tooMany);

  let submissionId = typeof fields.submissionId === "string" && isUuid(fields.submissionId) ? fields.submissionId.toLowerCase() : null;
  if (submissionId) {
    const existing = await findListing(submissionId);
    if (existing?.userId === user.id) return { ok: true, id: existing.id };
    // Someone else's id (never one of this user's forms): publish under a new one.
    if (existing) submissionId = null;
  }
  if (!(await hit(`listing:create:${user.id}`, CREATE_LIMIT)).allowed) return fail(429, M.tooMany);

  const photos = await storeListingPhotos(user, images);
  if (!photos.ok) return photos;
  const { stored } = photos;

  const id = submissionId ?? randomUUID();
  try {
    const inserted = await db()
      .insert(petListings)
      .values({
        id,
        userId: user.id,
        ...listingColumns(input, rules),
        images: stored.urls,
        legalCompletedAt: sql`now()`,
      })
      .onConflictDoNothing({ target: petListings.id })
      .returning({ id: petListings.id, userId: petListings.userId });
    if (inserted.length === 0) {
      // The same form arrived twice at once and the other request saved it first.
      await stored.remove();
      const existing = await findListing(id);
      return existing?.userId === user.id ? { ok: true, id } : fail(409, M.createError);
    }
  } catch (error) {
    await stored.remove().catch((e: unknown) => logger.error({ err: e }, "annuncio: immagini orfane non rimosse"));
    logger.error({ err: error }, "annuncio: inserimento non riuscito");
    return fail(500, M.createError);
  }
  // Published whatever they find: a photo or a code of another account's listing files a report (decision 0086).
  await checkListingPhotos({ id, userId: user.id }, stored);
  await checkListingCode({ id, userId: user.id, identificationCode: input.identificationCode ?? null });
  await invalidate(CACHE_TAGS.listings);
  return { ok: true, id };
}

// --- Owner's changes -----------------------------------------------------------------------------

/** Deletes a listing and its image files: only its owner or an admin. */
export async function deleteListing(actor: CurrentUser | null, id: string): Promise<Result> {
  if (!actor) return fail(401, M.mustSignIn);
  const listing = await findListing(id);
  if (!listing) return fail(404, M.notFound);
  if (!canChange(listing, actor)) return fail(403, M.forbidden);
  const deleted = await db().delete(petListings).where(eq(petListings.id, listing.id)).returning({ id: petListings.id });
  if (deleted.length === 0) return fail(404, M.notFound);
  await invalidate(CACHE_TAGS.listings);
  // The row is gone: a file that fails to go is only logged (it is unreachable from the site).
  await deleteStoredImages(listing.images).catch((error: unknown) => logger.error({ err: error, id }, "annuncio: immagini non eliminate"));
  return { ok: true };
}

/** A listing published before the legal fields, as its owner's completion form needs it (null: not theirs, or none). */
export async function changeableListing(actor: CurrentUser, id: string): Promise<ListingRow | null> {
  const listing = await findListing(id);
  return listing && canChange(listing, actor) ? listing : null;
}

/**
 * Completes a listing published before the legal fields were asked (decision 0085), with the same
 * rules as a new one: only its owner or an admin, and only once (a complete listing is not changed
 * here). Nothing is stored when a rule fails.
 */
export async function completeLegalFields(actor: CurrentUser | null, id: string, fields: Record<string, unknown>): Promise<Result | ListingFailure> {
  if (!actor) return fail(401, M.mustSignIn);
  const listing = await findListing(id);
  if (!listing) return fail(404, M.notFound);
  if (!canChange(listing, actor)) return fail(403, M.forbidden);
  if (listing.legalCompletedAt) return fail(409, M.legalAlreadyComplete);
  const parsed = legalCompletionSchema(listing).safeParse(fields);
  if (!parsed.success) return { ...fail(400, firstError(parsed.error)), fieldErrors: fieldErrorsOf(parsed.error) };
  const input = parsed.data;
  const rules = await breedRules(listing.petType, listing.breed);
  const breedErrors = breedRuleErrors(rules, listing.listingType, input);
  if (breedErrors) return invalid(400, breedErrors);
  const { age: _age, ...legal } = input;
  const updated = await db()
    .update(petListings)
    .set({ ...legal, citesNumber: rules?.requiresCites ? input.citesNumber : null, legalCompletedAt: sql`now()`, updatedAt: sql`now()` })
    // Twice at once: the second finds it complete.
    .where(and(eq(petListings.id, listing.id), sql`${petListings.legalCompletedAt} is null`))
    .returning({ id: petListings.id });
  if (updated.length === 0) return fail(409, M.legalAlreadyComplete);
  if (isPublicListing(listing)) await checkListingCode({ id: listing.id, userId: listing.userId, identificationCode: input.identificationCode ?? null });
  await invalidate(CACHE_TAGS.listings);
  return { ok: true };
}

/** The owner's availability (Disponibile, In Attesa, Adottato): only its owner or an admin. */
export async function setAvailability(actor: CurrentUser | null, id: string, value: unknown): Promise<Result> {
  if (!actor) return fail(401, M.mustSignIn);
  const parsed = availabilitySchema.safeParse(value);
  if (!parsed.success) return fail(400, M.availabilityInvalid);
  const listing = await findListing(id);
  if (!listing) return fail(404, M.notFound);
  if (!canChange(listing, actor)) return fail(403, M.forbidden);
  await db()
    .update(petListings)
    .set({ availability: parsed.data, updatedAt: sql`now()` })
    .where(eq(petListings.id, listing.id));
  await invalidate(CACHE_TAGS.listings);
  return { ok: true };
}
