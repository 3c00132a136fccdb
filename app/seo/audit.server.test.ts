// SEO keywords, redirects and settings: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { createKeyword, deleteKeyword, updateKeyword } from "~/seo/admin.server";
import { createRedirect, deleteRedirect } from "~/seo/redirects-admin.server";
import { saveSettings } from "~/seo/settings-admin.server";
import { itDb } from "../../tests/db";
import { ACTOR, EDITOR, changeOf, lastId, onlyRecord } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("SEO", () => {
  itDb("keywords: create, update, delete", async () => {
    let mark = await lastId();
    const created = await createKeyword(EDITOR, { keyword: "cuccia per cani", searchVolume: "100", difficulty: "20", status: "target", notes: "" });
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark, EDITOR)).toMatchObject({ area: "seo", action: "create", itemLabel: "Parola chiave: cuccia per cani" });
    mark = await lastId();
    await updateKeyword(EDITOR, created.keyword.id, { keyword: "cuccia per cani", searchVolume: "150", difficulty: "20", status: "target", notes: "" });
    expect((await onlyRecord(mark, EDITOR)).changes).toEqual([{ field: "searchVolume", before: 100, after: 150 }]);
    mark = await lastId();
    await deleteKeyword(EDITOR, created.keyword.id);
    expect(await onlyRecord(mark, EDITOR)).toMatchObject({ action: "delete", itemId: created.keyword.id });
  });

  itDb("redirects: create, delete", async () => {
    let mark = await lastId();
    const created = await createRedirect(ACTOR, { fromPath: "/vecchia-pagina-audit", toPath: "/nuova-pagina-audit", redirectType: "301" });
    if (!created.ok) throw new Error(created.error);
    const record = await onlyRecord(mark);
    expect(record).toMatchObject({ area: "seo", action: "create", itemLabel: "Redirect /vecchia-pagina-audit → /nuova-pagina-audit" });
    expect(changeOf(record, "toPath")).toMatchObject({ after: "/nuova-pagina-audit" });
    mark = await lastId();
    await deleteRedirect(ACTOR, created.redirect.id);
    expect(await onlyRecord(mark)).toMatchObject({ action: "delete", itemId: created.redirect.id });
  });

  itDb("settings: the fields that changed", async () => {
    const fields = { siteName: "Zampa", siteDescription: "Il portale per chi ama gli animali.", defaultOgImage: "", googleAnalyticsId: "G-ABC123XYZ", googleSearchConsoleCode: "", facebookPixelId: "", robotsTxt: "" };
    await saveSettings(ACTOR, fields);
    const mark = await lastId();
    await saveSettings(ACTOR, { ...fields, googleAnalyticsId: "G-NEW999" });
    const record = await onlyRecord(mark);
    expect(record).toMatchObject({ area: "settings", action: "update", itemId: "seo", itemLabel: "Impostazioni SEO" });
    expect(record.changes).toEqual([{ field: "googleAnalyticsId", before: "G-ABC123XYZ", after: "G-NEW999" }]);
  });
});
