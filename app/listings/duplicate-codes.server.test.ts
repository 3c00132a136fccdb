// The same identification code on active listings of two accounts files one automatic `fraud`
// report per pair; the same account's listings, other statuses and a listing without a code file
// none, and nothing is filed twice.
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { listingReports } from "~/db/schema";
import { asUser } from "../../tests/actors";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow, createUserRow, VALID_LISTING_FIELDS } from "../../tests/factories";
import { checkListingCode, MAX_CODE_REPORTS } from "./duplicate-codes.server";
import { completeLegalFields, createListing } from "./listings.server";

const CODE = "380260000004242";
const DOG = { ...VALID_LISTING_FIELDS, title: "Cucciolo di Beagle", petType: "dog", breed: "", listingType: "adoption", identificationCode: CODE };

const codeReports = (listingId: string) =>
  db()
    .select({ related: listingReports.relatedListingId, reason: listingReports.reason, description: listingReports.description, name: listingReports.reporterName })
    .from(listingReports)
    .where(and(eq(listingReports.listingId, listingId), eq(listingReports.automaticCheck, "duplicate_code")));

describe("the same identification code on two accounts' listings", () => {
  itDb("a new listing with another account's active code is published and flagged once, for the moderators", async () => {
    const other = await createListingRow((await createUserRow()).id, { petType: "dog", identificationCode: CODE });
    const seller = await createAccount();
    const created = await createListing(asUser(seller), DOG, []);
    expect(created).toMatchObject({ ok: true });
    const id = (created as { id: string }).id;
    const reports = await codeReports(id);
    expect(reports).toEqual([
      expect.objectContaining({ related: other.id, reason: "fraud", name: "Zampa (controllo automatico)", description: expect.stringContaining(CODE) }),
    ]);
    expect(await checkListingCode({ id, userId: seller.id, identificationCode: CODE })).toBe(0);
    expect(await codeReports(id)).toHaveLength(1);
  });

  itDb("the same account's listings, suspended or closed ones, and listings without a code file nothing", async () => {
    const owner = await createUserRow();
    await createListingRow(owner.id, { petType: "dog", identificationCode: CODE });
    const stranger = await createUserRow();
    await createListingRow(stranger.id, { petType: "dog", identificationCode: CODE, status: "suspended" });
    await createListingRow(stranger.id, { petType: "dog", identificationCode: CODE, status: "closed" });
    const mine = await createListingRow(owner.id, { petType: "dog", identificationCode: CODE });
    expect(await checkListingCode({ id: mine.id, userId: owner.id, identificationCode: CODE })).toBe(0);
    const none = await createListingRow(owner.id, { petType: "rabbit" });
    expect(await checkListingCode({ id: none.id, userId: owner.id, identificationCode: null })).toBe(0);
    expect(await codeReports(mine.id)).toEqual([]);
  });

  itDb("at most a few reports, for the oldest listings with the code", async () => {
    const others = [];
    for (let i = 0; i < MAX_CODE_REPORTS + 2; i++) {
      others.push(await createListingRow((await createUserRow()).id, { petType: "dog", identificationCode: CODE, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    }
    const owner = await createUserRow();
    const mine = await createListingRow(owner.id, { petType: "dog", identificationCode: CODE });
    expect(await checkListingCode({ id: mine.id, userId: owner.id, identificationCode: CODE })).toBe(MAX_CODE_REPORTS);
    const related = (await codeReports(mine.id)).map((r) => r.related).sort();
    expect(related).toEqual(others.slice(0, MAX_CODE_REPORTS).map((l) => l.id).sort());
  });

  itDb("completing an old listing with another account's code flags it too", async () => {
    const other = await createListingRow((await createUserRow()).id, { petType: "dog", identificationCode: CODE });
    const owner = await createAccount();
    const old = await createListingRow(owner.id, { petType: "dog", listingType: "adoption", legalCompletedAt: null });
    const { title: _t, petType: _p, listingType: _l, breed: _b, ...legal } = DOG;
    expect(await completeLegalFields(asUser(owner), old.id, legal)).toEqual({ ok: true });
    expect(await codeReports(old.id)).toEqual([expect.objectContaining({ related: other.id })]);
  });
});
