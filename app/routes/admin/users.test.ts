import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { USER_ADMIN_MESSAGES as M } from "~/accounts/admin-validation";
import AdminUsers, { action, loader } from "~/routes/admin/users";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { renderPage } from "../../../tests/render-page";
import { createUserRow } from "../../../tests/factories";

const URL_USERS = "http://localhost:3000/admin/users";
const callLoader = (request: Request) => throughAdminGate(loader, { request, params: {} });
const callAction = (request: Request) => throughAdminGate(action, { request, params: {} });
const form = (fields: Record<string, string>) => () => new URLSearchParams(fields);
const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function roles() {
  return db().select({ id: profiles.id, role: profiles.role }).from(profiles).orderBy(profiles.id);
}

describe("/admin/users is for administrators only", () => {
  itDb("the page", async () => {
    await expectAdminOnly({ call: callLoader, url: `${URL_USERS}?q=utente` });
  });

  itDb("promoting and demoting", async () => {
    const target = await createUserRow({ name: "Bersaglio" });
    const admin = await createAccount({ role: "admin" });
    for (const [id, role] of [
      [target.id, "admin"],
      [admin.id, "user"],
    ] as const) {
      await expectAdminOnly({ call: callAction, url: URL_USERS, body: form({ intent: "role", id, role }), headers: FORM, state: roles });
    }
  });
});

describe("/admin/users for an administrator", () => {
  itDb("lists, searches and counts", async () => {
    const admin = await createAccount({ role: "admin", fullName: "Admin Pagina" });
    await createUserRow({ name: "Ornella Vanoni Prova", email: "ornella-prova@example.it" });
    const outcome = await outcomeOf(() => callLoader(requestAs(admin, `${URL_USERS}?q=ORNELLA`)));
    expect(outcome.status).toBe(200);
    const loaded = outcome.data as { users: { email: string }[]; counters: { total: number }; q: string };
    expect(loaded.users.map((u) => u.email)).toEqual(["ornella-prova@example.it"]);
    expect(loaded.q).toBe("ORNELLA");
    expect(loaded.counters.total).toBeGreaterThanOrEqual(2);
  });

  itDb("filters the suspended accounts (decision 0110)", async () => {
    const admin = await createAccount({ role: "admin" });
    const kept = await createUserRow({ name: "Sospesa Filtro", email: "sospesa-filtro@example.it" });
    await createUserRow({ name: "Libera Filtro", email: "libera-filtro@example.it" });
    await db().update(profiles).set({ suspendedAt: new Date(), suspendedReason: "Spam ripetuto nei messaggi." }).where(eq(profiles.id, kept.id));
    const outcome = await outcomeOf(() => callLoader(requestAs(admin, `${URL_USERS}?q=filtro&status=suspended`)));
    const loaded = outcome.data as { users: { id: string; suspendedAt: Date | null }[]; status: string | null };
    expect(loaded.status).toBe("suspended");
    expect(loaded.users.map((u) => u.id)).toEqual([kept.id]);
    const html = renderPage(AdminUsers, loaded, "/admin/users?status=suspended");
    expect(html).toContain("Sospeso");
    expect(html).toContain(`/admin/users/${kept.id}`);
  });

  itDb("sends a page past the last one to the last page", async () => {
    const admin = await createAccount({ role: "admin" });
    const outcome = await outcomeOf(() => callLoader(requestAs(admin, `${URL_USERS}?q=nessuno-zzz&page=7`)));
    expect(outcome).toMatchObject({ status: 302, location: "/admin/users?q=nessuno-zzz" });
  });

  itDb("changes a role, refuses the last admin's demotion and bad input", async () => {
    await db().update(profiles).set({ role: "user" }).where(eq(profiles.role, "admin"));
    const admin = await createAccount({ role: "admin" });
    const target = await createUserRow({ name: "Promossa" });
    const post = (fields: Record<string, string>) =>
      outcomeOf(() => callAction(requestAs(admin, URL_USERS, { method: "POST", body: new URLSearchParams(fields), headers: FORM })));
    expect(await post({ intent: "role", id: target.id, role: "admin" })).toMatchObject({ status: 200, data: { ok: true, message: M.roleUpdated("admin") } });
    expect(await post({ intent: "role", id: target.id, role: "boss" })).toMatchObject({ status: 400, data: { ok: false, error: M.invalidRole } });
    expect(await post({ intent: "role", id: "nope", role: "user" })).toMatchObject({ status: 404, data: { error: M.notFound } });
    expect(await post({ intent: "other", id: target.id, role: "user" })).toMatchObject({ status: 400 });
    // Two admins now: the admin may step down, and is sent out of the back office.
    expect(await post({ intent: "role", id: admin.id, role: "user" })).toMatchObject({ status: 302, location: "/" });
    // The promoted one is the last admin now.
    const last = await createAccount();
    await db().update(profiles).set({ role: "admin" }).where(eq(profiles.id, last.id));
    await db().update(profiles).set({ role: "user" }).where(eq(profiles.id, target.id));
    const refused = await outcomeOf(() =>
      callAction(requestAs(last, URL_USERS, { method: "POST", body: new URLSearchParams({ intent: "role", id: last.id, role: "user" }), headers: FORM })),
    );
    expect(refused).toMatchObject({ status: 409, data: { ok: false, error: M.lastAdmin } });
    const [row] = await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.id, last.id));
    expect(row?.role).toBe("admin");
  });
});

describe("names are text on /admin/users", () => {
  itDb("a name with markup shows as written", async () => {
    const admin = await createAccount({ role: "admin" });
    const MARKUP = "<img src=x onerror=alert(1)>";
    await createUserRow({ name: `Nome ${MARKUP}`, email: `markup-${Date.now()}@example.it` });
    const path = "/admin/users?q=onerror";
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, `http://localhost:3000${path}`), params: {} }));
    expect(page.status).toBe(200);
    const html = renderPage(AdminUsers, page.data, path);
    expect(html).not.toContain(MARKUP);
    expect(html).toContain("Nome &lt;img src=x onerror=alert(1)&gt;");
  });
});
