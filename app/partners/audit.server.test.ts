// Partners: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { createPartner, deletePartner, updatePartner } from "~/partners/admin.server";
import { itDb } from "../../tests/db";
import { ACTOR, lastId, onlyRecord } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("partners", () => {
  itDb("partners: create, update, delete", async () => {
    const form = { name: "Toelettatura Baffi", logoUrl: "https://cdn.esempio.it/baffi.png", websiteUrl: "https://baffi.esempio.it", description: "Cani e gatti", displayOrder: "3", isActive: "on" };
    let mark = await lastId();
    const created = await createPartner(ACTOR, form);
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark)).toMatchObject({ area: "partners", action: "create", itemLabel: "Toelettatura Baffi" });
    mark = await lastId();
    await updatePartner(ACTOR, created.partner.id, { ...form, displayOrder: "4" });
    expect((await onlyRecord(mark)).changes).toEqual([{ field: "displayOrder", before: 3, after: 4 }]);
    mark = await lastId();
    await deletePartner(ACTOR, created.partner.id);
    expect(await onlyRecord(mark)).toMatchObject({ action: "delete", itemId: created.partner.id });
  });
});
