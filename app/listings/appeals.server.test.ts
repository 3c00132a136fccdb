// Statement of reasons, appeals and the reporter's notice (decision 0087): the domain functions,
// inside a rolled-back transaction, except the races, which need committed rows.
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { db } from "~/db/client.server";
import { listingAppeals, listingReports, petListings, profiles, users } from "~/db/schema";
import { SUSPENSION_RULES } from "~/lib/enums";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { fileAutomaticReport } from "./automatic-reports.server";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow, createUserRow } from "../../tests/factories";
import { createAppeal, currentAppeals, decideAppeal } from "./appeals.server";
import { listListingsForModeration, reactivateListing, suspendListing } from "./moderation.server";
import { alreadyDecided, APPEAL_MESSAGES as A, LISTING_MODERATION_MESSAGES as M } from "./moderation-validation";

const actor = (account: { id: string; email: string }, role: "user" | "admin" = "user"): CurrentUser => ({ id: account.id, email: account.email, fullName: "Prova", role });

async function listingRow(id: string) {
  const [row] = await db().select().from(petListings).where(eq(petListings.id, id));
  return row!;
}
const appealsOf = (listingId: string) => db().select().from(listingAppeals).where(eq(listingAppeals.listingId, listingId));

/** An owner, an admin (real profiles: decided_by refers to them) and an active listing. */
async function setting(title = "Cuccioli di pastore") {
  const ownerAccount = await createAccount({ fullName: "Giulia Verdi" });
  const adminAccount = await createAccount({ role: "admin" });
  const listing = await createListingRow(ownerAccount.id, { title, contactName: "Giulia Verdi", contactPhone: "+39 347 111 2233", contactEmail: "giulia.verdi@example.it" });
  return { owner: actor(ownerAccount), ownerAccount, admin: actor(adminAccount, "admin"), listing };
}

async function suspended(title?: string) {
  const s = await setting(title);
  const result = await suspendListing(s.admin, s.listing.id, { rule: "missing_identification", reason: "Manca il codice del microchip." });
  expect(result.ok).toBe(true);
  return s;
}

describe("the statement of reasons of a suspension", () => {
  itDb("records the rule and the reason with the date, and mails them to the owner with how to contest", async () => {
    const { admin, listing, ownerAccount } = await setting();
    const before = await outboxFiles();
    expect(await suspendListing(admin, listing.id, { rule: "illegal_sale", reason: "  Cucciolo ceduto\na 40 giorni.  " })).toEqual({ ok: true, status: "suspended", message: M.suspended });
    const row = await listingRow(listing.id);
    expect(row).toMatchObject({ status: "suspended", suspensionRule: "illegal_sale", suspensionReason: "Cucciolo ceduto\na 40 giorni." });
    expect(row.suspendedAt).toBeInstanceOf(Date);

    const [mail, ...others] = await mailsSince(before);
    expect(others).toEqual([]);
    expect(mail!.headers).toContain(ownerAccount.email);
    expect(mail!.lines).toEqual(
      expect.arrayContaining([
        "Regola violata: Vendita illegale (D.Lgs. 135/2022)",
        "Motivo della sospensione:",
        "> Cucciolo ceduto",
        "> a 40 giorni.",
        expect.stringContaining("«Contesta la decisione»"),
        expect.stringMatching(/^I tuoi annunci: http.*\/dashboard\/pet-listings$/),
      ]),
    );
    expect(mail!.body).toContain("senza mezzi automatici");
    expect(mail!.body).toContain("risoluzione extragiudiziale");
  });

  itDb("needs a rule from the list, and a reason with «Altro»; a refusal changes nothing and mails no one", async () => {
    const { admin, listing } = await setting();
    const before = await outboxFiles();
    expect(await suspendListing(admin, listing.id, { reason: "Motivo" })).toEqual({ ok: false, status: 400, error: M.ruleRequired });
    expect(await suspendListing(admin, listing.id, { rule: "non-esiste" })).toEqual({ ok: false, status: 400, error: M.ruleRequired });
    expect(await suspendListing(admin, listing.id, { rule: "other", reason: "   " })).toEqual({ ok: false, status: 400, error: M.reasonRequired });
    expect(await listingRow(listing.id)).toMatchObject({ status: "active", suspensionRule: null, suspensionReason: null, suspendedAt: null });
    expect(await mailsSince(before)).toEqual([]);
    expect((await suspendListing(admin, listing.id, { rule: "other", reason: "Foto di un altro animale" })).ok).toBe(true);
  });

  itDb("every rule has an Italian label; a reactivation clears the statement", async () => {
    for (const rule of SUSPENSION_RULES.values) expect(SUSPENSION_RULES.labels[rule]).toMatch(/^[A-Z]/);
    const { admin, listing } = await suspended();
    expect((await reactivateListing(admin, listing.id)).ok).toBe(true);
    expect(await listingRow(listing.id)).toMatchObject({ status: "active", suspensionRule: null, suspensionReason: null, suspendedAt: null });
  });
});

