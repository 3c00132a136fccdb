// Categories: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { createCategory as createCategoryAdmin, deleteCategory, updateCategory } from "~/categories/admin.server";
import { itDb } from "../../tests/db";
import { EDITOR, lastId, onlyRecord } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("categories", () => {
  itDb("create, update, delete", async () => {
    let mark = await lastId();
    const created = await createCategoryAdmin(EDITOR, { name: "Anfibi", slug: `anfibi-${Date.now()}`, description: "Rane", icon: "activity" });
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark, EDITOR)).toMatchObject({ area: "categories", action: "create", itemId: created.category.id, itemLabel: "Anfibi" });
    mark = await lastId();
    await updateCategory(EDITOR, created.category.id, { name: "Anfibi e rane", slug: created.category.slug, description: "Rane", icon: "activity" });
    const updated = await onlyRecord(mark, EDITOR);
    expect(updated).toMatchObject({ action: "update", itemLabel: "Anfibi e rane" });
    expect(updated.changes).toEqual([{ field: "name", before: "Anfibi", after: "Anfibi e rane" }]);
    mark = await lastId();
    expect(await deleteCategory(EDITOR, created.category.id)).toMatchObject({ ok: true });
    expect(await onlyRecord(mark, EDITOR)).toMatchObject({ action: "delete", itemId: created.category.id });
  });
});
