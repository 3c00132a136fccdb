// Breeds: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { createBreed, deleteBreed, updateBreed } from "~/breeds/admin.server";
import { itDb } from "../../tests/db";
import { MODERATOR, lastId, onlyRecord } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("breeds", () => {
  const form = (values: Record<string, string> = {}) => ({
    petType: "reptile",
    breedName: `Geco ${Date.now()}`,
    breedNameEn: "",
    scientificName: "",
    isLegal: "true",
    requiresLicense: "false",
    requiresCites: "false",
    requiresMicrochip: "false",
    notes: "",
    ...values,
  });
  itDb("create, update, delete", async () => {
    const fields = form();
    let mark = await lastId();
    const created = await createBreed(MODERATOR, fields);
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ area: "breeds", action: "create", itemLabel: fields.breedName });
    mark = await lastId();
    await updateBreed(MODERATOR, created.breed.id, { ...fields, requiresCites: "true" });
    expect((await onlyRecord(mark, MODERATOR)).changes).toEqual([{ field: "requiresCites", before: false, after: true }]);
    mark = await lastId();
    await deleteBreed(MODERATOR, created.breed.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "delete", itemId: created.breed.id });
  });
});
