// /admin/seo/sitemap: for admins only.
import { describe, expect } from "vitest";
import { loader } from "~/routes/admin/seo/sitemap";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../../tests/admin-access";
import { createAccount, requestAs } from "../../../../tests/accounts";
import { itDb } from "../../../../tests/db";

const URL = "http://localhost:3000/admin/seo/sitemap";

describe("/admin/seo/sitemap", () => {
  itDb("the page refuses visitors and users", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, params: {} }), url: URL });
  });

  itDb("an admin sees when the sitemap was built", async () => {
    const admin = await createAccount({ role: "admin" });
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, URL), params: {} }));
    expect(page.status).toBe(200);
    expect((page.data as { sitemap: { builtAt: Date } }).sitemap.builtAt).toBeInstanceOf(Date);
  });
});
