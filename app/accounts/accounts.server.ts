// Account rules: sign-up, sign-in, sign-out, the administrator bootstrap.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { createEmailVerificationToken } from "better-auth/api";
import { hit } from "~/lib/rate-limit.server";
import { sendMail } from "~/mail/mailer.server";
import { signUpWithRegisteredAddressMail } from "./account-notice-mail.server";
import { auth, authErrorCode, authErrorMessage, VERIFICATION_LINK_TTL_SECONDS } from "./auth.server";
import { ACCOUNT_MESSAGES as M } from "./messages";
import { EMAIL_VERIFIED_PATH, verificationMail } from "./recovery-mail.server";
import { firstError, signInSchema, signUpSchema } from "./validation";
import { fail, type Result } from "~/lib/result";

/** twoFactor: the password was right and the account has a second factor: the code is asked next (decision 0059). */
export type AuthResult = Result<{ headers: Headers; twoFactor?: boolean }>;

/** A sign-up's answer: the same message whether the address was new or already registered (decision 0075). */
export type SignUpResult = Result<{ message: string }>;

function failure(error: unknown): ReturnType<typeof fail> {
  const status = typeof (error as { statusCode?: unknown })?.statusCode === "number" ? (error as { statusCode: number }).statusCode : 500;
  if (status >= 500) logger.error({ err: error }, "errore di autenticazione");
  return fail(status >= 500 ? 500 : status, authErrorMessage(error));
}

/** Mails about one address at sign-up (confirmation or notice), so that sign-ups cannot flood an inbox. */
export const SIGN_UP_MAILS_PER_ADDRESS = { max: 3, windowSeconds: 24 * 60 * 60 } as const;

/**
 * A sign-up (decision 0075). A new address gets its account (no session: it signs in with its
 * password) and the confirmation link; a registered one gets nothing changed and a mail to its owner
 * saying someone tried, with the recovery link. The visitor cannot tell them apart: better-auth
 * hashes the password in both cases and answers a registered address with a made-up account, and
 * here both cases take the same steps (one read, one counter, one mail, awaited) before the same answer.
 */
export async function signUp(input: Record<string, unknown>, requestHeaders: Headers, returnPath: string | null = null): Promise<SignUpResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  const { fullName, email, password, acceptPrivacy, acceptTerms } = parsed.data;
  let userId: string | null = null;
  try {
    // The consent goes along: better-auth's hook checks it (and the name, and the per-address
    // limit) for every sign-up made for a client; better-auth takes extra fields and ignores them.
    const body = { name: fullName, email, password, acceptPrivacy, acceptTerms };
    ({
      user: { id: userId },
    } = await auth().api.signUpEmail({ body, headers: requestHeaders }));
  } catch (error) {
    // Two simultaneous sign-ups with one e-mail (a double click): the unique constraint stops the
    // second insert. The first one's mail is on its way: the same answer, no second mail.
    if (authErrorCode(error) === "FAILED_TO_CREATE_USER" && (await emailRegistered(email))) return { ok: true, message: M.signUpCheckEmail };
    return failure(error);
  }
  await sendSignUpMail(email, userId, returnPath);
  return { ok: true, message: M.signUpCheckEmail };
}

/**
 * The one mail of a sign-up: the confirmation link when the account was just made, else the owner's
 * notice. The link lands on the confirmation page with the way back (a same-site path the caller
 * checked), whose sign-in link returns there (decision 0092).
 */
async function sendSignUpMail(email: string, signedUpId: string, returnPath: string | null): Promise<void> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!(await hit(`signup:mail:${email}`, SIGN_UP_MAILS_PER_ADDRESS)).allowed) return;
  try {
    if (row?.id === signedUpId) {
      const context = await auth().$context;
      const token = await createEmailVerificationToken(context.secret, email, undefined, VERIFICATION_LINK_TTL_SECONDS, { userId: signedUpId });
      const landing = returnPath ? `${EMAIL_VERIFIED_PATH}&redirectTo=${encodeURIComponent(returnPath)}` : EMAIL_VERIFIED_PATH;
      const url = `${context.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(landing)}`;
      await sendMail(verificationMail(email, url));
    } else {
      await sendMail(signUpWithRegisteredAddressMail(email));
    }
  } catch (error) {
    // The account exists (or did already); the banner offers to send the confirmation again.
    logger.error({ err: error }, "registrazione: email non inviata");
  }
}

async function emailRegistered(email: string): Promise<boolean> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

export async function signIn(input: Record<string, unknown>, requestHeaders: Headers): Promise<AuthResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  try {
    const { headers, response } = await auth().api.signInEmail({
      body: parsed.data,
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { ok: true, headers, twoFactor: "twoFactorRedirect" in response && response.twoFactorRedirect === true };
  } catch (error) {
    return failure(error);
  }
}

/** Ends the session on the server and returns the headers that clear the cookie. */
export async function signOut(requestHeaders: Headers): Promise<Headers> {
  try {
    const { headers } = await auth().api.signOut({ headers: requestHeaders, returnHeaders: true });
    return headers;
  } catch (error) {
    // No session to end: still clear whatever cookie the browser holds.
    logger.debug({ err: error }, "logout senza sessione");
    const headers = new Headers();
    headers.append("set-cookie", "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
    headers.append("set-cookie", "__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax");
    return headers;
  }
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start-up: create that administrator, or promote the existing
 * account (its password is left as it is).
 */
export async function ensureAdmin(email: string, password: string, fullName = "Amministratore"): Promise<"created" | "promoted" | "unchanged"> {
  const normalised = email.trim().toLowerCase();
  const [existing] = await db()
    .select({ id: users.id, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, normalised))
    .limit(1);
  if (existing) {
    if (existing.role === "admin") return "unchanged";
    await db().update(profiles).set({ role: "admin" }).where(eq(profiles.id, existing.id));
    return "promoted";
  }
  try {
    const { user } = await auth().api.signUpEmail({ body: { name: fullName, email: normalised, password } });
    await db().update(profiles).set({ role: "admin" }).where(eq(profiles.id, user.id));
    return "created";
  } catch (error) {
    throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: impossibile creare l'amministratore (${authErrorMessage(error)})`);
  }
}

export { M as ACCOUNT_MESSAGES };
