// A person in the back office (decision 0110): suspend, reinstate, erase, and what each does to
// the account's sign-in, sessions, listings, entries and mail; who may; what is recorded.
import { and, count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import { permissionOf } from "~/admin/navigation";
import { getContest, submitEntry } from "~/contests/contests.server";
import { db } from "~/db/client.server";
import { auditEvents, contestSubmissions, petListings, profiles, sessions, users } from "~/db/schema";
import { createListing, getListing } from "~/listings/listings.server";
import { renewListing } from "~/listings/edit.server";
import { reactivateListing } from "~/listings/moderation.server";
import { LISTING_MODERATION_MESSAGES } from "~/listings/moderation-validation";
import { browseListings } from "~/listings/browse.server";
import { NO_FILTERS } from "~/listings/browse-filters.testing";
import { mailsTo, outboxFiles } from "~/mail/outbox.testing";
import { createAccount, requestAs, type TestAccount } from "../../tests/accounts";
import { asUser } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { createContest, createListingRow, createSubmission, MISSING_ID, VALID_LISTING_FIELDS } from "../../tests/factories";
import { auth, authErrorCode, ZAMPA_AUTH_CODES } from "./auth.server";
import { signIn } from "./accounts.server";
import { eraseUser, personOverview, reinstateUser, suspendUser } from "./moderation.server";
import { MODERATION_REASON_MAX_LENGTH, USER_MODERATION_MESSAGES as M } from "./moderation-texts";
import { getCurrentUser, type CurrentUser } from "./session.server";

const REASON = "Annunci ripetuti con foto prese da altri siti, dopo due avvisi.";

async function team() {
  const admin = await createAccount({ role: "admin", fullName: "Anna Amministratrice" });
  const person = await createAccount({ fullName: "Piero Persona", verified: true });
  return { admin, actor: asUser(admin, "admin"), person };
}

async function profileOf(id: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.id, id));
  return row;
}

async function auditOf(id: string) {
  return db().select().from(auditEvents).where(eq(auditEvents.itemId, id)).orderBy(auditEvents.id);
}

async function sessionsOf(id: string) {
  const [row] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, id));
  return row?.n ?? 0;
}

async function statusOf(listingId: string) {
  const [row] = await db().select({ status: petListings.status }).from(petListings).where(eq(petListings.id, listingId));
  return row?.status;
}

const whoIs = (account: TestAccount) => getCurrentUser(requestAs(account));

describe("who may", () => {
  itDb("the person's page is the users' area: administrators only", async () => {
    expect(permissionOf("/admin/users/:id")).toBe("users.manage");
    const { person } = await team();
    const before = await profileOf(person.id);
    for (const role of ["editor", "moderator", "user"] as const) {
      const actor: CurrentUser = { id: MISSING_ID, email: "x@example.it", fullName: "X", role };
      const status = 403;
      const error = role === "user" ? ADMIN_ACCESS_MESSAGES.adminOnly : ADMIN_ACCESS_MESSAGES.notPermitted;
      expect(await personOverview(actor, person.id)).toEqual({ ok: false, status, error });
      expect(await suspendUser(actor, person.id, { reason: REASON })).toEqual({ ok: false, status, error });
      expect(await reinstateUser(actor, person.id, { reason: REASON })).toEqual({ ok: false, status, error });
      expect(await eraseUser(actor, person.id, { confirmation: "ELIMINA" })).toEqual({ ok: false, status, error });
    }
    expect(await suspendUser(null, person.id, { reason: REASON })).toEqual({ ok: false, status: 401, error: ADMIN_ACCESS_MESSAGES.mustSignIn });
    expect(await profileOf(person.id)).toEqual(before);
    expect(await auditOf(person.id)).toEqual([]);
  });
});

