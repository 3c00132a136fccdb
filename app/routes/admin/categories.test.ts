// /admin/categories: its page and each of its actions refuse visitors and users, changing nothing.
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { categories } from "~/db/schema";
import { action, loader } from "~/routes/admin/categories";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { createAccount, requestAs } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";
import { createArticle, createCategory } from "../../../tests/factories";

const URL = "http://localhost:3000/admin/categories";
const allCategories = () => db().select().from(categories).orderBy(categories.id);
const formBody = (fields: Record<string, string>) => () => new URLSearchParams(fields);
const post = (fields: Record<string, string>) => ({
  url: URL,
  method: "POST",
  body: formBody(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
  state: allCategories,
});

describe("/admin/categories", () => {
  itDb("the page is for admins only", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, params: {} }), url: URL });
  });

  itDb("create, update and delete are for admins only, and change nothing otherwise", async () => {
    const empty = await createCategory({ slug: "vuota-accesso" });
    const full = await createCategory({ slug: "piena-accesso" });
    await createArticle({ categoryId: full.id });
    const call = (request: Request) => throughAdminGate(action, { request, params: {} });
    const user = await expectAdminOnly({ call, ...post({ intent: "create", name: "Rettili", slug: "rettili" }) });
    await expectAdminOnly({ call, ...post({ intent: "update", id: empty.id, name: "Cambiata", slug: "cambiata", icon: "dog" }) }, user);
    await expectAdminOnly({ call, ...post({ intent: "delete", id: empty.id }) }, user);
    await expectAdminOnly({ call, ...post({ intent: "delete", id: full.id }) }, user);
    await expectAdminOnly({ call, ...post({ intent: "boh", id: empty.id }) }, user);
  });

  itDb("an admin's actions answer with the right status and message", async () => {
    const admin = await createAccount({ role: "admin" });
    const call = (fields: Record<string, string>) =>
      outcomeOf(() =>
        throughAdminGate(action, {
          request: requestAs(admin, URL, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } }),
          params: {},
        }),
      );
    expect(await call({ intent: "create", name: "Rettili", slug: "rettili", icon: "dog" })).toMatchObject({ status: 200, data: { ok: true, message: "Categoria creata" } });
    expect(await call({ intent: "create", name: "Rettili", slug: "rettili" })).toMatchObject({
      status: 409,
      data: { ok: false, intent: "create", fieldErrors: { slug: "Esiste già una categoria con questo slug: scegline un altro" } },
    });
    expect(await call({ intent: "create", name: "", slug: "" })).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { name: "Il nome è obbligatorio" } } });
    expect(await call({ intent: "delete", id: "nessuno" })).toMatchObject({ status: 404, data: { ok: false, error: "Categoria non trovata" } });
    expect(await call({ intent: "altro" })).toMatchObject({ status: 400, data: { ok: false, intent: null } });
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, URL), params: {} }));
    expect((page.data as { categories: { slug: string }[] }).categories.map((c) => c.slug)).toContain("rettili");
    // A body that is not a form is refused before anything else.
    const unreadable = await outcomeOf(() =>
      throughAdminGate(action, { request: requestAs(admin, URL, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }), params: {} }),
    );
    expect(unreadable.status).toBe(400);
  });
});
