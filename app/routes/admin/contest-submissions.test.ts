// /admin/contests/{id}/submissions: the page and its approve / reject actions refuse visitors and
// users, changing nothing; an admin sees each entry's author and e-mail, only the decisions that
// change something, and what participants typed as text.
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { contestSubmissions } from "~/db/schema";
import ContestSubmissions, { action, loader } from "~/routes/admin/contest-submissions";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { createAccount, requestAs } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";
import { renderPage } from "../../../tests/render-page";

const renderSubmissions = (loaderData: unknown, path: string) => renderPage(ContestSubmissions, loaderData, path, "/admin/contests/:id/submissions");
import { createContest, createSubmission, createUserRow } from "../../../tests/factories";

const MARKUP = `<img src=x onerror=alert(1)>`;
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const entries = () => db().select().from(contestSubmissions).orderBy(contestSubmissions.id);


describe("/admin/contests/{id}/submissions", () => {
  itDb("the page and each decision are for admins only, and change nothing otherwise", async () => {
    const contest = await createContest();
    const entrant = await createUserRow();
    const entry = await createSubmission(contest.id, entrant!.id, { status: "pending" });
    const url = `http://localhost:3000/admin/contests/${contest.id}/submissions`;
    const user = await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, params: { id: contest.id } }), url });
    const call = (request: Request) => throughAdminGate(action, { request, params: { id: contest.id } });
    for (const intent of ["approve", "reject", "altro"]) {
      await expectAdminOnly({ call, url, method: "POST", body: () => new URLSearchParams({ intent, id: entry.id }), headers: FORM, state: entries }, user);
    }
  });

  itDb("shows the entries as text, with the author's e-mail, the decisions that apply and the way back to the contests", async () => {
    const admin = await createAccount({ role: "admin" });
    const contest = await createContest({ title: "Estate" });
    const entrant = await createUserRow({ name: "Paola Verdi", email: "paola.verdi@example.it" });
    const pending = await createSubmission(contest.id, entrant!.id, { status: "pending", title: `Titolo ${MARKUP}`, description: `Descrizione ${MARKUP}`, petName: `Fuffi ${MARKUP}` });
    const approved = await createSubmission(contest.id, entrant!.id, { status: "approved", title: "Approvata" });
    const rejected = await createSubmission(contest.id, entrant!.id, { status: "rejected", title: "Rifiutata" });
    const path = `/admin/contests/${contest.id}/submissions`;
    const page = await outcomeOf(() => throughAdminGate(loader, { request: requestAs(admin, `http://localhost:3000${path}`), params: { id: contest.id } }));
    const html = renderSubmissions(page.data, path);
    expect(html).not.toContain(MARKUP);
    expect(html).toContain("Titolo &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Descrizione &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Fuffi &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("paola.verdi@example.it");
    expect(html).toContain('href="/admin/contests"');
    // Approve is hidden on an approved entry, reject on a rejected one; a pending one has both.
    expect(html).toContain(`aria-label="Approva «Titolo &lt;img src=x onerror=alert(1)&gt;»"`);
    expect(html).toContain(`aria-label="Rifiuta «Titolo &lt;img src=x onerror=alert(1)&gt;»"`);
    expect(html).not.toContain("Approva «Approvata»");
    expect(html).toContain("Rifiuta «Approvata»");
    expect(html).toContain("Approva «Rifiutata»");
    expect(html).not.toContain("Rifiuta «Rifiutata»");
    expect([pending.id, approved.id, rejected.id]).toHaveLength(3);
  });
});
