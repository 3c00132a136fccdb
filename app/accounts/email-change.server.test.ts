// The e-mail change (decision 0077) through the profile's domain function, the outbox and the
// links' own functions: one pending request per account, single-use links bound to the address the
// account had, the notice with its cancellation link to the old address; and the links a password
// reset or change voids (decision 0078).
import { and, eq } from "drizzle-orm";
import { signJWT } from "better-auth/crypto";
import { describe, expect } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { emailChanges, profiles, users, verifications } from "~/db/schema";
import { mailsSince, mailsTo, outboxFiles, type OutboxMail } from "~/mail/outbox.testing";
import { createAccount, requestAs, signedIn, TEST_PASSWORD as PASSWORD, uniqueEmail as unique, type SignedIn as Someone } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { listUsers } from "./admin.server";
import { auth, CLIENT_IP_HEADER } from "./auth.server";
import {
  cancelEmailChange,
  cancelOwnEmailChange,
  checkEmailLink,
  confirmEmailChange,
  EMAIL_CHANGE_LIMITS,
  EMAIL_CHANGE_PATHS,
  pendingEmailChange,
  requestEmailChange,
} from "./email-change.server";
import { changePassword, updateProfile } from "./profile.server";
import { EMAIL_LINK_MESSAGES as L, PROFILE_MESSAGES as M } from "./profile-validation";
import { requestPasswordRecovery, resetPasswordWithToken, resetTokenUsable } from "./recovery.server";
import { getCurrentUser, type CurrentUser } from "./session.server";

const NEW_PASSWORD = "Gatto-sul-tetto-7";

async function addressOf(id: string) {
  const [row] = await db()
    .select({ email: users.email, emailVerified: users.emailVerified, profileEmail: profiles.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id));
  return row!;
}

function tokenIn(mail: OutboxMail, path: string): string {
  const link = new RegExp(`http://localhost:3000${path}\\?token=(\\S+)`).exec(mail.body);
  if (!link) throw new Error(`no ${path} link in:\n${mail.body}`);
  return decodeURIComponent(link[1]!);
}

/** Asks, as the profile form does, for the address to become `to`; returns both links' tokens. */
async function ask(who: Someone, to: string): Promise<{ confirm: string; cancel: string }> {
  const [current] = await db().select({ email: users.email }).from(users).where(eq(users.id, who.user.id));
  const before = await outboxFiles();
  const result = await updateProfile({ ...who.user, email: current!.email }, { fullName: "Giulia Rossi", email: to }, who.request);
  expect(result.ok).toBe(true);
  const [confirmation] = await mailsTo(before, to);
  const [notice] = await mailsTo(before, current!.email);
  return { confirm: tokenIn(confirmation!, EMAIL_CHANGE_PATHS.confirm), cancel: tokenIn(notice!, EMAIL_CHANGE_PATHS.cancel) };
}

const refusedConfirm = (reason: keyof typeof L.confirm) => ({ ok: false, status: reason === "unknown" ? 400 : 410, error: L.confirm[reason] });
const refusedCancel = (reason: keyof typeof L.cancel) => ({ ok: false, status: reason === "unknown" ? 400 : 410, error: L.cancel[reason] });
const confirmed = { ok: true, message: M.emailConfirmed };