describe("suspendUser", () => {
  itDb("asks for a reason of the right length, in Italian, and changes nothing without one", async () => {
    const { actor, person } = await team();
    expect(await suspendUser(actor, person.id, {})).toEqual({ ok: false, status: 400, error: M.reasonRequired });
    expect(await suspendUser(actor, person.id, { reason: "   " })).toEqual({ ok: false, status: 400, error: M.reasonRequired });
    expect(await suspendUser(actor, person.id, { reason: "Spam" })).toEqual({ ok: false, status: 400, error: M.reasonTooShort });
    expect(await suspendUser(actor, person.id, { reason: "x".repeat(MODERATION_REASON_MAX_LENGTH + 1) })).toEqual({ ok: false, status: 400, error: M.reasonTooLong });
    expect((await profileOf(person.id))?.suspendedAt).toBeNull();
    expect(await sessionsOf(person.id)).toBe(1);
  });

  itDb("refuses an unknown account (404), oneself and an administrator (409)", async () => {
    const { admin, actor } = await team();
    expect(await suspendUser(actor, MISSING_ID, { reason: REASON })).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await suspendUser(actor, "non-un-id", { reason: REASON })).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await personOverview(actor, MISSING_ID)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await suspendUser(actor, admin.id, { reason: REASON })).toEqual({ ok: false, status: 409, error: M.notYourself });
    const other = await createAccount({ role: "admin" });
    expect(await suspendUser(actor, other.id, { reason: REASON })).toEqual({ ok: false, status: 409, error: M.notAnAdmin });
    expect((await profileOf(other.id))?.suspendedAt).toBeNull();
    expect(await eraseUser(actor, admin.id, { confirmation: "ELIMINA" })).toEqual({ ok: false, status: 409, error: M.notYourself });
  });

  itDb("ends the sessions, refuses every new sign-in, records the reason and mails it; twice is once", async () => {
    const { actor, person } = await team();
    expect(await whoIs(person)).not.toBeNull();
    const mailsBefore = await outboxFiles();
    const result = await suspendUser(actor, person.id, { reason: `  ${REASON}  ` });
    expect(result).toEqual({ ok: true, changed: true, message: M.suspended });

    const profile = await profileOf(person.id);
    expect(profile?.suspendedAt).toBeInstanceOf(Date);
    expect(profile?.suspendedReason).toBe(REASON);
    expect(profile?.suspendedBy).toBe(actor.id);
    // The session opened before is gone: the cookie names nobody now.
    expect(await sessionsOf(person.id)).toBe(0);
    expect(await whoIs(person)).toBeNull();

    // The password sign-in, as better-auth's API answers it and as the sign-in form says it.
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, person.id));
    const refused = await auth()
      .api.signInEmail({ body: { email: row!.email, password: "Cuccioli-2026" } })
      .then(() => null, (error: unknown) => error);
    expect(authErrorCode(refused)).toBe(ZAMPA_AUTH_CODES.accountSuspended);
    expect(await signIn({ email: row!.email, password: "Cuccioli-2026" }, new Headers())).toEqual({ ok: false, status: 403, error: M.signInRefused });
    expect(await sessionsOf(person.id)).toBe(0);
    // A wrong password still says only that the password is wrong: the suspension is told to the owner alone.
    const wrong = await signIn({ email: row!.email, password: "Sbagliata-2026" }, new Headers());
    expect(wrong.ok || wrong.error).not.toBe(M.signInRefused);

    const records = await auditOf(person.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ area: "users", action: "suspend", actorId: actor.id, itemLabel: `Piero Persona <${row!.email}>` });
    expect(records[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: "suspended", before: false, after: true },
        { field: "reason", before: null, after: REASON },
      ]),
    );

    const mails = await mailsTo(mailsBefore, row!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("ha sospeso il tuo account");
    expect(mails[0]!.lines).toContain(`> ${REASON}`);
    expect(mails[0]!.body).toContain("/contact");

    // A double submit: nothing more changes, recorded or mailed.
    expect(await suspendUser(actor, person.id, { reason: REASON })).toEqual({ ok: true, changed: false, message: M.alreadySuspended });
    expect(await auditOf(person.id)).toHaveLength(1);
    expect(await mailsTo(mailsBefore, row!.email)).toHaveLength(1);
    expect((await profileOf(person.id))?.suspendedAt).toEqual(profile?.suspendedAt);
  });

  itDb("a session the suspension did not end (opened at that moment) signs nobody in", async () => {
    const { person } = await team();
    await db().update(profiles).set({ suspendedAt: new Date(), suspendedReason: REASON }).where(eq(profiles.id, person.id));
    expect(await sessionsOf(person.id)).toBe(1);
    expect(await whoIs(person)).toBeNull();
  });
});

