// Accounts for tests, created through the real sign-up path.
import type { Role } from "~/accounts/permissions";
import { eq } from "drizzle-orm";
import { auth } from "~/accounts/auth.server";
import { getCurrentUser, type CurrentUser } from "~/accounts/session.server";
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

/** An address no other account has, starting with `name`. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}-${Date.now()}-${counter}@example.it`;
}

/** The password of the accounts createAccount makes unless told otherwise. */
export const TEST_PASSWORD = "Cuccioli-2026";

/** `verified`: the address counts as confirmed (as if the link mailed at sign-up had been followed). */
export async function createAccount(
  options: { role?: Role; fullName?: string; email?: string; password?: string; verified?: boolean } = {},
): Promise<TestAccount> {
  counter += 1;
  const email = options.email ?? `utente${counter}-${Date.now()}@example.it`;
  const password = options.password ?? TEST_PASSWORD;
  await auth().api.signUpEmail({ body: { name: options.fullName ?? `Utente Prova ${counter}`, email, password } });
  // A sign-up opens no session (decision 0075): the account signs in with its password.
  const { headers, response } = await auth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  if (options.verified) await db().update(users).set({ emailVerified: true }).where(eq(users.id, response.user.id));
  if (options.role && options.role !== "user") await db().update(profiles).set({ role: options.role }).where(eq(profiles.id, response.user.id));
  return { id: response.user.id, email, cookie: cookieFrom(headers) };
}

export function requestAs(account: TestAccount | null, url = "http://localhost:3000/", init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (account) headers.set("cookie", account.cookie);
  return new Request(url, { ...init, headers });
}

export interface SignedIn {
  account: TestAccount;
  /** who the session says is signed in, as the domain functions take it */
  user: CurrentUser;
  /** a form posted to the profile page with the account's session, as the profile's functions get it */
  request: Request;
}

/** A new account, signed in, as the profile's domain functions see it. */
export async function signedIn(options: Parameters<typeof createAccount>[0] = {}): Promise<SignedIn> {
  const account = await createAccount({ email: uniqueEmail("utente"), ...options });
  const request = requestAs(account, "http://localhost:3000/dashboard/profile", { method: "POST" });
  const user = await getCurrentUser(requestAs(account));
  if (!user) throw new Error("not signed in");
  return { account, user, request };
}