describe("the reporters are told when their report leads to a suspension", () => {
  async function report(listingId: string, values: Partial<typeof listingReports.$inferInsert> = {}) {
    const [row] = await db()
      .insert(listingReports)
      .values({ listingId, reporterName: "Paolo Neri", reporterEmail: "paolo@example.it", reason: "illegal", description: "x".repeat(60), ...values })
      .returning();
    return row!;
  }
  const reportStatus = async (id: string) => (await db().select({ status: listingReports.status }).from(listingReports).where(eq(listingReports.id, id)))[0]?.status;

  itDb("open reports (pending, reviewed) become resolved and each address gets one mail without the owner's details; closed ones stay as they are", async () => {
    const { admin, listing, ownerAccount } = await setting("Chihuahua toy");
    const first = await report(listing.id, { createdAt: new Date(Date.UTC(2026, 10, 20, 10)) });
    const again = await report(listing.id, { reporterEmail: "PAOLO@example.it", reason: "fraud" });
    const reviewed = await report(listing.id, { reporterName: "Sara\nBcc: x@example.it", reporterEmail: "sara@example.it", status: "reviewed" });
    const dismissed = await report(listing.id, { reporterName: "Luca", reporterEmail: "luca@example.it", status: "dismissed" });
    const elsewhere = await report((await createListingRow(ownerAccount.id)).id, { reporterEmail: "altro@example.it" });
    const before = await outboxFiles();
    expect((await suspendListing(admin, listing.id, { rule: "fraud", reason: "Giulia Verdi chiede un anticipo: truffa." })).ok).toBe(true);

    expect(await reportStatus(first.id)).toBe("resolved");
    expect(await reportStatus(again.id)).toBe("resolved");
    expect(await reportStatus(reviewed.id)).toBe("resolved");
    expect(await reportStatus(dismissed.id)).toBe("dismissed");
    expect(await reportStatus(elsewhere.id)).toBe("pending");

    const mails = await mailsSince(before);
    const toReporters = mails.filter((m) => !m.headers.includes(ownerAccount.email));
    expect(toReporters).toHaveLength(2);
    const paolo = toReporters.find((m) => /^To:.*paolo@example\.it/im.test(m.headers))!;
    const sara = toReporters.find((m) => /^To:.*sara@example\.it/im.test(m.headers))!;
    expect(paolo.headers).toMatch(/^Subject: /m);
    expect(paolo.lines).toContain("Ciao Paolo Neri,");
    expect(paolo.body).toContain("«Chihuahua toy»");
    expect(paolo.body).toContain("20 novembre 2026");
    expect(paolo.body).toContain("ha sospeso l'annuncio");
    expect(paolo.body).toContain("regola violata: Annuncio ingannevole o truffa");
    expect(sara.lines).toContain("Ciao Sara Bcc: x@example.it,");
    for (const mail of toReporters) {
      for (const secret of ["Giulia", "Verdi", "giulia.verdi@example.it", "347", ownerAccount.email, "anticipo"]) expect(mail.body).not.toContain(secret);
    }
  });

  itDb("an automatic check's open report is resolved too, and its no-reply reporter gets no mail", async () => {
    const { admin, listing, ownerAccount } = await setting();
    const other = await createListingRow((await createUserRow()).id);
    expect(
      await fileAutomaticReport({
        check: "duplicate_photo",
        listingId: listing.id,
        relatedListingId: other.id,
        reason: "fraud",
        description: "La foto di questo annuncio compare anche in un annuncio di un altro account.",
      }),
    ).toBe(true);
    const [automatic] = await db().select().from(listingReports).where(eq(listingReports.listingId, listing.id));
    const before = await outboxFiles();
    expect((await suspendListing(admin, listing.id, { rule: "fraud" })).ok).toBe(true);
    expect(await reportStatus(automatic!.id)).toBe("resolved");
    const mails = await mailsSince(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers).toContain(ownerAccount.email);
  });

  itDb("no open report: only the owner is mailed", async () => {
    const { admin, listing } = await setting();
    const before = await outboxFiles();
    expect((await suspendListing(admin, listing.id, { rule: "spam" })).ok).toBe(true);
    expect(await mailsSince(before)).toHaveLength(1);
  });
});

