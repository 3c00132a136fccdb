// Listings' 60 days online (decision 0093), with the clock moved by moving expires_at: the notice 7
// days before, once even with two runs racing (on PostgreSQL, two connections), the close after the
// day, and what a renewal does to both. The race needs committed rows both runs can see: those
// tests commit and delete their accounts (and so their listings) afterwards.
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { config, setConfig } from "~/config.server";
import { db, getDatabase } from "~/db/client.server";
import { petListings, users } from "~/db/schema";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { createAccount, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { renewListing } from "./edit.server";
import { EXPIRY_TEXTS } from "./expiry";
import { closeExpiredListings, EXPIRY_BATCH_SIZE, notifyExpiringListings, runListingExpiry } from "./expiry.server";

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const row = async (id: string) => (await db().select().from(petListings).where(eq(petListings.id, id)))[0]!;
const actor = (account: TestAccount) => ({ id: account.id, email: account.email, fullName: "Utente Prova", role: "user" as const });

describe("the expiry job", () => {
  itDb("mails the owner once, 7 days before; not earlier, not a suspended or closed listing", async () => {
    const owner = await createAccount({ fullName: "Giulia Verdi" });
    const due = await createListingRow(owner.id, { title: "Coniglio nano", expiresAt: inDays(6.5) });
    const early = await createListingRow(owner.id, { expiresAt: inDays(8) });
    const suspended = await createListingRow(owner.id, { status: "suspended", expiresAt: inDays(3) });
    const closed = await createListingRow(owner.id, { status: "closed", expiresAt: inDays(3) });
    const before = await outboxFiles();
    await notifyExpiringListings();
    const mails = (await mailsSince(before)).filter((m) => m.headers.includes(owner.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers).toContain(EXPIRY_TEXTS.mailSubject);
    expect(mails[0]!.body).toContain("«Coniglio nano»");
    expect(mails[0]!.body).toContain("Ciao Giulia,");
    expect(mails[0]!.body).toContain("/dashboard/pet-listings");
    expect((await row(due.id)).expiryNotifiedAt).not.toBeNull();
    for (const other of [early, suspended, closed]) expect((await row(other.id)).expiryNotifiedAt).toBeNull();

    // A second run mails nothing more.
    const again = await outboxFiles();
    await notifyExpiringListings();
    expect((await mailsSince(again)).filter((m) => m.headers.includes(owner.email))).toHaveLength(0);

    // A renewal clears the notice: the clock moved to 7 days before the new end mails again.
    expect((await renewListing(actor(owner), due.id)).ok).toBe(true);
    await db().update(petListings).set({ expiresAt: inDays(5) }).where(eq(petListings.id, due.id));
    const third = await outboxFiles();
    await notifyExpiringListings();
    expect((await mailsSince(third)).filter((m) => m.headers.includes(owner.email))).toHaveLength(1);
  });

  itDb("a notice that cannot be sent is given back, and the next run sends it", async () => {
    const owner = await createAccount();
    const due = await createListingRow(owner.id, { expiresAt: inDays(3) });
    const saved = config();
    setConfig({ ...saved, smtpUrl: "smtp://127.0.0.1:1" }); // nothing listens there
    try {
      await notifyExpiringListings();
    } finally {
      setConfig(saved);
    }
    expect((await row(due.id)).expiryNotifiedAt).toBeNull();
    const before = await outboxFiles();
    await notifyExpiringListings();
    expect((await mailsSince(before)).filter((m) => m.headers.includes(owner.email))).toHaveLength(1);
    expect((await row(due.id)).expiryNotifiedAt).not.toBeNull();
  });

  itDb("closes the active listings past their day (marked as closed by the clock), and only those", async () => {
    const owner = await createAccount();
    const past = await createListingRow(owner.id, { expiresAt: inDays(-0.01) });
    const future = await createListingRow(owner.id, { expiresAt: inDays(1) });
    const suspended = await createListingRow(owner.id, { status: "suspended", expiresAt: inDays(-1) });
    expect(await closeExpiredListings()).toBeGreaterThanOrEqual(1);
    const closed = await row(past.id);
    expect(closed.status).toBe("closed");
    expect(closed.expiredAt).not.toBeNull();
    expect((await row(future.id)).status).toBe("active");
    expect(await row(suspended.id)).toMatchObject({ status: "suspended", expiredAt: null });
    // Renewed, it is online again for 60 days, and the next run leaves it.
    expect((await renewListing(actor(owner), past.id)).ok).toBe(true);
    await runListingExpiry();
    expect(await row(past.id)).toMatchObject({ status: "active", expiredAt: null });
  });
});

describe(`two expiry runs racing (${getDatabase().engine})`, () => {
  const made: string[] = [];
  afterEach(async () => {
    if (made.length) await db().delete(users).where(inArray(users.id, made.splice(0)));
  });

  it("mail each due owner exactly once and close each expired listing once", async () => {
    const owners: TestAccount[] = [];
    // More than a batch, so that the runs take turns claiming rows.
    const n = EXPIRY_BATCH_SIZE + 20;
    for (let i = 0; i < 6; i++) owners.push(await createAccount());
    made.push(...owners.map((o) => o.id));
    const due: string[] = [];
    const expired: string[] = [];
    for (let i = 0; i < n; i++) {
      const owner = owners[i % owners.length]!;
      due.push((await createListingRow(owner.id, { expiresAt: inDays(2 + i / n) })).id);
      if (i % 4 === 0) expired.push((await createListingRow(owner.id, { expiresAt: inDays(-1 - i / n) })).id);
    }
    const before = await outboxFiles();
    const [a, b] = await Promise.all([runListingExpiry(), runListingExpiry()]);
    const mails = (await mailsSince(before)).filter((m) => owners.some((o) => m.headers.includes(o.email)));
    expect(mails).toHaveLength(n);
    expect(a.notified + b.notified).toBeGreaterThanOrEqual(n);
    const rows = await db().select().from(petListings).where(inArray(petListings.id, [...due, ...expired]));
    expect(rows.filter((r) => due.includes(r.id)).every((r) => r.expiryNotifiedAt !== null && r.status === "active")).toBe(true);
    expect(rows.filter((r) => expired.includes(r.id)).every((r) => r.status === "closed" && r.expiredAt !== null)).toBe(true);
    // Each listing named in exactly one mail.
    for (const id of due) {
      const title = rows.find((r) => r.id === id)!.title;
      expect(mails.filter((m) => m.body.includes(`«${title}»`))).toHaveLength(1);
    }
    const after = await outboxFiles();
    await Promise.all([runListingExpiry(), runListingExpiry()]);
    expect((await mailsSince(after)).filter((m) => owners.some((o) => m.headers.includes(o.email)))).toHaveLength(0);
  }, 60_000);
});
