// Password recovery and e-mail verification (decision 0058): the rules, limits and answers of the
// pages /forgot-password, /reset-password and /email-verification and of the reminder banner.
// better-auth does the tokens and the mails (auth.server.ts); its endpoints stay closed over HTTP
// and are called here, on the server, after Zampa's own limits.
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { users, verifications } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { hit, secondsLeft, type Limit } from "~/lib/rate-limit.server";
import { fail, type Result } from "~/lib/result";
import { auth, authErrorCode, authErrorMessage, CLIENT_IP_HEADER, trackAuthMail } from "./auth.server";
import { ACCOUNT_MESSAGES as M } from "./messages";
import { EMAIL_VERIFIED_PATH } from "./recovery-mail.server";
import { RECOVERY_MESSAGES as R } from "./recovery-messages";
import type { CurrentUser } from "./session.server";
import { emailSchema, firstError, newPasswordSchema } from "./validation";

/**
 * Recovery requests: per client address and per requested address (whether or not an account has
 * it, so that the limit says nothing about accounts). Verification resends: a cooldown and an hourly
 * cap per address, and a cap per client address.
 */
export const RECOVERY_LIMITS = {
  recoveryPerIp: { max: 10, windowSeconds: 15 * 60 },
  recoveryPerAddress: { max: 3, windowSeconds: 60 * 60 },
  resendCooldown: { max: 1, windowSeconds: 60 },
  resendPerAddress: { max: 5, windowSeconds: 60 * 60 },
  resendPerIp: { max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * The least time a recovery request takes, whether or not the address has an account: sending the
 * mail (only for a real account) must not show in the response time.
 */
export const RECOVERY_MIN_MS = 500;

export type Throttled = { ok: false; status: 429; error: string; retryAfter: number };

function clientIp(headers: Headers): string {
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** Takes one hit of each limit in order; the first one exceeded answers 429 with its message. */
async function throttle(limits: [key: string, limit: Limit, message: string][]): Promise<Throttled | null> {
  for (const [key, limit, message] of limits) {
    if (!(await hit(key, limit)).allowed) {
      const retryAfter = Math.max(1, await secondsLeft(key, limit));
      return { ok: false, status: 429, error: message, retryAfter };
    }
  }
  return null;
}

async function atLeast<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    const left = ms - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

const recoverySchema = z.object({ email: emailSchema });

/**
 * "Password dimenticata?": sends a single-use link valid for one hour when the address has an
 * account. The answer is the same, in the same time, whether it has one or not.
 */
export async function requestPasswordRecovery(input: Record<string, unknown>, headers: Headers): Promise<Result<{ message: string }> | Throttled> {
  const parsed = recoverySchema.safeParse(input);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  const { email } = parsed.data;
  const refused = await throttle([
    [`recovery:ip:${clientIp(headers)}`, RECOVERY_LIMITS.recoveryPerIp, R.tooManyRecoveries],
    [`recovery:account:${email}`, RECOVERY_LIMITS.recoveryPerAddress, R.tooManyRecoveries],
  ]);
  if (refused) return refused;
  await atLeast(RECOVERY_MIN_MS, async () => {
    try {
      // No session is passed: a signed-in visitor may ask for any address, like anyone else.
      await auth().api.requestPasswordReset({ body: { email } });
    } catch (error) {
      // Only a real account reaches the mail: its failure must not change the answer either.
      logger.error({ err: error }, "recupero password: richiesta non completata");
    }
  });
  return { ok: true, message: R.recoverySent };
}

/** Whether a reset link can still be used (for the page to show the form or say it is spent). */
export async function resetTokenUsable(token: unknown): Promise<boolean> {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return false;
  const [row] = await db()
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

const resetSchema = z
  .object({ token: z.string().min(1).max(200), password: newPasswordSchema, confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, { message: M.passwordsDoNotMatch, path: ["confirmPassword"] });

/**
 * Sets the new password with a reset link's token (same rule as sign-up). The token is used up, and
 * every session of the account ends (revokeSessionsOnPasswordReset): the user signs in again.
 */
export async function resetPasswordWithToken(input: Record<string, unknown>): Promise<Result<{ message: string }>> {
  if (typeof input.token !== "string" || input.token === "") return fail(400, R.resetLinkInvalid);
  const parsed = resetSchema.safeParse(input);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  try {
    await auth().api.resetPassword({ body: { token: parsed.data.token, newPassword: parsed.data.password } });
    return { ok: true, message: R.resetDone };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return fail(400, R.resetLinkInvalid);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) logger.error({ err: error }, "recupero password: reimpostazione non riuscita");
    return fail(status >= 500 ? 500 : status, authErrorMessage(error));
  }
}

/** Whether the account's address is confirmed (the users row is the source, not the session). */
export async function isEmailVerified(userId: string): Promise<boolean> {
  const [row] = await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.verified === true;
}

/** The only type of message that can be sent again (the spec's resend names email or phone and a type). */
export const RESEND_TYPES = ["signup"] as const;

const resendSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  type: z.string().optional(),
});

/**
 * Sends the verification e-mail again. Signed in: to the account's own address (the form's fields
 * are ignored). Signed out: an address and a type are required; the answer is the same whether
 * the address has an unconfirmed account, a confirmed one or none.
 */
export async function resendVerification(
  viewer: CurrentUser | null,
  input: Record<string, unknown>,
  headers: Headers,
): Promise<Result<{ message: string }> | Throttled> {
  const fields = resendSchema.safeParse(input);
  const given = fields.success ? fields.data : {};
  const blank = (v: string | undefined) => v === undefined || v.trim() === "";
  let email: string;
  if (viewer) {
    if (await isEmailVerified(viewer.id)) return { ok: true, message: R.alreadyVerified };
    email = viewer.email.toLowerCase();
  } else {
    if ((blank(given.email) && blank(given.phone)) || blank(given.type)) return fail(400, R.resendMissingTarget);
    if (!RESEND_TYPES.includes(given.type!.trim() as (typeof RESEND_TYPES)[number])) return fail(400, R.resendUnknownType);
    // Zampa has no phone numbers to confirm: only an e-mail address can be the target.
    if (blank(given.email)) return fail(400, R.resendMissingTarget);
    const parsed = emailSchema.safeParse(given.email);
    if (!parsed.success) return fail(400, firstError(parsed.error));
    email = parsed.data;
  }

  const cooldown = RECOVERY_LIMITS.resendCooldown;
  const refused = await throttle([
    [`verify-resend:ip:${clientIp(headers)}`, RECOVERY_LIMITS.resendPerIp, R.tooManyResends],
    [`verify-resend:wait:${email}`, cooldown, ""],
    [`verify-resend:account:${email}`, RECOVERY_LIMITS.resendPerAddress, R.tooManyResends],
  ]);
  if (refused) {
    if (refused.error === "") refused.error = R.resendCooldown(refused.retryAfter);
    return refused;
  }

  if (viewer) {
    // With the session: better-auth checks the address is the session's own and not yet confirmed.
    try {
      const { mailError } = await trackAuthMail(() =>
        auth().api.sendVerificationEmail({ body: { email, callbackURL: EMAIL_VERIFIED_PATH }, headers }),
      );
      if (mailError) {
        logger.error({ err: mailError }, "verifica email: invio non riuscito");
        return fail(500, M.genericError);
      }
      return { ok: true, message: R.verificationSentToYou };
    } catch (error) {
      if (authErrorCode(error) === "EMAIL_ALREADY_VERIFIED") return { ok: true, message: R.alreadyVerified };
      logger.error({ err: error }, "verifica email: reinvio non riuscito");
      return fail(500, M.genericError);
    }
  }
  try {
    // Without a session better-auth answers in at least 500 ms whatever the address.
    await auth().api.sendVerificationEmail({ body: { email, callbackURL: EMAIL_VERIFIED_PATH } });
  } catch (error) {
    // Only an unconfirmed account reaches the mail: its failure must not change the answer.
    logger.error({ err: error }, "verifica email: reinvio non riuscito");
  }
  return { ok: true, message: R.verificationSent };
}