describe("createAppeal: the owner contests a suspension once", () => {
  itDb("stores the appeal (pending) for the current suspension; the dashboard and the back office show it", async () => {
    const { owner, admin, listing } = await suspended();
    const result = await createAppeal(owner, listing.id, "  Il microchip c'è: 380260000000001.  ");
    expect(result).toMatchObject({ ok: true, message: A.sent, appeal: { status: "pending", statusLabel: "In attesa di decisione", adminNote: null, decidedAt: null } });
    const [row, ...more] = await appealsOf(listing.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ userId: owner.id, text: "Il microchip c'è: 380260000000001.", status: "pending", decidedBy: null, decidedAt: null, adminNote: null });
    expect(row!.suspendedAt.getTime()).toBe((await listingRow(listing.id)).suspendedAt!.getTime());

    const mine = await currentAppeals([await listingRow(listing.id)]);
    expect(mine.get(listing.id)).toMatchObject({ status: "pending" });
    const list = await listListingsForModeration(admin, { appeals: "pending" });
    if (!list.ok) throw new Error(list.error);
    expect(list.pendingAppeals).toBeGreaterThanOrEqual(1);
    expect(list.appeals).toBe(true);
    expect(list.listings.find((l) => l.id === listing.id)).toMatchObject({
      suspension: { rule: "missing_identification", ruleLabel: SUSPENSION_RULES.labels.missing_identification, reason: "Manca il codice del microchip." },
      appeal: { text: "Il microchip c'è: 380260000000001.", status: "pending" },
    });
    expect(list.listings.every((l) => l.appeal?.status === "pending")).toBe(true);
  });

  itDb("refuses an empty text and one over 2,000 characters (400); 2,000 are fine", async () => {
    const { owner, listing } = await suspended();
    expect(await createAppeal(owner, listing.id, "")).toEqual({ ok: false, status: 400, error: A.textRequired });
    expect(await createAppeal(owner, listing.id, " \n\t ")).toEqual({ ok: false, status: 400, error: A.textRequired });
    expect(await createAppeal(owner, listing.id, undefined)).toEqual({ ok: false, status: 400, error: A.textRequired });
    expect(await createAppeal(owner, listing.id, "x".repeat(2_001))).toEqual({ ok: false, status: 400, error: A.textTooLong });
    expect(await appealsOf(listing.id)).toEqual([]);
    expect((await createAppeal(owner, listing.id, "x".repeat(2_000))).ok).toBe(true);
  });

  itDb("someone else's listing: 404 (they cannot see it), 403 for an admin (who can); an unknown id 404; nothing stored", async () => {
    const { listing, admin } = await suspended();
    const stranger = actor(await createAccount());
    expect(await createAppeal(stranger, listing.id, "È mio")).toEqual({ ok: false, status: 404, error: A.notFound });
    expect(await createAppeal(admin, listing.id, "È mio")).toEqual({ ok: false, status: 403, error: A.forbidden });
    expect(await createAppeal(stranger, "00000000-0000-4000-8000-000000000000", "x")).toEqual({ ok: false, status: 404, error: A.notFound });
    expect(await createAppeal(stranger, "non-un-id", "x")).toEqual({ ok: false, status: 404, error: A.notFound });
    expect(await appealsOf(listing.id)).toEqual([]);
  });

  itDb("only while suspended (409): an active or closed listing cannot be contested", async () => {
    const { owner, ownerAccount, listing } = await setting();
    const closed = await createListingRow(ownerAccount.id, { status: "closed" });
    expect(await createAppeal(owner, listing.id, "Perché?")).toEqual({ ok: false, status: 409, error: A.notSuspended });
    expect(await createAppeal(owner, closed.id, "Perché?")).toEqual({ ok: false, status: 409, error: A.notSuspended });
    expect(await appealsOf(listing.id)).toEqual([]);
  });

  itDb("a second appeal against the same suspension is refused (409), also after the decision; a new suspension can be contested", async () => {
    const { owner, admin, listing } = await suspended();
    expect((await createAppeal(owner, listing.id, "Prima")).ok).toBe(true);
    expect(await createAppeal(owner, listing.id, "Seconda")).toEqual({ ok: false, status: 409, error: A.alreadyAppealed });
    const [appeal] = await appealsOf(listing.id);
    expect((await decideAppeal(admin, appeal!.id, { decision: "uphold" })).ok).toBe(true);
    expect(await createAppeal(owner, listing.id, "Terza")).toEqual({ ok: false, status: 409, error: A.alreadyAppealed });
    expect((await appealsOf(listing.id)).map((a) => a.text)).toEqual(["Prima"]);

    expect((await reactivateListing(admin, listing.id)).ok).toBe(true);
    expect((await suspendListing(admin, listing.id, { rule: "spam" })).ok).toBe(true);
    expect((await createAppeal(owner, listing.id, "Nuova sospensione")).ok).toBe(true);
    expect(await appealsOf(listing.id)).toHaveLength(2);
  });

  itDb("a suspension written without a date (older code) gets one and is contested once", async () => {
    const { owner, ownerAccount } = await setting();
    const old = await createListingRow(ownerAccount.id, { status: "suspended" });
    expect((await createAppeal(owner, old.id, "Vecchia sospensione")).ok).toBe(true);
    expect((await listingRow(old.id)).suspendedAt).toBeInstanceOf(Date);
    expect(await createAppeal(owner, old.id, "Ancora")).toEqual({ ok: false, status: 409, error: A.alreadyAppealed });
  });

  itDb("a reactivation grants the appeal waiting (reversed), so no decision is left pending", async () => {
    const { owner, admin, listing } = await suspended();
    expect((await createAppeal(owner, listing.id, "Ho corretto l'annuncio")).ok).toBe(true);
    expect((await reactivateListing(admin, listing.id)).ok).toBe(true);
    const [appeal] = await appealsOf(listing.id);
    expect(appeal).toMatchObject({ status: "reversed", decidedBy: admin.id });
    expect(await decideAppeal(admin, appeal!.id, { decision: "uphold" })).toEqual({ ok: false, status: 409, error: alreadyDecided("reversed") });
  });
});

