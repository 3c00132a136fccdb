// /admin/adsense, /admin/adsense/new and /admin/adsense/edit?id=…: each page and each action refuses
// visitors and users, changing nothing; an admin's answers carry the right status and message.
import { describe, expect } from "vitest";
import { AD_CODE_MESSAGES as M } from "~/ads/validation";
import { db } from "~/db/client.server";
import { adsenseCodes } from "~/db/schema";
import { action as editAction, loader as editLoader } from "~/routes/admin/adsense/edit";
import { action as listAction, loader as listLoader } from "~/routes/admin/adsense/list";
import { action as newAction } from "~/routes/admin/adsense/new";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";

const BASE = "http://localhost:3000/admin/adsense";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const allCodes = () => db().select().from(adsenseCodes).orderBy(adsenseCodes.id);
const codeFields = { name: "Banner crocchette", htmlCode: "<script>alert(1)</script>", placementType: "footer", pageType: "article", priority: "2", isActive: "on" };

async function existing() {
  const [row] = await db()
    .insert(adsenseCodes)
    .values({ name: "Esistente", htmlCode: "<p>esistente</p>", placementType: "sidebar", pageType: "all" })
    .returning();
  return row!;
}

const post = (url: string, fields: Record<string, string>) => ({
  url,
  method: "POST",
  body: () => new URLSearchParams(fields),
  headers: FORM,
  state: allCodes,
});

describe("/admin/adsense is for administrators only", () => {
  itDb("the list, also filtered", async () => {
    await expectAdminOnly({ call: (r) => throughAdminGate(listLoader, { request: r }), url: BASE });
    await expectAdminOnly({ call: (r) => throughAdminGate(listLoader, { request: r }), url: `${BASE}?placement=footer&pageType=home&active=inactive&page=2` });
  });

  itDb("toggle and delete from the list (and an unknown intent)", async () => {
    const row = await existing();
    const call = (r: Request) => throughAdminGate(listAction, { request: r });
    const user = await expectAdminOnly({ call, ...post(BASE, { intent: "toggle", id: row.id }) });
    await expectAdminOnly({ call, ...post(BASE, { intent: "delete", id: row.id }) }, user);
    await expectAdminOnly({ call, ...post(BASE, { intent: "boh", id: row.id }) }, user);
  });

  itDb("the new page and its save", async () => {
    await expectAdminOnly({ call: (r) => throughAdminGate(layoutLoader, { request: r }), url: `${BASE}/new` });
    await expectAdminOnly({ call: (r) => throughAdminGate(newAction, { request: r }), ...post(`${BASE}/new`, codeFields) });
  });

  itDb("the edit page and its save", async () => {
    const row = await existing();
    await expectAdminOnly({ call: (r) => throughAdminGate(editLoader, { request: r }), url: `${BASE}/edit?id=${row.id}` });
    await expectAdminOnly({ call: (r) => throughAdminGate(editAction, { request: r }), ...post(`${BASE}/edit?id=${row.id}`, { ...codeFields, isActive: "false" }) });
  });
});

