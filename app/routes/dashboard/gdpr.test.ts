import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { DELETION_CONFIRMATION, ACCOUNT_DELETION_MESSAGES as M } from "~/accounts/gdpr-validation";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { createAccount, requestAs } from "../../../tests/accounts";
import { outcomeOf } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { loader as exportLoader } from "./data-export";
import { action as deleteAction, loader as deleteLoader } from "./delete-account";

const args = (request: Request) => ({ request, params: {}, context: {}, url: new URL(request.url) }) as never;

describe("the GDPR routes", () => {
  itDb("send a visitor to /login and change nothing", async () => {
    for (const run of [
      () => exportLoader(args(requestAs(null, "http://localhost:3000/dashboard/data-export"))),
      () => deleteLoader(args(requestAs(null, "http://localhost:3000/dashboard/delete-account"))),
      () =>
        deleteAction(
          args(
            requestAs(null, "http://localhost:3000/dashboard/delete-account", {
              method: "POST",
              body: new URLSearchParams({ password: "x", confirmation: DELETION_CONFIRMATION }),
            }),
          ),
        ),
    ]) {
      const outcome = await outcomeOf(run);
      expect(outcome.status).toBe(302);
      // With the way back to the page asked for (decision 0092).
      expect(outcome.location).toMatch(/^\/login\?redirectTo=%2Fdashboard%2F(data-export|delete-account)$/);
    }
  });

  itDb("download the signed-in user's data as a JSON attachment", async () => {
    const account = await createAccount({ fullName: "Anna Scarica" });
    const response = (await exportLoader(args(requestAs(account, "http://localhost:3000/dashboard/data-export")))) as Response;
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="zampa-i-miei-dati-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as { account: { email: string; fullName: string } };
    expect(body.account).toMatchObject({ email: account.email, fullName: "Anna Scarica" });
  });

  itDb("erase the account only with the password, then sign the browser out", async () => {
    const account = await createAccount({ password: "Cuccioli-2026" });
    const post = (fields: Record<string, string>) =>
      deleteAction(args(requestAs(account, "http://localhost:3000/dashboard/delete-account", { method: "POST", body: new URLSearchParams(fields) })));
    const refused = await outcomeOf(() => post({ password: "Sbagliata-2026", confirmation: DELETION_CONFIRMATION }));
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: M.wrongPassword });
    const done = (await post({ password: "Cuccioli-2026", confirmation: DELETION_CONFIRMATION })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/account-eliminato");
    expect(done.headers.get("set-cookie")).toContain("better-auth.session_token=;");
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, account.id))).toEqual([]);
  });
});
