import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { CACHE_TAGS, invalidate, setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { adsenseCodes } from "~/db/schema";
import { ADMIN_ACTOR as admin, refusedActors } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { MISSING_ID as MISSING } from "../../tests/factories";
import { createAdCode, deleteAdCode, getAdCode, listAdCodesForAdmin, toggleAdCodeActive, updateAdCode } from "./admin.server";
import { findAd } from "./ads.server";
import { AD_CODE_MESSAGES as M, adCodeFormValuesOf, adCodeSchema, EMPTY_AD_CODE_FORM } from "./validation";

const form = (values: Record<string, string> = {}) => ({
  name: "Banner crocchette",
  htmlCode: '<div class="ad"><script>window.adLoaded = true;</script></div>',
  placementType: "footer",
  pageType: "article",
  priority: "2",
  isActive: "on",
  ...values,
});
const allCodes = () => db().select().from(adsenseCodes).orderBy(adsenseCodes.id);
/** Each test starts from a known table (the browser fixtures or the demo may have codes). */
const clear = () => db().delete(adsenseCodes);

async function created(values: Record<string, string> = {}) {
  const result = await createAdCode(admin, form(values));
  if (!result.ok) throw new Error(result.error);
  return result.adCode;
}

afterEach(() => setCacheEnabled(false));

describe("ad codes in the back office", () => {
  itDb("refuse visitors (401) and users (403), changing nothing", async () => {
    await clear();
    const code = await created();
    const before = await allCodes();
    for (const [who, status, error] of refusedActors("ads.manage")) {
      const refusal = { ok: false, status, error };
      expect(await listAdCodesForAdmin(who)).toEqual(refusal);
      expect(await getAdCode(who, code.id)).toEqual(refusal);
      expect(await createAdCode(who, form())).toEqual(refusal);
      expect(await updateAdCode(who, code.id, form({ name: "Altro" }))).toEqual(refusal);
      expect(await toggleAdCodeActive(who, code.id)).toEqual(refusal);
      expect(await deleteAdCode(who, code.id)).toEqual(refusal);
    }
    expect(await allCodes()).toEqual(before);
  });

  itDb("create a code with every field; the HTML is stored as written", async () => {
    await clear();
    const html = '<ins class="adsbygoogle"\r\n  data-ad-slot="123"></ins>\n<script>(adsbygoogle = window.adsbygoogle || []).push({});</script>\n';
    const result = await createAdCode(admin, form({ htmlCode: html }));
    expect(result).toMatchObject({
      ok: true,
      message: M.created,
      adCode: { name: "Banner crocchette", htmlCode: html, placementType: "footer", placementLabel: "Piè di pagina", pageType: "article", pageTypeLabel: "Articolo", priority: 2, isActive: true },
    });
  });

  itDb("give a code the spec's defaults: sidebar, every page, active, priority 0", async () => {
    await clear();
    const result = await createAdCode(admin, { name: "Solo nome", htmlCode: "<p>ciao</p>" });
    expect(result).toMatchObject({ ok: true, adCode: { placementType: "sidebar", pageType: "all", isActive: true, priority: 0 } });
    // The form's own shape: empty selects and priority take the defaults; an unticked box (the
    // hidden false before it) is inactive.
    const fromForm = await createAdCode(admin, { name: "Dal form", htmlCode: "<p>x</p>", placementType: "", pageType: "", priority: "", isActive: "false" });
    expect(fromForm).toMatchObject({ ok: true, adCode: { placementType: "sidebar", pageType: "all", isActive: false, priority: 0 } });
    expect(EMPTY_AD_CODE_FORM).toEqual({ name: "", htmlCode: "", placementType: "sidebar", pageType: "all", priority: "0", isActive: true });
  });

  itDb("require a name and HTML that are not blank (400, the spec's message, nothing written)", async () => {
    await clear();
    const cases: [Record<string, string>, Partial<Record<"name" | "htmlCode", string>>][] = [
      [{}, { name: M.required, htmlCode: M.required }],
      [{ name: "", htmlCode: "" }, { name: M.required, htmlCode: M.required }],
      [{ name: "   \t", htmlCode: "<p>x</p>" }, { name: M.required }],
      [{ name: "Nome", htmlCode: " \r\n  \n" }, { htmlCode: M.required }],
    ];
    for (const [fields, fieldErrors] of cases) {
      const { name: _name, htmlCode: _html, ...rest } = form();
      const result = await createAdCode(admin, { ...rest, ...fields });
      expect(result, JSON.stringify(fields)).toEqual({ ok: false, status: 400, error: M.required, fieldErrors });
    }
    expect(await allCodes()).toEqual([]);
  });

  itDb("take the priority as an integer ≥ 0 (0 highest) and bound the lengths", async () => {
    await clear();
    for (const priority of ["-1", "1.5", "due", "1e3", "0x10", " 4 5", "١", "+3"]) {
      expect(await createAdCode(admin, form({ priority })), priority).toMatchObject({ ok: false, status: 400, error: M.priorityInvalid, fieldErrors: { priority: M.priorityInvalid } });
    }
    expect(await createAdCode(admin, form({ priority: "1000001" }))).toMatchObject({ status: 400, fieldErrors: { priority: M.priorityTooLarge } });
    expect(await createAdCode(admin, form({ name: "x".repeat(121) }))).toMatchObject({ status: 400, fieldErrors: { name: M.nameTooLong } });
    expect(await createAdCode(admin, form({ htmlCode: "x".repeat(20_001) }))).toMatchObject({ status: 400, fieldErrors: { htmlCode: M.htmlTooLong } });
    expect(await createAdCode(admin, form({ placementType: "popup" }))).toMatchObject({ status: 400, fieldErrors: { placementType: M.placementInvalid } });
    expect(await createAdCode(admin, form({ pageType: "admin" }))).toMatchObject({ status: 400, fieldErrors: { pageType: M.pageTypeInvalid } });
    expect(await allCodes()).toEqual([]);
    expect(await createAdCode(admin, form({ priority: " 0 " }))).toMatchObject({ ok: true, adCode: { priority: 0 } });
    expect(await createAdCode(admin, form({ priority: "1000000", htmlCode: "x".repeat(20_000), name: "  Su   una\nriga  " }))).toMatchObject({
      ok: true,
      adCode: { priority: 1_000_000, name: "Su una riga" },
    });
  });

  itDb("list by priority (0 first), then newest; filter by placement, page type and state; 20 a page", async () => {
    await clear();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));
    await db()
      .insert(adsenseCodes)
      .values([
        { name: "p1 vecchio", htmlCode: "<p>1</p>", priority: 1, createdAt: at(0), placementType: "sidebar", pageType: "all" },
        { name: "p1 nuovo", htmlCode: "<p>2</p>", priority: 1, createdAt: at(5), placementType: "footer", pageType: "home", isActive: false },
        { name: "p0", htmlCode: "<p>3</p>", priority: 0, createdAt: at(1), placementType: "sidebar", pageType: "home" },
        { name: "p7", htmlCode: "<p>4</p>", priority: 7, createdAt: at(9), placementType: "banner", pageType: "article" },
      ]);
    const names = async (query: Parameters<typeof listAdCodesForAdmin>[1]) => {
      const result = await listAdCodesForAdmin(admin, query);
      if (!result.ok) throw new Error(result.error);
      return result.items.map((row) => row.name);
    };
    expect(await names({})).toEqual(["p0", "p1 nuovo", "p1 vecchio", "p7"]);
    expect(await names({ placement: "sidebar" })).toEqual(["p0", "p1 vecchio"]);
    expect(await names({ pageType: "home" })).toEqual(["p0", "p1 nuovo"]);
    expect(await names({ active: "inactive" })).toEqual(["p1 nuovo"]);
    expect(await names({ active: "active", pageType: "home" })).toEqual(["p0"]);
    expect(await names({ placement: "header" })).toEqual([]);
    // Unknown filter values (an old or edited link) are dropped, not refused.
    const loose = await listAdCodesForAdmin(admin, { placement: "popup", pageType: "x", active: "forse", page: "abc" as never });
    expect(loose).toMatchObject({ ok: true, total: 4, page: 1, filters: { placement: "", pageType: "", active: "all" } });

    await db()
      .insert(adsenseCodes)
      .values(Array.from({ length: 19 }, (_, i) => ({ name: `extra ${i}`, htmlCode: "<p>x</p>", priority: 50 })));
    const first = await listAdCodesForAdmin(admin, {});
    const second = await listAdCodesForAdmin(admin, { page: 2 });
    expect(first).toMatchObject({ ok: true, total: 23, pageCount: 2, page: 1 });
    expect(second).toMatchObject({ ok: true, page: 2 });
    if (!first.ok || !second.ok) throw new Error("list");
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(3);
    expect(new Set([...first.items, ...second.items].map((row) => row.id)).size).toBe(23);
  });

  itDb("edit every field; read one code; the form's values come back as posted", async () => {
    await clear();
    const code = await created();
    const edited = await updateAdCode(admin, code.id, form({ name: "Nuovo nome", htmlCode: "<p>nuovo</p>", placementType: "header", pageType: "home", priority: "0", isActive: "false" }));
    expect(edited).toMatchObject({ ok: true, message: M.updated, adCode: { name: "Nuovo nome", htmlCode: "<p>nuovo</p>", placementType: "header", pageType: "home", priority: 0, isActive: false } });
    expect(await getAdCode(admin, code.id)).toMatchObject({ ok: true, adCode: { id: code.id, name: "Nuovo nome", isActive: false } });
    expect(await updateAdCode(admin, code.id, form({ name: " ", htmlCode: "<p>perso</p>" }))).toMatchObject({ status: 400, error: M.required, fieldErrors: { name: M.required } });
    const [row] = await db().select().from(adsenseCodes).where(eq(adsenseCodes.id, code.id));
    expect(row).toMatchObject({ name: "Nuovo nome", htmlCode: "<p>nuovo</p>" });
    expect(adCodeFormValuesOf({ name: " ", htmlCode: "<b>x</b>", priority: "-1", isActive: "false" })).toEqual({
      name: " ",
      htmlCode: "<b>x</b>",
      placementType: "sidebar",
      pageType: "all",
      priority: "-1",
      isActive: false,
    });
  });

  itDb("toggle the active state, one flip per call", async () => {
    await clear();
    const code = await created();
    expect(await toggleAdCodeActive(admin, code.id)).toMatchObject({ ok: true, message: M.deactivated, adCode: { isActive: false } });
    expect(await toggleAdCodeActive(admin, code.id)).toMatchObject({ ok: true, message: M.activated, adCode: { isActive: true } });
    const [row] = await db().select().from(adsenseCodes).where(eq(adsenseCodes.id, code.id));
    expect(row?.isActive).toBe(true);
  });

  itDb("answer 404 to an unknown or malformed id, changing nothing", async () => {
    await clear();
    await created();
    const before = await allCodes();
    for (const id of [MISSING, "non-un-id", "", "42", `${MISSING}x`]) {
      const notFound = { ok: false, status: 404, error: M.notFound };
      expect(await getAdCode(admin, id), id).toEqual(notFound);
      expect(await updateAdCode(admin, id, form()), id).toEqual(notFound);
      expect(await updateAdCode(admin, id, {}), id).toEqual(notFound);
      expect(await toggleAdCodeActive(admin, id), id).toEqual(notFound);
      expect(await deleteAdCode(admin, id), id).toEqual(notFound);
    }
    expect(await allCodes()).toEqual(before);
  });

  itDb("delete a code", async () => {
    await clear();
    const code = await created();
    expect(await deleteAdCode(admin, code.id)).toEqual({ ok: true, message: M.deleted });
    expect(await allCodes()).toEqual([]);
    expect(await deleteAdCode(admin, code.id)).toEqual({ ok: false, status: 404, error: M.notFound });
  });

  itDb("each write reaches the public slot at once, through the cache", async () => {
    await clear();
    setCacheEnabled(true);
    try {
      const code = await created({ placementType: "sidebar", pageType: "all", priority: "3", htmlCode: "<p>primo</p>" });
      expect(await findAd("sidebar", "article")).toBe("<p>primo</p>");
      expect(await findAd("sidebar", "article")).toBe(await findAd("sidebar", "article")); // memoized between writes

      await updateAdCode(admin, code.id, form({ placementType: "sidebar", pageType: "all", priority: "3", htmlCode: "<p>modificato</p>" }));
      expect(await findAd("sidebar", "article")).toBe("<p>modificato</p>");

      const better = await created({ placementType: "sidebar", pageType: "article", priority: "0", htmlCode: "<p>priorità 0</p>" });
      expect(await findAd("sidebar", "article")).toBe("<p>priorità 0</p>");
      expect(await findAd("sidebar", "home")).toBe("<p>modificato</p>");

      await toggleAdCodeActive(admin, better.id);
      expect(await findAd("sidebar", "article")).toBe("<p>modificato</p>");
      await toggleAdCodeActive(admin, better.id);
      expect(await findAd("sidebar", "article")).toBe("<p>priorità 0</p>");

      await deleteAdCode(admin, better.id);
      expect(await findAd("sidebar", "article")).toBe("<p>modificato</p>");
      await deleteAdCode(admin, code.id);
      expect(await findAd("sidebar", "article")).toBeNull();
    } finally {
      await invalidate(CACHE_TAGS.ads);
    }
  });

  it("reads a checkbox left out as the default, and the hidden false before it as unticked", () => {
    const base = { name: "a", htmlCode: "b" };
    expect(adCodeSchema.parse(base).isActive).toBe(true);
    expect(adCodeSchema.parse({ ...base, isActive: "false" }).isActive).toBe(false);
    expect(adCodeSchema.parse({ ...base, isActive: "on" }).isActive).toBe(true);
    expect(adCodeSchema.parse({ ...base, isActive: "" }).isActive).toBe(false);
  });
});
