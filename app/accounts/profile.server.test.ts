import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { config, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { accounts, profiles, sessions, users } from "~/db/schema";
import { cookieFrom, requestAs, signedIn, TEST_PASSWORD as PASSWORD, uniqueEmail as unique } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { auth, CLIENT_IP_HEADER } from "./auth.server";
import { confirmEmailChange, EMAIL_CHANGE_LIMITS, EMAIL_CHANGE_PATHS, pendingEmailChange } from "./email-change.server";
import { ACCOUNT_MESSAGES as A } from "./messages";
import { listUsers } from "./admin.server";
import { changePassword, getProfileInfo, updateProfile } from "./profile.server";
import { PROFILE_MESSAGES as M } from "./profile-validation";
import { getCurrentUser, type CurrentUser } from "./session.server";

const NEW_PASSWORD = "Gatto-sul-tetto-7";

async function state(id: string) {
  const [row] = await db()
    .select({ name: users.name, email: users.email, emailVerified: users.emailVerified, fullName: profiles.fullName, profileEmail: profiles.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id));
  const [credential] = await db()
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, id), eq(accounts.providerId, "credential")));
  return { ...row, passwordHash: credential?.password };
}

const outboxDir = () => path.join(config().dataDir, "outbox");

/** The .eml files of the outbox addressed to `to`, decoded from quoted-printable (the outbox writes 8-bit: decision 0099). */
async function mailsTo(to: string): Promise<string[]> {
  const names = await readdir(outboxDir()).catch(() => [] as string[]);
  const mails = await Promise.all(names.map((name) => readFile(path.join(outboxDir(), name), "utf8")));
  const decoded = (eml: string) => eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return mails
    .map((eml) => (/^Content-Transfer-Encoding: quoted-printable$/m.test(eml) ? decoded(eml) : eml))
    .filter((eml) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "m").test(eml));
}

function confirmTokenIn(mail: string): string {
  const link = new RegExp(`http://localhost:3000${EMAIL_CHANGE_PATHS.confirm}\\?token=(\\S+)`).exec(mail);
  if (!link) throw new Error(`no link in:\n${mail}`);
  return decodeURIComponent(link[1]!);
}

const signInWith = (email: string, password: string) =>
  auth().api.signInEmail({ body: { email, password }, headers: new Headers({ [CLIENT_IP_HEADER]: "203.0.113.50" }) });

describe("profile information", () => {
  itDb("shows the own name, e-mail, creation date and the latest sign-in", async () => {
    const { account, user } = await signedIn({ fullName: "Giulia Rossi" });
    const later = await auth().api.signInEmail({ body: { email: account.email, password: PASSWORD }, returnHeaders: true });
    const info = await getProfileInfo(user);
    const [latest] = await db().select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.token, later.response.token));
    const [row] = await db().select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
    expect(info).toEqual({ fullName: "Giulia Rossi", email: account.email, createdAt: row!.createdAt, messageMail: true, lastSignInAt: latest!.createdAt });
  });
});

