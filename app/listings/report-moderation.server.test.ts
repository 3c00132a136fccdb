import { eq } from "drizzle-orm";
import { afterEach, describe, expect } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { submitReport } from "./reports.server";
import type { CurrentUser } from "~/accounts/session.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { db } from "~/db/client.server";
import { listingReports, petListings } from "~/db/schema";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { MODERATION_PAGE_SIZE, REPORT_MODERATION_MESSAGES as M, type ReportStatus } from "./moderation-validation";
import { deleteReport, getReport, listReports, updateReport } from "./report-moderation.server";

const ADMIN: CurrentUser = { id: "00000000-0000-4000-8000-0000000000ad", email: "admin@example.it", fullName: "Admin", role: "admin" };
const USER: CurrentUser = { ...ADMIN, role: "user" };
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const DESCRIPTION = "L'inserzionista chiede un anticipo con bonifico prima di far vedere l'animale.";

let n = 0;
async function report(listingId: string | null, values: Partial<typeof listingReports.$inferInsert> = {}) {
  n += 1;
  const [row] = await db()
    .insert(listingReports)
    .values({ listingId, reporterName: `Segnalatore ${n}`, reporterEmail: `segnala${n}@example.it`, reason: "fraud", description: DESCRIPTION, ...values })
    .returning();
  return row!;
}

async function stored(id: string) {
  const [row] = await db().select().from(listingReports).where(eq(listingReports.id, id));
  return row;
}

/** Inside a rolled-back test: only this test's reports. */
async function noOtherReports() {
  await db().delete(listingReports);
}

describe("every function is for administrators only", () => {
  itDb("a visitor gets 401, a user 403, and nothing changes", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const row = await report(listing.id);
    const before = await outboxFiles();
    for (const [actor, status, error] of [
      [null, 401, ADMIN_ACCESS_MESSAGES.mustSignIn],
      [USER, 403, ADMIN_ACCESS_MESSAGES.adminOnly],
    ] as const) {
      const refused = { ok: false, status, error };
      expect(await listReports(actor)).toEqual(refused);
      expect(await getReport(actor, row.id)).toEqual(refused);
      expect(await updateReport(actor, row.id, { status: "resolved", adminNotes: "no" })).toEqual(refused);
      expect(await deleteReport(actor, row.id)).toEqual(refused);
    }
    expect(await stored(row.id)).toEqual(row);
    expect(await mailsSince(before)).toEqual([]);
  });
});

describe("listReports", () => {
  itDb("counts every status in one go, filters, and shows the listing or 'Annuncio eliminato'", async () => {
    await noOtherReports();
    const owner = await createAccount();
    const listing = await createListingRow(owner.id, { title: "Cuccioli in vendita", status: "suspended" });
    const gone = await createListingRow(owner.id);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, 0) + minutes * 60_000);
    const statuses: ReportStatus[] = ["pending", "pending", "reviewed", "resolved", "dismissed", "dismissed", "dismissed"];
    for (const [i, status] of statuses.entries()) await report(i === 0 ? gone.id : listing.id, { status, createdAt: at(i), reason: i === 0 ? "spam" : "fraud" });
    await db().delete(petListings).where(eq(petListings.id, gone.id));

    const all = await listReports(ADMIN);
    if (!all.ok) throw new Error(all.error);
    expect(all.counters).toEqual({ total: 7, pending: 2, reviewed: 1, resolved: 1, dismissed: 3 });
    expect(all).toMatchObject({ status: null, page: 1, pageCount: 1 });
    expect(all.reports.map((r) => r.status)).toEqual([...statuses].reverse());
    expect(all.reports[0]).toMatchObject({
      statusLabel: "Respinta",
      reasonLabel: "Truffa o frode",
      listing: { id: listing.id, title: "Cuccioli in vendita", status: "suspended", statusLabel: "Sospeso" },
    });
    expect(all.reports.at(-1)).toMatchObject({ status: "pending", statusLabel: "In attesa", reasonLabel: "Spam", listing: null });

    const dismissed = await listReports(ADMIN, { status: "dismissed" });
    expect(dismissed.ok && dismissed.reports.map((r) => r.status)).toEqual(["dismissed", "dismissed", "dismissed"]);
    expect(dismissed.ok && dismissed.counters.total).toBe(7);
    const unknown = await listReports(ADMIN, { status: "whatever" });
    expect(unknown.ok && unknown.status).toBeNull();
    expect(unknown.ok && unknown.reports).toHaveLength(7);
  });

  itDb("shows 20 a page, newest first, ties by id, and an empty filter is empty", async () => {
    await noOtherReports();
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const same = new Date(Date.UTC(2026, 0, 1));
    for (let i = 0; i < 23; i++) await report(listing.id, { createdAt: i < 20 ? new Date(same.getTime() + (i + 1) * 60_000) : same, reporterName: `R${i}` });
    const first = await listReports(ADMIN);
    const second = await listReports(ADMIN, { page: 2 });
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(first.reports).toHaveLength(MODERATION_PAGE_SIZE);
    expect(first.reports[0]!.reporterName).toBe("R19");
    expect(first.pageCount).toBe(2);
    expect(second.reports).toHaveLength(3);
    const tied = second.reports.map((r) => r.id);
    expect(tied).toEqual([...tied].sort().reverse());
    const resolved = await listReports(ADMIN, { status: "resolved" });
    expect(resolved.ok && resolved.reports).toEqual([]);
    expect(resolved.ok && resolved.pageCount).toBe(1);
  });
});

