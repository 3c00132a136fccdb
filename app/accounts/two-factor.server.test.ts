import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect } from "vitest";
import { admitToBackOffice } from "~/admin/gate.server";
import { config, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { sessions, twoFactorPhones, twoFactors, users } from "~/db/schema";
import { createAccount, requestAs, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { signIn } from "./accounts.server";
import { auth, CLIENT_IP_HEADER } from "./auth.server";
import { confirmIdentity, refuseStaleChange, requireRecentAuth, sessionState } from "./reauth.server";
import { getCurrentUser, type CurrentUser } from "./session.server";
import { CODE_CHECK_LIMIT, TWO_FACTOR_MESSAGES as M } from "./two-factor-messages";
import {
  confirmPhoneEnrolment,
  confirmTotpEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  normalisePhone,
  pendingSignIn,
  sendSignInSms,
  startPhoneEnrolment,
  startTotpEnrolment,
  TWO_FACTOR_ENROL_PATH,
  verifySignInCode,
} from "./two-factor.server";

const PASSWORD = "Cuccioli-2026";
let counter = 0;
const unique = () => `due-fattori-${Date.now()}-${++counter}@example.it`;

/** The cookies a response set, without the ones it cleared. */
function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

function post(cookie: string, url = "http://localhost:3000/dashboard/profile"): Request {
  return new Request(url, { method: "POST", headers: { cookie } });
}

async function signedIn(options: Parameters<typeof createAccount>[0] = {}): Promise<{ account: TestAccount; user: CurrentUser }> {
  const account = await createAccount({ email: unique(), ...options });
  const user = await getCurrentUser(requestAs(account));
  if (!user) throw new Error("not signed in");
  return { account, user };
}

/** The TOTP code of a base32 key, `steps` periods of 30 s from now (better-auth accepts ±1). */
function codeAt(key: string, steps = 0): Promise<string> {
  return generate({ secret: key.replace(/\s+/g, ""), epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** An account with TOTP confirmed; returns its key and the cookie of its (aal2) session. */
async function enrolled(options: Parameters<typeof createAccount>[0] = {}) {
  const { account, user } = await signedIn(options);
  const started = await startTotpEnrolment(user, post(account.cookie), { password: PASSWORD });
  if (!started.ok) throw new Error(started.error);
  // The current period's code: accepted even if a period ends before it is checked (±1).
  const confirmed = await confirmTotpEnrolment(user, post(account.cookie), { code: await codeAt(started.manualKey, 0) });
  if (!confirmed.ok) throw new Error(confirmed.error);
  return { account, user, key: started.manualKey, backupCodes: confirmed.backupCodes, cookie: cookiesOf(confirmed.headers) || account.cookie };
}

/** Password step of the sign-in: the cookie of the pending sign-in. */
async function passwordStep(email: string): Promise<string> {
  const result = await signIn({ email, password: PASSWORD }, new Headers());
  if (!result.ok) throw new Error(result.error);
  expect(result.twoFactor).toBe(true);
  return cookiesOf(result.headers);
}

async function smsTo(phone: string): Promise<string> {
  const dir = path.join(config().dataDir, "outbox");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".sms"));
  const withTimes = await Promise.all(names.map(async (n) => ({ n, t: (await stat(path.join(dir, n))).mtimeMs })));
  withTimes.sort((a, b) => b.t - a.t);
  for (const { n } of withTimes) {
    const text = await readFile(path.join(dir, n), "utf8");
    if (text.startsWith(`To: ${phone}\n`)) return /codice di verifica è (\d{6})/.exec(text)![1]!;
  }
  throw new Error(`no SMS to ${phone}`);
}

describe("TOTP enrolment", () => {
  itDb("a wrong password starts nothing; the right one gives a QR code and a manual key", async () => {
    const { account, user } = await signedIn();
    const wrong = await startTotpEnrolment(user, post(account.cookie), { password: "Sbagliata-123" });
    expect(wrong).toEqual({ ok: false, status: 400, error: M.passwordWrong });
    expect(await db().select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(0);

    const started = await startTotpEnrolment(user, post(account.cookie), { password: PASSWORD });
    if (!started.ok) throw new Error(started.error);
    expect(started.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(started.manualKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect((await getTwoFactorStatus(user, requestAs(account))).totp).toBe("pending");
    // Until it is confirmed, the sign-in asks no code.
    const result = await signIn({ email: account.email, password: PASSWORD }, new Headers());
    expect(result.ok && result.twoFactor).toBe(false);
  });

  itDb("a wrong code leaves it unconfirmed; the right one confirms it, gives 10 backup codes, aal2, and ends other sessions", async () => {
    const { account, user } = await signedIn();
    const other = await signIn({ email: account.email, password: PASSWORD }, new Headers());
    if (!other.ok) throw new Error(other.error);
    const started = await startTotpEnrolment(user, post(account.cookie), { password: PASSWORD });
    if (!started.ok) throw new Error(started.error);
    const right = await codeAt(started.manualKey);
    const wrong = right === "000000" ? "111111" : "000000";
    expect(await confirmTotpEnrolment(user, post(account.cookie), { code: wrong })).toEqual({ ok: false, status: 400, error: M.codeWrong });
    expect(await confirmTotpEnrolment(user, post(account.cookie), { code: "12ab" })).toEqual({ ok: false, status: 400, error: M.codeInvalidFormat });
    expect((await getTwoFactorStatus(user, requestAs(account))).totp).toBe("pending");

    const confirmed = await confirmTotpEnrolment(user, post(account.cookie), { code: right });
    if (!confirmed.ok) throw new Error(confirmed.error);
    expect(confirmed.backupCodes).toHaveLength(10);
    const cookie = cookiesOf(confirmed.headers);
    const status = await getTwoFactorStatus(user, post(cookie));
    expect(status).toMatchObject({ totp: "on", backupCodesLeft: 10, enabled: true, aal: "aal2" });
    const left = await db().select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect(cookie).toContain(left[0]!.token);
  });
});

describe("sign-in with a second factor", () => {
  itDb("the password alone gives no session; the right code gives an aal2 session", async () => {
    const { account, key } = await enrolled();
    const pendingCookie = await passwordStep(account.email);
    expect(pendingCookie).toMatch(/better-auth\.two_factor=/);
    expect(pendingCookie).not.toMatch(/session_token=/);
    expect(await auth().api.getSession({ headers: new Headers({ cookie: pendingCookie }) })).toBeNull();
    expect(await pendingSignIn(post(pendingCookie))).toMatchObject({ methods: { totp: true, sms: false, backup: true } });

    const code = await codeAt(key, 1);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await verifySignInCode(post(pendingCookie, "http://localhost:3000/login/codice"), { method: "totp", code: wrong })).toEqual({
      ok: false,
      status: 400,
      error: M.codeWrong,
    });
    const ok = await verifySignInCode(post(pendingCookie), { method: "totp", code });
    if (!ok.ok) throw new Error(ok.error);
    const session = await sessionState(post(cookiesOf(ok.headers)));
    expect(session).toMatchObject({ aal: "aal2", fresh: true });
  });

  itDb("a code already used is refused, even in another sign-in", async () => {
    const { account, key } = await enrolled();
    const code = await codeAt(key, 1);
    const first = await verifySignInCode(post(await passwordStep(account.email)), { method: "totp", code });
    expect(first.ok).toBe(true);
    const again = await verifySignInCode(post(await passwordStep(account.email)), { method: "totp", code });
    expect(again).toEqual({ ok: false, status: 400, error: M.codeReused });
  });

  itDb("a backup code works once", async () => {
    const { account, user, backupCodes } = await enrolled();
    const code = backupCodes[0]!;
    const first = await verifySignInCode(post(await passwordStep(account.email)), { method: "backup", code });
    if (!first.ok) throw new Error(first.error);
    expect((await sessionState(post(cookiesOf(first.headers))))?.aal).toBe("aal2");
    const again = await verifySignInCode(post(await passwordStep(account.email)), { method: "backup", code });
    expect(again).toEqual({ ok: false, status: 400, error: M.backupCodeWrong });
    expect((await getTwoFactorStatus(user, post(cookiesOf(first.headers)))).backupCodesLeft).toBe(9);
  });

  itDb("code checks are throttled per account: 429 after the limit, even for the right code", async () => {
    const { account, key } = await enrolled();
    const code = await codeAt(key, 1);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < CODE_CHECK_LIMIT.max; i++) {
      // A fresh pending sign-in each time: better-auth's own limit is per challenge.
      const answer = await verifySignInCode(post(await passwordStep(account.email)), { method: "totp", code: wrong });
      expect(answer.ok).toBe(false);
    }
    const blocked = await verifySignInCode(post(await passwordStep(account.email)), { method: "totp", code });
    expect(blocked).toEqual({ ok: false, status: 429, error: M.tooManyCodes });
  });

  itDb("code checks are throttled per client address too, across accounts", async () => {
    const previous = config();
    setConfig({ ...previous, signInsPerIp: 2 });
    try {
      // The password steps from three addresses (their own limit is not the one tested); every
      // code is then sent from one client (post() carries no address: "unknown").
      let n = 0;
      const passwordFrom = async (email: string) => {
        n += 1;
        const result = await signIn({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: `198.51.100.${n}` }));
        if (!result.ok) throw new Error(result.error);
        return cookiesOf(result.headers);
      };
      const first = await enrolled();
      const second = await enrolled();
      const wrong = (code: string) => (code === "000000" ? "111111" : "000000");
      for (const { account, key } of [first, second]) {
        const answer = await verifySignInCode(post(await passwordFrom(account.email)), { method: "totp", code: wrong(await codeAt(key, 1)) });
        expect(answer).toMatchObject({ ok: false, status: 400 });
      }
      const third = await enrolled();
      const blocked = await verifySignInCode(post(await passwordFrom(third.account.email)), { method: "totp", code: await codeAt(third.key, 1) });
      expect(blocked).toEqual({ ok: false, status: 429, error: M.tooManyCodes });
    } finally {
      setConfig(previous);
    }
  });

  itDb("right codes cost the client address nothing: many people behind one address sign in", async () => {
    const previous = config();
    setConfig({ ...previous, signInsPerIp: 2 });
    try {
      for (let i = 0; i < 3; i++) {
        const { account, key } = await enrolled();
        const result = await verifySignInCode(post(await passwordStep(account.email)), { method: "totp", code: await codeAt(key, 1) });
        expect(result.ok, `person ${i + 1}`).toBe(true);
      }
    } finally {
      setConfig(previous);
    }
  });

  itDb("no pending sign-in (no cookie, or a forged one): refused", async () => {
    expect(await verifySignInCode(post(""), { method: "totp", code: "123456" })).toEqual({ ok: false, status: 401, error: M.signInExpired });
    expect(await verifySignInCode(post("better-auth.two_factor=2fa-inventato.firma"), { method: "totp", code: "123456" })).toEqual({
      ok: false,
      status: 401,
      error: M.signInExpired,
    });
  });
});

describe("reauthentication", () => {
  async function age(cookie: string, minutes: number) {
    const state = await sessionState(post(cookie));
    await db()
      .update(sessions)
      .set({ authenticatedAt: sql`clock_timestamp() - make_interval(mins => ${minutes})` })
      .where(eq(sessions.token, state!.token));
  }

  itDb("fresh for 10 minutes after sign-in; then a password or a TOTP code makes it fresh again", async () => {
    const { user, key, cookie } = await enrolled();
    expect(await requireRecentAuth(post(cookie))).toMatchObject({ ok: true, userId: user.id });
    await age(cookie, 9);
    expect((await requireRecentAuth(post(cookie))).ok).toBe(true);
    await age(cookie, 11);
    expect(await requireRecentAuth(post(cookie))).toEqual({ ok: false, status: 403, error: M.reauthRequired });

    expect(await confirmIdentity(user, post(cookie), {})).toEqual({ ok: false, status: 400, error: M.identityRequired });
    expect(await confirmIdentity(user, post(cookie), { password: "Sbagliata-123" })).toEqual({ ok: false, status: 400, error: M.passwordWrong });
    expect((await requireRecentAuth(post(cookie))).ok).toBe(false);
    expect(await confirmIdentity(user, post(cookie), { password: PASSWORD })).toEqual({ ok: true, message: M.reauthDone });
    expect((await requireRecentAuth(post(cookie))).ok).toBe(true);

    await age(cookie, 11);
    expect((await confirmIdentity(user, post(cookie), { code: await codeAt(key, 1) })).ok).toBe(true);
    expect((await requireRecentAuth(post(cookie))).ok).toBe(true);
  });

  itDb("removing the factors needs a recent identity check; then sign-in asks no code", async () => {
    const { account, user, cookie } = await enrolled();
    await age(cookie, 11);
    expect(await disableTwoFactor(user, post(cookie))).toEqual({ ok: false, status: 403, error: M.reauthRequired });
    expect((await getTwoFactorStatus(user, post(cookie))).totp).toBe("on");
    expect((await confirmIdentity(user, post(cookie), { password: PASSWORD })).ok).toBe(true);
    expect(await disableTwoFactor(user, post(cookie))).toEqual({ ok: true, message: M.twoFactorDisabled });
    expect(await getTwoFactorStatus(user, post(cookie))).toMatchObject({ totp: "off", enabled: false, aal: "aal1" });
    const result = await signIn({ email: account.email, password: PASSWORD }, new Headers());
    expect(result.ok && result.twoFactor).toBe(false);
  });

  itDb("the profile's password and e-mail changes need it; a name change does not", async () => {
    const { account, user } = await signedIn();
    const request = post(account.cookie);
    expect(await refuseStaleChange(user, request, "password", {})).toBeNull();
    await age(account.cookie, 11);
    expect(await refuseStaleChange(user, request, "password", {})).toEqual({ ok: false, status: 403, error: M.reauthRequired });
    expect(await refuseStaleChange(user, request, "profile", { email: "altro@example.it", fullName: "X" })).toEqual({ ok: false, status: 403, error: M.reauthRequired });
    expect(await refuseStaleChange(user, request, "profile", { email: ` ${user.email.toUpperCase()} `, fullName: "Nuovo Nome" })).toBeNull();
  });

  itDb("no session: refused", async () => {
    expect(await requireRecentAuth(post(""))).toEqual({ ok: false, status: 401, error: M.signInExpired });
  });
});

describe("phone factor", () => {
  itDb("numbers are normalised; a bad one is refused", () => {
    expect(normalisePhone("333 123 4567")).toBe("+393331234567");
    expect(normalisePhone("0039 333-1234567")).toBe("+393331234567");
    expect(normalisePhone("+44 7700 900123")).toBe("+447700900123");
    expect(normalisePhone("12")).toBeNull();
    expect(normalisePhone("+39 333 abc")).toBeNull();
    return Promise.resolve();
  });

  itDb("enrol a phone with the SMS code, then sign in with an SMS code at aal2", async () => {
    const { account, user } = await signedIn();
    const phone = `+3933${String(Date.now()).slice(-8)}`;
    expect(await startPhoneEnrolment(user, post(account.cookie), { phone: "12" })).toEqual({ ok: false, status: 400, error: M.phoneInvalid });
    expect((await startPhoneEnrolment(user, post(account.cookie), { phone })).ok).toBe(true);
    const code = await smsTo(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await confirmPhoneEnrolment(user, post(account.cookie), { code: wrong })).toEqual({ ok: false, status: 400, error: M.smsCodeWrong });
    // A wrong try counts against the code's 5 tries; the right code still works.
    const confirmed = await confirmPhoneEnrolment(user, post(account.cookie), { code });
    if (!confirmed.ok) throw new Error(confirmed.error);
    const [row] = await db().select().from(twoFactorPhones).where(eq(twoFactorPhones.userId, user.id));
    expect(row?.verifiedAt).not.toBeNull();
    const [u] = await db().select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id));
    expect(u?.enabled).toBe(true);

    const pendingCookie = await passwordStep(account.email);
    expect(await pendingSignIn(post(pendingCookie))).toMatchObject({ methods: { totp: false, sms: true, backup: false } });
    expect((await sendSignInSms(post(pendingCookie))).ok).toBe(true);
    const signInCode = await smsTo(phone);
    const ok = await verifySignInCode(post(pendingCookie), { method: "sms", code: signInCode });
    if (!ok.ok) throw new Error(ok.error);
    expect((await sessionState(post(cookiesOf(ok.headers))))?.aal).toBe("aal2");
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  itDb("off: an administrator enters the back office without a factor; on: only at aal2, else sent to enrol", async () => {
    const saved = config();
    try {
      const { account } = await signedIn({ role: "admin" });
      const adminRequest = () => requestAs(account, "http://localhost:3000/admin");
      setConfig({ ...saved, requireAdmin2fa: false });
      expect(await admitToBackOffice(adminRequest(), "backoffice.enter")).toMatchObject({ ok: true, actor: { role: "admin" } });
      setConfig({ ...saved, requireAdmin2fa: true });
      expect(await admitToBackOffice(adminRequest(), "backoffice.enter")).toMatchObject({ ok: false, status: 403, location: TWO_FACTOR_ENROL_PATH });

      const admin = await enrolled({ role: "admin" });
      expect(await admitToBackOffice(post(admin.cookie, "http://localhost:3000/admin"), "backoffice.enter")).toMatchObject({ ok: true, actor: { role: "admin" } });
    } finally {
      setConfig(saved);
    }
  });
});
