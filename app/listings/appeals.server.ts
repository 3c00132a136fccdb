// Appeals against a suspension (EU Digital Services Act art. 20; decision 0087). The owner contests
// once per suspension from the dashboard (createAppeal); an admin decides once (decideAppeal):
// reverse (the listing is active again) or uphold, and the owner is mailed the outcome.
// "Once" is the database's: a unique index on (listing, suspension) for the appeal, a conditional
// UPDATE for the decision, so a double submit or two admins at once give one outcome.
import { and, eq, inArray, sql } from "drizzle-orm";
import { FULL_NAME_MAX_LENGTH } from "~/accounts/messages";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { recordAudit } from "~/audit/record.server";
import { db, transaction } from "~/db/client.server";
import { listingAppeals, petListings, profiles } from "~/db/schema";
import { APPEAL_STATUSES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { oneLine, quotedBlock } from "~/mail/mail-text";
import { sendMail } from "~/mail/mailer.server";
import { canSee } from "./listings.server";
import { NO_SUSPENSION, SUSPENSION_INSTANT } from "./moderation.server";
import {
  alreadyDecided,
  APPEAL_MESSAGES as M,
  appealDecisionSchema,
  appealTextSchema,
  type AppealDecisionInput,
  type AppealStatus,
} from "./moderation-validation";

/** An appeal as its owner reads it on the dashboard. */
export interface OwnAppeal {
  id: string;
  status: AppealStatus;
  statusLabel: string;
  createdAt: Date;
  decidedAt: Date | null;
  adminNote: string | null;
}

/**
 * The owner contests the current suspension of their listing, with a text of 1 to 2,000
 * characters. Someone else's listing: 404 when they may not see it (a suspended listing is
 * invisible to them), 403 otherwise, as for a delete; a listing not suspended, or a suspension
 * already contested: 409. Nothing is stored on a refusal.
 */
export async function createAppeal(actor: CurrentUser, listingId: string, text: unknown): Promise<Result<{ appeal: OwnAppeal; message: string }>> {
  const parsed = appealTextSchema.safeParse(text ?? "");
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? M.textRequired);
  if (!isUuid(listingId)) return fail(404, M.notFound);
  try {
    return await transaction(async () => {
      // The row lock keeps an admin's reactivation from passing between the check and the insert.
      const [listing] = await db()
        .select({ userId: petListings.userId, status: petListings.status, suspendedAt: petListings.suspendedAt })
        .from(petListings)
        .where(eq(petListings.id, listingId))
        .for("update");
      if (!listing || !canSee(listing, actor)) return fail(404, M.notFound);
      if (listing.userId !== actor.id) return fail(403, M.forbidden);
      if (listing.status !== "suspended") return fail(409, M.notSuspended);
      let suspendedAt = listing.suspendedAt;
      if (!suspendedAt) {
        // A suspension written by other code than suspendListing has no date: it gets one now, so
        // that it can be contested once like the others.
        const [dated] = await db().update(petListings).set({ suspendedAt: SUSPENSION_INSTANT }).where(eq(petListings.id, listingId)).returning({ suspendedAt: petListings.suspendedAt });
        suspendedAt = dated!.suspendedAt!;
      }
      const [appeal] = await db()
        .insert(listingAppeals)
        .values({ listingId, userId: actor.id, suspendedAt, text: parsed.data })
        .onConflictDoNothing({ target: [listingAppeals.listingId, listingAppeals.suspendedAt] })
        .returning();
      if (!appeal) return fail(409, M.alreadyAppealed);
      return { ok: true as const, appeal: ownAppeal(appeal), message: M.sent };
    });
  } catch (error) {
    logger.error({ err: error, listingId }, "contestazioni: invio non riuscito");
    return fail(500, M.saveError);
  }
}

function ownAppeal(row: typeof listingAppeals.$inferSelect): OwnAppeal {
  return {
    id: row.id,
    status: row.status,
    statusLabel: APPEAL_STATUSES.labels[row.status],
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    adminNote: row.adminNote,
  };
}

/**
 * The appeal against the current suspension of each of these listings (the owner's dashboard),
 * by listing id. The caller passes the owner's own rows: the appeals are read by their listing.
 */
export async function currentAppeals(listings: readonly { id: string; suspendedAt: Date | null }[]): Promise<Map<string, OwnAppeal>> {
  const suspended = listings.filter((l) => l.suspendedAt !== null);
  if (suspended.length === 0) return new Map();
  const rows = await db()
    .select()
    .from(listingAppeals)
    .where(
      inArray(
        listingAppeals.listingId,
        suspended.map((l) => l.id),
      ),
    );
  const when = new Map(suspended.map((l) => [l.id, l.suspendedAt!.getTime()]));
  return new Map(rows.filter((row) => when.get(row.listingId) === row.suspendedAt.getTime()).map((row) => [row.listingId, ownAppeal(row)]));
}

