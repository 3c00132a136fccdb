// Accounts for tests, created through the real sign-up path.
import { eq } from "drizzle-orm";
import { auth } from "~/accounts/auth.server";
import { db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { cookieFrom } from "./cookies";

export interface TestAccount {
  id: string;
  email: string;
  /** value for a Cookie header carrying this account's session */
  cookie: string;
}

export { cookieFrom };

let counter = 0;

/** `verified`: the address counts as confirmed (as if the link mailed at sign-up had been followed). */
export async function createAccount(
  options: { role?: "user" | "admin"; fullName?: string; email?: string; password?: string; verified?: boolean } = {},
): Promise<TestAccount> {
  counter += 1;
  const email = options.email ?? `utente${counter}-${Date.now()}@example.it`;
  const password = options.password ?? "Cuccioli-2026";
  await auth().api.signUpEmail({ body: { name: options.fullName ?? `Utente Prova ${counter}`, email, password } });
  // A sign-up opens no session (decision 0075): the account signs in with its password.
  const { headers, response } = await auth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  if (options.verified) await db().update(users).set({ emailVerified: true }).where(eq(users.id, response.user.id));
  if (options.role === "admin") await db().update(profiles).set({ role: "admin" }).where(eq(profiles.id, response.user.id));
  return { id: response.user.id, email, cookie: cookieFrom(headers) };
}

export function requestAs(account: TestAccount | null, url = "http://localhost:3000/", init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (account) headers.set("cookie", account.cookie);
  return new Request(url, { ...init, headers });
}
