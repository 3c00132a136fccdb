// The shell's own entry points: the layout (whose middleware guards every /admin request) and the dashboard.
import { describe, expect } from "vitest";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { loader as dashboardLoader } from "./index";
import { loader as layoutLoader } from "./layout";

const URL_BASE = "http://localhost:3000";

describe("the admin shell's entry points", () => {
  itDb("refuse visitors and users: the layout and the dashboard", async () => {
    await expectAdminOnly({ url: `${URL_BASE}/admin/qualsiasi`, call: (request) => throughAdminGate(layoutLoader, { request, params: {} }) });
    await expectAdminOnly({ url: `${URL_BASE}/admin`, call: (request) => throughAdminGate(dashboardLoader, { request, params: {} }) });
  });

  itDb("answer an administrator, with the sidebar's folded state from its cookie", async () => {
    const admin = await createAccount({ role: "admin" });
    const request = requestAs(null, `${URL_BASE}/admin`, { headers: { cookie: `${admin.cookie}; zampa_admin_sidebar=collapsed` } });
    const layout = await outcomeOf(() => throughAdminGate(layoutLoader, { request, params: {} }));
    expect(layout.status).toBe(200);
    expect(layout.data).toMatchObject({ admin: { email: admin.email }, collapsed: true });
    const dashboard = await outcomeOf(() => throughAdminGate(dashboardLoader, { request: requestAs(admin, `${URL_BASE}/admin`), params: {} }));
    expect((dashboard.data as { counters: Record<string, number> }).counters.registeredUsers).toBeGreaterThanOrEqual(1);
  });
});
