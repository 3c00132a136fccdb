// Checking a two-factor code with better-auth, under Zampa's rules: a code has the right form, a
// TOTP code is accepted once (better-auth accepts the same code again for ~90 s), and better-auth's
// refusals become Italian messages with their HTTP status.
import { hit, reset } from "~/lib/rate-limit.server";
import { fail, type Result } from "~/lib/result";
import { logger } from "~/lib/logger.server";
import { authErrorCode, authErrorMessage, ZAMPA_AUTH_CODES } from "./auth.server";
import { TWO_FACTOR_MESSAGES as M } from "./two-factor-messages";

/** The per-account counter of code checks (CODE_CHECK_LIMIT). */
export const codeKey = (userId: string) => `2fa:code:user:${userId}`;

/**
 * A TOTP code is valid for its 30-second step and one step either side. Claiming it for 120 s
 * (a fixed window from its first use) covers every moment it could be accepted again.
 */
const REPLAY_WINDOW_SECONDS = 120;
const usedKey = (userId: string, code: string) => `2fa:totp-used:${userId}:${code}`;

export const SIX_DIGITS = /^\d{6}$/;

/** better-auth's two-factor refusals, in Italian, with their status. */
export function codeFailure(error: unknown, wrongCode: string): Result<never> {
  switch (authErrorCode(error)) {
    case "INVALID_CODE":
    case "OTP_HAS_EXPIRED":
    case "INVALID_BACKUP_CODE":
      return fail(400, wrongCode);
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return fail(429, M.tooManyCodes);
    case "INVALID_TWO_FACTOR_COOKIE":
    case "UNAUTHORIZED":
      return fail(401, M.signInExpired);
    case "TOTP_NOT_ENABLED":
    case "TWO_FACTOR_NOT_ENABLED":
      return fail(400, M.totpNotStarted);
    case ZAMPA_AUTH_CODES.accountSuspended:
      // Suspended while the code was being typed (decision 0110): no session, the reason why.
      return fail(403, authErrorMessage(error));
    default:
      logger.error({ err: error }, "due fattori: verifica del codice non riuscita");
      return fail(500, M.genericError);
  }
}

/**
 * Claims the code (refused if this account used it within 120 s), then runs better-auth's check;
 * a wrong code releases the claim. The caller has taken the per-account hit already.
 */
export async function checkTotpCode<T>(userId: string, code: string, verify: () => Promise<T>): Promise<Result<{ value: T }>> {
  if (!SIX_DIGITS.test(code)) return fail(400, M.codeInvalidFormat);
  const key = usedKey(userId, code);
  if (!(await hit(key, { max: 1, windowSeconds: REPLAY_WINDOW_SECONDS })).allowed) return fail(400, M.codeReused);
  try {
    return { ok: true, value: await verify() };
  } catch (error) {
    await reset(key);
    return codeFailure(error, M.codeWrong);
  }
}