describe("asking for a new address", () => {
  itDb("mails the new address its link and tells the old one at once, with a link that cancels", async () => {
    const someone = await signedIn();
    const before = await outboxFiles();
    const to = unique("nuovo");
    expect((await updateProfile(someone.user, { fullName: "Giulia Rossi", email: to }, someone.request)).ok).toBe(true);

    const [confirmation] = await mailsTo(before, to);
    expect(confirmation!.headers).toMatch(/^Subject: Conferma il tuo nuovo indirizzo email su Zampa$/m);
    expect(confirmation!.body).toContain("valido per 24 ore e utilizzabile una sola volta");
    const [notice] = await mailsTo(before, someone.user.email);
    expect(notice!.headers).toMatch(/^Subject: Richiesta di cambio dell'indirizzo email del tuo account Zampa$/m);
    expect(notice!.body).toContain(to);
    expect(notice!.body).toContain("http://localhost:3000/forgot-password");
    const cancel = tokenIn(notice!, EMAIL_CHANGE_PATHS.cancel);
    expect(await checkEmailLink("cancel", cancel)).toEqual({ usable: true, newEmail: to, oldEmail: someone.user.email });

    // Nothing has changed yet; the profile shows the change waiting.
    expect(await addressOf(someone.user.id)).toMatchObject({ email: someone.user.email });
    expect(await pendingEmailChange(someone.user.id)).toMatchObject({ newEmail: to });
    // The old address's link withdraws it.
    expect(await cancelEmailChange(cancel)).toEqual({ ok: true, message: M.emailChangeCancelled });
    expect(await pendingEmailChange(someone.user.id)).toBeNull();
  });

  itDb("sends the not yet confirmed address no text the account chose, not even its name", async () => {
    const someone = await signedIn({ fullName: "Vinci un iPhone su truffa punto example" });
    const to = unique("destinatario");
    const before = await outboxFiles();
    expect((await requestEmailChange(someone.user.id, to)).ok).toBe(true);
    const [mail] = await mailsTo(before, to);
    expect(mail!.lines[0]).toBe("Ciao,");
    expect(mail!.body).not.toMatch(/iPhone|truffa/);
  });

  itDb("limits the mails per account, and to one address whichever accounts ask", async () => {
    const someone = await signedIn();
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perAccount.max; i++) expect((await requestEmailChange(someone.user.id, unique(`indirizzo${i}`))).ok).toBe(true);
    const blocked = unique("troppo");
    const before = await outboxFiles();
    expect(await requestEmailChange(someone.user.id, blocked)).toEqual({ ok: false, status: 429, error: M.emailChangeTooMany });
    expect(await mailsSince(before)).toEqual([]);

    const target = unique("conteso-da-molti");
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perAddress.max; i++) expect((await requestEmailChange((await signedIn()).user.id, target)).ok).toBe(true);
    expect(await requestEmailChange((await signedIn()).user.id, target.toUpperCase())).toEqual({ ok: false, status: 429, error: M.emailChangeTooMany });
  });
});

