import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect } from "vitest";
import { CACHE_TAGS, invalidate, setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { allowedBreeds } from "~/db/schema";
import { legalBreeds } from "~/listings/listings.server";
import { PET_TYPES } from "~/lib/enums";
import { loader as breedsApi } from "~/routes/api.breeds";
import { ADMIN_ACTOR as admin, refusedActors } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { MISSING_ID as MISSING } from "../../tests/factories";
import { createBreed, deleteBreed, listBreedsForAdmin, updateBreed } from "./admin.server";
import { BREED_MESSAGES as M } from "./validation";

const form = (values: Record<string, string> = {}) => ({
  petType: "reptile",
  breedName: "Geco leopardino",
  breedNameEn: "Leopard gecko",
  scientificName: "Eublepharis macularius",
  isLegal: "true",
  requiresLicense: "false",
  requiresCites: "true",
  requiresMicrochip: "false",
  notes: "Docile, adatto ai principianti.",
  ...values,
});
const allBreeds = () => db().select().from(allowedBreeds).orderBy(allowedBreeds.id);
const total = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(allowedBreeds))[0]!.n;

afterEach(() => setCacheEnabled(false));

describe("the breed catalogue in the back office", () => {
  itDb("refuses visitors (401) and users (403), changing nothing", async () => {
    const created = await createBreed(admin, form());
    if (!created.ok) throw new Error(created.error);
    const before = await allBreeds();
    for (const [who, status, error] of refusedActors("breeds.manage")) {
      expect(await listBreedsForAdmin(who)).toEqual({ ok: false, status, error });
      expect(await createBreed(who, form({ breedName: "Altro geco" }))).toEqual({ ok: false, status, error });
      expect(await updateBreed(who, created.breed.id, form({ breedName: "Cambiato" }))).toEqual({ ok: false, status, error });
      expect(await deleteBreed(who, created.breed.id)).toEqual({ ok: false, status, error });
    }
    expect(await allBreeds()).toEqual(before);
  });

  itDb("lists by pet type (in the filter's order) then Italian name; filters by type and legality; counts shown of total", async () => {
    await db().delete(allowedBreeds);
    await db()
      .insert(allowedBreeds)
      .values([
        { petType: "cat", breedName: "Siamese" },
        { petType: "dog", breedName: "Pitbull", isLegal: false },
        { petType: "dog", breedName: "Beagle" },
        { petType: "reptile", breedName: "Pitone reale", isLegal: false, requiresCites: true },
        { petType: "cat", breedName: "Bengala", requiresMicrochip: true },
      ]);
    const all = await listBreedsForAdmin(admin);
    if (!all.ok) throw new Error(all.error);
    expect(all.items.map((b) => `${b.petTypeLabel} ${b.breedName}`)).toEqual(["Cane Beagle", "Cane Pitbull", "Gatto Bengala", "Gatto Siamese", "Rettile Pitone reale"]);
    expect(all).toMatchObject({ shown: 5, total: 5, filters: { petType: "", legality: "all" } });
    expect(M.showing(all.shown, all.total)).toBe("Mostrando 5 di 5 razze");

    const dogs = await listBreedsForAdmin(admin, { petType: "dog" });
    expect(dogs).toMatchObject({ shown: 2, total: 5, filters: { petType: "dog", legality: "all" } });
    const legal = await listBreedsForAdmin(admin, { legality: "legal" });
    if (!legal.ok) throw new Error(legal.error);
    expect(legal.items.map((b) => b.breedName)).toEqual(["Beagle", "Bengala", "Siamese"]);
    const banned = await listBreedsForAdmin(admin, { legality: "banned" });
    if (!banned.ok) throw new Error(banned.error);
    expect(banned.items.map((b) => b.breedName)).toEqual(["Pitbull", "Pitone reale"]);
    expect(await listBreedsForAdmin(admin, { petType: "dog", legality: "banned" })).toMatchObject({ shown: 1, total: 5 });
    expect(await listBreedsForAdmin(admin, { petType: "fish" })).toMatchObject({ items: [], shown: 0, total: 5 });
    // Unknown filter values are dropped, not refused.
    expect(await listBreedsForAdmin(admin, { petType: "drago", legality: "forse" })).toMatchObject({ shown: 5, filters: { petType: "", legality: "all" } });
  });

  itDb("creates a breed; without the flags, the spec's defaults (legal, nothing required); optional fields empty are null", async () => {
    const created = await createBreed(admin, form());
    expect(created).toMatchObject({
      ok: true,
      message: M.created,
      breed: { petType: "reptile", petTypeLabel: "Rettile", breedName: "Geco leopardino", requiresCites: true, isLegal: true, requiresLicense: false },
    });
    const bare = await createBreed(admin, { petType: "dog", breedName: "  Bracco   italiano " });
    expect(bare).toMatchObject({
      ok: true,
      breed: { breedName: "Bracco italiano", breedNameEn: null, scientificName: null, notes: null, isLegal: true, requiresLicense: false, requiresCites: false, requiresMicrochip: false },
    });
    // The form's unticked boxes arrive as its hidden "false"; a ticked one as "on" after it.
    const unticked = await createBreed(admin, { petType: "dog", breedName: "Cane corso", isLegal: "false", requiresMicrochip: "on", breedNameEn: " ", notes: "" });
    expect(unticked).toMatchObject({ ok: true, breed: { isLegal: false, requiresMicrochip: true, breedNameEn: null, notes: null } });
  });

  itDb("requires pet type and Italian name, within bounds (400, field by field, nothing written)", async () => {
    const before = await allBreeds();
    expect(await createBreed(admin, {})).toMatchObject({ ok: false, status: 400, fieldErrors: { petType: M.petTypeRequired, breedName: M.nameRequired } });
    expect(await createBreed(admin, form({ breedName: "   " }))).toEqual({ ok: false, status: 400, error: M.nameRequired, fieldErrors: { breedName: M.nameRequired } });
    expect(await createBreed(admin, form({ petType: "dragon" }))).toMatchObject({ status: 400, fieldErrors: { petType: M.petTypeRequired } });
    expect(await createBreed(admin, form({ breedName: "x".repeat(101) }))).toMatchObject({ status: 400, fieldErrors: { breedName: M.nameTooLong } });
    expect(await createBreed(admin, form({ scientificName: "x".repeat(151) }))).toMatchObject({ status: 400, fieldErrors: { scientificName: M.scientificNameTooLong } });
    expect(await createBreed(admin, form({ notes: "x".repeat(1001) }))).toMatchObject({ status: 400, fieldErrors: { notes: M.notesTooLong } });
    expect(await allBreeds()).toEqual(before);
  });

  itDb("refuses a second breed with the same type and Italian name, in any case (409); the same name of another type is fine", async () => {
    const first = await createBreed(admin, form());
    if (!first.ok) throw new Error(first.error);
    const before = await allBreeds();
    expect(await createBreed(admin, form())).toEqual({ ok: false, status: 409, error: M.duplicate, fieldErrors: { breedName: M.duplicate } });
    expect(await createBreed(admin, form({ breedName: "GECO LEOPARDINO" }))).toMatchObject({ status: 409 });
    expect(await allBreeds()).toEqual(before);
    expect(await createBreed(admin, form({ petType: "other" }))).toMatchObject({ ok: true });
    // On edit: taking another breed's name is refused, keeping its own (even recased) is not.
    const second = await createBreed(admin, form({ breedName: "Iguana" }));
    if (!second.ok) throw new Error(second.error);
    expect(await updateBreed(admin, second.breed.id, form())).toMatchObject({ status: 409, error: M.duplicate });
    expect(await updateBreed(admin, first.breed.id, form({ breedName: "Geco Leopardino" }))).toMatchObject({ ok: true, message: M.updated });
    // The unique index answers a race the check missed, and the transaction goes on.
    await db().execute(sql`savepoint race`);
    await expect(db().insert(allowedBreeds).values({ petType: "reptile", breedName: "Iguana" })).rejects.toThrow();
    await db().execute(sql`rollback to savepoint race`);
    expect(await total()).toBeGreaterThan(0);
  });

  itDb("edits every field and sets updated_at", async () => {
    const created = await createBreed(admin, form());
    if (!created.ok) throw new Error(created.error);
    await db().update(allowedBreeds).set({ updatedAt: new Date("2020-01-01T00:00:00Z") }).where(eq(allowedBreeds.id, created.breed.id));
    const updated = await updateBreed(admin, created.breed.id, {
      petType: "reptile",
      breedName: "Geco leopardino",
      breedNameEn: "",
      scientificName: "",
      isLegal: "false",
      requiresLicense: "on",
      requiresCites: "false",
      requiresMicrochip: "on",
      notes: "Serve la licenza",
    });
    expect(updated).toMatchObject({
      ok: true,
      breed: { breedNameEn: null, scientificName: null, isLegal: false, requiresLicense: true, requiresCites: false, requiresMicrochip: true, notes: "Serve la licenza" },
    });
    const [row] = await db().select().from(allowedBreeds).where(eq(allowedBreeds.id, created.breed.id));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(new Date("2020-01-01T00:00:00Z").getTime());
  });

  itDb("answers 404 to an unknown or malformed id, changing nothing; deletes once", async () => {
    const created = await createBreed(admin, form());
    if (!created.ok) throw new Error(created.error);
    const before = await allBreeds();
    for (const id of [MISSING, "non-un-id", "", "1; drop table allowed_breeds"]) {
      expect(await updateBreed(admin, id, form()), id).toEqual({ ok: false, status: 404, error: M.notFound });
      expect(await deleteBreed(admin, id), id).toEqual({ ok: false, status: 404, error: M.notFound });
    }
    expect(await allBreeds()).toEqual(before);
    expect(await deleteBreed(admin, created.breed.id)).toEqual({ ok: true, message: M.deleted });
    expect(await deleteBreed(admin, created.breed.id)).toEqual({ ok: false, status: 404, error: M.notFound });
  });

  itDb("each write reaches the listing form's cached breed list (and /api/breeds) at once", async () => {
    setCacheEnabled(true);
    const api = async () => {
      const outcome = (await breedsApi({ request: new Request("http://localhost/api/breeds?petType=rabbit"), params: {}, context: {} } as never)) as unknown as {
        data: { breeds: string[] };
        init: { headers: Record<string, string> } | null;
      };
      return outcome;
    };
    try {
      const before = await legalBreeds("rabbit");
      expect(await legalBreeds("rabbit")).toBe(before); // memoized
      const created = await createBreed(admin, form({ petType: "rabbit", breedName: "Ariete nano" }));
      if (!created.ok) throw new Error(created.error);
      expect(await legalBreeds("rabbit")).toContain("Ariete nano");
      expect((await api()).data.breeds).toContain("Ariete nano");

      await updateBreed(admin, created.breed.id, form({ petType: "rabbit", breedName: "Ariete nano", isLegal: "false" }));
      expect(await legalBreeds("rabbit")).not.toContain("Ariete nano");
      await updateBreed(admin, created.breed.id, form({ petType: "rabbit", breedName: "Ariete olandese" }));
      expect(await legalBreeds("rabbit")).toContain("Ariete olandese");
      expect((await api()).data.breeds).toContain("Ariete olandese");

      await deleteBreed(admin, created.breed.id);
      expect(await legalBreeds("rabbit")).not.toContain("Ariete olandese");
      expect((await api()).data.breeds).not.toContain("Ariete olandese");
    } finally {
      await invalidate(CACHE_TAGS.breeds);
    }
    expect(PET_TYPES.values).toContain("rabbit");
  });
});