describe("name and e-mail", () => {
  itDb("a new name is found at once by the back office's kept user searches", async () => {
    const { user, request } = await signedIn({ fullName: "Giulia Rossi" });
    const admin: CurrentUser = { id: user.id, email: user.email, fullName: "Admin", role: "admin" };
    const found = async () => {
      const result = await listUsers(admin, { q: "Smeraldina" });
      return result.ok ? result.matching : -1;
    };
    setCacheEnabled(true);
    try {
      expect(await found()).toBe(0);
      expect((await updateProfile(user, { fullName: "Smeraldina Rossi", email: user.email }, request)).ok).toBe(true);
      expect(await found()).toBe(1);
    } finally {
      setCacheEnabled(false);
    }
  });

  itDb("saves the full name in the account and in the profile", async () => {
    const { user, request } = await signedIn({ fullName: "Giulia Rossi" });
    const result = await updateProfile(user, { fullName: "  Giulia Bianchi ", email: user.email }, request);
    expect(result).toEqual({ ok: true, message: M.profileSaved });
    expect(await state(user.id)).toMatchObject({ name: "Giulia Bianchi", fullName: "Giulia Bianchi", email: user.email, profileEmail: user.email });
  });

  itDb("changes the e-mail only once the link sent to the new address is followed", async () => {
    const { account, user, request } = await signedIn();
    const before = await state(user.id);
    expect(before.emailVerified).toBe(false);
    const newEmail = unique("nuovo");

    const result = await updateProfile(user, { fullName: before.fullName, email: newEmail.toUpperCase() }, request);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toContain(newEmail);
    expect(result.message).toMatch(/controlla la casella del nuovo indirizzo/);

    // Nothing has changed yet; the link went to the new address, the notice to the current one.
    expect(await state(user.id)).toEqual(before);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const mails = await mailsTo(newEmail);
    expect(mails).toHaveLength(1);

    // Following the link (from any browser: the link proves the mailbox) confirms the change.
    expect(await confirmEmailChange(confirmTokenIn(mails[0]!))).toEqual({ ok: true, message: M.emailConfirmed });
    expect(await state(user.id)).toMatchObject({ email: newEmail, profileEmail: newEmail, emailVerified: true, passwordHash: before.passwordHash });
    expect(await getCurrentUser(requestAs(account))).toMatchObject({ id: user.id, email: newEmail });
    expect((await signInWith(newEmail, PASSWORD)).user.id).toBe(user.id);
  });

  itDb("refuses an e-mail that another account uses, and changes nothing", async () => {
    const other = await signedIn({ fullName: "Altra Persona" });
    const { user, request } = await signedIn({ fullName: "Giulia Rossi" });
    const before = await state(user.id);
    const otherBefore = await state(other.user.id);
    const result = await updateProfile(user, { fullName: "Giulia Bianchi", email: ` ${other.user.email.toUpperCase()} ` }, request);
    expect(result).toEqual({ ok: false, status: 422, error: "Esiste già un account con questo indirizzo email" });
    expect(await state(user.id)).toEqual(before);
    expect(await state(other.user.id)).toEqual(otherBefore);
    expect(await mailsTo(other.user.email)).toHaveLength(0);
  });

  itDb("refuses a missing name or a bad e-mail with the form's messages", async () => {
    const { user, request } = await signedIn();
    const before = await state(user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: "  ", email: user.email }, A.fullNameRequired],
      [{ email: user.email }, A.fullNameRequired],
      [{ fullName: "x".repeat(101), email: user.email }, M.fullNameTooLong],
      [{ fullName: "Giulia", email: "" }, A.emailRequired],
      [{ fullName: "Giulia", email: "giulia@" }, A.emailInvalid],
    ];
    for (const [input, error] of cases) expect(await updateProfile(user, input, request)).toEqual({ ok: false, status: 400, error });
    expect(await state(user.id)).toEqual(before);
  });

  itDb("says so when the confirmation e-mail cannot be sent, and changes nothing", async () => {
    const { user, request } = await signedIn({ fullName: "Giulia Rossi" });
    const before = await state(user.id);
    const saved = config();
    setConfig({ ...saved, smtpUrl: "smtp://127.0.0.1:1" }); // nothing listens there
    try {
      const result = await updateProfile(user, { fullName: "Giulia Bianchi", email: unique("irraggiungibile") }, request);
      expect(result).toEqual({ ok: false, status: 502, error: "Errore durante l'aggiornamento del profilo" });
    } finally {
      setConfig(saved);
    }
    expect(await state(user.id)).toEqual(before);
    // No change is left waiting for a link that never left.
    expect(await pendingEmailChange(user.id)).toBeNull();
  });

  itDb("limits how many confirmation e-mails one account can have sent", async () => {
    const { user, request } = await signedIn();
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perAccount.max; i++) {
      expect((await updateProfile(user, { fullName: "Giulia", email: unique(`tentativo${i}`) }, request)).ok).toBe(true);
    }
    const blocked = unique("troppo");
    expect(await updateProfile(user, { fullName: "Giulia", email: blocked }, request)).toEqual({ ok: false, status: 429, error: M.emailChangeTooMany });
    expect(await mailsTo(blocked)).toHaveLength(0);
  });

  itDb("limits the confirmation mails to one address, whichever accounts ask", async () => {
    const target = unique("conteso-da-molti");
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perAddress.max; i++) {
      const { user, request } = await signedIn();
      expect((await updateProfile(user, { fullName: "Giulia", email: target }, request)).ok).toBe(true);
    }
    const { user, request } = await signedIn({ fullName: "Ultima Persona" });
    const before = await state(user.id);
    expect(await updateProfile(user, { fullName: "Nome Nuovo", email: target }, request)).toEqual({ ok: false, status: 429, error: M.emailChangeTooMany });
    expect(await state(user.id)).toEqual(before);
    expect(await mailsTo(target)).toHaveLength(EMAIL_CHANGE_LIMITS.perAddress.max);
  });

  itDb("refuses a name of invisible or direction characters and saves a normalised one", async () => {
    const { user, request } = await signedIn({ fullName: "Giulia Rossi" });
    const before = await state(user.id);
    for (const fullName of ["\u200B\u200C", "\u202E\u202D", "\u2066\uFEFF\u2069"]) {
      expect(await updateProfile(user, { fullName, email: user.email }, request)).toEqual({ ok: false, status: 400, error: A.fullNameRequired });
    }
    expect(await state(user.id)).toEqual(before);
    expect((await updateProfile(user, { fullName: "Giulia\u200B\r\nBianchi", email: user.email }, request)).ok).toBe(true);
    expect(await state(user.id)).toMatchObject({ name: "Giulia Bianchi", fullName: "Giulia Bianchi" });
  });

  itDb("never touches another account, whatever the form says", async () => {
    const other = await signedIn({ fullName: "Altra Persona" });
    const { user, request } = await signedIn({ fullName: "Giulia Rossi" });
    const otherBefore = await state(other.user.id);
    const forged = { id: other.user.id, userId: other.user.id, fullName: "Intruso", email: user.email, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await updateProfile(user, forged, request)).ok).toBe(true);
    expect((await changePassword(user, forged, request)).ok).toBe(true);
    expect(await state(other.user.id)).toEqual(otherBefore);
    expect(await state(user.id)).toMatchObject({ fullName: "Intruso" });
    // Another account's session cannot act for this user.
    expect(await updateProfile(other.user, { fullName: "Altra", email: unique("furto") }, request)).toMatchObject({ ok: false, status: 401 });
    expect(await changePassword(other.user, forged, request)).toMatchObject({ ok: false, status: 401 });
    expect(await state(other.user.id)).toEqual(otherBefore);
  });
});

