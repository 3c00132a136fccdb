// Bulk actions of /admin/pet-listings (decision 0109): suspend with one statement of reasons, and
// reactivate, over picked rows or every result of the list's filter (listingFilter). The single
// action's rules, item by item: only an active listing is suspended and only a suspended one
// reactivated (the same conflict messages); a suspension resolves the listing's open reports; a
// reactivation grants an appeal still waiting; the owner (and the reporters of a suspension) get
// the same mails as for a single action, after the batch has committed.
import { and, eq, inArray, sql } from "drizzle-orm";
import { recordAudits, type AuditActor } from "~/audit/record.server";
import { BULK_MESSAGES } from "~/bulk/actions";
import type { BulkAreaDefinition, BulkBatchResult, BulkOutcome } from "~/bulk/definition.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { listingAppeals, petListings, type BulkParams } from "~/db/schema";
import { fail } from "~/lib/result";
import { reactivateConflict, suspendConflict, suspensionSchema, type SuspensionRule } from "./moderation-validation";
import { listingFilter, NO_SUSPENSION, notifyOwner, notifyReporter, resolveOpenReports, SUSPENSION_INSTANT, type Changed, type Reporter } from "./moderation.server";
import type { ListingStatus } from "./visibility";

interface Locked {
  id: string;
  title: string;
  userId: string;
  status: ListingStatus;
}

async function lock(ids: string[]): Promise<Locked[]> {
  return db()
    .select({ id: petListings.id, title: petListings.title, userId: petListings.userId, status: petListings.status })
    .from(petListings)
    .where(inArray(petListings.id, ids))
    .orderBy(petListings.id)
    .for("update");
}

function gone(ids: string[], rows: Locked[]): BulkOutcome[] {
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id)).map((id) => ({ id, label: id, result: "skipped", reason: BULK_MESSAGES.gone }));
}

async function suspend(ids: string[], params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> {
  const rule = params.rule as SuspensionRule;
  const reason = params.reason ?? null;
  const rows = await lock(ids);
  const outcomes: BulkOutcome[] = gone(ids, rows);
  const mails: { listing: Changed; reporters: Reporter[] }[] = [];
  const allowed = rows.filter((row) => {
    if (row.status === "active") return true;
    outcomes.push({ id: row.id, label: row.title, result: row.status === "suspended" ? "skipped" : "failed", reason: suspendConflict(row.status) });
    return false;
  });
  if (allowed.length > 0) {
    await db()
      .update(petListings)
      .set({ status: "suspended", suspensionRule: rule, suspensionReason: reason, suspendedAt: SUSPENSION_INSTANT, updatedAt: sql`now()` })
      .where(inArray(petListings.id, allowed.map((row) => row.id)));
    for (const row of allowed) {
      const reporters = await resolveOpenReports(row.id, { dropCache: false });
      mails.push({ listing: row, reporters });
      outcomes.push({ id: row.id, label: row.title, result: "done" });
    }
    await recordAudits(
      allowed.map((row) => ({ actor, area: "listings", action: "suspend", item: { id: row.id, label: row.title }, before: { status: row.status }, after: { status: "suspended", suspensionRule: rule, suspensionReason: reason } })),
    );
  }
  return {
    outcomes,
    afterCommit: async () => {
      for (const { listing, reporters } of mails) {
        await notifyOwner(listing, { suspended: true, rule, reason });
        for (const reporter of reporters) await notifyReporter(listing, reporter, rule);
      }
    },
  };
}

async function reactivate(ids: string[], _params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> {
  const rows = await lock(ids);
  const outcomes: BulkOutcome[] = gone(ids, rows);
  const allowed = rows.filter((row) => {
    if (row.status === "suspended") return true;
    outcomes.push({ id: row.id, label: row.title, result: row.status === "active" ? "skipped" : "failed", reason: reactivateConflict(row.status) });
    return false;
  });
  if (allowed.length > 0) {
    const allowedIds = allowed.map((row) => row.id);
    await db()
      .update(petListings)
      .set({ ...NO_SUSPENSION, status: "active", updatedAt: sql`now()` })
      .where(inArray(petListings.id, allowedIds));
    // An appeal still waiting is thereby granted, as by a single reactivation.
    await db()
      .update(listingAppeals)
      .set({ status: "reversed", decidedBy: actor.id || null, decidedAt: sql`now()` })
      .where(and(inArray(listingAppeals.listingId, allowedIds), eq(listingAppeals.status, "pending")));
    await recordAudits(allowed.map((row) => ({ actor, area: "listings", action: "reinstate", item: { id: row.id, label: row.title }, before: { status: row.status }, after: { status: "active" } })));
    for (const row of allowed) outcomes.push({ id: row.id, label: row.title, result: "done" });
  }
  return {
    outcomes,
    afterCommit: async () => {
      for (const listing of allowed) await notifyOwner(listing, { suspended: false, rule: null, reason: null });
    },
  };
}

/** One statement of reasons for every listing: the single suspension's rules (a rule, words with "Altro"). */
async function prepareSuspend(params: BulkParams) {
  const parsed = suspensionSchema.safeParse({ rule: params.rule || undefined, reason: params.reason ?? undefined });
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? BULK_MESSAGES.badRequest);
  return { ...params, rule: parsed.data.rule, reason: parsed.data.reason ?? undefined };
}

export const LISTING_BULK: BulkAreaDefinition = {
  permission: "listings.moderate",
  table: petListings,
  id: petListings.id,
  label: petListings.title,
  filter: (query) => listingFilter(query).where,
  filterKeys: ["q", "status", "appeals"],
  actions: {
    suspend: { prepare: prepareSuspend, apply: suspend },
    reactivate: { apply: reactivate },
  },
  // The listings, and the reports a suspension resolves: once per batch.
  tags: [CACHE_TAGS.listings, CACHE_TAGS.reports],
};