describe("/admin/adsense for an administrator", () => {
  itDb("create: back to the list with the message; a blank name or HTML is refused with the values kept", async () => {
    const admin = await createAccount({ role: "admin" });
    const call = (fields: Record<string, string>) =>
      outcomeOf(() => throughAdminGate(newAction, { request: requestAs(admin, `${BASE}/new`, { method: "POST", body: new URLSearchParams(fields), headers: FORM }) }));
    const before = await allCodes();
    const refused = await call({ ...codeFields, name: "   ", htmlCode: "<b>tenuto</b>", priority: "7" });
    expect(refused).toMatchObject({
      status: 400,
      data: { error: M.required, fieldErrors: { name: M.required }, values: { name: "   ", htmlCode: "<b>tenuto</b>", priority: "7", placementType: "footer", pageType: "article" } },
    });
    expect(await call({ ...codeFields, priority: "-3" })).toMatchObject({ status: 400, data: { fieldErrors: { priority: M.priorityInvalid } } });
    expect(await allCodes()).toEqual(before);

    const created = await call({ name: "Predefinito", htmlCode: "<p>ciao</p>" });
    expect(created).toMatchObject({ status: 302, location: "/admin/adsense?saved=created" });
    const list = await outcomeOf(() => throughAdminGate(listLoader, { request: requestAs(admin, `${BASE}?saved=created`) }));
    expect(list).toMatchObject({ status: 200, data: { saved: M.created } });
    expect((list.data as { items: { name: string; placementType: string; pageType: string; isActive: boolean; priority: number }[] }).items).toContainEqual(
      expect.objectContaining({ name: "Predefinito", placementType: "sidebar", pageType: "all", isActive: true, priority: 0 }),
    );
    // An unknown ?saved= says nothing.
    expect(await outcomeOf(() => throughAdminGate(listLoader, { request: requestAs(admin, `${BASE}?saved=boh`) }))).toMatchObject({ data: { saved: null } });
  });

  itDb("edit: the saved code, then back to the list; unknown or malformed ids answer 404", async () => {
    const admin = await createAccount({ role: "admin" });
    const row = await existing();
    expect(await outcomeOf(() => throughAdminGate(editLoader, { request: requestAs(admin, `${BASE}/edit?id=${row.id}`) }))).toMatchObject({
      status: 200,
      data: { adCode: { id: row.id, name: "Esistente", htmlCode: "<p>esistente</p>" } },
    });
    for (const id of ["", "nessuno", "6f1c9a52-3f7e-4a55-9d1e-2b7f0c8e4a11"]) {
      expect(await outcomeOf(() => throughAdminGate(editLoader, { request: requestAs(admin, `${BASE}/edit?id=${id}`) })), id).toMatchObject({ status: 404, data: { adCode: null, error: M.notFound } });
    }
    const save = (url: string, fields: Record<string, string>) =>
      outcomeOf(() => throughAdminGate(editAction, { request: requestAs(admin, url, { method: "POST", body: new URLSearchParams(fields), headers: FORM }) }));
    expect(await save(`${BASE}/edit?id=${row.id}`, { ...codeFields, htmlCode: " " })).toMatchObject({ status: 400, data: { error: M.required, values: { htmlCode: " " } } });
    expect(await save(`${BASE}/edit?id=6f1c9a52-3f7e-4a55-9d1e-2b7f0c8e4a11`, codeFields)).toMatchObject({ status: 404, data: { error: M.notFound } });
    expect(await save(`${BASE}/edit?id=${row.id}`, { ...codeFields, isActive: "false" })).toMatchObject({ status: 302, location: "/admin/adsense?saved=updated" });
    const [after] = await db().select().from(adsenseCodes);
    expect(after).toMatchObject({ name: "Banner crocchette", htmlCode: "<script>alert(1)</script>", placementType: "footer", isActive: false, priority: 2 });
  });

  itDb("toggle and delete answer with their messages; unknown ids and intents are refused", async () => {
    const admin = await createAccount({ role: "admin" });
    const row = await existing();
    const call = (fields: Record<string, string>) =>
      outcomeOf(() => throughAdminGate(listAction, { request: requestAs(admin, BASE, { method: "POST", body: new URLSearchParams(fields), headers: FORM }) }));
    expect(await call({ intent: "toggle", id: row.id })).toMatchObject({ status: 200, data: { ok: true, message: M.deactivated } });
    expect(await call({ intent: "toggle", id: "nessuno" })).toMatchObject({ status: 404, data: { ok: false, error: M.notFound } });
    expect(await call({ intent: "altro", id: row.id })).toMatchObject({ status: 400, data: { ok: false } });
    expect(await call({ intent: "delete", id: row.id })).toMatchObject({ status: 200, data: { ok: true, message: M.deleted } });
    expect(await call({ intent: "delete", id: row.id })).toMatchObject({ status: 404, data: { ok: false, error: M.notFound } });
    expect(await allCodes()).toEqual([]);
  });
});
