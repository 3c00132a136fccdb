// AdSense codes: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { createAdCode, deleteAdCode, toggleAdCodeActive, updateAdCode } from "~/ads/admin.server";
import { textSummary } from "~/audit/record.server";
import { setCacheEnabled } from "~/cache/cache.server";
import { ACTOR, changeOf, lastId, onlyRecord } from "../../tests/audit";
import { itDb } from "../../tests/db";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("ad codes", () => {
  itDb("ad codes: create, update, toggle, delete; a long code is summarised", async () => {
    const form = { name: "Banner crocchette", htmlCode: '<div class="ad"></div>', placementType: "footer", pageType: "article", priority: "2", isActive: "on" };
    let mark = await lastId();
    const created = await createAdCode(ACTOR, form);
    if (!created.ok) throw new Error(created.error);
    expect(changeOf(await onlyRecord(mark), "htmlCode")).toMatchObject({ after: '<div class="ad"></div>' });
    mark = await lastId();
    const long = `<div>${"x".repeat(900)}</div>`;
    await updateAdCode(ACTOR, created.adCode.id, { ...form, htmlCode: long });
    expect(changeOf(await onlyRecord(mark), "htmlCode")).toEqual({ field: "htmlCode", before: '<div class="ad"></div>', after: textSummary(long) });
    mark = await lastId();
    await toggleAdCodeActive(ACTOR, created.adCode.id);
    expect((await onlyRecord(mark)).changes).toEqual([{ field: "isActive", before: true, after: false }]);
    mark = await lastId();
    await deleteAdCode(ACTOR, created.adCode.id);
    expect(await onlyRecord(mark)).toMatchObject({ area: "ads", action: "delete", itemLabel: "Banner crocchette" });
  });
});