describe("better-auth's e-mail endpoints", () => {
  // The resend is called on the server by recovery.server.ts (decision 0058), never over HTTP.
  itDb("does not resend a verification e-mail on request over HTTP", async () => {
    const { account } = await signedIn();
    expect(await mailsTo(account.email)).toHaveLength(0);
    const response = await auth().handler(
      new Request("http://localhost:3000/api/auth/send-verification-email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({ email: account.email }),
      }),
    );
    expect(response.status).toBe(404);
    expect(await mailsTo(account.email)).toHaveLength(0);
  });
});

describe("password", () => {
  itDb("sets the new password, keeps this session and ends the others", async () => {
    const { account, user, request } = await signedIn();
    const elsewhere = await auth().api.signInEmail({ body: { email: account.email, password: PASSWORD }, returnHeaders: true });
    const elsewhereCookie = cookieFrom(elsewhere.headers);
    const otherUser = await signedIn();

    const result = await changePassword(user, { currentPassword: "ignorata", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, request);
    expect(result).toEqual({ ok: true, message: "Password aggiornata con successo" });

    expect(await getCurrentUser(requestAs(account))).toMatchObject({ id: user.id });
    expect(await auth().api.getSession({ headers: new Headers({ cookie: elsewhereCookie }) })).toBeNull();
    expect(await getCurrentUser(requestAs(otherUser.account))).toMatchObject({ id: otherUser.user.id });

    expect((await signInWith(account.email, NEW_PASSWORD)).user.id).toBe(user.id);
    await expect(signInWith(account.email, PASSWORD)).rejects.toMatchObject({ body: { code: "INVALID_EMAIL_OR_PASSWORD" } });
    expect((await signInWith(otherUser.account.email, PASSWORD)).user.id).toBe(otherUser.user.id);
  });

  itDb("refuses a mismatch, a short or a common password with the exact messages, and changes nothing", async () => {
    const { user, request } = await signedIn();
    const before = await state(user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` }, "Le nuove password non coincidono"],
      [{ newPassword: "abc12", confirmPassword: "abc12" }, "La password deve essere di almeno 6 caratteri"],
      [{ newPassword: "abc12", confirmPassword: "abc13" }, "La password deve essere di almeno 6 caratteri"],
      [{ newPassword: "password123", confirmPassword: "password123" }, A.passwordTooCommon],
      [{ newPassword: "", confirmPassword: "" }, M.newPasswordRequired],
      [{ newPassword: NEW_PASSWORD, confirmPassword: "" }, M.confirmPasswordRequired],
      [{ newPassword: NEW_PASSWORD }, M.confirmPasswordRequired],
      [{ newPassword: "x".repeat(129), confirmPassword: "x".repeat(129) }, A.passwordTooLong],
    ];
    for (const [input, error] of cases) expect(await changePassword(user, input, request)).toEqual({ ok: false, status: 400, error });
    expect(await state(user.id)).toEqual(before);
    expect((await signInWith(user.email, PASSWORD)).user.id).toBe(user.id);
  });

  itDb("needs the signed-in session", async () => {
    const { user } = await signedIn();
    const before = await state(user.id);
    const anonymous = requestAs(null, "http://localhost:3000/dashboard/profile", { method: "POST" });
    expect(await changePassword(user, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, anonymous)).toEqual({
      ok: false,
      status: 401,
      error: M.passwordError,
    });
    expect(await state(user.id)).toEqual(before);
  });
});
