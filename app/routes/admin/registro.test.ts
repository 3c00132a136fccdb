import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import { recordAudit } from "~/audit/record.server";
import { AUDIT_LOG_MESSAGES as M } from "~/audit/log-validation";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { loader as pageLoader } from "~/routes/admin/registro";
import { loader as csvLoader } from "~/routes/admin/registro-csv";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";

const BASE = "http://localhost:3000";
// As React Router matches them: the page's pattern for the page and its .data, the CSV's own.
const callPage = (request: Request) => throughAdminGate(pageLoader, { request, url: new URL(`${BASE}/admin/registro`) });
const callCsv = (request: Request) => throughAdminGate(csvLoader, { request, url: new URL(`${BASE}/admin/registro.csv`) });

async function staff(role: "editor" | "moderator" | "admin"): Promise<TestAccount> {
  const account = await createAccount();
  await db().update(profiles).set({ role }).where(eq(profiles.id, account.id));
  return account;
}

describe("/admin/registro is for administrators only", () => {
  itDb("a visitor, a user and an admin without the second factor are refused", async () => {
    await expectAdminOnly({ call: callPage, url: `${BASE}/admin/registro` });
    await expectAdminOnly({ call: callCsv, url: `${BASE}/admin/registro.csv` });
  });

  itDb("an editor and a moderator get 403: the page, its .data and the CSV", async () => {
    for (const role of ["editor", "moderator"] as const) {
      const person = await staff(role);
      for (const [call, url] of [
        [callPage, `${BASE}/admin/registro`],
        [callPage, `${BASE}/admin/registro.data`],
        [callCsv, `${BASE}/admin/registro.csv`],
      ] as const) {
        const outcome = await outcomeOf(() => call(requestAs(person, url, { headers: { accept: "application/json" } })));
        expect(outcome, `${role} ${url}`).toMatchObject({ status: 403, data: { error: ADMIN_ACCESS_MESSAGES.notPermitted } });
      }
    }
  });
});

describe("/admin/registro for an administrator", () => {
  itDb("shows the records; a wrong day is 400 with the field's message", async () => {
    const admin = await staff("admin");
    await recordAudit({ actor: { id: admin.id, fullName: "Amministratrice", role: "admin", address: "192.0.2.1" }, area: "partners", action: "create", item: { id: "p1", label: "Negozio Fido" }, after: { name: "Negozio Fido" } });
    const page = await outcomeOf(() => callPage(requestAs(admin, `${BASE}/admin/registro?area=partners`)));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ records: [{ itemLabel: "Negozio Fido", areaLabel: "Partner", actionLabel: "Creazione", address: "192.0.2.1" }], fieldErrors: {} });

    const wrong = await outcomeOf(() => callPage(requestAs(admin, `${BASE}/admin/registro?from=31/02/2026`)));
    expect(wrong).toMatchObject({ status: 400, data: { records: [], fieldErrors: { from: M.badDate("Dal") } } });
  });

  itDb("the CSV: an attachment named after today, UTF-8 with BOM; a wrong day is 400", async () => {
    const admin = await staff("admin");
    await recordAudit({ actor: { id: admin.id, fullName: "Amministratrice", role: "admin" }, area: "seo", action: "update", item: { id: "s", label: "Impostazioni" } });
    const response = (await callCsv(requestAs(admin, `${BASE}/admin/registro.csv?area=seo`))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registro-attivita-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain("Amministratrice,Amministratore,,SEO,Modifica,s,Impostazioni");

    const wrong = await outcomeOf(() => callCsv(requestAs(admin, `${BASE}/admin/registro.csv?to=ieri`)));
    expect(wrong).toMatchObject({ status: 400, data: { error: M.badDate("Al") } });
  });
});
