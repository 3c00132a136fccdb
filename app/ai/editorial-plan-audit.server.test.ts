// The editorial plan: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { saveEditorialPlan } from "~/ai/editorial-plan.server";
import { itDb } from "../../tests/db";
import { createCategory } from "../../tests/factories";
import { EDITOR_TEMPLATE, changeOf, lastId, onlyRecord, staffAccount } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("editorial plan", () => {
  itDb("each draft it makes is recorded", async () => {
    const EDITOR = await staffAccount(EDITOR_TEMPLATE);
    const category = await createCategory({ slug: `piano-${Date.now()}` });
    const mark = await lastId();
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const saved = await saveEditorialPlan(EDITOR, [{ title: "Gatti e caldo", topic: "Come rinfrescarli", category: category.slug, date, keywords: [] }]);
    expect(saved).toMatchObject({ ok: true, created: 1 });
    const record = await onlyRecord(mark, EDITOR);
    expect(record).toMatchObject({ area: "editorial_plan", action: "create", itemLabel: "Gatti e caldo" });
    expect(changeOf(record, "status")).toMatchObject({ before: null, after: "draft" });
  });
});
