// The listing form's legal fields (decision 0085): each refusal answers 400 with its message beside
// its field, stores no listing and keeps no photo; the good paths store what applies.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { allowedBreeds, petListings } from "~/db/schema";
import { romeDate } from "~/lib/rome-time";
import { asUser } from "../../tests/actors";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { listingCount, listingFilesOf as filesOf } from "../../tests/listing-storage";
import { createListingRow, VALID_LISTING_FIELDS } from "../../tests/factories";
import { completeLegalFields, createListing } from "./listings.server";
import { LISTING_MESSAGES as M } from "./validation";

/** A dog for sale by a private seller, with everything the law asks. */
const DOG = {
  ...VALID_LISTING_FIELDS,
  title: "Cucciolo di Beagle",
  petType: "dog",
  breed: "",
  listingType: "sale",
  price: "600",
  identificationCode: "380260000000777",
  pedigree: "no",
};

/** The date `days` days before today in Rome (YYYY-MM-DD). */
function daysAgo(days: number): string {
  const [y, m, d] = romeDate().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}


const photo = () => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();

async function stored(id: string) {
  const [row] = await db().select().from(petListings).where(eq(petListings.id, id));
  return row!;
}

describe("the listing's legal fields", () => {
  const refusals: [string, Record<string, string>, string, string][] = [
    ["a dog without its code", { identificationCode: "" }, "identificationCode", M.codeRequired],
    ["a code of 14 digits", { identificationCode: "38026000000077" }, "identificationCode", M.codeInvalid],
    ["a code with letters", { identificationCode: "38026000000077X" }, "identificationCode", M.codeInvalid],
    ["a litter without the mother's code", { identificationCode: "", litter: "on" }, "identificationCode", M.codeRequiredLitter],
    ["a cat with neither code nor declaration", { petType: "cat", identificationCode: "", pedigree: "" }, "identificationCode", M.codeOrDeclarationRequired],
    ["a dog without a birth date", { birthDate: "", birthMonth: "" }, "birthDate", M.birthDateRequired],
    ["a birth date that does not exist", { birthDate: "31/02/2025" }, "birthDate", M.birthDateInvalid],
    ["a birth date in the future", { birthDate: daysAgo(-3) }, "birthDate", M.birthDateImplausible],
    ["a dog of 59 days", { birthDate: daysAgo(59) }, "birthDate", M.tooYoung],
    ["a cat born this month (month only)", { petType: "cat", pedigree: "", birthDate: "", birthMonth: romeDate().slice(0, 7) }, "birthMonth", M.tooYoung],
    ["no health certificate declaration", { healthCertificate: "" }, "healthCertificate", M.healthCertificateRequired],
    ["no seller type", { sellerType: "" }, "sellerType", M.sellerTypeRequired],
    ["an unknown seller type", { sellerType: "negozio" }, "sellerType", M.sellerTypeRequired],
    ["a breeder without a business name", { sellerType: "breeder", vatNumber: "00743110157", breederCode: "045RM123" }, "sellerName", M.businessNameRequired],
    ["a breeder without a VAT number", { sellerType: "breeder", sellerName: "Allevamento del Colle", breederCode: "045RM123" }, "vatNumber", M.vatRequired],
    [
      "a breeder with a wrong VAT number",
      { sellerType: "breeder", sellerName: "Allevamento del Colle", vatNumber: "00743110158", breederCode: "045RM123" },
      "vatNumber",
      M.vatInvalid,
    ],
    ["a breeder without a registration code", { sellerType: "breeder", sellerName: "Allevamento del Colle", vatNumber: "00743110157" }, "breederCode", M.breederCodeRequired],
    ["an association without a name", { sellerType: "association", fiscalCode: "97532760580" }, "sellerName", M.associationNameRequired],
    ["an association without a fiscal code", { sellerType: "association", sellerName: "Rifugio Amici a Quattro Zampe" }, "fiscalCode", M.fiscalCodeRequired],
    ["an association with a wrong fiscal code", { sellerType: "association", sellerName: "Rifugio", fiscalCode: "RSSMRA85T10A562T" }, "fiscalCode", M.fiscalCodeInvalid],
    ["a breed for sale without the pedigree answer", { breed: "Beagle", pedigree: "" }, "pedigree", M.pedigreeRequired],
  ];

  for (const [what, change, field, message] of refusals) {
    itDb(`refuses ${what}: 400, the message beside the field, nothing stored, no photo kept`, async () => {
      const user = await createAccount();
      const result = await createListing(asUser(user), { ...DOG, ...change }, [{ name: "cucciolo.jpg", data: await photo() }]);
      expect(result).toMatchObject({ ok: false, status: 400, error: message, fieldErrors: { [field]: message } });
      expect(await listingCount()).toBe(0);
      expect(await filesOf(user.id)).toEqual([]);
    });
  }

  itDb("refuses a breed the catalogue marks for a microchip without a code, whatever the pet type", async () => {
    const user = await createAccount();
    await db().insert(allowedBreeds).values({ petType: "reptile", breedName: "Testuggine di Hermann", requiresMicrochip: true });
    const tortoise = { ...VALID_LISTING_FIELDS, petType: "reptile", breed: "Testuggine di Hermann", identificationCode: "", age: "12 anni" };
    const result = await createListing(asUser(user), tortoise, [{ name: "testuggine.jpg", data: await photo() }]);
    expect(result).toMatchObject({ ok: false, status: 400, error: M.codeRequired, fieldErrors: { identificationCode: M.codeRequired } });
    expect(await listingCount()).toBe(0);
    expect(await filesOf(user.id)).toEqual([]);
    expect(await createListing(asUser(user), { ...tortoise, identificationCode: "380098100123456" }, [])).toMatchObject({ ok: true });
  });

  itDb("refuses the sale of a CITES breed without the certificate's number, not its adoption", async () => {
    const user = await createAccount();
    await db().insert(allowedBreeds).values({ petType: "bird", breedName: "Pappagallo cenerino", requiresCites: true });
    const parrot = { ...VALID_LISTING_FIELDS, petType: "bird", breed: "Pappagallo cenerino", identificationCode: "", listingType: "sale", price: "900" };
    const result = await createListing(asUser(user), parrot, [{ name: "pappagallo.jpg", data: await photo() }]);
    expect(result).toMatchObject({ ok: false, status: 400, error: M.citesRequired, fieldErrors: { citesNumber: M.citesRequired } });
    expect(await listingCount()).toBe(0);
    expect(await filesOf(user.id)).toEqual([]);

    const adoption = await createListing(asUser(user), { ...parrot, listingType: "adoption", price: "" }, []);
    expect(adoption).toMatchObject({ ok: true });
    const sale = await createListing(asUser(user), { ...parrot, citesNumber: "IT/2025/123456" }, []);
    if (!sale.ok) throw new Error(sale.error);
    expect((await stored(sale.id)).citesNumber).toBe("IT/2025/123456");
  });

  itDb("accepts a dog of exactly 60 days and stores its code, birth date and seller", async () => {
    const user = await createAccount();
    const result = await createListing(asUser(user), { ...DOG, identificationCode: "380 260 000 000 777", birthDate: daysAgo(60), age: "2 mesi" }, []);
    if (!result.ok) throw new Error(result.error);
    const row = await stored(result.id);
    expect(row).toMatchObject({
      identificationCode: "380260000000777",
      identificationIsMother: false,
      codeOnRequest: false,
      birthDate: daysAgo(60),
      birthMonthOnly: false,
      // Dogs and cats carry a birth date: the free-text age is not kept.
      age: null,
      healthCertificate: true,
      sellerType: "private",
      sellerName: null,
      vatNumber: null,
      pedigree: null,
    });
    expect(row.legalCompletedAt).not.toBeNull();
  });

  itDb("stores a breeder's litter with the mother's code, a month-only birth date and the pedigree answer", async () => {
    const user = await createAccount();
    const result = await createListing(
      asUser(user),
      {
        ...DOG,
        breed: "Beagle",
        pedigree: "yes",
        litter: "on",
        birthDate: "",
        birthMonth: daysAgo(120).slice(0, 7),
        sellerType: "breeder",
        sellerName: "Allevamento del Colle",
        vatNumber: "IT 00743110157",
        breederCode: "045RM123",
        // Sent by a form whose hidden fields kept text: not stored for a breeder.
        fiscalCode: "97532760580",
      },
      [],
    );
    if (!result.ok) throw new Error(result.error);
    expect(await stored(result.id)).toMatchObject({
      identificationCode: "380260000000777",
      identificationIsMother: true,
      birthDate: `${daysAgo(120).slice(0, 7)}-01`,
      birthMonthOnly: true,
      sellerType: "breeder",
      sellerName: "Allevamento del Colle",
      vatNumber: "00743110157",
      breederCode: "045RM123",
      fiscalCode: null,
      pedigree: true,
    });
  });

  itDb("stores a cat without a code when the owner declares it will be given to the authorities", async () => {
    const user = await createAccount();
    const result = await createListing(
      asUser(user),
      { ...VALID_LISTING_FIELDS, identificationCode: "", codeOnRequest: "on", sellerType: "association", sellerName: "Gattile di Trastevere", fiscalCode: "rssmra85t10a562s" },
      [],
    );
    if (!result.ok) throw new Error(result.error);
    expect(await stored(result.id)).toMatchObject({ identificationCode: null, codeOnRequest: true, sellerType: "association", fiscalCode: "RSSMRA85T10A562S" });
  });

  itDb("keeps the free-text age of other species, which need no code nor birth date", async () => {
    const user = await createAccount();
    const result = await createListing(asUser(user), { ...VALID_LISTING_FIELDS, petType: "rabbit", identificationCode: "", birthDate: "", age: "1 anno" }, []);
    if (!result.ok) throw new Error(result.error);
    expect(await stored(result.id)).toMatchObject({ age: "1 anno", identificationCode: null, birthDate: null });
  });
});

