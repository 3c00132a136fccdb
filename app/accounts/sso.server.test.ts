import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { config, setConfig, type Config } from "~/config.server";
import { db } from "~/db/client.server";
import { accounts, profiles, sessions, users } from "~/db/schema";
import { USER_MODERATION_MESSAGES } from "./moderation-texts";
import { cookieFrom, createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { startOidcProvider, type ProviderUser, type TestOidcProvider } from "../../tests/oidc-provider";
import { auth, initAuth } from "./auth.server";
import { listIdentities } from "./identities.server";
import { sessionState } from "./reauth.server";
import { getCurrentUser } from "./session.server";
import { confirmTotpEnrolment, SIGN_IN_CODE_PATH, startTotpEnrolment, verifySignInCode } from "./two-factor.server";
import { SSO_MESSAGES, ssoErrorMessage, startSso } from "./sso.server";

let provider: TestOidcProvider;
let before: Config;
const APP = "http://localhost:3000";

beforeAll(async () => {
  before = config();
  provider = await startOidcProvider(APP);
  setConfig({ ...before, oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: "Zampa ID" } });
  await initAuth();
});

afterAll(async () => {
  // Test files share this worker: the next one gets the configuration it expects.
  setConfig(before);
  await initAuth();
  await provider.close();
});

