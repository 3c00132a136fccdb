// /admin/seo (the SEO manager's tabs and overview): for admins only.
import { describe, expect } from "vitest";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { loader } from "~/routes/admin/seo/overview";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../../tests/admin-access";
import { createAccount, requestAs } from "../../../../tests/accounts";
import { itDb } from "../../../../tests/db";

const URL = "http://localhost:3000/admin/seo";

describe("/admin/seo", () => {
  itDb("/admin/seo (the layouts and the overview) refuses visitors, users and administrators without the required second factor", async () => {
    const user = await expectAdminOnly({ call: (request) => throughAdminGate(layoutLoader, { request, params: {} }), url: URL });
    await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, params: {} }), url: URL }, user);
  });

  itDb("an admin gets the four cards and the checklist", async () => {
    const admin = await createAccount({ role: "admin" });
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, URL), params: {} }));
    expect(page.status).toBe(200);
    const { cards, checklist } = page.data as { cards: { id: string }[]; checklist: unknown[] };
    expect(cards.map((c) => c.id)).toEqual(["articles", "keywords", "redirects", "length"]);
    expect(checklist).toHaveLength(4);
  });
});