describe("decideAppeal: an admin decides once", () => {
  async function appealed() {
    const s = await suspended("Gattini persiani");
    expect((await createAppeal(s.owner, s.listing.id, "Ho il certificato.")).ok).toBe(true);
    const [appeal] = await appealsOf(s.listing.id);
    return { ...s, appeal: appeal! };
  }

  itDb("«Riattiva l'annuncio»: the listing is active again, the appeal reversed with who and when, the owner mailed with the note", async () => {
    const { admin, listing, appeal, ownerAccount } = await appealed();
    const before = await outboxFiles();
    expect(await decideAppeal(admin, appeal.id, { decision: "reverse", note: "  Certificato verificato.\nBcc: x@example.it " })).toEqual({
      ok: true,
      status: "reversed",
      message: A.reversed,
    });
    expect(await listingRow(listing.id)).toMatchObject({ status: "active", suspensionRule: null, suspendedAt: null });
    const [row] = await appealsOf(listing.id);
    expect(row).toMatchObject({ status: "reversed", decidedBy: admin.id, adminNote: "Certificato verificato.\nBcc: x@example.it" });
    expect(row!.decidedAt).toBeInstanceOf(Date);
    const [mail, ...others] = await mailsSince(before);
    expect(others).toEqual([]);
    expect(mail!.headers).toContain(ownerAccount.email);
    expect(mail!.headers).toContain("Subject: =?UTF-8?Q?Contestazione_accolta");
    expect(mail!.body).toContain("l'abbiamo accolta: l'annuncio è di nuovo visibile a tutti");
    expect(mail!.lines).toEqual(expect.arrayContaining(["Nota della redazione:", "> Certificato verificato.", "> Bcc: x@example.it"]));
    expect(mail!.body).toContain(`/pet-listing/${listing.id}`);
  });

  itDb("«Conferma la sospensione»: still suspended, the appeal upheld, the owner mailed (no note: no note line)", async () => {
    const { admin, listing, appeal } = await appealed();
    const before = await outboxFiles();
    expect(await decideAppeal(admin, appeal.id, { decision: "uphold", note: "" })).toEqual({ ok: true, status: "upheld", message: A.upheld });
    expect(await listingRow(listing.id)).toMatchObject({ status: "suspended", suspensionRule: "missing_identification" });
    expect((await appealsOf(listing.id))[0]).toMatchObject({ status: "upheld", decidedBy: admin.id, adminNote: null });
    const [mail] = await mailsSince(before);
    expect(mail!.headers).toContain("Subject: =?UTF-8?Q?Contestazione_respinta");
    expect(mail!.body).toContain("abbiamo confermato la sospensione");
    expect(mail!.body).not.toContain("Nota della redazione");
  });

  itDb("a second decision is refused with what was decided (409), and nothing else changes or is mailed", async () => {
    const { admin, listing, appeal } = await appealed();
    expect((await decideAppeal(admin, appeal.id, { decision: "uphold" })).ok).toBe(true);
    const before = await outboxFiles();
    expect(await decideAppeal(admin, appeal.id, { decision: "reverse" })).toEqual({ ok: false, status: 409, error: alreadyDecided("upheld") });
    expect(alreadyDecided("upheld")).toBe("Questa contestazione è già stata decisa: sospensione confermata.");
    expect((await listingRow(listing.id)).status).toBe("suspended");
    expect(await mailsSince(before)).toEqual([]);
  });

  itDb("a visitor (401), a user and the owner (403) cannot decide; nothing changes", async () => {
    const { owner, listing, appeal } = await appealed();
    const stranger = actor(await createAccount());
    const before = await outboxFiles();
    for (const [who, status, error] of [
      [null, 401, ADMIN_ACCESS_MESSAGES.mustSignIn],
      [stranger, 403, ADMIN_ACCESS_MESSAGES.adminOnly],
      [owner, 403, ADMIN_ACCESS_MESSAGES.adminOnly],
    ] as const) {
      expect(await decideAppeal(who, appeal.id, { decision: "reverse" })).toEqual({ ok: false, status, error });
    }
    expect((await appealsOf(listing.id))[0]).toMatchObject({ status: "pending", decidedBy: null });
    expect((await listingRow(listing.id)).status).toBe("suspended");
    expect(await mailsSince(before)).toEqual([]);
  });

  itDb("refuses a missing or unknown decision, a note too long and an unknown appeal", async () => {
    const { admin, appeal } = await appealed();
    expect(await decideAppeal(admin, appeal.id, {})).toEqual({ ok: false, status: 400, error: A.decisionInvalid });
    expect(await decideAppeal(admin, appeal.id, { decision: "annulla" })).toEqual({ ok: false, status: 400, error: A.decisionInvalid });
    expect(await decideAppeal(admin, appeal.id, { decision: "reverse", note: "x".repeat(2_001) })).toEqual({ ok: false, status: 400, error: A.noteTooLong });
    expect(await decideAppeal(admin, "00000000-0000-4000-8000-000000000000", { decision: "reverse" })).toEqual({ ok: false, status: 404, error: A.appealNotFound });
    expect(await decideAppeal(admin, "x", { decision: "reverse" })).toEqual({ ok: false, status: 404, error: A.appealNotFound });
    expect((await appealsOf(appeal.listingId))[0]).toMatchObject({ status: "pending" });
  });
});