describe("what leaves the site and comes back", () => {
  itDb("the listings that were public leave every public list and page, and come back on reinstatement", async () => {
    const { actor, person } = await team();
    const shown = await createListingRow(person.id, { title: "Gattina in cerca di casa" });
    const moderated = await createListingRow(person.id, { status: "suspended", suspensionRule: "spam", suspendedAt: new Date() });
    const closed = await createListingRow(person.id, { status: "closed" });
    const ids = async () => (await browseListings({ ...NO_FILTERS })).items.map((item) => item.id);
    expect(await ids()).toContain(shown.id);
    expect(await getListing(shown.id, null)).not.toBeNull();

    await suspendUser(actor, person.id, { reason: REASON });
    expect(await statusOf(shown.id)).toBe("withheld");
    expect(await statusOf(moderated.id)).toBe("suspended");
    expect(await statusOf(closed.id)).toBe("closed");
    expect(await ids()).not.toContain(shown.id);
    expect(await getListing(shown.id, null)).toBeNull();
    // The moderators still see it, with its state.
    expect((await getListing(shown.id, asUser({ id: MISSING_ID, email: "m@example.it" }, "moderator")))?.status).toBe("withheld");

    // Whatever makes one of its listings active meanwhile (a moderator's reactivation) keeps it off the site,
    // and the moderator is told so; the owner is not mailed that it is back.
    const beforeReactivation = await outboxFiles();
    expect(await reactivateListing(asUser({ id: MISSING_ID, email: "m@example.it" }, "moderator"), moderated.id)).toEqual({
      ok: true,
      status: "withheld",
      message: LISTING_MODERATION_MESSAGES.reactivatedWithheld,
    });
    expect(await statusOf(moderated.id)).toBe("withheld");
    expect(await mailsTo(beforeReactivation, person.email)).toHaveLength(0);

    const mailsBefore = await outboxFiles();
    expect(await reinstateUser(actor, person.id, { reason: "Chiarito al telefono: le foto erano sue." })).toEqual({ ok: true, changed: true, message: M.reinstated });
    expect(await statusOf(shown.id)).toBe("active");
    expect(await statusOf(moderated.id)).toBe("active");
    expect(await statusOf(closed.id)).toBe("closed");
    expect(await ids()).toContain(shown.id);
    expect(await getListing(shown.id, null)).not.toBeNull();
    const profile = await profileOf(person.id);
    expect([profile?.suspendedAt, profile?.suspendedReason, profile?.suspendedBy]).toEqual([null, null, null]);
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, person.id));
    const mails = await mailsTo(mailsBefore, row!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.lines).toContain("> Chiarito al telefono: le foto erano sue.");
    const records = await auditOf(person.id);
    expect(records.map((r) => r.action)).toEqual(["suspend", "reinstate"]);
    // Reinstating again: nothing to do.
    expect(await reinstateUser(actor, person.id, { reason: "Chiarito al telefono: le foto erano sue." })).toEqual({ ok: true, changed: false, message: M.notSuspended });
    expect(await auditOf(person.id)).toHaveLength(2);
    // And the account signs in again.
    expect((await signIn({ email: row!.email, password: "Cuccioli-2026" }, new Headers())).ok).toBe(true);
  });

  itDb("the contest entries are not shown nor voted while suspended, and come back as they were", async () => {
    const { actor, person } = await team();
    const voter = await createAccount({ verified: true });
    const contest = await createContest();
    const entry = await createSubmission(contest.id, person.id);
    const shownIds = async () => (await getContest(contest.id, null))?.entries.map((e) => e.id);
    expect(await shownIds()).toEqual([entry.id]);
    await suspendUser(actor, person.id, { reason: REASON });
    expect(await shownIds()).toEqual([]);
    const { toggleVote } = await import("~/contests/contests.server");
    expect((await toggleVote(asUser(voter), entry.id)).ok).toBe(false);
    const [kept] = await db().select({ status: contestSubmissions.status }).from(contestSubmissions).where(eq(contestSubmissions.id, entry.id));
    expect(kept?.status).toBe("approved");
    await reinstateUser(actor, person.id, { reason: "Tutto chiarito con la persona." });
    expect(await shownIds()).toEqual([entry.id]);
  });

  itDb("a suspended account cannot publish a listing or an entry, nor renew one, even with a session opened before", async () => {
    const { actor, person } = await team();
    const user = (await whoIs(person))!;
    const closed = await createListingRow(person.id, { status: "closed", expiredAt: new Date() });
    const contest = await createContest();
    await suspendUser(actor, person.id, { reason: REASON });
    const [before] = await db().select({ n: count() }).from(petListings).where(eq(petListings.userId, person.id));
    expect(await createListing(user, { ...VALID_LISTING_FIELDS }, [])).toEqual({ ok: false, status: 403, error: M.publishRefused });
    expect(await submitEntry(user, contest.id, { title: "Il mio gatto", petName: "Briciola", petType: "cat" }, [])).toEqual({ ok: false, status: 403, error: M.publishRefused });
    expect(await renewListing(user, closed.id)).toEqual({ ok: false, status: 403, error: M.publishRefused });
    const [after] = await db().select({ n: count() }).from(petListings).where(eq(petListings.userId, person.id));
    expect(after?.n).toBe(before?.n);
    const [entries] = await db().select({ n: count() }).from(contestSubmissions).where(eq(contestSubmissions.userId, person.id));
    expect(entries?.n).toBe(0);
    // A listing that reaches the table anyway (a request that had passed the check) is stored withheld.
    const raced = await createListingRow(person.id);
    expect(raced.status).toBe("withheld");
  });
});