/**
 * An admin decides an appeal once: "reverse" makes the listing active again (its statement of
 * reasons cleared), "uphold" keeps it suspended; the optional note goes to the owner with the
 * outcome. A second decision (another admin, a stale page) is refused with what was decided (409).
 */
export async function decideAppeal(
  actor: CurrentUser | null,
  appealId: string,
  input: AppealDecisionInput,
): Promise<Result<{ status: AppealStatus; message: string }>> {
  const refused = refuseWithout(actor, "listings.moderate");
  if (refused) return refused;
  if (!isUuid(appealId)) return fail(404, M.appealNotFound);
  const parsed = appealDecisionSchema.safeParse({ decision: input.decision ?? undefined, note: input.note ?? undefined });
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? M.decisionInvalid);
  const { decision, note } = parsed.data;
  const status: AppealStatus = decision === "reverse" ? "reversed" : "upheld";
  let decided;
  try {
    decided = await transaction(async () => {
      const [appeal] = await db()
        .update(listingAppeals)
        .set({ status, decidedBy: actor!.id, decidedAt: sql`now()`, adminNote: note })
        .where(and(eq(listingAppeals.id, appealId), eq(listingAppeals.status, "pending")))
        .returning({ listingId: listingAppeals.listingId, userId: listingAppeals.userId, suspendedAt: listingAppeals.suspendedAt });
      if (!appeal) {
        const [row] = await db().select({ status: listingAppeals.status }).from(listingAppeals).where(eq(listingAppeals.id, appealId)).limit(1);
        return row ? fail(409, alreadyDecided(row.status)) : fail(404, M.appealNotFound);
      }
      if (decision === "reverse") {
        // Only the suspension contested: a pending appeal's suspension is the listing's current one
        // (a reactivation closes the appeals it leaves behind).
        await db()
          .update(petListings)
          .set({ ...NO_SUSPENSION, status: "active", updatedAt: sql`now()` })
          .where(and(eq(petListings.id, appeal.listingId), eq(petListings.status, "suspended"), eq(petListings.suspendedAt, appeal.suspendedAt)));
        await invalidate(CACHE_TAGS.listings);
      }
      const [listing] = await db().select({ id: petListings.id, title: petListings.title, status: petListings.status }).from(petListings).where(eq(petListings.id, appeal.listingId));
      // Recorded on the listing, so its history reads suspension, appeal, decision in one place.
      await recordAudit({
        actor: actor!,
        area: "listings",
        action: decision === "reverse" ? "approve" : "reject",
        item: { id: appeal.listingId, label: `Contestazione: ${listing!.title}` },
        before: { appealStatus: "pending", status: "suspended" },
        after: { appealStatus: status, adminNote: note, status: listing!.status },
      });
      return { ok: true as const, listing: listing!, userId: appeal.userId };
    });
  } catch (error) {
    logger.error({ err: error, appealId }, "contestazioni: decisione non riuscita");
    return fail(500, M.decideError);
  }
  if (!decided.ok) return decided;
  await notifyOutcome(decided.listing, decided.userId, status, note);
  return { ok: true, status, message: status === "reversed" ? M.reversed : M.upheld };
}

async function notifyOutcome(listing: { id: string; title: string }, userId: string, status: AppealStatus, note: string | null): Promise<void> {
  try {
    const [owner] = await db().select({ email: profiles.email, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, userId)).limit(1);
    if (!owner) return;
    const base = config().publicUrl;
    const title = oneLine(listing.title);
    const name = oneLine(owner.fullName ?? "", FULL_NAME_MAX_LENGTH);
    const noteLines = note ? `Nota della redazione:\n${quotedBlock(note)}\n\n` : "";
    await sendMail(
      status === "reversed"
        ? {
            to: owner.email,
            subject: `Contestazione accolta: il tuo annuncio è di nuovo visibile: ${title}`,
            text:
              `${name ? `Ciao ${name},` : "Ciao,"}\n\nabbiamo esaminato la tua contestazione sulla sospensione dell'annuncio «${title}» ` +
              `e l'abbiamo accolta: l'annuncio è di nuovo visibile a tutti.\n\n${noteLines}` +
              `${base}/pet-listing/${listing.id}\n\nLa redazione di Zampa`,
          }
        : {
            to: owner.email,
            subject: `Contestazione respinta: la sospensione è confermata: ${title}`,
            text:
              `${name ? `Ciao ${name},` : "Ciao,"}\n\nabbiamo esaminato la tua contestazione sulla sospensione dell'annuncio «${title}» ` +
              `e abbiamo confermato la sospensione: l'annuncio resta non visibile sul sito.\n\n${noteLines}` +
              `Puoi ancora rivolgerti a un organismo di risoluzione extragiudiziale delle controversie certificato o all'autorità giudiziaria.\n` +
              `I tuoi annunci: ${base}/dashboard/pet-listings\n\nLa redazione di Zampa`,
          },
    );
  } catch (error) {
    // The decision is saved: a mail that fails is only logged.
    logger.error({ err: error, id: listing.id }, "contestazioni: e-mail al proprietario non inviata");
  }
}
