import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../tests/setup/database-url";
import { db } from "~/db/client.server";
import { accounts, users } from "~/db/schema";
import { createAccount, requestAs } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { auth } from "./auth.server";
import { listIdentities, OIDC_PROVIDER_ID, PASSWORD_PROVIDER_ID, unlinkIdentity } from "./identities.server";
import { getCurrentUser, type CurrentUser } from "./session.server";
import { SESSION_MESSAGES as M } from "./sessions-messages";

async function signedIn(): Promise<{ user: CurrentUser; email: string }> {
  const account = await createAccount();
  const user = await getCurrentUser(requestAs(account));
  if (!user) throw new Error("not signed in");
  return { user, email: account.email };
}

/** A second method, as single sign-on links it (the SSO tests link one for real). */
async function linkOidc(user: CurrentUser): Promise<string> {
  const [row] = await db()
    .insert(accounts)
    .values({ accountId: `sub-${user.id}`, providerId: OIDC_PROVIDER_ID, userId: user.id })
    .returning({ id: accounts.id });
  return row!.id;
}

describe("linked sign-in methods", () => {
  itDb("lists the password and the provider, only the user's own", async () => {
    const { user } = await signedIn();
    await signedIn();
    await linkOidc(user);
    const list = await listIdentities(user);
    expect(list.map((i) => [i.providerId, i.label])).toEqual([
      [PASSWORD_PROVIDER_ID, "Email e password"],
      [OIDC_PROVIDER_ID, expect.any(String)],
    ]);
  });

  itDb("unlinks one method while another remains", async () => {
    const { user } = await signedIn();
    const oidc = await linkOidc(user);
    const result = await unlinkIdentity(user, oidc);
    expect(result.ok).toBe(true);
    expect((await listIdentities(user)).map((i) => i.providerId)).toEqual([PASSWORD_PROVIDER_ID]);
  });

  itDb("refuses to unlink the last method, and nothing changes", async () => {
    const { user, email } = await signedIn();
    const [only] = await listIdentities(user);
    expect(await unlinkIdentity(user, only!.id)).toEqual({ ok: false, status: 400, error: M.lastIdentity });
    expect(await listIdentities(user)).toHaveLength(1);
    // The password still signs in.
    const again = await auth().api.signInEmail({ body: { email, password: "Cuccioli-2026" } });
    expect(again.user.id).toBe(user.id);
  });

  itDb("unlinking the password leaves the provider as the only way in, which then cannot be unlinked", async () => {
    const { user, email } = await signedIn();
    const oidc = await linkOidc(user);
    const password = (await listIdentities(user)).find((i) => i.providerId === PASSWORD_PROVIDER_ID);
    expect((await unlinkIdentity(user, password!.id)).ok).toBe(true);
    await expect(auth().api.signInEmail({ body: { email, password: "Cuccioli-2026" } })).rejects.toThrow();
    expect(await unlinkIdentity(user, oidc)).toEqual({ ok: false, status: 400, error: M.lastIdentity });
  });

  itDb("refuses a bad id and another account's method (which stays linked)", async () => {
    const { user } = await signedIn();
    await linkOidc(user);
    const other = await signedIn();
    const theirs = await linkOidc(other.user);
    expect(await unlinkIdentity(user, "abc")).toEqual({ ok: false, status: 400, error: M.invalidIdentity });
    expect(await unlinkIdentity(user, theirs)).toEqual({ ok: false, status: 404, error: M.identityNotFound });
    expect(await db().select().from(accounts).where(eq(accounts.id, theirs))).toHaveLength(1);
  });
});

describe("two unlinks at once", () => {
  // Committed for real (no rollback), on PostgreSQL (two connections; PGlite has one, so nothing
  // overlaps there). A third connection holds the rows until both unlinks have started: without the
  // lock in unlinkIdentity both would read "two methods" and remove one each.
  const databaseUrl = testDatabaseUrl();
  it.skipIf(!databaseUrl)("cannot remove both of the last two methods", async () => {
    const { user } = await signedIn();
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      const oidc = await linkOidc(user);
      const password = (await listIdentities(user)).find((i) => i.providerId === PASSWORD_PROVIDER_ID)!;
      await holder.query("begin");
      await holder.query("select id from accounts where user_id = $1 for update", [user.id]);
      const both = Promise.all([unlinkIdentity(user, password.id), unlinkIdentity(user, oidc)]);
      await new Promise((r) => setTimeout(r, 300));
      await holder.query("commit");
      const results = await both;
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toEqual({ ok: false, status: 400, error: M.lastIdentity });
      expect(await listIdentities(user)).toHaveLength(1);
    } finally {
      await holder.end();
      await db().delete(users).where(eq(users.id, user.id));
    }
  });
});
