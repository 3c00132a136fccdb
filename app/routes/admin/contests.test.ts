// /admin/contests: its page and each of its actions refuse visitors and users, changing nothing; an
// admin's actions answer with the right status; what people typed shows as text.
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { contests, contestSubmissions, contestVotes } from "~/db/schema";
import { CONTEST_FORM_MESSAGES as F } from "~/contests/validation";
import AdminContests, { action, loader } from "~/routes/admin/contests";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { createAccount, requestAs } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";
import { renderPage } from "../../../tests/render-page";
import { createContest, createSubmission, createUserRow } from "../../../tests/factories";

const URL = "http://localhost:3000/admin/contests";
const MARKUP = `<img src=x onerror=alert(1)>`;
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const state = async () => ({
  contests: await db().select().from(contests).orderBy(contests.id),
  entries: await db().select().from(contestSubmissions).orderBy(contestSubmissions.id),
  votes: await db().select().from(contestVotes).orderBy(contestVotes.id),
});
const post = (fields: Record<string, string>) => ({ url: URL, method: "POST", body: () => new URLSearchParams(fields), headers: FORM, state });
const valid = { title: "Gatti al sole", description: "Il gatto più rilassato", startDate: "2026-12-01", endDate: "2026-12-31", status: "active", maxSubmissionsPerUser: "3" };

describe("/admin/contests", () => {
  itDb("the page is for admins only", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, params: {}, url: new globalThis.URL(URL) }), url: URL });
  });

  itDb("create, update, delete (and any other intent) are for admins only, and change nothing otherwise", async () => {
    const contest = await createContest();
    const entrant = await createUserRow();
    await createSubmission(contest.id, entrant!.id);
    const call = (request: Request) => throughAdminGate(action, { request, params: {} });
    const user = await expectAdminOnly({ call, ...post({ intent: "create", ...valid }) });
    await expectAdminOnly({ call, ...post({ intent: "update", id: contest.id, ...valid, title: "Cambiato" }) }, user);
    await expectAdminOnly({ call, ...post({ intent: "delete", id: contest.id }) }, user);
    await expectAdminOnly({ call, ...post({ intent: "boh", id: contest.id }) }, user);
  });

  itDb("an admin's actions answer with the right status and message", async () => {
    const admin = await createAccount({ role: "admin" });
    const call = (fields: Record<string, string>) =>
      outcomeOf(() => throughAdminGate(action, { request: requestAs(admin, URL, { method: "POST", body: new URLSearchParams(fields), headers: FORM }), params: {} }));
    expect(await call({ intent: "create", ...valid })).toMatchObject({ status: 200, data: { ok: true, intent: "create", message: F.created } });
    expect(await call({ intent: "create", ...valid, endDate: "2026-11-01" })).toMatchObject({
      status: 400,
      data: { ok: false, intent: "create", error: F.endBeforeStart, fieldErrors: { endDate: F.endBeforeStart } },
    });
    expect(await call({ intent: "update", id: "nessuno", ...valid })).toMatchObject({ status: 404, data: { ok: false, error: "Concorso non trovato" } });
    expect(await call({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({ status: 404 });
    expect(await call({ intent: "altro" })).toMatchObject({ status: 400, data: { ok: false, intent: null } });
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, URL), params: {}, url: new globalThis.URL(URL) }));
    expect((page.data as { items: { title: string }[] }).items.map((c) => c.title)).toContain("Gatti al sole");
    const unreadable = await outcomeOf(() =>
      throughAdminGate(action, { request: requestAs(admin, URL, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }), params: {} }),
    );
    expect(unreadable.status).toBe(400);
  });

  itDb("shows titles as text, with counts and the way to each contest's entries", async () => {
    const admin = await createAccount({ role: "admin" });
    const contest = await createContest({ title: `Concorso ${MARKUP}` });
    const entrant = await createUserRow();
    await createSubmission(contest.id, entrant!.id, { status: "pending" });
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, URL), params: {}, url: new globalThis.URL(URL) }));
    const html = renderPage(AdminContests, page.data, "/admin/contests");
    expect(html).not.toContain(MARKUP);
    expect(html).toContain("Concorso &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain(`href="/admin/contests/${contest.id}/submissions"`);
    expect(html).toContain("1 partecipazione (1 in attesa)");
  });
});