describe("completing a listing published before the legal fields", () => {
  const COMPLETION = { identificationCode: "380260000888999", birthDate: "2024-03-15", healthCertificate: "on", sellerType: "private" };

  async function oldDog(ownerId: string) {
    return createListingRow(ownerId, { petType: "dog", breed: null, age: "2 anni" });
  }

  itDb("lets its owner complete it once, with the same rules, and then it is complete", async () => {
    const owner = await createAccount();
    const listing = await oldDog(owner.id);
    expect(listing.legalCompletedAt).toBeNull();

    const refused = await completeLegalFields(asUser(owner), listing.id, { ...COMPLETION, birthDate: daysAgo(30) });
    expect(refused).toMatchObject({ ok: false, status: 400, error: M.tooYoung, fieldErrors: { birthDate: M.tooYoung } });
    expect((await stored(listing.id)).legalCompletedAt).toBeNull();
    const badCode = await completeLegalFields(asUser(owner), listing.id, { ...COMPLETION, identificationCode: "" });
    expect(badCode).toMatchObject({ ok: false, status: 400, fieldErrors: { identificationCode: M.codeRequired } });

    expect(await completeLegalFields(asUser(owner), listing.id, COMPLETION)).toEqual({ ok: true });
    const row = await stored(listing.id);
    expect(row).toMatchObject({ identificationCode: "380260000888999", birthDate: "2024-03-15", sellerType: "private", healthCertificate: true, age: "2 anni" });
    expect(row.legalCompletedAt).not.toBeNull();

    // Sent again (a double submit, or later): refused, nothing changed.
    expect(await completeLegalFields(asUser(owner), listing.id, { ...COMPLETION, identificationCode: "380260000000001" })).toEqual({
      ok: false,
      status: 409,
      error: M.legalAlreadyComplete,
    });
    expect((await stored(listing.id)).identificationCode).toBe("380260000888999");
  });

  itDb("refuses a visitor, another user and an unknown listing, and changes nothing", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const listing = await oldDog(owner.id);
    expect(await completeLegalFields(null, listing.id, COMPLETION)).toMatchObject({ ok: false, status: 401 });
    expect(await completeLegalFields(asUser(other), listing.id, COMPLETION)).toMatchObject({ ok: false, status: 403, error: M.forbidden });
    expect(await completeLegalFields(asUser(owner), "00000000-0000-4000-8000-000000000000", COMPLETION)).toMatchObject({ ok: false, status: 404 });
    expect(await completeLegalFields(asUser(owner), "non-un-id", COMPLETION)).toMatchObject({ ok: false, status: 404 });
    const row = await stored(listing.id);
    expect(row.legalCompletedAt).toBeNull();
    expect(row.identificationCode).toBeNull();
  });

  itDb("lets an administrator complete it", async () => {
    const owner = await createAccount();
    const admin = await createAccount();
    const listing = await oldDog(owner.id);
    expect(await completeLegalFields({ ...asUser(admin), role: "admin" }, listing.id, COMPLETION)).toEqual({ ok: true });
  });
});