describe("personOverview", () => {
  itDb("shows the account, its sign-in methods and what it has on the site", async () => {
    const { actor, person } = await team();
    await createListingRow(person.id, { title: "Primo annuncio", createdAt: new Date(Date.now() - 60_000) });
    await createListingRow(person.id, { title: "Secondo annuncio", status: "closed", createdAt: new Date() });
    const contest = await createContest({ title: "Concorso d'autunno" });
    await createSubmission(contest.id, person.id, { title: "Briciola al sole" });
    const result = await personOverview(actor, person.id);
    if (!result.ok) throw new Error(result.error);
    expect(result.account).toMatchObject({ fullName: "Piero Persona", role: "user", emailVerified: true, signInMethods: ["Email e password"], twoFactor: false, openSessions: 1 });
    expect(result.account.lastSignIn).toBeInstanceOf(Date);
    expect(result.suspension).toBeNull();
    expect(result.listings.total).toBe(2);
    expect(result.listings.byStatus.map((row) => [row.status, row.count])).toEqual([
      ["active", 1],
      ["closed", 1],
    ]);
    expect(result.listings.latest.map((row) => row.title)).toEqual(["Secondo annuncio", "Primo annuncio"]);
    expect(result.entries).toMatchObject({ total: 1, latest: [{ title: "Briciola al sole", contestTitle: "Concorso d'autunno" }] });
    expect(result.reportsMade.total).toBe(0);
    expect(result.reportsReceived.total).toBe(0);
    expect(result.conversationsReported.total).toBe(0);

    await suspendUser(actor, person.id, { reason: REASON });
    const suspended = await personOverview(actor, person.id);
    expect(suspended.ok && suspended.suspension).toMatchObject({ reason: REASON, byName: "Anna Amministratrice" });
    expect(suspended.ok && suspended.account.openSessions).toBe(0);
  });
});

describe("eraseUser", () => {
  itDb("asks for the confirmation word, then erases the account and records who it was", async () => {
    const { actor, person } = await team();
    const listing = await createListingRow(person.id);
    expect(await eraseUser(actor, person.id, {})).toEqual({ ok: false, status: 400, error: M.confirmationRequired });
    expect(await eraseUser(actor, person.id, { confirmation: "elimina?" })).toEqual({ ok: false, status: 400, error: M.confirmationRequired });
    expect(await eraseUser(actor, MISSING_ID, { confirmation: "ELIMINA" })).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await profileOf(person.id)).toBeDefined();

    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, person.id));
    expect(await eraseUser(actor, person.id, { confirmation: " elimina " })).toEqual({ ok: true, message: M.erased("Piero Persona") });
    expect(await db().select().from(users).where(eq(users.id, person.id))).toEqual([]);
    expect(await db().select().from(petListings).where(eq(petListings.id, listing.id))).toEqual([]);
    const records = await auditOf(person.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ area: "users", action: "erase", actorId: actor.id, itemLabel: `Piero Persona <${row!.email}>` });
    // Twice: the account is no more.
    expect(await eraseUser(actor, person.id, { confirmation: "ELIMINA" })).toEqual({ ok: false, status: 404, error: M.notFound });
  });

  itDb("keeps the last administrator", async () => {
    const { person } = await team();
    // Only this test's administrators exist: the last one is asked to be erased by someone holding
    // the permission without the role (as the rule counts roles, not callers).
    await db().update(profiles).set({ role: "user" }).where(and(eq(profiles.role, "admin")));
    await db().update(profiles).set({ role: "admin" }).where(eq(profiles.id, person.id));
    const other = asUser({ id: MISSING_ID, email: "x@example.it" }, "admin");
    expect(await eraseUser(other, person.id, { confirmation: "ELIMINA" })).toEqual({ ok: false, status: 409, error: M.lastAdmin });
    expect(await profileOf(person.id)).toBeDefined();
  });
});
