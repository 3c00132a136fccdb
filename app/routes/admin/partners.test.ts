// /admin/partners: its page and each of its actions refuse visitors and users, changing nothing.
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { action, loader } from "~/routes/admin/partners";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { createAccount, requestAs } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";

const URL = "http://localhost:3000/admin/partners";
const allPartners = () => db().select().from(partners).orderBy(partners.id);
const post = (fields: Record<string, string>) => ({
  url: URL,
  method: "POST",
  body: () => new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
  state: allPartners,
});
const partnerFields = { name: "Toelettatura Baffi", logoUrl: "https://cdn.esempio.it/baffi.png", websiteUrl: "https://baffi.esempio.it", displayOrder: "2", isActive: "on" };

describe("/admin/partners", () => {
  itDb("the page is for admins only", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, params: {} }), url: URL });
  });

  itDb("create, update and delete are for admins only, and change nothing otherwise", async () => {
    const [existing] = await db().insert(partners).values({ name: "Esistente", logoUrl: "https://esempio.it/l.png", displayOrder: 0 }).returning();
    const call = (request: Request) => throughAdminGate(action, { request, params: {} });
    const user = await expectAdminOnly({ call, ...post({ intent: "create", ...partnerFields }) });
    await expectAdminOnly({ call, ...post({ intent: "update", id: existing!.id, ...partnerFields, isActive: "" }) }, user);
    await expectAdminOnly({ call, ...post({ intent: "delete", id: existing!.id }) }, user);
    await expectAdminOnly({ call, ...post({ intent: "boh", id: existing!.id }) }, user);
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
    expect(await call({ intent: "create", ...partnerFields })).toMatchObject({ status: 200, data: { ok: true, message: "Partner creato" } });
    expect(await call({ intent: "create", ...partnerFields, logoUrl: "logo.png" })).toMatchObject({
      status: 400,
      data: { ok: false, intent: "create", fieldErrors: { logoUrl: expect.stringContaining("L'URL del logo non è valido") } },
    });
    expect(await call({ intent: "update", id: "nessuno", ...partnerFields })).toMatchObject({ status: 404, data: { ok: false, error: "Partner non trovato" } });
    expect(await call({ intent: "altro" })).toMatchObject({ status: 400, data: { ok: false, intent: null } });
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, URL), params: {} }));
    expect((page.data as { partners: { name: string }[] }).partners.map((p) => p.name)).toContain("Toelettatura Baffi");
  });
});
