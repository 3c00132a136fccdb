import { count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { accounts, profiles, rateLimits, sessions, users } from "~/db/schema";
import { cookieFrom } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { auth, CLIENT_IP_HEADER, loginLimits, signUpLimits } from "./auth.server";
import { ensureAdmin, signIn, signOut, signUp } from "./accounts.server";
import { ACCOUNT_MESSAGES as M } from "./messages";

const form = {
  intent: "signup",
  fullName: "Giulia Rossi",
  email: "giulia@example.it",
  password: "Micio-e-Fido",
  acceptPrivacy: "on",
  acceptTerms: "on",
};
const headers = () => new Headers({ [CLIENT_IP_HEADER]: "203.0.113.7" });

async function totals() {
  const [u] = await db().select({ n: count() }).from(users);
  const [p] = await db().select({ n: count() }).from(profiles);
  const [a] = await db().select({ n: count() }).from(accounts);
  return { users: u?.n, profiles: p?.n, accounts: a?.n };
}

describe("sign-up", () => {
  itDb("creates the account, its hashed password and its profile (role user) together", async () => {
    const result = await signUp(form, headers());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=.+HttpOnly.+SameSite=Lax/i);

    const [user] = await db().select().from(users).where(eq(users.email, "giulia@example.it"));
    expect(user).toBeDefined();
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ email: "giulia@example.it", fullName: "Giulia Rossi", role: "user" });
    const [account] = await db().select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain("Micio-e-Fido");
  });

  itDb("refuses each bad input with its message and creates nothing", async () => {
    const before = await totals();
    const cases: [Record<string, string | undefined>, string, number][] = [
      [{ acceptTerms: undefined }, M.mustAcceptTerms, 400],
      [{ acceptPrivacy: undefined }, M.mustAcceptTerms, 400],
      [{ fullName: "" }, M.fullNameRequired, 400],
      [{ email: "giulia.example.it" }, M.emailInvalid, 400],
      [{ password: "12345" }, M.passwordTooShort, 400],
      [{ password: "password123" }, M.passwordTooCommon, 400],
    ];
    for (const [change, message, status] of cases) {
      const result = await signUp({ ...form, ...change }, headers());
      expect(result).toEqual({ ok: false, status, error: message });
    }
    expect(await totals()).toEqual(before);
  });

  itDb("refuses a name of invisible or direction characters, or too long, and stores a normalised one", async () => {
    const before = await totals();
    for (const [fullName, error] of [
      ["\u200B\u200D\uFEFF", M.fullNameRequired],
      ["\u202E\u2066\u2069", M.fullNameRequired],
      ["x".repeat(900_000), M.fullNameTooLong],
    ]) {
      expect(await signUp({ ...form, fullName }, headers())).toEqual({ ok: false, status: 400, error });
    }
    expect(await totals()).toEqual(before);
    expect((await signUp({ ...form, fullName: " Giulia\u200B  Rossi\u202E " }, headers())).ok).toBe(true);
    const [profile] = await db().select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.email, form.email));
    expect(profile?.fullName).toBe("Giulia Rossi");
  });

  itDb("limits sign-ups from one client address with a clear message (429), and creates nothing", async () => {
    const ip = () => new Headers({ [CLIENT_IP_HEADER]: "198.51.100.77" });
    for (let i = 0; i < signUpLimits().perAddressHour.max; i++) {
      expect((await signUp({ ...form, email: `famiglia${i}@example.it` }, ip())).ok).toBe(true);
    }
    const before = await totals();
    expect(await signUp({ ...form, email: "quarto@example.it" }, ip())).toEqual({ ok: false, status: 429, error: M.tooManySignUps });
    expect(M.tooManySignUps).toBe("Troppe registrazioni da questa connessione in poco tempo. Riprova più tardi.");
    expect(await totals()).toEqual(before);
    expect((await signUp({ ...form, email: "quarto@example.it" }, headers())).ok).toBe(true);
  });

  itDb("refuses a duplicate e-mail (in any case) and leaves the first account alone", async () => {
    expect((await signUp(form, headers())).ok).toBe(true);
    const before = await totals();
    const again = await signUp({ ...form, email: "GIULIA@example.it", fullName: "Altra Persona" }, headers());
    expect(again).toEqual({ ok: false, status: 422, error: M.emailTaken });
    expect(await totals()).toEqual(before);
  });

  itDb("applies the password rule on better-auth's own endpoint too", async () => {
    await expect(
      auth().api.signUpEmail({ body: { name: "X", email: "x@example.it", password: "qwerty123" } }),
    ).rejects.toMatchObject({ body: { code: "PASSWORD_TOO_COMMON" } });
    await expect(auth().api.signUpEmail({ body: { name: "X", email: "x@example.it", password: "abc" } })).rejects.toThrow();
    expect((await totals()).users).toBe(0);
  });
});