describe("the confirmation link", () => {
  itDb("changes the address (confirmed, in the profile too), and the back office finds it at once", async () => {
    const someone = await signedIn();
    const to = unique("confermato");
    const links = await ask(someone, to);
    const admin: CurrentUser = { ...someone.user, role: "admin" };
    const found = async () => {
      const result = await listUsers(admin, { q: to });
      return result.ok ? result.matching : -1;
    };
    setCacheEnabled(true);
    try {
      expect(await found()).toBe(0);
      expect(await confirmEmailChange(links.confirm)).toEqual(confirmed);
      expect(await found()).toBe(1);
    } finally {
      setCacheEnabled(false);
    }
    expect(await addressOf(someone.user.id)).toEqual({ email: to, emailVerified: true, profileEmail: to });
    expect(await getCurrentUser(requestAs(someone.account))).toMatchObject({ id: someone.user.id, email: to });
    const signIn = await auth().api.signInEmail({ body: { email: to, password: PASSWORD }, headers: new Headers({ [CLIENT_IP_HEADER]: "203.0.113.50" }) });
    expect(signIn.user.id).toBe(someone.user.id);
    expect(await pendingEmailChange(someone.user.id)).toBeNull();
  });

  itDb("works once: opened again it is refused, and nothing changes", async () => {
    const someone = await signedIn();
    const to = unique("una-volta");
    const links = await ask(someone, to);
    expect(await confirmEmailChange(links.confirm)).toEqual(confirmed);
    expect(await confirmEmailChange(links.confirm)).toEqual(refusedConfirm("confirmed"));
    expect(await checkEmailLink("confirm", links.confirm)).toEqual({ usable: false, status: 410, error: L.confirm.confirmed });
    expect(await addressOf(someone.user.id)).toMatchObject({ email: to });
  });

  itDb("a newer request voids the older link: the mistyped address's link is refused, the right one works", async () => {
    const someone = await signedIn();
    const mistyped = unique("sbagliato");
    const right = unique("giusto");
    const first = await ask(someone, mistyped);
    const second = await ask(someone, right);
    expect(await confirmEmailChange(first.confirm)).toEqual(refusedConfirm("replaced"));
    expect(await cancelEmailChange(first.cancel)).toEqual(refusedCancel("replaced"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: someone.user.email });
    expect(await confirmEmailChange(second.confirm)).toEqual(confirmed);
    expect(await addressOf(someone.user.id)).toMatchObject({ email: right });
  });

  itDb("after A→B→A the first A→B link is refused", async () => {
    const someone = await signedIn();
    const a = someone.user.email;
    const b = unique("andata");
    const toB = await ask(someone, b);
    expect(await confirmEmailChange(toB.confirm)).toEqual(confirmed);
    const backToA = await ask(someone, a);
    expect(await confirmEmailChange(backToA.confirm)).toEqual(confirmed);
    expect(await addressOf(someone.user.id)).toMatchObject({ email: a });
    expect(await confirmEmailChange(toB.confirm)).toEqual(refusedConfirm("confirmed"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: a });
  });

  itDb("is bound to the address the account had: after A→B, a link sent for A→C is refused", async () => {
    const someone = await signedIn();
    const toC = await ask(someone, unique("c"));
    const b = unique("b");
    const toB = await ask(someone, b);
    expect(await confirmEmailChange(toB.confirm)).toEqual(confirmed);
    expect(await confirmEmailChange(toC.confirm)).toEqual(refusedConfirm("replaced"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: b });

    // However the address changed meanwhile, a pending link for the old one does not apply.
    const toD = await ask(someone, unique("d"));
    const e = unique("e");
    await db().update(users).set({ email: e }).where(eq(users.id, someone.user.id));
    expect(await confirmEmailChange(toD.confirm)).toEqual(refusedConfirm("voided"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: e });
  });

  itDb("voids the reset links sent to the old address", async () => {
    const someone = await signedIn();
    const before = await outboxFiles();
    await requestPasswordRecovery({ email: someone.user.email }, new Headers({ [CLIENT_IP_HEADER]: "203.0.113.61" }));
    const [mail] = await mailsTo(before, someone.user.email);
    const reset = decodeURIComponent(/\/reset-password\?token=(\S+)/.exec(mail!.body)![1]!);
    expect(await resetTokenUsable(reset)).toBe(true);
    const links = await ask(someone, unique("nuovo"));
    expect(await confirmEmailChange(links.confirm)).toEqual(confirmed);
    expect(await resetTokenUsable(reset)).toBe(false);
    expect((await resetPasswordWithToken({ token: reset, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).ok).toBe(false);
  });

  itDb("an expired, a made-up or a missing token is refused with its message, changing nothing", async () => {
    const someone = await signedIn();
    const links = await ask(someone, unique("scaduto"));
    await db()
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(emailChanges.userId, someone.user.id));
    expect(await confirmEmailChange(links.confirm)).toEqual(refusedConfirm("expired"));
    expect(await cancelEmailChange(links.cancel)).toEqual(refusedCancel("expired"));
    expect(await confirmEmailChange("inventato")).toEqual(refusedConfirm("unknown"));
    expect(await confirmEmailChange(undefined)).toEqual(refusedConfirm("unknown"));
    expect(await cancelEmailChange("x".repeat(500))).toEqual(refusedCancel("unknown"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: someone.user.email });
    expect(await pendingEmailChange(someone.user.id)).toBeNull();
  });

  itDb("an address another account took meanwhile changes nothing and says so (409)", async () => {
    const someone = await signedIn();
    const to = unique("conteso");
    const links = await ask(someone, to);
    const rival = await createAccount({ email: to });
    expect(await confirmEmailChange(links.confirm)).toEqual({ ok: false, status: 409, error: M.emailTakenMeanwhile });
    expect(await addressOf(someone.user.id)).toMatchObject({ email: someone.user.email });
    expect(await addressOf(rival.id)).toMatchObject({ email: to });
  });

  itDb("a link of better-auth's own change flow, sent before, leads to the page and changes nothing", async () => {
    const someone = await signedIn();
    const { secret } = await auth().$context;
    const token = await signJWT(
      { email: someone.user.email, updateTo: unique("vecchio-flusso"), userId: someone.user.id, requestType: "change-email-verification" },
      secret,
      3600,
    );
    const response = await auth().handler(new Request(`http://localhost:3000/api/auth/verify-email?token=${token}&callbackURL=%2Fdashboard%2Fprofile`));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(EMAIL_CHANGE_PATHS.confirm);
    expect(await addressOf(someone.user.id)).toMatchObject({ email: someone.user.email });
    // better-auth's own request endpoint is off.
    await expect(
      auth().api.changeEmail({ body: { newEmail: unique("x") }, headers: new Headers({ cookie: someone.account.cookie }) }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("cancelling", () => {
  itDb("the old address's link works once and voids the pending change", async () => {
    const someone = await signedIn();
    const links = await ask(someone, unique("annullato"));
    expect(await cancelEmailChange(links.cancel)).toEqual({ ok: true, message: M.emailChangeCancelled });
    expect(await cancelEmailChange(links.cancel)).toEqual(refusedCancel("cancelled"));
    expect(await confirmEmailChange(links.confirm)).toEqual(refusedConfirm("cancelled"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: someone.user.email });
  });

  itDb("from the profile: the links stop working; with nothing pending it says so", async () => {
    const someone = await signedIn();
    const links = await ask(someone, unique("ritirato"));
    expect(await cancelOwnEmailChange(someone.user.id)).toEqual({ ok: true, message: M.emailChangeCancelled });
    expect(await cancelOwnEmailChange(someone.user.id)).toEqual({ ok: false, status: 409, error: M.noPendingEmailChange });
    expect(await confirmEmailChange(links.confirm)).toEqual(refusedConfirm("cancelled"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: someone.user.email });
  });

  itDb("a confirmed change can no longer be cancelled by the old address's link", async () => {
    const someone = await signedIn();
    const to = unique("definitivo");
    const links = await ask(someone, to);
    expect(await confirmEmailChange(links.confirm)).toEqual(confirmed);
    expect(await cancelEmailChange(links.cancel)).toEqual(refusedCancel("confirmed"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: to });
  });
});

describe("a new password voids the links sent before", () => {
  async function resetLinks(email: string, n: number): Promise<string[]> {
    const before = await outboxFiles();
    for (let i = 0; i < n; i++) await requestPasswordRecovery({ email }, new Headers({ [CLIENT_IP_HEADER]: `203.0.113.${70 + i}` }));
    return (await mailsTo(before, email)).map((mail) => decodeURIComponent(/\/reset-password\?token=(\S+)/.exec(mail.body)![1]!));
  }

  itDb("two reset links, the second used: the first is refused, and so is a pending e-mail change", async () => {
    const someone = await signedIn();
    const change = await ask(someone, unique("in-attesa"));
    const [first, second] = await resetLinks(someone.user.email, 2);
    expect(await resetPasswordWithToken({ token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toMatchObject({ ok: true });
    expect(await resetTokenUsable(first)).toBe(false);
    expect(await resetPasswordWithToken({ token: first, password: "Un-Altra-Password-9", confirmPassword: "Un-Altra-Password-9" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await confirmEmailChange(change.confirm)).toEqual(refusedConfirm("voided"));
    expect(await addressOf(someone.user.id)).toMatchObject({ email: someone.user.email });
    const signIn = await auth().api.signInEmail({
      body: { email: someone.user.email, password: NEW_PASSWORD },
      headers: new Headers({ [CLIENT_IP_HEADER]: "203.0.113.51" }),
    });
    expect(signIn.user.id).toBe(someone.user.id);
  });

  itDb("a password change from the profile voids every reset link and the pending e-mail change", async () => {
    const someone = await signedIn();
    const change = await ask(someone, unique("in-attesa"));
    const links = await resetLinks(someone.user.email, 2);
    expect((await changePassword(someone.user, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, someone.request)).ok).toBe(true);
    for (const link of links) expect(await resetTokenUsable(link)).toBe(false);
    expect(await confirmEmailChange(change.confirm)).toEqual(refusedConfirm("voided"));
    expect(await cancelEmailChange(change.cancel)).toEqual(refusedCancel("voided"));
    // Another account's links are untouched.
    const other = await signedIn();
    const [kept] = await resetLinks(other.user.email, 1);
    expect((await changePassword(someone.user, { newPassword: PASSWORD, confirmPassword: PASSWORD }, someone.request)).ok).toBe(true);
    expect(await resetTokenUsable(kept)).toBe(true);
    const [row] = await db()
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.identifier, `reset-password:${kept}`), eq(verifications.value, other.user.id)));
    expect(row).toBeDefined();
  });
});
