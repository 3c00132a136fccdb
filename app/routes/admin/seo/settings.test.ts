// /admin/seo/settings: its page and its save refuse visitors and users, changing nothing.
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { seoSettings } from "~/db/schema";
import { action, loader } from "~/routes/admin/seo/settings";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../../tests/admin-access";
import { createAccount, requestAs } from "../../../../tests/accounts";
import { itDb } from "../../../../tests/db";

const URL = "http://localhost:3000/admin/seo/settings";
const allSettings = () => db().select().from(seoSettings);
const fields = { siteName: "Rubata", robotsTxt: "User-agent: *\nDisallow: /", googleAnalyticsId: "G-EVIL123" };
const call = (request: Request) => throughAdminGate(action, { request, params: {} });
const form = (values: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(values), headers: { "content-type": "application/x-www-form-urlencoded" } });

describe("/admin/seo/settings", () => {
  itDb("the page is for admins only", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, params: {} }), url: URL });
  });

  itDb("saving is for admins only, and changes nothing otherwise (no row yet, or one saved)", async () => {
    const post = { call, url: URL, method: "POST", body: () => new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" }, state: allSettings };
    const user = await expectAdminOnly(post);
    await db().insert(seoSettings).values({ id: 1, siteName: "Zampa", robotsTxt: "User-agent: *\nAllow: /" });
    await expectAdminOnly(post, user);
  });

  itDb("an admin saves, gets the spec's message, and a bad value is a 400 with its field", async () => {
    const admin = await createAccount({ role: "admin" });
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, URL), params: {} }));
    expect(page.data).toMatchObject({ form: { siteName: "Zampa" }, updatedAt: null });
    expect(await outcomeOf(() => call(requestAs(admin, URL, form({ siteName: "Zampa Test" }))))).toMatchObject({
      status: 200,
      data: { ok: true, message: "Impostazioni salvate con successo" },
    });
    expect(await outcomeOf(() => call(requestAs(admin, URL, form({ siteName: "Zampa", defaultOgImage: "non un url" }))))).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { defaultOgImage: expect.stringContaining("deve essere un URL") } },
    });
    expect((await allSettings()).map((r) => r.siteName)).toEqual(["Zampa Test"]);
  });
});
