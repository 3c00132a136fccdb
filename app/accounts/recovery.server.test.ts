// Password recovery and e-mail verification (decision 0058), through the real better-auth and the
// outbox: the link, its single use and expiry, the sessions ended, the answers that reveal nothing,
// the limits.
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { users, verifications } from "~/db/schema";
import { mailsSince, mailsTo, outboxFiles, type OutboxMail } from "~/mail/outbox.testing";
import { asUser } from "../../tests/actors";
import { createAccount, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { signIn, signUp } from "./accounts.server";
import { auth, CLIENT_IP_HEADER, signInLimits } from "./auth.server";
import { requestEmailChange } from "./email-change.server";
import { ACCOUNT_MESSAGES as M } from "./messages";
import { EMAIL_VERIFIED_PATH } from "./recovery-mail.server";
import { RECOVERY_MESSAGES as R } from "./recovery-messages";
import {
  isEmailVerified,
  RECOVERY_LIMITS,
  RECOVERY_MIN_MS,
  requestPasswordRecovery,
  resendVerification,
  resetPasswordWithToken,
  resetTokenUsable,
} from "./recovery.server";

const PASSWORD = "Cuccioli-2026";
const NEW_PASSWORD = "Pappagallo-Verde-41";
let counter = 0;
const unique = (name: string) => `${name}-${Date.now()}-${++counter}@example.it`;
const fromIp = (ip = `198.51.100.${(counter % 200) + 1}`) => new Headers({ [CLIENT_IP_HEADER]: ip });

function resetTokenIn(mail: OutboxMail): string {
  const link = /http:\/\/localhost:3000\/reset-password\?token=(\S+)/.exec(mail.body);
  if (!link) throw new Error(`no reset link in:\n${mail.body}`);
  return decodeURIComponent(link[1]!);
}

async function recoveryToken(account: TestAccount): Promise<string> {
  const before = await outboxFiles();
  expect(await requestPasswordRecovery({ email: account.email }, fromIp())).toEqual({ ok: true, message: R.recoverySent });
  const mails = await mailsTo(before, account.email);
  expect(mails).toHaveLength(1);
  return resetTokenIn(mails[0]!);
}

const sessionOf = (cookie: string) => auth().api.getSession({ headers: new Headers({ cookie }) });

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

describe("password recovery", () => {
  itDb("mails a link to Zampa's own page, valid one hour, and gives the same answer for an unknown address", async () => {
    const account = await createAccount();
    const before = await outboxFiles();
    const known = await timed(() => requestPasswordRecovery({ email: account.email.toUpperCase() }, fromIp()));
    const nobody = unique("nessuno");
    const unknown = await timed(() => requestPasswordRecovery({ email: nobody }, fromIp()));
    expect(known.value).toEqual({ ok: true, message: R.recoverySent });
    expect(unknown.value).toEqual(known.value);
    // Similar timing: both at least the floor, and the mail of the real account does not stand out.
    expect(known.ms).toBeGreaterThanOrEqual(RECOVERY_MIN_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(RECOVERY_MIN_MS - 5);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(250);

    const mails = await mailsSince(before);
    expect(mails.filter((m) => m.headers.includes(nobody))).toEqual([]);
    const [mail] = await mailsTo(before, account.email);
    expect(mail!.headers).toMatch(/^Subject: Reimposta la password del tuo account Zampa$/m);
    expect(mail!.body).toContain("valido per 1 ora e utilizzabile una sola volta");
    const token = resetTokenIn(mail!);
    expect(await resetTokenUsable(token)).toBe(true);
    const [row] = await db().select({ expiresAt: verifications.expiresAt }).from(verifications).where(eq(verifications.identifier, `reset-password:${token}`));
    const ttl = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(3500);
    expect(ttl).toBeLessThanOrEqual(3600);
  });

  itDb("refuses a malformed address with the form's message, sending nothing", async () => {
    const before = await outboxFiles();
    expect(await requestPasswordRecovery({ email: "non-un-indirizzo" }, fromIp())).toEqual({ ok: false, status: 400, error: M.emailInvalid });
    expect(await requestPasswordRecovery({}, fromIp())).toEqual({ ok: false, status: 400, error: M.emailRequired });
    expect(await mailsSince(before)).toEqual([]);
  });

  itDb("sets the new password once: the link is then spent, and every session of the account has ended", async () => {
    const account = await createAccount({ password: PASSWORD });
    const elsewhere = await signIn({ email: account.email, password: PASSWORD }, fromIp());
    expect(elsewhere.ok).toBe(true);
    const otherCookie = elsewhere.ok ? elsewhere.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") : "";
    expect(await sessionOf(account.cookie)).not.toBeNull();
    expect(await sessionOf(otherCookie)).not.toBeNull();
    const bystander = await createAccount();

    const token = await recoveryToken(account);
    expect(await resetPasswordWithToken({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toEqual({ ok: true, message: R.resetDone });

    expect(await sessionOf(account.cookie)).toBeNull();
    expect(await sessionOf(otherCookie)).toBeNull();
    expect(await sessionOf(bystander.cookie)).not.toBeNull();
    expect(await signIn({ email: account.email, password: PASSWORD }, fromIp())).toMatchObject({ ok: false, status: 401, error: M.invalidCredentials });
    expect((await signIn({ email: account.email, password: NEW_PASSWORD }, fromIp())).ok).toBe(true);

    // Used once: the same link again is refused and changes nothing.
    expect(await resetTokenUsable(token)).toBe(false);
    expect(await resetPasswordWithToken({ token, password: "Un-Altra-Password-9", confirmPassword: "Un-Altra-Password-9" })).toEqual({
      ok: false,
      status: 400,
      error: R.resetLinkInvalid,
    });
    expect((await signIn({ email: account.email, password: NEW_PASSWORD }, fromIp())).ok).toBe(true);
  });

  itDb("refuses an expired link and keeps the old password", async () => {
    const account = await createAccount({ password: PASSWORD });
    const token = await recoveryToken(account);
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(await resetTokenUsable(token)).toBe(false);
    expect(await resetPasswordWithToken({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toEqual({ ok: false, status: 400, error: R.resetLinkInvalid });
    expect((await signIn({ email: account.email, password: PASSWORD }, fromIp())).ok).toBe(true);
    expect(await sessionOf(account.cookie)).not.toBeNull();
  });

  itDb("refuses a made-up or missing token, and a new password that breaks the sign-up rule (the link stays usable)", async () => {
    const account = await createAccount({ password: PASSWORD });
    expect(await resetPasswordWithToken({ token: "inventato-123", password: NEW_PASSWORD })).toEqual({ ok: false, status: 400, error: R.resetLinkInvalid });
    expect(await resetPasswordWithToken({ password: NEW_PASSWORD })).toEqual({ ok: false, status: 400, error: R.resetLinkInvalid });
    expect(await resetTokenUsable("")).toBe(false);
    expect(await resetTokenUsable(undefined)).toBe(false);

    const token = await recoveryToken(account);
    expect(await resetPasswordWithToken({ token, password: "abc", confirmPassword: "abc" })).toEqual({ ok: false, status: 400, error: M.passwordTooShort });
    expect(await resetPasswordWithToken({ token, password: "password", confirmPassword: "password" })).toEqual({ ok: false, status: 400, error: M.passwordTooCommon });
    expect(await resetPasswordWithToken({ token, password: NEW_PASSWORD, confirmPassword: "Diversa-123" })).toEqual({ ok: false, status: 400, error: M.passwordsDoNotMatch });
    expect(await resetTokenUsable(token)).toBe(true);
    expect((await signIn({ email: account.email, password: PASSWORD }, fromIp())).ok).toBe(true);
  });

  itDb("throttles requests per address (429, known or not: the same) and per client address", async () => {
    const account = await createAccount();
    const nobody = unique("nessuno");
    for (const email of [account.email, nobody]) {
      for (let i = 0; i < RECOVERY_LIMITS.recoveryPerAddress.max; i++) expect((await requestPasswordRecovery({ email }, fromIp())).ok).toBe(true);
      const refused = await requestPasswordRecovery({ email }, fromIp());
      expect(refused).toMatchObject({ ok: false, status: 429, error: R.tooManyRecoveries });
      expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
      expect((refused as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(RECOVERY_LIMITS.recoveryPerAddress.windowSeconds);
    }
    const ip = fromIp("192.0.2.77");
    for (let i = 0; i < RECOVERY_LIMITS.recoveryPerIp.max; i++) {
      expect((await requestPasswordRecovery({ email: unique(`ip${i}`) }, ip)).ok).toBe(true);
    }
    expect(await requestPasswordRecovery({ email: unique("oltre") }, ip)).toMatchObject({ status: 429, error: R.tooManyRecoveries });
  }, 30_000);
});

describe("e-mail verification", () => {
  itDb("the sign-up form mails a link; following it confirms the address and lands on the confirmation page", async () => {
    const email = unique("iscritto");
    const before = await outboxFiles();
    const result = await signUp({ fullName: "Marta Verdi", email, password: PASSWORD, acceptPrivacy: "on", acceptTerms: "on" }, fromIp());
    expect(result.ok).toBe(true);
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await isEmailVerified(user!.id)).toBe(false);
    const mails = await mailsTo(before, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers).toMatch(/^Subject: Conferma il tuo indirizzo email su Zampa$/m);
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?\S+/.exec(mails[0]!.body)![0];
    expect(new URL(link).searchParams.get("callbackURL")).toBe(EMAIL_VERIFIED_PATH);

    const response = await auth().handler(new Request(link));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(EMAIL_VERIFIED_PATH);
    expect(await isEmailVerified(user!.id)).toBe(true);
  });

  itDb("the server's own sign-ups (fixtures, the administrator) send no mail", async () => {
    const before = await outboxFiles();
    const account = await createAccount();
    expect(await mailsTo(before, account.email)).toEqual([]);
  });

  itDb("a tampered link confirms nothing and lands on the page with an error", async () => {
    const account = await createAccount();
    const response = await auth().handler(
      new Request(`http://localhost:3000/api/auth/verify-email?token=abc.def.ghi&callbackURL=${encodeURIComponent(EMAIL_VERIFIED_PATH)}`),
    );
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, "http://localhost:3000").searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(await isEmailVerified(account.id)).toBe(false);
  });

  itDb("resends to the signed-in account's own address, then asks to wait (cooldown, 429)", async () => {
    const account = await createAccount();
    const headers = new Headers({ cookie: account.cookie, [CLIENT_IP_HEADER]: "203.0.113.50" });
    const before = await outboxFiles();
    // The form's fields are ignored when signed in: the mail goes to the account's own address.
    expect(await resendVerification(asUser(account), { email: "altro@example.it", type: "signup" }, headers)).toEqual({
      ok: true,
      message: R.verificationSentToYou,
    });
    expect(await mailsTo(before, account.email)).toHaveLength(1);
    expect((await mailsSince(before)).filter((m) => m.headers.includes("altro@example.it"))).toEqual([]);
    const again = await resendVerification(asUser(account), {}, headers);
    expect(again).toMatchObject({ ok: false, status: 429 });
    const wait = (again as { retryAfter: number }).retryAfter;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RECOVERY_LIMITS.resendCooldown.windowSeconds);
    expect((again as { error: string }).error).toBe(R.resendCooldown(wait));
    expect(await mailsTo(before, account.email)).toHaveLength(1);
  });

  itDb("a confirmed account is told so, and nothing is sent", async () => {
    const account = await createAccount({ verified: true });
    const before = await outboxFiles();
    const headers = new Headers({ cookie: account.cookie });
    expect(await resendVerification(asUser(account), {}, headers)).toEqual({ ok: true, message: R.alreadyVerified });
    expect(await mailsTo(before, account.email)).toEqual([]);
  });

  itDb("signed out: neither address nor type is the spec's error, in Italian; an unknown type is refused", async () => {
    const before = await outboxFiles();
    expect(await resendVerification(null, {}, fromIp())).toEqual({ ok: false, status: 400, error: R.resendMissingTarget });
    expect(await resendVerification(null, { email: "", type: "" }, fromIp())).toEqual({ ok: false, status: 400, error: R.resendMissingTarget });
    expect(await resendVerification(null, { email: unique("x") }, fromIp())).toEqual({ ok: false, status: 400, error: R.resendMissingTarget });
    expect(await resendVerification(null, { type: "signup" }, fromIp())).toEqual({ ok: false, status: 400, error: R.resendMissingTarget });
    expect(await resendVerification(null, { phone: "+393331234567", type: "signup" }, fromIp())).toEqual({ ok: false, status: 400, error: R.resendMissingTarget });
    expect(await resendVerification(null, { email: unique("x"), type: "recovery" }, fromIp())).toEqual({ ok: false, status: 400, error: R.resendUnknownType });
    expect(await resendVerification(null, { email: "sbagliato", type: "signup" }, fromIp())).toEqual({ ok: false, status: 400, error: M.emailInvalid });
    expect(await mailsSince(before)).toEqual([]);
  });

  itDb("signed out: the same answer for an unconfirmed, a confirmed and an unknown address; only the first gets a mail", async () => {
    const unconfirmed = await createAccount();
    const confirmed = await createAccount({ verified: true });
    const nobody = unique("nessuno");
    const before = await outboxFiles();
    const answers = [];
    for (const email of [unconfirmed.email, confirmed.email, nobody]) answers.push(await timed(() => resendVerification(null, { email, type: "signup" }, fromIp())));
    for (const { value, ms } of answers) {
      expect(value).toEqual({ ok: true, message: R.verificationSent });
      expect(ms).toBeGreaterThanOrEqual(495);
    }
    expect(await mailsTo(before, unconfirmed.email)).toHaveLength(1);
    expect(await mailsTo(before, confirmed.email)).toEqual([]);
    expect(await mailsTo(before, nobody)).toEqual([]);
  });

  itDb("throttles resends per address across the cooldowns, and per client address", async () => {
    const email = unique("ripetuto");
    const window = RECOVERY_LIMITS.resendCooldown.windowSeconds;
    for (let i = 0; i < RECOVERY_LIMITS.resendPerAddress.max; i++) {
      expect(await resendVerification(null, { email, type: "signup" }, fromIp())).toMatchObject({ ok: true });
      // The cooldown's window passes; the hourly count stays.
      await db().execute(sql`update rate_limits set window_start = now() - make_interval(secs => ${window + 1}) where key = ${`verify-resend:wait:${email}`}`);
    }
    expect(await resendVerification(null, { email, type: "signup" }, fromIp())).toMatchObject({ ok: false, status: 429, error: R.tooManyResends });

    const ip = fromIp("192.0.2.99");
    for (let i = 0; i < RECOVERY_LIMITS.resendPerIp.max; i++) expect((await resendVerification(null, { email: unique(`r${i}`), type: "signup" }, ip)).ok).toBe(true);
    expect(await resendVerification(null, { email: unique("oltre"), type: "signup" }, ip)).toMatchObject({ status: 429, error: R.tooManyResends });
  }, 30_000);
});

describe("sign-in limits reveal nothing about accounts", () => {
  itDb("an unknown address is refused like a known one: same 401, then the same 429 after as many tries", async () => {
    const known = await createAccount({ password: PASSWORD });
    const unknown = unique("nessuno");
    const outcomes: Record<string, unknown[]> = { known: [], unknown: [] };
    for (const [name, email] of [["known", known.email], ["unknown", unknown]] as const) {
      // From one address: failures are counted per account and address (decision 0074).
      for (let i = 0; i < signInLimits().perPair.max + 1; i++) {
        const result = await signIn({ email, password: "Sbagliata-123" }, fromIp("198.51.100.1"));
        outcomes[name]!.push(result.ok ? "ok" : { status: result.status, error: result.error });
      }
    }
    expect(outcomes.unknown).toEqual(outcomes.known);
    expect(outcomes.known!.at(-1)).toEqual({ status: 429, error: M.tooManyAttempts });
    expect(outcomes.known!.at(0)).toEqual({ status: 401, error: M.invalidCredentials });
  }, 30_000);
});

describe("the two verification mails", () => {
  itDb("an e-mail change still gets its own text; the sign-up confirmation goes to the account's address", async () => {
    const account = await createAccount();
    const newEmail = unique("nuovo");
    await requestEmailChange(account.id, newEmail);
    const before = await outboxFiles();
    await resendVerification(asUser(account), {}, new Headers({ cookie: account.cookie }));
    const [change] = await mailsTo([], newEmail);
    const [confirm] = await mailsTo(before, account.email);
    expect(change!.headers).toMatch(/^Subject: Conferma il tuo nuovo indirizzo email su Zampa$/m);
    expect(confirm!.headers).toMatch(/^Subject: Conferma il tuo indirizzo email su Zampa$/m);
    expect(confirm!.body).toContain("non puoi votare né partecipare ai concorsi");
  });
});