describe("races, on committed rows", () => {
  const made: string[] = [];
  afterEach(async () => {
    // The accounts themselves (their profiles and listings go with them): a profile deleted alone
    // would leave its account behind, counted by every later test of the run.
    if (made.length) await db().delete(users).where(inArray(users.id, made.splice(0)));
  });

  async function committedSetting() {
    const ownerRow = await createUserRow();
    const adminRow = await createUserRow();
    made.push(ownerRow.id, adminRow.id);
    await db().update(profiles).set({ role: "admin" }).where(eq(profiles.id, adminRow.id));
    const owner: CurrentUser = { id: ownerRow.id, email: ownerRow.email, fullName: "Prova", role: "user" };
    const admin: CurrentUser = { id: adminRow.id, email: adminRow.email, fullName: "Admin", role: "admin" };
    const listing = await createListingRow(owner.id);
    expect((await suspendListing(admin, listing.id, { rule: "spam" })).ok).toBe(true);
    return { owner, admin, listing };
  }

  it("a double submit at once stores one appeal; the other is told it was already sent (409)", async () => {
    const { owner, listing } = await committedSetting();
    const results = await Promise.all([createAppeal(owner, listing.id, "Primo invio"), createAppeal(owner, listing.id, "Primo invio")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, status: 409, error: A.alreadyAppealed }]);
    expect(await appealsOf(listing.id)).toHaveLength(1);
  });

  it("two admins deciding at once: one outcome, the other told (409)", async () => {
    const { owner, admin, listing } = await committedSetting();
    expect((await createAppeal(owner, listing.id, "Contesto")).ok).toBe(true);
    const [appeal] = await appealsOf(listing.id);
    const results = await Promise.all([decideAppeal(admin, appeal!.id, { decision: "reverse" }), decideAppeal(admin, appeal!.id, { decision: "uphold" })]);
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    const lost = results.find((r) => !r.ok)!;
    const [row] = await appealsOf(listing.id);
    expect(lost).toEqual({ ok: false, status: 409, error: alreadyDecided(row!.status) });
    expect((await listingRow(listing.id)).status).toBe(row!.status === "reversed" ? "active" : "suspended");
  });
});