/** The whole sign-in as a browser makes it: /login, the provider (which signs `who` in), back to the callback. */
async function signInWithProvider(who: ProviderUser, returnTo: string | null = null): Promise<{ location: string; cookie: string; browserCookie: string }> {
  provider.signInAs(who);
  const started = await startSso(new Request(`${APP}/login`, { method: "POST" }), returnTo);
  if (!started.ok) throw new Error(started.error);
  const appCookie = cookieFrom(started.headers);
  const jar = new Map<string, string>();
  let url = started.url;
  expect(url.startsWith(`${provider.issuer}/`)).toBe(true);
  for (let hop = 0; hop < 10 && !url.startsWith(`${APP}/`); hop++) {
    const response = await fetch(url, { redirect: "manual", headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  expect(new URL(url).pathname).toBe("/api/auth/callback/oidc");
  const back = await auth().handler(new Request(url, { headers: { cookie: appCookie } }));
  expect(back.status).toBe(302);
  return { location: back.headers.get("location") ?? "", cookie: cookieFrom(back.headers), browserCookie: browserJar(back.headers) };
}

/** The cookies a browser keeps after a response: each name's last value, without the ones it cleared. */
function browserJar(headers: Headers): string {
  const jar = new Map<string, string>();
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair!.indexOf("=");
    const name = pair!.slice(0, at);
    const value = pair!.slice(at + 1);
    if (value === "" || /max-age=0/i.test(cookie)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** An account with TOTP confirmed (through the profile's two steps); returns its key. */
async function withTotp(account: Awaited<ReturnType<typeof createAccount>>): Promise<string> {
  const user = await getCurrentUser(new Request(`${APP}/`, { headers: { cookie: account.cookie } }));
  const post = () => new Request(`${APP}/dashboard/profile`, { method: "POST", headers: { cookie: account.cookie } });
  const started = await startTotpEnrolment(user!, post(), { password: "Cuccioli-2026" });
  if (!started.ok) throw new Error(started.error);
  const key = started.manualKey.replace(/\s+/g, "");
  const confirmed = await confirmTotpEnrolment(user!, post(), { code: await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) - 30 }) });
  if (!confirmed.ok) throw new Error(confirmed.error);
  return key;
}

const person = (email: string, verified = true): ProviderUser => ({ sub: `sub-${email}`, email, email_verified: verified, name: "Paola Verdi" });

async function verify(userId: string) {
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

const oidcRows = (userId: string) => db().select().from(accounts).where(eq(accounts.userId, userId));

describe("single sign-on with an OpenID Connect provider", () => {
  itDb("links the account with the same verified e-mail and signs in to it; next time through the link", async () => {
    const account = await createAccount({ email: `paola-${Date.now()}@example.it` });
    await verify(account.id);
    const first = await signInWithProvider(person(account.email));
    expect(first.location).toBe("/");
    const user = await getCurrentUser(new Request(`${APP}/`, { headers: { cookie: first.cookie } }));
    expect(user?.id).toBe(account.id);
    expect((await listIdentities(user!)).map((i) => [i.providerId, i.label])).toEqual([
      ["credential", "Email e password"],
      ["oidc", "Zampa ID"],
    ]);
    // Linked by the provider's subject: a later sign-in finds it even if the e-mail at the provider changed.
    const again = await signInWithProvider({ ...person(account.email), email: "nuova@altrove.example" });
    expect(again.location).toBe("/");
    expect((await getCurrentUser(new Request(`${APP}/`, { headers: { cookie: again.cookie } })))?.id).toBe(account.id);
    expect(await oidcRows(account.id)).toHaveLength(2);
    // Asked from a page (decision 0092), the sign-in lands back on it.
    const fromPage = await signInWithProvider(person(account.email), "/pet-listings?petType=cat");
    expect(fromPage.location).toBe("/pet-listings?petType=cat");
  });

  itDb("asks an account with a second factor for its code: no session, no token until the code is given", async () => {
    const account = await createAccount({ email: `totp-sso-${Date.now()}@example.it` });
    await verify(account.id);
    const key = await withTotp(account);
    const result = await signInWithProvider(person(account.email));
    expect(result.location).toBe(SIGN_IN_CODE_PATH);
    // The browser is left with the pending sign-in's cookie only: the session was deleted and cleared.
    expect(result.browserCookie).toMatch(/better-auth\.two_factor=/);
    expect(result.browserCookie).not.toMatch(/session_token=/);
    const browser = (path: string) => new Request(`${APP}${path}`, { headers: { cookie: result.browserCookie } });
    expect(await getCurrentUser(browser("/dashboard"))).toBeNull();
    expect((await auth().handler(browser("/api/auth/token"))).status).toBe(401);
    // Even the session the callback made, had its cookie been kept, is gone.
    expect(await getCurrentUser(new Request(`${APP}/`, { headers: { cookie: result.cookie } }))).toBeNull();

    const wrong = await verifySignInCode(new Request(`${APP}${SIGN_IN_CODE_PATH}`, { method: "POST", headers: { cookie: result.browserCookie } }), {
      code: "000000",
    });
    expect(wrong.ok).toBe(false);
    const code = await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) });
    const done = await verifySignInCode(new Request(`${APP}${SIGN_IN_CODE_PATH}`, { method: "POST", headers: { cookie: result.browserCookie } }), { code });
    if (!done.ok) throw new Error(done.error);
    const signedIn = new Request(`${APP}/dashboard`, { headers: { cookie: browserJar(done.headers) } });
    expect((await getCurrentUser(signedIn))?.id).toBe(account.id);
    expect((await sessionState(signedIn))?.aal).toBe("aal2");
    expect((await auth().handler(new Request(`${APP}/api/auth/token`, { headers: { cookie: browserJar(done.headers) } }))).status).toBe(200);
  });

  itDb("does not link an account whose e-mail is not verified here", async () => {
    const account = await createAccount({ email: `nonverificata-${Date.now()}@example.it` });
    const result = await signInWithProvider(person(account.email));
    expect(result.location).toMatch(/^\/login\?error=account_not_linked/);
    expect(result.cookie).not.toContain("session_token");
    expect(await oidcRows(account.id)).toHaveLength(1);
  });

  itDb("does not link when the provider has not verified the e-mail", async () => {
    const account = await createAccount({ email: `provider-nonverificata-${Date.now()}@example.it` });
    await verify(account.id);
    const result = await signInWithProvider(person(account.email, false));
    expect(result.location).toMatch(/^\/login\?error=account_not_linked/);
    expect(await oidcRows(account.id)).toHaveLength(1);
  });

  itDb("makes no new account for an unknown e-mail", async () => {
    const email = `sconosciuta-${Date.now()}@example.it`;
    const result = await signInWithProvider(person(email));
    expect(result.location).toMatch(/^\/login\?error=signup_disabled/);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  itDb("serves over HTTP only the configured provider's callback", async () => {
    expect((await auth().handler(new Request(`${APP}/api/auth/callback/google?code=x&state=y`))).status).toBe(404);
    expect((await auth().handler(new Request(`${APP}/api/auth/sign-in/social`, { method: "POST" }))).status).toBe(404);
    // A forged callback (no state of ours) goes back to the sign-in page with an error, signing nobody in.
    const forged = await auth().handler(new Request(`${APP}/api/auth/callback/oidc?code=abc&state=xyz`));
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/^\/login\?error=/);
    expect(forged.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
  });

  itDb("refuses a suspended account (decision 0110), before and after the second factor, saying why", async () => {
    const account = await createAccount({ email: `sospesa-sso-${Date.now()}@example.it` });
    await verify(account.id);
    await db().update(profiles).set({ suspendedAt: new Date(), suspendedReason: "Spam ripetuto nei messaggi." }).where(eq(profiles.id, account.id));
    const refused = await signInWithProvider(person(account.email));
    expect(refused.location).toMatch(/^\/login\?error=ACCOUNT_SUSPENDED/);
    expect(refused.cookie).not.toMatch(/session_token=[^;]/);
    expect(ssoErrorMessage(new URL(refused.location, APP).searchParams.get("error"))).toBe(USER_MODERATION_MESSAGES.signInRefused);

    // With a second factor: suspended while the code is being typed, the code opens no session.
    const other = await createAccount({ email: `sospesa-totp-${Date.now()}@example.it` });
    await verify(other.id);
    const key = await withTotp(other);
    const pending = await signInWithProvider(person(other.email));
    expect(pending.location).toBe(SIGN_IN_CODE_PATH);
    await db().update(profiles).set({ suspendedAt: new Date(), suspendedReason: "Spam ripetuto nei messaggi." }).where(eq(profiles.id, other.id));
    // (The suspension itself ends the sessions: here only the profile is changed, to see that the code opens none.)
    await db().delete(sessions).where(eq(sessions.userId, other.id));
    const code = await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) });
    const done = await verifySignInCode(new Request(`${APP}${SIGN_IN_CODE_PATH}`, { method: "POST", headers: { cookie: pending.browserCookie } }), { code });
    expect(done).toEqual({ ok: false, status: 403, error: USER_MODERATION_MESSAGES.signInRefused });
    expect(await db().select().from(sessions).where(eq(sessions.userId, other.id))).toEqual([]);
  });

  itDb("says in Italian why a sign-in failed", async () => {
    expect(ssoErrorMessage("account_not_linked")).toBe(SSO_MESSAGES.notLinked("Zampa ID"));
    expect(ssoErrorMessage("signup_disabled")).toBe(SSO_MESSAGES.noAccount("Zampa ID"));
    expect(ssoErrorMessage("state_mismatch")).toBe(SSO_MESSAGES.failed("Zampa ID"));
    expect(ssoErrorMessage(null)).toBeNull();
  });
});
