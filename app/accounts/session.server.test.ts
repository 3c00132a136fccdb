import { describe, expect } from "vitest";
import { createAccount, requestAs } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { getCurrentUser, requireUser } from "./session.server";

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
}

describe("server-side guards", () => {
  // The back office's gate has its own tests (app/admin/gate.server.test.ts).
  itDb("sends visitors to /login from signed-in routes", async () => {
    expect(await redirectOf(requireUser(requestAs(null)))).toBe("/login");
  });

  itDb("ignores a forged or expired session cookie", async () => {
    const forged = new Request("http://localhost:3000/", { headers: { cookie: "better-auth.session_token=abc.def" } });
    expect(await getCurrentUser(forged)).toBeNull();
    expect(await redirectOf(requireUser(forged))).toBe("/login");
  });

  itDb("lets a user into signed-in routes, as who they are", async () => {
    const user = await createAccount({ fullName: "Anna Utente" });
    expect(await redirectOf(requireUser(requestAs(user)))).toBeNull();
    expect(await requireUser(requestAs(user))).toMatchObject({ id: user.id, role: "user", fullName: "Anna Utente" });
  });
});

describe("who is there, once per request", () => {
  itDb("a page's loaders share one lookup for a read; an action looks again", async () => {
    const account = await createAccount();
    const read = requestAs(account, "http://localhost:3000/admin");
    const first = getCurrentUser(read);
    expect(getCurrentUser(read)).toBe(first);
    expect((await first)?.id).toBe(account.id);
    const other = getCurrentUser(requestAs(account, "http://localhost:3000/admin"));
    expect(other).not.toBe(first);
    const write = requestAs(account, "http://localhost:3000/admin", { method: "POST" });
    const [a, b] = [getCurrentUser(write), getCurrentUser(write)];
    expect(a).not.toBe(b);
    // Every lookup finishes inside the test's transaction.
    expect((await Promise.all([other, a, b])).map((u) => u?.id)).toEqual([account.id, account.id, account.id]);
  });
});
