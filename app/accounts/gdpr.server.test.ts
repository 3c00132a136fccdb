import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { config, setConfig, type Config } from "~/config.server";
import { db } from "~/db/client.server";
import { accounts, contactMessages, contestSubmissions, contestVotes, emailChanges, listingAppeals, listingReports, petListings, profiles, sessions, users } from "~/db/schema";
import { publicUrl, putFile } from "~/storage/storage.server";
import { createAccount, requestAs, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createContest, createListingRow, createSubmission } from "../../tests/factories";
import { requestEmailChange } from "./email-change.server";
import { deleteOwnAccount, exportAccountData } from "./gdpr.server";
import { ACCOUNT_DELETION_MESSAGES as M, DELETION_CONFIRMATION } from "./gdpr-validation";
import type { CurrentUser } from "./session.server";

const PASSWORD = "Cuccioli-2026";
let previous: Config;
let dataDir: string;

beforeAll(() => {
  previous = config();
  dataDir = mkdtempSync(path.join(tmpdir(), "zampa-gdpr-"));
  setConfig({ ...previous, dataDir, s3: undefined });
});

afterAll(() => {
  setConfig(previous);
  rmSync(dataDir, { recursive: true, force: true });
});

const asUser = (account: TestAccount, role: "user" | "admin" = "user"): CurrentUser => ({ id: account.id, email: account.email, fullName: "Prova", role });

/** A stored photo (main file and thumbnail) under the user's folder; its public URL and files. */
async function storedPhoto(prefix: "listing-images" | "contest-photos", userId: string, name: string) {
  const key = `${prefix}/${userId}/${name}.webp`;
  await putFile(key, Buffer.from("RIFF0000WEBP"), "image/webp");
  await putFile(key.replace(/\.webp$/, ".thumb.webp"), Buffer.from("RIFF0000WEBP"), "image/webp");
  const file = path.join(dataDir, "uploads", key);
  return { url: publicUrl(key), files: [file, file.replace(/\.webp$/, ".thumb.webp")] };
}

/** A person with a bit of everything: a listing with a photo, an entry, a vote, a report, a message. */
async function busyPerson() {
  const account = await createAccount({ fullName: "Giulia Dati", password: PASSWORD });
  const other = await createAccount();
  const photo = await storedPhoto("listing-images", account.id, "11111111-2222-4333-8444-555555555555");
  const entryPhoto = await storedPhoto("contest-photos", account.id, "66666666-7777-4888-8999-000000000000");
  const listing = await createListingRow(account.id, { title: "Micio cerca casa", images: [photo.url] });
  const othersListing = await createListingRow(other.id, { title: "Annuncio di un altro" });
  const contest = await createContest();
  const entry = await createSubmission(contest.id, account.id, { imageUrl: entryPhoto.url, title: "Il mio gatto" });
  const othersEntry = await createSubmission(contest.id, other.id, { status: "approved", votesCount: 1 });
  await db().insert(contestVotes).values({ submissionId: othersEntry.id, userId: account.id });
  await db().insert(listingReports).values({
    listingId: othersListing.id,
    reporterUserId: account.id,
    reporterName: "Giulia Dati",
    reporterEmail: account.email,
    reason: "fraud",
    description: "Questo annuncio chiede un anticipo per la spedizione dell'animale: sembra una truffa.",
  });
  await db().insert(contactMessages).values({ name: "Giulia", email: account.email.toUpperCase(), subject: "Domanda", message: "Ciao, una domanda sugli annunci." });
  return { account, other, photo, entryPhoto, listing, othersListing, entry, othersEntry };
}

describe("the data export", () => {
  itDb("holds everything about the user and never a password hash or a token", async () => {
    const { account, photo, listing, entry } = await busyPerson();
    expect(await requestEmailChange(account.id, "giulia.nuova@example.it")).toEqual({ ok: true });
    const suspendedAt = new Date("2026-11-20T10:00:00Z");
    await db().update(petListings).set({ status: "suspended", suspensionRule: "spam", suspensionReason: "Ripetuto", suspendedAt }).where(eq(petListings.id, listing.id));
    await db().insert(listingAppeals).values({ listingId: listing.id, userId: account.id, suspendedAt, text: "Non è spam" });
    const exported = await exportAccountData(asUser(account));
    expect(exported.appeals).toMatchObject([{ listingId: listing.id, text: "Non è spam", status: "pending" }]);
    expect(exported.account).toMatchObject({ id: account.id, email: account.email, fullName: "Giulia Dati", role: "user" });
    expect(exported.listings).toMatchObject([{ id: listing.id, title: "Micio cerca casa", images: [photo.url], suspensionRule: "spam", suspensionReason: "Ripetuto", suspendedAt }]);
    expect(exported.contestEntries).toMatchObject([{ id: entry.id, title: "Il mio gatto" }]);
    expect(exported.votes).toHaveLength(1);
    expect(exported.reports).toHaveLength(1);
    expect(exported.contactMessages).toHaveLength(1);
    expect(exported.signInMethods).toMatchObject([{ provider: "credential" }]);
    expect(exported.sessions.length).toBeGreaterThan(0);
    expect(exported.emailChanges).toMatchObject([{ oldEmail: account.email, newEmail: "giulia.nuova@example.it", state: "pending" }]);

    const text = JSON.stringify(exported);
    const [credential] = await db().select({ hash: accounts.password }).from(accounts).where(eq(accounts.userId, account.id));
    const tokens = await db().select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, account.id));
    expect(credential?.hash).toBeTruthy();
    expect(text).not.toContain(credential!.hash!);
    for (const { token } of tokens) expect(text).not.toContain(token);
    const [change] = await db().select({ confirmHash: emailChanges.confirmHash, cancelHash: emailChanges.cancelHash }).from(emailChanges).where(eq(emailChanges.userId, account.id));
    expect(text).not.toContain(change!.confirmHash);
    expect(text).not.toContain(change!.cancelHash);
    expect(text).not.toMatch(/"(password|token|accessToken|refreshToken|idToken)"/);
  });

  itDb("holds nothing of another account", async () => {
    const { other, account } = await busyPerson();
    const exported = await exportAccountData(asUser(other));
    expect(JSON.stringify(exported)).not.toContain(account.email);
    expect(exported.votes).toEqual([]);
    expect(exported.contestEntries).toHaveLength(1);
  });
});

