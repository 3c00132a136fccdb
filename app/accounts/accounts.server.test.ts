import { count, eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { config, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { accounts, profiles, rateLimits, sessions, users } from "~/db/schema";
import { mailsSince, mailsTo, outboxFiles } from "~/mail/outbox.testing";
import { cookieFrom } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { withFullPasswordCost } from "../../tests/setup/password-cost";
import { RECOVERY_PAGE_PATH } from "./account-notice-mail.server";
import { auth, CLIENT_IP_HEADER, signInLimits, signUpLimits } from "./auth.server";
import { ensureAdmin, signIn, signOut, signUp } from "./accounts.server";
import { ACCOUNT_MESSAGES as M } from "./messages";
import { noticesSent } from "./sign-in-throttle.server";

const original = config();
afterEach(() => setConfig(original));

const signedUp = { ok: true, message: M.signUpCheckEmail };

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
  itDb("creates the account, its hashed password and its profile (role user) together; no session, a confirmation link", async () => {
    const before = await outboxFiles();
    expect(await signUp(form, headers())).toEqual(signedUp);

    const [user] = await db().select().from(users).where(eq(users.email, "giulia@example.it"));
    expect(user).toBeDefined();
    expect(user!.emailVerified).toBe(false);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ email: "giulia@example.it", fullName: "Giulia Rossi", role: "user" });
    const [account] = await db().select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain("Micio-e-Fido");
    // Signed in nowhere: a registered address must get the same answer, and it cannot sign anyone in.
    expect(await db().select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    const [mail] = await mailsTo(before, "giulia@example.it");
    expect(mail?.headers).toMatch(/^Subject: Conferma il tuo indirizzo email su Zampa$/m);
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+/.exec(mail!.body)?.[0];
    expect(link).toBeDefined();
    const confirmed = await auth().handler(new Request(link!));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).not.toMatch(/error=/);
    const [after] = await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, user!.id));
    expect(after?.verified).toBe(true);
    // The link confirms the address; the account signs in with its password.
    expect((await signIn({ email: "giulia@example.it", password: "Micio-e-Fido" }, headers())).ok).toBe(true);
  });

  itDb("answers a registered address as a new one, changes nothing, and tells its owner with the recovery link", async () => {
    expect(await signUp(form, headers())).toEqual(signedUp);
    const before = await outboxFiles();
    const totalsBefore = await totals();
    const again = await signUp({ ...form, email: "GIULIA@example.it", fullName: "Altra Persona", password: "Altra-Password-1" }, headers());
    expect(again).toEqual(signedUp);
    expect(await totals()).toEqual(totalsBefore);
    const mails = await mailsTo(before, "giulia@example.it");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers).toMatch(/^Subject: Qualcuno ha provato a registrarsi su Zampa con il tuo indirizzo$/m);
    expect(mails[0]!.body).toContain(`http://localhost:3000${RECOVERY_PAGE_PATH}`);
    expect(mails[0]!.body).not.toContain("Altra Persona");
    // The first account keeps its name and password.
    expect((await signIn({ email: "giulia@example.it", password: "Altra-Password-1" }, headers())).ok).toBe(false);
    expect((await signIn({ email: "giulia@example.it", password: "Micio-e-Fido" }, headers())).ok).toBe(true);
    const [profile] = await db().select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.email, "giulia@example.it"));
    expect(profile?.fullName).toBe("Giulia Rossi");
  });

  // At better-auth's own hashing cost (the suite's is lower, tests/setup/password-cost.ts): the
  // comparison needs hashing to be most of a sign-up's time.
  itDb("takes the same steps for a registered address: the password is hashed, one mail is sent", () =>
    withFullPasswordCost(async () => {
      await signUp(form, headers());
      const time = async (email: string) => {
        const start = performance.now();
        expect(await signUp({ ...form, email }, headers())).toEqual(signedUp);
        return performance.now() - start;
      };
      // Warm both paths, then compare medians: a registered address that skipped hashing would take a
      // fraction of a new one's time.
      const registered: number[] = [];
      const fresh: number[] = [];
      for (let i = 0; i < 3; i++) {
        registered.push(await time("giulia@example.it"));
        fresh.push(await time(`nuova-${i}@example.it`));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
      expect(median(registered)).toBeGreaterThan(median(fresh) * 0.5);
    }),
  );

  itDb("sends at most a few sign-up mails to one address a day", async () => {
    await signUp(form, headers());
    const before = await outboxFiles();
    for (let i = 0; i < 5; i++) expect(await signUp(form, headers())).toEqual(signedUp);
    // One mail (the confirmation) already went to this address today.
    expect(await mailsTo(before, "giulia@example.it")).toHaveLength(2);
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
    // Each sign-up hashes a password: a small limit here, the same rule (its size is the configuration's).
    setConfig({ ...original, signUpsPerHour: 3 });
    for (let i = 0; i < signUpLimits().perAddressHour.max; i++) {
      expect((await signUp({ ...form, email: `famiglia${i}@example.it` }, ip())).ok).toBe(true);
    }
    const before = await totals();
    expect(await signUp({ ...form, email: "quarto@example.it" }, ip())).toEqual({ ok: false, status: 429, error: M.tooManySignUps });
    expect(M.tooManySignUps).toBe("Troppe registrazioni da questa connessione in poco tempo. Riprova più tardi.");
    expect(await totals()).toEqual(before);
    expect((await signUp({ ...form, email: "quarto@example.it" }, headers())).ok).toBe(true);
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
  it("a double click creates one account and gives every request the same answer", async () => {
    const email = `doppio-${Date.now()}@example.it`;
    // Committed (no rollback here): each request from its own address, so that the per-address
    // sign-up limit plays no part, and the counters are removed at the end.
    const ips = Array.from({ length: 4 }, (_, i) => `192.0.2.${200 + i}`);
    try {
      const results = await Promise.all(ips.map((ip) => signUp({ ...form, email }, new Headers({ [CLIENT_IP_HEADER]: ip }))));
      for (const r of results) expect(r).toEqual(signedUp);
      expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    } finally {
      await db().delete(users).where(eq(users.email, email));
      await db().delete(rateLimits).where(like(rateLimits.key, "signup:ip:%:192.0.2.2__"));
      await db().delete(rateLimits).where(eq(rateLimits.key, `signup:mail:${email}`));
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

  const from = (ip: string) => new Headers({ [CLIENT_IP_HEADER]: ip });
  const giulia = (password: string, ip: string) => signIn({ email: "giulia@example.it", password }, from(ip));

  itDb("counts failures per account and address: wrong passwords from elsewhere never lock the owner out", async () => {
    await signUp(form, headers());
    // Someone else, from as many addresses as they like (the owner is told once, see below).
    for (let i = 0; i < signInLimits().perPair.max; i++) expect(await giulia("sbagliata", `198.51.100.${i}`)).toMatchObject({ status: 401 });
    // The owner, from an address that has not been failing, signs in.
    expect((await giulia("Micio-e-Fido", "203.0.113.7")).ok).toBe(true);
    await noticesSent();
  }, 30_000);

  itDb("refuses an address that keeps failing for one account, even with the right password, and only that pair", async () => {
    await signUp(form, headers());
    for (let i = 0; i < signInLimits().perPair.max; i++) expect(await giulia("sbagliata", "198.51.100.9")).toMatchObject({ status: 401 });
    expect(await giulia("Micio-e-Fido", "198.51.100.9")).toEqual({ ok: false, status: 429, error: M.tooManyAttempts });
    // Another account from that address, and this account from another address: untouched.
    expect(await signIn({ email: "altro@example.it", password: "sbagliata" }, from("198.51.100.9"))).toMatchObject({ status: 401 });
    expect((await giulia("Micio-e-Fido", "203.0.113.8")).ok).toBe(true);
  });

  itDb("clears the pair's count after a successful sign-in", async () => {
    await signUp(form, headers());
    for (let i = 0; i < signInLimits().perPair.max - 1; i++) expect(await giulia("sbagliata", "198.51.100.10")).toMatchObject({ status: 401 });
    expect((await giulia("Micio-e-Fido", "198.51.100.10")).ok).toBe(true);
    // Without the reset this would be attempt number 11 of 10.
    expect(await giulia("sbagliata", "198.51.100.10")).toMatchObject({ status: 401, error: M.invalidCredentials });
    expect(await giulia("sbagliata", "198.51.100.10")).toMatchObject({ status: 401, error: M.invalidCredentials });
  });

  itDb("watches an account failing from many addresses: new addresses get fewer tries and wait; known ones do not; the owner is told once", async () => {
    await signUp(form, headers());
    // The owner signed in from home before the attack.
    expect((await giulia("Micio-e-Fido", "203.0.113.50")).ok).toBe(true);
    const before = await outboxFiles();
    const limits = signInLimits();
    for (let i = 0; i < limits.watchedAfterAddresses; i++) expect(await giulia("sbagliata", `198.51.100.${20 + i}`)).toMatchObject({ status: 401 });
    await noticesSent();
    const notices = await mailsTo(before, "giulia@example.it");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.headers).toMatch(/^Subject: Tentativi di accesso al tuo account Zampa$/m);
    expect(notices[0]!.body).toContain(`http://localhost:3000${RECOVERY_PAGE_PATH}`);

    // A new address now has perPairWatched tries, each after a wait.
    const started = performance.now();
    for (let i = 0; i < limits.perPairWatched.max; i++) expect(await giulia("sbagliata", "198.51.100.99")).toMatchObject({ status: 401 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(limits.perPairWatched.max * limits.watchedDelayMs - 50);
    expect(await giulia("sbagliata", "198.51.100.99")).toMatchObject({ status: 429 });
    // A correct password from an address that has not been failing still gets in (after the wait).
    expect((await giulia("Micio-e-Fido", "198.51.100.100")).ok).toBe(true);
    // From home: no wait.
    const home = performance.now();
    expect((await giulia("Micio-e-Fido", "203.0.113.50")).ok).toBe(true);
    expect(performance.now() - home).toBeLessThan(limits.watchedDelayMs);
    // More failures in the same window: no second notice.
    for (let i = 0; i < 2; i++) await giulia("sbagliata", `198.51.100.${40 + i}`);
    await noticesSent();
    expect(await mailsTo(before, "giulia@example.it")).toHaveLength(1);
  }, 30_000);

  itDb("an unknown e-mail failing from many addresses sends no mail and answers as a known one", async () => {
    const before = await outboxFiles();
    for (let i = 0; i < signInLimits().watchedAfterAddresses; i++) {
      expect(await signIn({ email: "nessuno@example.it", password: "sbagliata" }, from(`198.51.100.${60 + i}`))).toMatchObject({ status: 401 });
    }
    await noticesSent();
    expect(await mailsSince(before)).toEqual([]);
  });

  itDb("limits failed attempts from one address across accounts; successes cost that address nothing", async () => {
    setConfig({ ...original, signInsPerIp: 3 });
    await signUp(form, headers());
    const nat = "192.0.2.99";
    // Many people signing in rightly from one address (a school, a mobile carrier's NAT).
    for (let i = 0; i < 6; i++) expect((await giulia("Micio-e-Fido", nat)).ok).toBe(true);
    for (let i = 0; i < 3; i++) expect(await signIn({ email: `prova${i}@example.it`, password: "sbagliata" }, from(nat))).toMatchObject({ status: 401 });
    expect(await signIn({ email: "altro@example.it", password: "sbagliata" }, from(nat))).toMatchObject({ status: 429, error: M.tooManyAttempts });
    // Another address is not affected; an account that signed in from this address lately still can.
    expect(await signIn({ email: "altro@example.it", password: "sbagliata" }, headers())).toMatchObject({ status: 401 });
    expect((await giulia("Micio-e-Fido", nat)).ok).toBe(true);
  });

  itDb("ends the session on the server at sign-out", async () => {
    await signUp(form, headers());
    const result = await signIn(form, headers());
    if (!result.ok) throw new Error("sign-in failed");
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
