// /admin/seo/meta-tags: the page is for admins; it shows the saved values or 'Not configured'.
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { seoSettings } from "~/db/schema";
import { loader } from "~/routes/admin/seo/meta-tags";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../../tests/admin-access";
import { createAccount, requestAs } from "../../../../tests/accounts";
import { itDb } from "../../../../tests/db";

const URL = "http://localhost:3000/admin/seo/meta-tags";
const load = (request: Request) => throughAdminGate(loader, { request, params: {} });

describe("/admin/seo/meta-tags", () => {
  itDb("the page is for admins only", async () => {
    await expectAdminOnly({ call: load, url: URL });
  });

  itDb("shows nothing configured before the first save, then the saved values", async () => {
    const admin = await createAccount({ role: "admin" });
    expect((await outcomeOf(() => load(requestAs(admin, URL)))).data).toEqual({ siteName: null, siteDescription: null, defaultOgImage: null });
    await db().insert(seoSettings).values({ id: 1, siteName: "Zampa <b>Test</b>", siteDescription: "", defaultOgImage: "https://x.example/og.png" });
    expect((await outcomeOf(() => load(requestAs(admin, URL)))).data).toEqual({ siteName: "Zampa <b>Test</b>", siteDescription: null, defaultOgImage: "https://x.example/og.png" });
  });
});