describe("sign-up under concurrency", () => {
  it("a double click creates one account and tells the other request the e-mail is taken", async () => {
    const email = `doppio-${Date.now()}@example.it`;
    // Committed (no rollback here): each request from its own address, so that the per-address
    // sign-up limit plays no part, and the counters are removed at the end.
    const ips = Array.from({ length: 4 }, (_, i) => `192.0.2.${200 + i}`);
    try {
      const results = await Promise.all(ips.map((ip) => signUp({ ...form, email }, new Headers({ [CLIENT_IP_HEADER]: ip }))));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, status: 422, error: M.emailTaken });
      expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    } finally {
      await db().delete(users).where(eq(users.email, email));
      await db().delete(rateLimits).where(like(rateLimits.key, "signup:ip:%:192.0.2.2__"));
    }
  });
});

describe("sign-in and sign-out", () => {
  itDb("signs in with the right password and opens a session", async () => {
    await signUp(form, headers());
    const result = await signIn({ email: " Giulia@Example.it", password: "Micio-e-Fido" }, headers());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const session = await auth().api.getSession({ headers: new Headers({ cookie: cookieFrom(result.headers) }) });
    expect(session?.user.email).toBe("giulia@example.it");
  });

  itDb("refuses a wrong password or an unknown e-mail with one clear message", async () => {
    await signUp(form, headers());
    expect(await signIn({ email: "giulia@example.it", password: "sbagliata" }, headers())).toEqual({
      ok: false,
      status: 401,
      error: M.invalidCredentials,
    });
    expect(await signIn({ email: "nessuno@example.it", password: "Micio-e-Fido" }, headers())).toEqual({
      ok: false,
      status: 401,
      error: M.invalidCredentials,
    });
    expect(await signIn({ email: "", password: "x" }, headers())).toMatchObject({ ok: false, status: 400, error: M.emailRequired });
  });

  itDb("limits login attempts per account, even with the right password afterwards", async () => {
    await signUp(form, headers());
    for (let i = 0; i < loginLimits().perAccount.max; i++) {
      const ip = new Headers({ [CLIENT_IP_HEADER]: `198.51.100.${i}` });
      expect(await signIn({ email: "giulia@example.it", password: "sbagliata" }, ip)).toMatchObject({ status: 401 });
    }
    const blocked = await signIn({ email: "giulia@example.it", password: "Micio-e-Fido" }, headers());
    expect(blocked).toEqual({ ok: false, status: 429, error: M.tooManyAttempts });
  });

  itDb("clears the account's count after a successful sign-in", async () => {
    await signUp(form, headers());
    const attempt = (password: string, i: number) =>
      signIn({ email: "giulia@example.it", password }, new Headers({ [CLIENT_IP_HEADER]: `198.51.100.${100 + i}` }));
    for (let i = 0; i < loginLimits().perAccount.max - 1; i++) expect(await attempt("sbagliata", i)).toMatchObject({ status: 401 });
    expect((await attempt("Micio-e-Fido", 50)).ok).toBe(true);
    // Without the reset this would be attempt number 11 of 10.
    expect(await attempt("sbagliata", 51)).toMatchObject({ status: 401, error: M.invalidCredentials });
  });

  itDb("limits login attempts per IP address across accounts", async () => {
    const ip = new Headers({ [CLIENT_IP_HEADER]: "192.0.2.99" });
    for (let i = 0; i < loginLimits().perIp.max; i++) {
      await signIn({ email: `prova${i}@example.it`, password: "sbagliata" }, ip);
    }
    expect(await signIn({ email: "altro@example.it", password: "sbagliata" }, ip)).toMatchObject({ status: 429, error: M.tooManyAttempts });
    // Another address is not affected.
    expect(await signIn({ email: "altro@example.it", password: "sbagliata" }, headers())).toMatchObject({ status: 401 });
  });

  itDb("ends the session on the server at sign-out", async () => {
    const result = await signUp(form, headers());
    if (!result.ok) throw new Error("sign-up failed");
    const cookie = cookieFrom(result.headers);
    const [before] = await db().select({ n: count() }).from(sessions);
    const cleared = await signOut(new Headers({ cookie }));
    expect(cleared.getSetCookie().join()).toMatch(/session_token=;/);
    const [after] = await db().select({ n: count() }).from(sessions);
    expect(after!.n).toBe(before!.n - 1);
    expect(await auth().api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });
});

describe("administrator bootstrap", () => {
  itDb("creates the administrator, then leaves it unchanged", async () => {
    expect(await ensureAdmin("Capo@Zampa.it", "Amministra-2026")).toBe("created");
    const [profile] = await db().select().from(profiles).where(eq(profiles.email, "capo@zampa.it"));
    expect(profile?.role).toBe("admin");
    expect(await ensureAdmin("capo@zampa.it", "Amministra-2026")).toBe("unchanged");
    const result = await signIn({ email: "capo@zampa.it", password: "Amministra-2026" }, headers());
    expect(result.ok).toBe(true);
  });

  itDb("promotes an existing account without touching its password", async () => {
    await signUp(form, headers());
    expect(await ensureAdmin("giulia@example.it", "un'altra-password")).toBe("promoted");
    const [profile] = await db().select().from(profiles).where(eq(profiles.email, "giulia@example.it"));
    expect(profile?.role).toBe("admin");
    expect((await signIn({ email: "giulia@example.it", password: "Micio-e-Fido" }, headers())).ok).toBe(true);
  });

  itDb("refuses a weak administrator password", async () => {
    await expect(ensureAdmin("capo@zampa.it", "123456")).rejects.toThrow(/ADMIN_EMAIL/);
  });
});