describe("erasing one's account", () => {
  const confirm = { password: PASSWORD, confirmation: DELETION_CONFIRMATION };

  itDb("needs the confirmation word and the right password, and changes nothing otherwise", async () => {
    const { account, photo } = await busyPerson();
    const request = requestAs(account);
    expect(await deleteOwnAccount(asUser(account), { password: PASSWORD, confirmation: "elimina?" }, request)).toEqual({ ok: false, status: 400, error: M.confirmationRequired });
    expect(await deleteOwnAccount(asUser(account), { confirmation: DELETION_CONFIRMATION }, request)).toEqual({ ok: false, status: 400, error: M.passwordRequired });
    expect(await deleteOwnAccount(asUser(account), { password: "Sbagliata-2026", confirmation: DELETION_CONFIRMATION }, request)).toEqual({
      ok: false,
      status: 403,
      error: M.wrongPassword,
    });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, account.id))).toHaveLength(1);
    for (const file of photo.files) expect(existsSync(file)).toBe(true);
  });

  itDb("removes every row and stored photo of the user, keeps others' data consistent", async () => {
    const { account, photo, entryPhoto, othersListing, othersEntry } = await busyPerson();
    const result = await deleteOwnAccount(asUser(account), { ...confirm, confirmation: " elimina " }, requestAs(account));
    expect(result).toEqual({ ok: true, message: M.deleted });

    const left = async (table: typeof users | typeof profiles, column: typeof users.id | typeof profiles.id) =>
      (await db().select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, account.id)))[0]?.n;
    expect(await left(users, users.id)).toBe(0);
    expect(await left(profiles, profiles.id)).toBe(0);
    const count = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n;
    expect(await count(db().select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, account.id)))).toBe(0);
    expect(await count(db().select({ n: sql<number>`count(*)::int` }).from(accounts).where(eq(accounts.userId, account.id)))).toBe(0);
    expect(await count(db().select({ n: sql<number>`count(*)::int` }).from(petListings).where(eq(petListings.userId, account.id)))).toBe(0);
    expect(await count(db().select({ n: sql<number>`count(*)::int` }).from(contestSubmissions).where(eq(contestSubmissions.userId, account.id)))).toBe(0);
    expect(await count(db().select({ n: sql<number>`count(*)::int` }).from(contestVotes).where(eq(contestVotes.userId, account.id)))).toBe(0);
    expect(
      await count(db().select({ n: sql<number>`count(*)::int` }).from(contactMessages).where(sql`lower(${contactMessages.email}) = ${account.email.toLowerCase()}`)),
    ).toBe(0);
    for (const file of [...photo.files, ...entryPhoto.files]) expect(existsSync(file)).toBe(false);

    // What stays: the report on someone else's listing, without who sent it; the voted entry recounted.
    const reports = await db()
      .select({ name: listingReports.reporterName, email: listingReports.reporterEmail, by: listingReports.reporterUserId })
      .from(listingReports)
      .where(or(eq(listingReports.listingId, othersListing.id)));
    expect(reports).toEqual([{ name: M.erasedReporter, email: "", by: null }]);
    const [voted] = await db().select({ votes: contestSubmissions.votesCount }).from(contestSubmissions).where(eq(contestSubmissions.id, othersEntry.id));
    expect(voted?.votes).toBe(0);
  });

  itDb("refuses the last administrator, and lets an administrator go when another remains", async () => {
    await db().update(profiles).set({ role: "user" }).where(eq(profiles.role, "admin"));
    const admin = await createAccount({ role: "admin", password: PASSWORD });
    expect(await deleteOwnAccount(asUser(admin, "admin"), confirm, requestAs(admin))).toEqual({ ok: false, status: 409, error: M.lastAdmin });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    await createAccount({ role: "admin" });
    expect(await deleteOwnAccount(asUser(admin, "admin"), confirm, requestAs(admin))).toMatchObject({ ok: true });
  });
});