describe("getReport", () => {
  itDb("answers the modal's details, 404 for an unknown or malformed id", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id, { title: "<img src=x onerror=alert(1)>" });
    const row = await report(listing.id, { adminNotes: "Già sentito l'inserzionista" });
    const found = await getReport(ADMIN, row.id);
    expect(found).toMatchObject({
      ok: true,
      report: { id: row.id, description: DESCRIPTION, adminNotes: "Già sentito l'inserzionista", reporterEmail: row.reporterEmail, listing: { title: "<img src=x onerror=alert(1)>" } },
    });
    expect(await getReport(ADMIN, UNKNOWN)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await getReport(ADMIN, "1 or 1=1")).toEqual({ ok: false, status: 404, error: M.notFound });
  });
});

describe("updateReport", () => {
  itDb("sets reviewed, resolved or dismissed from any state with the notes; the reporter is told once per resolution", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id, { title: "Cani\nBcc: spia@example.it" });
    const row = await report(listing.id, { reporterName: "Lia\nRispondi a: x@example.it" });
    const before = await outboxFiles();

    const reviewed = await updateReport(ADMIN, row.id, { status: "reviewed", adminNotes: "  Sento il proprietario  " });
    expect(reviewed).toMatchObject({ ok: true, message: M.updated, report: { status: "reviewed", statusLabel: "Revisionata", adminNotes: "Sento il proprietario" } });
    expect((await stored(row.id))!.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    expect(await mailsSince(before)).toEqual([]);

    expect(await updateReport(ADMIN, row.id, { status: "resolved", adminNotes: "Annuncio sospeso\nNota interna: segreta" })).toMatchObject({
      ok: true,
      report: { status: "resolved", statusLabel: "Risolta" },
    });
    // Saved again in the same status (the notes changed): no second mail.
    expect(await updateReport(ADMIN, row.id, { status: "resolved", adminNotes: "Altro" })).toMatchObject({ ok: true, report: { adminNotes: "Altro" } });
    const mails = await mailsSince(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.headers).toContain(row.reporterEmail);
    expect(mail!.headers).toMatch(/risolta/);
    expect(mail!.lines).toContain("Ciao Lia Rispondi a: x@example.it,");
    expect(mail!.body).toContain("«Cani Bcc: spia@example.it»");
    expect(mail!.body).not.toContain("segreta");
    expect(mail!.lines.filter((line) => /^(Bcc|Rispondi)/.test(line))).toEqual([]);

    const middle = await outboxFiles();
    expect(await updateReport(ADMIN, row.id, { status: "dismissed" })).toMatchObject({ ok: true, report: { status: "dismissed", adminNotes: null } });
    expect(await updateReport(ADMIN, row.id, { status: "dismissed" })).toMatchObject({ ok: true });
    const dismissed = await mailsSince(middle);
    expect(dismissed).toHaveLength(1);
    expect(dismissed[0]!.body).toContain("non ha riscontrato violazioni");
    // From dismissed back to reviewed: no mail.
    const last = await outboxFiles();
    expect(await updateReport(ADMIN, row.id, { status: "reviewed" })).toMatchObject({ ok: true });
    expect(await mailsSince(last)).toEqual([]);
  });

  itDb("a report whose listing was deleted is handled too", async () => {
    const row = await report(null);
    const before = await outboxFiles();
    expect(await updateReport(ADMIN, row.id, { status: "resolved" })).toMatchObject({ ok: true, report: { listing: null } });
    const [mail] = await mailsSince(before);
    expect(mail!.body).toContain("su un annuncio ora eliminato");
  });

  itDb("refuses pending, an unknown status, notes too long and unknown reports, changing nothing", async () => {
    const row = await report(null);
    for (const status of ["pending", "closed", ""]) {
      expect(await updateReport(ADMIN, row.id, { status: status as never })).toEqual({ ok: false, status: 400, error: M.statusInvalid });
    }
    expect(await updateReport(ADMIN, row.id, { status: "reviewed", adminNotes: "x".repeat(5_001) })).toEqual({ ok: false, status: 400, error: M.notesTooLong });
    expect(await stored(row.id)).toEqual(row);
    expect(await updateReport(ADMIN, UNKNOWN, { status: "reviewed" })).toEqual({ ok: false, status: 404, error: M.notFound });
  });
});

describe("deleteReport", () => {
  itDb("deletes a report once, 404 after", async () => {
    const row = await report(null);
    expect(await deleteReport(ADMIN, row.id)).toEqual({ ok: true, message: M.deleted });
    expect(await stored(row.id)).toBeUndefined();
    expect(await deleteReport(ADMIN, row.id)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await deleteReport(ADMIN, "zzz")).toEqual({ ok: false, status: 404, error: M.notFound });
  });
});

describe("the report counters, kept between views", () => {
  afterEach(() => setCacheEnabled(false));

  itDb("follow a filed report, a decision and a deletion at once", async () => {
    setCacheEnabled(true);
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const counters = async () => {
      const result = await listReports(ADMIN, {});
      if (!result.ok) throw new Error(result.error);
      return result.counters;
    };
    const before = await counters();
    const filed = await submitReport(listing.id, null, { reason: "fraud", description: DESCRIPTION, name: "Luca", email: "luca@example.it" }, "203.0.113.77");
    expect(filed).toEqual({ ok: true });
    const afterFiling = await counters();
    expect(afterFiling).toMatchObject({ total: before.total + 1, pending: before.pending + 1 });
    const [row] = await db().select({ id: listingReports.id }).from(listingReports).where(eq(listingReports.listingId, listing.id));
    expect((await updateReport(ADMIN, row!.id, { status: "resolved", adminNotes: "" })).ok).toBe(true);
    expect(await counters()).toMatchObject({ total: before.total + 1, pending: before.pending, resolved: before.resolved + 1 });
    expect((await deleteReport(ADMIN, row!.id)).ok).toBe(true);
    expect(await counters()).toEqual(before);
  });
});
