// /admin/seo/keywords: its page (list and form) and each action refuse visitors and users,
// changing nothing; an admin's actions answer with the right status and message.
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { seoKeywords } from "~/db/schema";
import { action, loader } from "~/routes/admin/seo/keywords";
import { KEYWORD_MESSAGES as M } from "~/seo/keyword-validation";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../../tests/admin-access";
import { createAccount, requestAs } from "../../../../tests/accounts";
import { itDb } from "../../../../tests/db";

const URL = "http://localhost:3000/admin/seo/keywords";
const allKeywords = () => db().select().from(seoKeywords).orderBy(seoKeywords.id);
const post = (fields: Record<string, string>) => ({
  url: URL,
  method: "POST",
  body: () => new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
  state: allKeywords,
});
const callLoader = (request: Request) => throughAdminGate(loader, { request, url: new globalThis.URL(request.url), params: {} });
const callAction = (request: Request) => throughAdminGate(action, { request, params: {} });

describe("/admin/seo/keywords", () => {
  itDb("the list and the form are for admins only", async () => {
    const [kept] = await db().insert(seoKeywords).values({ keyword: "accesso-lista" }).returning();
    const user = await expectAdminOnly({ call: callLoader, url: URL });
    await expectAdminOnly({ call: callLoader, url: `${URL}?edit=new` }, user);
    await expectAdminOnly({ call: callLoader, url: `${URL}?edit=${kept!.id}` }, user);
  });

  itDb("create, update and delete are for admins only, and change nothing otherwise", async () => {
    const [kept] = await db().insert(seoKeywords).values({ keyword: "accesso-azioni", notes: "prima" }).returning();
    const user = await expectAdminOnly({ call: callAction, ...post({ intent: "create", keyword: "nuova parola" }) });
    await expectAdminOnly({ call: callAction, ...post({ intent: "update", id: kept!.id, keyword: "cambiata", notes: "dopo" }) }, user);
    await expectAdminOnly({ call: callAction, ...post({ intent: "delete", id: kept!.id }) }, user);
    await expectAdminOnly({ call: callAction, ...post({ intent: "boh", id: kept!.id }) }, user);
  });

  itDb("an admin: saved goes back to the list with the message; refused stays on the form with the typed values", async () => {
    await db().delete(seoKeywords);
    const admin = await createAccount({ role: "admin" });
    const send = (fields: Record<string, string>) =>
      outcomeOf(() =>
        callAction(requestAs(admin, URL, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } })),
      );
    expect(await send({ intent: "create", keyword: "gatto", searchVolume: "abc", difficulty: "" })).toMatchObject({ status: 302, location: "/admin/seo/keywords?saved=created" });
    const [row] = await allKeywords();
    expect(row).toMatchObject({ keyword: "gatto", searchVolume: 0, difficulty: 50, status: "target" });
    expect(await send({ intent: "create", keyword: "  ", notes: "da tenere" })).toMatchObject({
      status: 400,
      data: { ok: false, error: M.required, fieldErrors: { keyword: M.required }, values: { keyword: "  ", notes: "da tenere" } },
    });
    expect(await send({ intent: "update", id: row!.id, keyword: "gatti", page: "3" })).toMatchObject({ status: 302, location: "/admin/seo/keywords?saved=updated&page=3" });
    expect(await send({ intent: "update", id: "nessuno", keyword: "x" })).toMatchObject({ status: 404, data: { error: M.notFound } });
    expect(await send({ intent: "altro" })).toMatchObject({ status: 400, data: { error: M.invalidAction } });
    expect(await send({ intent: "delete", id: row!.id, page: "javascript:" })).toMatchObject({ status: 302, location: "/admin/seo/keywords?saved=deleted" });
    expect(await allKeywords()).toEqual([]);

    const list = await outcomeOf(() => callLoader(requestAs(admin, `${URL}?saved=deleted`)));
    expect(list.data).toMatchObject({ mode: "list", total: 0, message: M.deleted });
    const missing = await outcomeOf(() => callLoader(requestAs(admin, `${URL}?edit=${row!.id}`)));
    expect(missing).toMatchObject({ status: 404, data: { mode: "missing", error: M.notFound } });
    const form = await outcomeOf(() => callLoader(requestAs(admin, `${URL}?edit=new`)));
    expect(form.data).toMatchObject({ mode: "form", keyword: null });
    const unreadable = await outcomeOf(() => callAction(requestAs(admin, URL, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })));
    expect(unreadable.status).toBe(400);
  });
});
