// /admin/seo/redirects: its page and each of its actions refuse visitors and users, changing nothing.
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { seoRedirects } from "~/db/schema";
import { action, loader } from "~/routes/admin/seo/redirects";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../../tests/admin-access";
import { createAccount, requestAs } from "../../../../tests/accounts";
import { itDb } from "../../../../tests/db";

const URL = "http://localhost:3000/admin/seo/redirects";
const allRedirects = () => db().select().from(seoRedirects).orderBy(seoRedirects.fromPath);
const post = (fields: Record<string, string>) => ({
  url: URL,
  method: "POST",
  body: () => new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
  state: allRedirects,
});
const call = (request: Request) => throughAdminGate(action, { request, params: {} });

describe("/admin/seo/redirects", () => {
  itDb("the page is for admins only", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, url: new globalThis.URL(request.url), params: {} }), url: URL });
  });

  itDb("create is for admins only, and changes nothing otherwise", async () => {
    await expectAdminOnly({ call, ...post({ intent: "create", fromPath: "/vecchia", toPath: "/nuova", redirectType: "301" }) });
  });

  itDb("delete is for admins only, and changes nothing otherwise", async () => {
    const [existing] = await db().insert(seoRedirects).values({ fromPath: "/resta", toPath: "/qui" }).returning();
    const user = await expectAdminOnly({ call, ...post({ intent: "delete", id: existing!.id }) });
    await expectAdminOnly({ call, ...post({ intent: "altro", id: existing!.id }) }, user);
  });

  itDb("an admin's actions answer with the right status and message", async () => {
    const admin = await createAccount({ role: "admin" });
    const send = (fields: Record<string, string>) =>
      outcomeOf(() =>
        call(requestAs(admin, URL, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } })),
      );
    expect(await send({ intent: "create", fromPath: "/a", toPath: "/b" })).toMatchObject({ status: 200, data: { ok: true, message: "Redirect aggiunto" } });
    expect(await send({ intent: "create", fromPath: "", toPath: "" })).toMatchObject({ status: 400, data: { ok: false, intent: "create", error: "Entrambi i percorsi sono obbligatori" } });
    expect(await send({ intent: "create", fromPath: "https://x/y", toPath: "/b" })).toMatchObject({ status: 400, data: { fieldErrors: { fromPath: expect.stringContaining("relativo") } } });
    expect(await send({ intent: "create", fromPath: "/b", toPath: "/a" })).toMatchObject({ status: 409, data: { ok: false, error: expect.stringContaining("ciclo") } });
    expect(await send({ intent: "create", fromPath: "/A/", toPath: "/c" })).toMatchObject({ status: 409 });
    expect(await send({ intent: "delete", id: "nessuno" })).toMatchObject({ status: 404, data: { ok: false, error: "Redirect non trovato" } });
    expect(await send({ intent: "boh" })).toMatchObject({ status: 400, data: { ok: false, intent: null } });
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, URL), url: new globalThis.URL(URL), params: {} }));
    const items = (page.data as { items: { id: string; fromPath: string }[] }).items;
    expect(items.map((r) => r.fromPath)).toEqual(["/a"]);
    expect(await send({ intent: "delete", id: items[0]!.id })).toMatchObject({ status: 200, data: { ok: true, message: "Redirect eliminato" } });
    expect(await allRedirects()).toEqual([]);
    const unreadable = await outcomeOf(() => call(requestAs(admin, URL, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })));
    expect(unreadable.status).toBe(400);
  });
});
