// /admin/users/:id (decision 0110): through the back office's gate, administrators only; the page
// and its three forms (suspend, reinstate, erase) as an administrator uses them.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import { USER_MODERATION_MESSAGES as M } from "~/accounts/moderation-texts";
import { db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import AdminUserDetail, { action, loader } from "~/routes/admin/user-detail";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { MISSING_ID } from "../../../tests/factories";
import { renderPage } from "../../../tests/render-page";

const PATTERN = "/admin/users/:id";
const urlOf = (id: string) => `http://localhost:3000/admin/users/${id}`;
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const REASON = "Messaggi truffaldini a molte persone in due giorni.";
const EVERY_FORM: Record<string, string>[] = [{ intent: "suspend", reason: REASON }, { intent: "reinstate", reason: REASON }, { intent: "erase", confirmation: "ELIMINA" }];

const callLoader = (id: string) => (request: Request) => throughAdminGate(loader, { request, params: { id } });
const callAction = (id: string) => (request: Request) => throughAdminGate(action, { request, params: { id } });

async function stateOf(id: string) {
  const [row] = await db().select({ suspendedAt: profiles.suspendedAt, role: profiles.role }).from(profiles).where(eq(profiles.id, id));
  const [account] = await db().select({ id: users.id }).from(users).where(eq(users.id, id));
  return { row, exists: account !== undefined };
}

async function staff(role: "editor" | "moderator"): Promise<TestAccount> {
  const account = await createAccount();
  await db().update(profiles).set({ role }).where(eq(profiles.id, account.id));
  return account;
}

function post(who: TestAccount, id: string, fields: Record<string, string>) {
  return outcomeOf(() => callAction(id)(requestAs(who, urlOf(id), { method: "POST", body: new URLSearchParams(fields), headers: FORM })));
}

describe("/admin/users/:id is for administrators only", () => {
  itDb("visitors, users and an administrator without the required second factor are refused, nothing changes", async () => {
    const target = await createAccount();
    await expectAdminOnly({ call: callLoader(target.id), url: urlOf(target.id) });
    for (const fields of EVERY_FORM) {
      await expectAdminOnly({ call: callAction(target.id), url: urlOf(target.id), body: () => new URLSearchParams(fields), headers: FORM, state: () => stateOf(target.id) });
    }
  });

  itDb("editors and moderators get 403, for the page and each form, and nothing changes", async () => {
    const target = await createAccount();
    const before = await stateOf(target.id);
    for (const role of ["editor", "moderator"] as const) {
      const who = await staff(role);
      const page = await outcomeOf(() => callLoader(target.id)(requestAs(who, urlOf(target.id))));
      expect(page.status).toBe(403);
      for (const fields of EVERY_FORM) {
        const refused = await post(who, target.id, fields);
        expect(refused).toMatchObject({ status: 403, data: { ok: false, error: ADMIN_ACCESS_MESSAGES.notPermitted } });
      }
    }
    expect(await stateOf(target.id)).toEqual(before);
  });
});

describe("/admin/users/:id for an administrator", () => {
  itDb("shows the person, suspends with a reason, refuses an empty one beside its field, reinstates, erases", async () => {
    const admin = await createAccount({ role: "admin", fullName: "Anna Amministratrice" });
    const target = await createAccount({ fullName: "Piero Persona" });
    const page = await outcomeOf(() => callLoader(target.id)(requestAs(admin, urlOf(target.id))));
    expect(page.status).toBe(200);
    const html = renderPage(AdminUserDetail, page.data, `/admin/users/${target.id}`, PATTERN);
    expect(html).toContain("Piero Persona");
    expect(html).toContain("Sospendi account");
    expect(html).toContain("Email e password");

    expect(await post(admin, target.id, { intent: "suspend", reason: "" })).toMatchObject({
      status: 400,
      data: { ok: false, intent: "suspend", error: M.reasonRequired, fieldErrors: { reason: M.reasonRequired } },
    });
    expect((await stateOf(target.id)).row?.suspendedAt).toBeNull();
    expect(await post(admin, target.id, { intent: "suspend", reason: REASON })).toMatchObject({ status: 200, data: { ok: true, intent: "suspend", message: M.suspended } });
    const suspended = await outcomeOf(() => callLoader(target.id)(requestAs(admin, urlOf(target.id))));
    const suspendedHtml = renderPage(AdminUserDetail, suspended.data, `/admin/users/${target.id}`, PATTERN);
    expect(suspendedHtml).toContain("Account sospeso");
    expect(suspendedHtml).toContain(REASON);
    expect(suspendedHtml).toContain("Riattiva account");

    expect(await post(admin, target.id, { intent: "reinstate", reason: "Chiarito: l'account era stato rubato." })).toMatchObject({ status: 200, data: { ok: true, message: M.reinstated } });
    expect(await post(admin, target.id, { intent: "erase", confirmation: "no" })).toMatchObject({ status: 400, data: { fieldErrors: { confirmation: M.confirmationRequired } } });
    expect(await post(admin, target.id, { intent: "erase", confirmation: "ELIMINA" })).toMatchObject({ status: 302, location: "/admin/users?erased=1" });
    expect((await stateOf(target.id)).exists).toBe(false);
    const gone = await outcomeOf(() => callLoader(target.id)(requestAs(admin, urlOf(target.id))));
    expect(gone).toMatchObject({ status: 404, data: { found: null, error: M.notFound } });
  });

  itDb("an unknown person is 404, and oneself cannot be suspended", async () => {
    const admin = await createAccount({ role: "admin" });
    expect(await outcomeOf(() => callLoader(MISSING_ID)(requestAs(admin, urlOf(MISSING_ID))))).toMatchObject({ status: 404 });
    expect(await post(admin, MISSING_ID, { intent: "suspend", reason: REASON })).toMatchObject({ status: 404, data: { error: M.notFound } });
    expect(await post(admin, admin.id, { intent: "suspend", reason: REASON })).toMatchObject({ status: 409, data: { error: M.notYourself } });
    const self = await outcomeOf(() => callLoader(admin.id)(requestAs(admin, urlOf(admin.id))));
    const html = renderPage(AdminUserDetail, self.data, `/admin/users/${admin.id}`, PATTERN);
    expect(html).not.toContain("Sospendi account");
    expect(html).not.toContain("Elimina account e dati");
  });
});
