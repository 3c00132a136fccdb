import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { CACHE_TAGS, invalidate, setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { ADMIN_ACTOR as admin, refusedActors } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { MISSING_ID as MISSING } from "../../tests/factories";
import { createPartner, deletePartner, listPartnersForAdmin, updatePartner } from "./admin.server";
import { activePartners } from "./partners.server";
import { isLogoUrl, isWebUrl, PARTNER_MESSAGES as M } from "./validation";

const form = (values: Record<string, string> = {}) => ({
  name: "Toelettatura Baffi",
  logoUrl: "https://cdn.esempio.it/baffi.png",
  websiteUrl: "https://baffi.esempio.it",
  description: "Toelettatura per cani e gatti",
  displayOrder: "3",
  isActive: "on",
  ...values,
});
const allPartners = () => db().select().from(partners).orderBy(partners.id);
/** Each test starts from a known table (the demo partners may be there). */
const clear = () => db().delete(partners);

afterEach(() => setCacheEnabled(false));

describe("partners in the back office", () => {
  itDb("refuses visitors (401) and users (403), changing nothing", async () => {
    await clear();
    const created = await createPartner(admin, form());
    if (!created.ok) throw new Error(created.error);
    const before = await allPartners();
    for (const [who, status, error] of refusedActors("partners.manage")) {
      expect(await listPartnersForAdmin(who)).toEqual({ ok: false, status, error });
      expect(await createPartner(who, form())).toEqual({ ok: false, status, error });
      expect(await updatePartner(who, created.partner.id, form({ name: "Altro" }))).toEqual({ ok: false, status, error });
      expect(await deletePartner(who, created.partner.id)).toEqual({ ok: false, status, error });
    }
    expect(await allPartners()).toEqual(before);
  });

  itDb("creates a partner with every field; lists by display order, then name", async () => {
    await clear();
    const created = await createPartner(admin, form());
    expect(created).toMatchObject({
      ok: true,
      message: M.created,
      partner: { name: "Toelettatura Baffi", logoUrl: "https://cdn.esempio.it/baffi.png", websiteUrl: "https://baffi.esempio.it", displayOrder: 3, isActive: true },
    });
    await createPartner(admin, form({ name: "Zoo Market", displayOrder: "0", isActive: "" }));
    await createPartner(admin, form({ name: "Acquari Blu", displayOrder: "3" }));
    const list = await listPartnersForAdmin(admin);
    if (!list.ok) throw new Error(list.error);
    expect(list.partners.map((p) => [p.name, p.displayOrder, p.isActive])).toEqual([
      ["Zoo Market", 0, false],
      ["Acquari Blu", 3, true],
      ["Toelettatura Baffi", 3, true],
    ]);
  });

  itDb("gives a partner without an order the current count, so that it comes last", async () => {
    await clear();
    const first = await createPartner(admin, form({ displayOrder: "" }));
    expect(first).toMatchObject({ ok: true, partner: { displayOrder: 0 } });
    await createPartner(admin, form({ name: "Secondo", displayOrder: "10" }));
    const third = await createPartner(admin, { name: "Terzo", logoUrl: "/uploads/demo/partner-1.svg" });
    expect(third).toMatchObject({ ok: true, partner: { displayOrder: 2, websiteUrl: null, description: null, isActive: false } });
  });

  itDb("requires a name and a logo URL; URLs must be http(s); the order a whole number ≥ 0 (400, nothing written)", async () => {
    await clear();
    const before = await allPartners();
    expect(await createPartner(admin, {})).toMatchObject({ ok: false, status: 400, error: M.nameRequired, fieldErrors: { name: M.nameRequired, logoUrl: M.logoRequired } });
    expect(await createPartner(admin, form({ name: "  ", logoUrl: " " }))).toMatchObject({ status: 400, fieldErrors: { name: M.nameRequired, logoUrl: M.logoRequired } });
    for (const logoUrl of ["logo.png", "ftp://esempio.it/logo.png", "javascript:alert(1)", "//altro.it/logo.png", "/\\altro.it", "https://", "data:image/png;base64,AAAA"]) {
      expect(await createPartner(admin, form({ logoUrl })), logoUrl).toMatchObject({ status: 400, fieldErrors: { logoUrl: M.logoInvalid } });
    }
    for (const websiteUrl of ["www.esempio.it", "esempio", "mailto:info@esempio.it", "javascript:alert(1)", "/pagina", "http://"]) {
      expect(await createPartner(admin, form({ websiteUrl })), websiteUrl).toMatchObject({ status: 400, fieldErrors: { websiteUrl: M.websiteInvalid } });
    }
    for (const displayOrder of ["-1", "1.5", "due", "1e3", "0x10", " 4 5", "١"]) {
      expect(await createPartner(admin, form({ displayOrder })), displayOrder).toMatchObject({ status: 400, fieldErrors: { displayOrder: M.orderInvalid } });
    }
    expect(await createPartner(admin, form({ displayOrder: "1000001" }))).toMatchObject({ status: 400, fieldErrors: { displayOrder: M.orderTooLarge } });
    expect(await createPartner(admin, form({ name: "x".repeat(121) }))).toMatchObject({ status: 400, fieldErrors: { name: M.nameTooLong } });
    expect(await allPartners()).toEqual(before);
  });

  it("tells web addresses and the site's own files from anything else", () => {
    expect(isWebUrl("https://www.esempio.it/a?b=c")).toBe(true);
    expect(isWebUrl("HTTP://ESEMPIO.IT")).toBe(true);
    expect(isWebUrl("https:/esempio.it")).toBe(false);
    expect(isLogoUrl("/uploads/demo/partner-1.svg")).toBe(true);
    expect(isLogoUrl("/uploads/a b.png")).toBe(false);
    expect(isWebUrl("/uploads/demo/partner-1.svg")).toBe(false);
  });

  itDb("edits every field, the active toggle included; an empty order keeps the current one", async () => {
    await clear();
    const created = await createPartner(admin, form());
    if (!created.ok) throw new Error(created.error);
    const { id } = created.partner;
    const edited = await updatePartner(admin, id, form({ name: "Baffi & Co.", websiteUrl: "", description: "", displayOrder: "7", isActive: "" }));
    expect(edited).toMatchObject({ ok: true, message: M.updated, partner: { name: "Baffi & Co.", websiteUrl: null, description: null, displayOrder: 7, isActive: false } });
    expect(await updatePartner(admin, id, form({ displayOrder: "", isActive: "on" }))).toMatchObject({ ok: true, partner: { displayOrder: 7, isActive: true } });
    expect(await updatePartner(admin, id, form({ logoUrl: "nope" }))).toMatchObject({ status: 400, fieldErrors: { logoUrl: M.logoInvalid } });
    const [row] = await db().select().from(partners).where(eq(partners.id, id));
    expect(row).toMatchObject({ name: "Toelettatura Baffi", displayOrder: 7, isActive: true });
  });

  itDb("answers 404 to an unknown or malformed id, changing nothing", async () => {
    await clear();
    await createPartner(admin, form());
    const before = await allPartners();
    for (const id of [MISSING, "non-un-id", "", "42"]) {
      expect(await updatePartner(admin, id, form()), id).toEqual({ ok: false, status: 404, error: M.notFound });
      expect(await updatePartner(admin, id, {}), id).toEqual({ ok: false, status: 404, error: M.notFound });
      expect(await deletePartner(admin, id), id).toEqual({ ok: false, status: 404, error: M.notFound });
    }
    expect(await allPartners()).toEqual(before);
  });

  itDb("deletes a partner", async () => {
    await clear();
    const created = await createPartner(admin, form());
    if (!created.ok) throw new Error(created.error);
    expect(await deletePartner(admin, created.partner.id)).toEqual({ ok: true, message: M.deleted });
    expect(await allPartners()).toEqual([]);
    expect(await deletePartner(admin, created.partner.id)).toEqual({ ok: false, status: 404, error: M.notFound });
  });

  itDb("each write shows at once in the home page's cached partners", async () => {
    await clear();
    setCacheEnabled(true);
    try {
      expect(await activePartners()).toEqual([]);
      const created = await createPartner(admin, form());
      if (!created.ok) throw new Error(created.error);
      expect((await activePartners()).map((p) => p.name)).toEqual(["Toelettatura Baffi"]);
      expect(await activePartners()).toBe(await activePartners()); // memoized between writes
      await updatePartner(admin, created.partner.id, form({ isActive: "" }));
      expect(await activePartners()).toEqual([]);
      await updatePartner(admin, created.partner.id, form({ name: "Baffi di nuovo" }));
      expect((await activePartners()).map((p) => p.name)).toEqual(["Baffi di nuovo"]);
      await deletePartner(admin, created.partner.id);
      expect(await activePartners()).toEqual([]);
    } finally {
      await invalidate(CACHE_TAGS.partners);
    }
  });
});
