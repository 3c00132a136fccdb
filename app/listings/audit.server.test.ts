// Listings' moderation, appeals and reports: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { listingReports } from "~/db/schema";
import { createAppeal, decideAppeal } from "~/listings/appeals.server";
import { deleteListing, reactivateListing, suspendListing } from "~/listings/moderation.server";
import { deleteReport, updateReport } from "~/listings/report-moderation.server";
import { asUser } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { createListingRow, createUserRow } from "../../tests/factories";
import { MODERATOR, MODERATOR_TEMPLATE, changeOf, lastId, onlyRecord, recordsSince, staffAccount } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("listings, appeals and reports", () => {
  itDb("suspend, reactivate, an appeal decided, delete", async () => {
    // An appeal names who decided it: a moderator with an account.
    const MODERATOR = await staffAccount(MODERATOR_TEMPLATE);
    const owner = await createUserRow({ name: "Proprietaria" });
    const listing = await createListingRow(owner.id, { title: "Cuccioli di labrador" });
    let mark = await lastId();
    expect(await suspendListing(MODERATOR, listing.id, { rule: "illegal_sale", reason: "Foto non veritiere" })).toMatchObject({ ok: true });
    const suspended = await onlyRecord(mark, MODERATOR);
    expect(suspended).toMatchObject({ area: "listings", action: "suspend", itemId: listing.id, itemLabel: "Cuccioli di labrador" });
    expect(changeOf(suspended, "status")).toEqual({ field: "status", before: "active", after: "suspended" });
    expect(changeOf(suspended, "suspensionReason")).toEqual({ field: "suspensionReason", before: null, after: "Foto non veritiere" });

    mark = await lastId();
    expect(await reactivateListing(MODERATOR, listing.id)).toMatchObject({ ok: true });
    expect(changeOf(await onlyRecord(mark, MODERATOR), "suspensionReason")).toEqual({ field: "suspensionReason", before: "Foto non veritiere", after: null });

    await suspendListing(MODERATOR, listing.id, { rule: "illegal_sale", reason: "Di nuovo" });
    const appeal = await createAppeal(asUser(owner), listing.id, "Le foto sono autentiche, ecco perché: sono mie e recenti.");
    if (!appeal.ok) throw new Error(appeal.error);
    mark = await lastId();
    expect(await decideAppeal(MODERATOR, appeal.appeal.id, { decision: "reverse", note: "Verificato" })).toMatchObject({ ok: true });
    const decided = await onlyRecord(mark, MODERATOR);
    expect(decided).toMatchObject({ area: "listings", action: "approve", itemId: listing.id });
    expect(changeOf(decided, "appealStatus")).toEqual({ field: "appealStatus", before: "pending", after: "reversed" });

    mark = await lastId();
    expect(await deleteListing(MODERATOR, listing.id)).toMatchObject({ ok: true });
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "delete", itemId: listing.id, itemLabel: "Cuccioli di labrador" });
  });

  itDb("a suspension refused (already suspended) leaves no record", async () => {
    const owner = await createUserRow();
    const listing = await createListingRow(owner.id, { status: "suspended" });
    const mark = await lastId();
    expect(await suspendListing(MODERATOR, listing.id, { rule: "illegal_sale", reason: "x" })).toMatchObject({ ok: false, status: 409 });
    expect(await recordsSince(mark)).toEqual([]);
  });

  itDb("reports: review, resolve, dismiss, delete", async () => {
    const owner = await createUserRow();
    const listing = await createListingRow(owner.id, { title: "Pappagallo in vendita" });
    const [report] = await db()
      .insert(listingReports)
      .values({ listingId: listing.id, reporterName: "Paolo", reporterEmail: "paolo@example.it", reason: "fraud", description: "x".repeat(60) })
      .returning();
    const label = "Segnalazione (Truffa o frode) su Pappagallo in vendita";
    for (const [status, action] of [
      ["reviewed", "review"],
      ["resolved", "resolve"],
      ["dismissed", "dismiss"],
    ] as const) {
      const mark = await lastId();
      expect(await updateReport(MODERATOR, report!.id, { status, adminNotes: `nota ${status}` })).toMatchObject({ ok: true });
      const record = await onlyRecord(mark, MODERATOR);
      expect(record).toMatchObject({ area: "reports", action, itemId: report!.id, itemLabel: label });
      expect(changeOf(record, "adminNotes")?.after).toBe(`nota ${status}`);
    }
    const mark = await lastId();
    expect(await deleteReport(MODERATOR, report!.id)).toMatchObject({ ok: true });
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "delete", itemId: report!.id });
  });
});
