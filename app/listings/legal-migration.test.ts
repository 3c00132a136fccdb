// drizzle/0022: the demo accounts' listings are given legal values that pass every rule; anybody
// else's are left incomplete, for their owners to complete (decision 0085).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { allowedBreeds, petListings } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createListingRow, createUserRow } from "../../tests/factories";
import { birthOf, isMicrochipCode, isOldEnoughToCede } from "./legal-rules";

const folder = path.resolve("drizzle");
const file = readdirSync(folder).find((name) => name.endsWith("_legal_listing_fields.sql"))!;
// The migration's last statement is the demo data's.
const demoUpdate = readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint").at(-1)!;

describe("the legal fields' migration", () => {
  itDb("completes the demo listings with valid values and leaves other people's listings incomplete", async () => {
    const demo = await createUserRow({ email: "giulia.rossi@zampa.test" });
    const stranger = await createUserRow();
    const longAgo = new Date(Date.now() - 5 * 86_400_000);
    const dog = await createListingRow(demo.id, { petType: "dog", breed: "Meticcio", age: "3 mesi", createdAt: longAgo });
    const cat = await createListingRow(demo.id, { petType: "cat", breed: "Maine Coon", age: "2 anni", listingType: "sale", price: 500, description: "Con pedigree ANFI." });
    await db().insert(allowedBreeds).values({ petType: "reptile", breedName: "Testuggine di prova", requiresMicrochip: true }).onConflictDoNothing();
    const tortoise = await createListingRow(demo.id, { petType: "reptile", breed: "Testuggine di prova", age: "12 anni" });
    const bird = await createListingRow(demo.id, { petType: "bird", age: "boh" });
    const foreign = await createListingRow(stranger.id, { petType: "dog" });

    await db().execute(sql.raw(demoUpdate));

    const read = async (id: string) => (await db().select().from(petListings).where(eq(petListings.id, id)))[0]!;
    for (const { id } of [dog, cat]) {
      const row = await read(id);
      expect(row.identificationCode).toMatch(/^380\d{12}$/);
      expect(isMicrochipCode(row.identificationCode!)).toBe(true);
      expect(row.birthMonthOnly).toBe(true);
      expect(isOldEnoughToCede(birthOf(row)!)).toBe(true);
      expect(row.sellerType).toBe("private");
      expect(row.healthCertificate).toBe(true);
      expect(row.legalCompletedAt).not.toBeNull();
    }
    expect((await read(cat.id)).pedigree).toBe(true);
    expect((await read(dog.id)).pedigree).toBeNull();
    expect((await read(tortoise.id)).identificationCode).toMatch(/^380\d{12}$/);
    const birdRow = await read(bird.id);
    expect(birdRow.identificationCode).toBeNull();
    expect(birdRow.birthDate).toBeNull();
    expect(birdRow.legalCompletedAt).not.toBeNull();
    const codes = new Set(await Promise.all([dog, cat, tortoise].map(async ({ id }) => (await read(id)).identificationCode)));
    expect(codes.size).toBe(3);

    const untouched = await read(foreign.id);
    expect(untouched.legalCompletedAt).toBeNull();
    expect(untouched.identificationCode).toBeNull();
    expect(untouched.sellerType).toBeNull();
  });
});
