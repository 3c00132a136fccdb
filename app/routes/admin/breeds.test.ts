// /admin/breeds: its page and each of its actions refuse visitors and users, changing nothing; an
// admin's actions answer with the right status and message; notes show as text.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { BREED_MESSAGES as M } from "~/breeds/validation";
import { db } from "~/db/client.server";
import { allowedBreeds } from "~/db/schema";
import AdminBreeds, { action, loader } from "~/routes/admin/breeds";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { createAccount, requestAs } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";
import { renderPage } from "../../../tests/render-page";

const URL = "http://localhost:3000/admin/breeds";
const MARKUP = `<img src=x onerror=alert(1)>`;
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const allBreeds = () => db().select().from(allowedBreeds).orderBy(allowedBreeds.id);
const post = (fields: Record<string, string>) => ({ url: URL, method: "POST", body: () => new URLSearchParams(fields), headers: FORM, state: allBreeds });
const callLoader = (request: Request) => throughAdminGate(loader, { request, params: {} });
const callAction = (request: Request) => throughAdminGate(action, { request, params: {} });

async function newBreed(values: Partial<typeof allowedBreeds.$inferInsert> = {}) {
  const [row] = await db()
    .insert(allowedBreeds)
    .values({ petType: "reptile", breedName: `Geco ${Date.now()}`, ...values })
    .returning();
  return row!;
}


describe("/admin/breeds", () => {
  itDb("the page is for admins only", async () => {
    await expectAdminOnly({ call: callLoader, url: URL });
    await expectAdminOnly({ call: callLoader, url: `${URL}?type=dog&legal=banned` });
  });

  itDb("create, update, delete (and any other intent) are for admins only, and change nothing otherwise", async () => {
    const breed = await newBreed();
    const user = await expectAdminOnly({ call: callAction, ...post({ intent: "create", petType: "dog", breedName: "Volpino" }) });
    await expectAdminOnly({ call: callAction, ...post({ intent: "update", id: breed.id, petType: "dog", breedName: "Cambiata" }) }, user);
    await expectAdminOnly({ call: callAction, ...post({ intent: "delete", id: breed.id }) }, user);
    await expectAdminOnly({ call: callAction, ...post({ intent: "boh", id: breed.id }) }, user);
  });

  itDb("an admin's actions answer with the right status and the spec's messages", async () => {
    const admin = await createAccount({ role: "admin" });
    const call = (fields: Record<string, string>) => outcomeOf(() => callAction(requestAs(admin, URL, { method: "POST", body: new URLSearchParams(fields), headers: FORM })));
    const created = await call({ intent: "create", petType: "bird", breedName: "Cocorita test", isLegal: "false", requiresCites: "false" });
    expect(created).toMatchObject({ status: 200, data: { ok: true, intent: "create", message: "Razza creata con successo" } });
    expect(await call({ intent: "create", petType: "bird", breedName: "Cocorita test" })).toMatchObject({ status: 409, data: { ok: false, error: M.duplicate, fieldErrors: { breedName: M.duplicate } } });
    expect(await call({ intent: "create", petType: "bird", breedName: "" })).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { breedName: M.nameRequired } } });
    const [row] = await db().select().from(allowedBreeds).where(eq(allowedBreeds.breedName, "Cocorita test"));
    expect(row).toMatchObject({ isLegal: false, requiresCites: false });
    expect(await call({ intent: "update", id: row!.id, petType: "bird", breedName: "Cocorita test", isLegal: "on" })).toMatchObject({ data: { ok: true, message: "Razza aggiornata con successo" } });
    expect(await call({ intent: "delete", id: row!.id })).toMatchObject({ data: { ok: true, message: "Razza eliminata con successo" } });
    expect(await call({ intent: "delete", id: row!.id })).toMatchObject({ status: 404, data: { ok: false, error: M.notFound } });
    expect(await call({ intent: "altro" })).toMatchObject({ status: 400, data: { ok: false, intent: null } });
  });

  itDb("the page filters, counts, and shows notes and names as text", async () => {
    const admin = await createAccount({ role: "admin" });
    await newBreed({ petType: "fish", breedName: `Pesce ${MARKUP}`, notes: `Note ${MARKUP}`, isLegal: false, requiresCites: true, requiresMicrochip: false });
    const page = await outcomeOf(() => callLoader(requestAs(admin, `${URL}?type=fish&legal=banned`)));
    expect(page.status).toBe(200);
    const loaded = page.data as { shown: number; total: number; filters: unknown };
    expect(loaded.filters).toEqual({ petType: "fish", legality: "banned" });
    const html = renderPage(AdminBreeds, page.data, "/admin/breeds");
    expect(html).not.toContain(MARKUP);
    expect(html).toContain("Pesce &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Note &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain(M.showing(loaded.shown, loaded.total));
    expect(html).toContain(">Vietata<");
    expect(html).toContain(">CITES<");
    expect(html).not.toContain(">Microchip<");
    await db().delete(allowedBreeds).where(eq(allowedBreeds.petType, "other"));
    const empty = await outcomeOf(() => callLoader(requestAs(admin, `${URL}?type=other`)));
    expect(empty.data).toMatchObject({ shown: 0, items: [] });
    expect(renderPage(AdminBreeds, empty.data, "/admin/breeds")).toContain(M.empty);
  });
});
