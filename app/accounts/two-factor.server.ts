// Two-factor sign-in (decision 0059), on better-auth's twoFactor plugin, called on the server only:
// TOTP enrolment from the profile (QR code and manual key, confirmed with a code, backup codes shown
// once), a phone for codes by SMS, removal; the second step of the sign-in; the administrators'
// obligation (REQUIRE_ADMIN_2FA). Every function takes the session's user, never an id from a form.
import { and, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { config } from "~/config.server";
import { db, transaction } from "~/db/client.server";
import { sessions, twoFactorPhones, twoFactors, users, verifications } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { hit, release, reset } from "~/lib/rate-limit.server";
import { fail, type Result } from "~/lib/result";
import { auth, authErrorCode, CLIENT_IP_HEADER } from "./auth.server";
import { confirmIdentity, markAuthenticated, requireRecentAuth, sessionState } from "./reauth.server";
import type { CurrentUser } from "./session.server";
import { checkTotpCode, codeFailure, codeKey, SIX_DIGITS } from "./two-factor-codes.server";
import { CODE_CHECK_LIMIT, SMS_SEND_LIMIT, TWO_FACTOR_MESSAGES as M } from "./two-factor-messages";

export { REAUTH_WINDOW_SECONDS } from "./two-factor-messages";

/** Where the profile's two-factor section is; administrators are sent there to enrol. */
export const TWO_FACTOR_ENROL_PATH = "/dashboard/profile?due-fattori=obbligatorio#due-fattori";
export { SIGN_IN_CODE_PATH } from "./two-factor-messages";

const smsKey = (userId: string) => `2fa:sms:user:${userId}`;

export interface TwoFactorStatus {
  totp: "off" | "pending" | "on";
  /** unused backup codes, when TOTP is on */
  backupCodesLeft: number | null;
  /** the phone for SMS codes, partly hidden */
  phone: { masked: string; verified: boolean } | null;
  /** some factor is active (better-auth's users.two_factor_enabled) */
  enabled: boolean;
  /** this session's assurance level and whether its identity check is within 10 minutes */
  aal: "aal1" | "aal2";
  fresh: boolean;
}

/** +393331234567 → +39 ••• ••• 4567 */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)} ••• ••• ${phone.slice(-4)}`;
}

export async function getTwoFactorStatus(user: CurrentUser, request: Request): Promise<TwoFactorStatus> {
  const [row] = await db()
    .select({ enabled: users.twoFactorEnabled, verified: twoFactors.verified, phone: twoFactorPhones.phone, phoneVerifiedAt: twoFactorPhones.verifiedAt })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .leftJoin(twoFactorPhones, eq(twoFactorPhones.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  const totp = row?.verified === true ? "on" : row?.verified === false ? "pending" : "off";
  let backupCodesLeft: number | null = null;
  if (totp === "on") {
    const { backupCodes } = await auth().api.viewBackupCodes({ body: { userId: user.id } });
    backupCodesLeft = backupCodes.length;
  }
  const state = await sessionState(request);
  return {
    totp,
    backupCodesLeft,
    phone: row?.phone ? { masked: maskPhone(row.phone), verified: row.phoneVerifiedAt !== null } : null,
    enabled: row?.enabled ?? false,
    aal: state?.aal ?? "aal1",
    fresh: state?.fresh ?? false,
  };
}

export interface TotpEnrolment {
  /** the otpauth:// URI as a QR code (PNG data URL), drawn on the server */
  qrCode: string;
  /** the same secret, base32, in groups of four for typing */
  manualKey: string;
  message: string;
}

/**
 * Step 1: the password (which is also the identity check), then better-auth creates an unconfirmed
 * secret; nothing changes at sign-in until step 2.
 */
export async function startTotpEnrolment(user: CurrentUser, request: Request, input: Record<string, unknown>): Promise<Result<TotpEnrolment>> {
  const password = typeof input.password === "string" ? input.password : "";
  if (!password) return fail(400, M.identityRequired);
  const state = await sessionState(request);
  if (!state || state.userId !== user.id) return fail(401, M.signInExpired);
  if (!(await hit(codeKey(user.id), CODE_CHECK_LIMIT)).allowed) return fail(429, M.tooManyCodes);
  let totpURI: string;
  try {
    const enabled = await auth().api.enableTwoFactor({ body: { password, method: "totp" }, headers: request.headers });
    if (enabled.method !== "totp") throw new Error("better-auth did not start a TOTP enrolment");
    totpURI = enabled.totpURI;
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD") return fail(400, M.passwordWrong);
    if (code === "TOTP_ALREADY_ENABLED") return fail(409, M.totpAlreadyOn);
    logger.error({ err: error }, "due fattori: attivazione non riuscita");
    return fail(500, M.genericError);
  }
  await reset(codeKey(user.id));
  await markAuthenticated(state.token, false);
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return {
    ok: true,
    qrCode: await QRCode.toDataURL(totpURI, { margin: 1, width: 220, errorCorrectionLevel: "M" }),
    manualKey: secret.replace(/(.{4})(?=.)/g, "$1 "),
    message: M.totpStarted,
  };
}

/**
 * Step 2: a code from the app confirms the secret. The session becomes aal2 (better-auth replaces it
 * when this is the account's first factor: the new cookie is in `headers`), the account's other
 * sessions end, and the backup codes are returned, to be shown this once.
 */
export async function confirmTotpEnrolment(
  user: CurrentUser,
  request: Request,
  input: Record<string, unknown>,
): Promise<Result<{ message: string; backupCodes: string[]; headers: Headers }>> {
  const code = typeof input.code === "string" ? input.code.replace(/\s+/g, "") : "";
  if (!code) return fail(400, M.codeRequired);
  const [row] = await db().select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, user.id)).limit(1);
  if (!row) return fail(400, M.totpNotStarted);
  if (row.verified) return fail(409, M.totpAlreadyOn);
  const state = await sessionState(request);
  if (!state || state.userId !== user.id) return fail(401, M.signInExpired);
  if (!(await hit(codeKey(user.id), CODE_CHECK_LIMIT)).allowed) return fail(429, M.tooManyCodes);
  const checked = await checkTotpCode(user.id, code, () => auth().api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true }));
  if (!checked.ok) return checked;
  const { headers } = checked.value;
  await reset(codeKey(user.id));
  await secureSession(user.id, sessionTokenAfter(headers, state.token));
  const { backupCodes } = await auth().api.viewBackupCodes({ body: { userId: user.id } });
  return { ok: true, message: M.totpEnabled, backupCodes, headers };
}

/**
 * The session a two-factor call leaves: the one in the cookie it set (better-auth replaces the
 * session when a first factor is confirmed, and its answer still names the old one), else the
 * request's own.
 */
function sessionTokenAfter(headers: Headers, fallback: string): string {
  for (const cookie of headers.getSetCookie()) {
    const match = /^(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie);
    if (match?.[1]) {
      const value = decodeURIComponent(match[1]);
      return value.slice(0, value.lastIndexOf(".") > 0 ? value.lastIndexOf(".") : value.length);
    }
  }
  return fallback;
}

/** After a factor is confirmed on the profile: this session at aal2 and fresh; every other one ends. */
async function secureSession(userId: string, token: string): Promise<void> {
  await markAuthenticated(token, true);
  await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.token, token)));
}

/** Removes every factor (TOTP, backup codes, phone); needs a recent identity check. */
export async function disableTwoFactor(user: CurrentUser, request: Request): Promise<Result<{ message: string }>> {
  const recent = await requireRecentAuth(request);
  if (!recent.ok) return recent;
  if (recent.userId !== user.id) return fail(401, M.signInExpired);
  await transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
    await tx.delete(twoFactorPhones).where(eq(twoFactorPhones.userId, user.id));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, user.id));
    // No factor left: no session of the account can claim one.
    await tx.update(sessions).set({ aal: "aal1" }).where(eq(sessions.userId, user.id));
  });
  return { ok: true, message: M.twoFactorDisabled };
}

/** An Italian mobile written any usual way (+39 333 123 4567, 0039…, 333…), as E.164; null if it is not one. */
export function normalisePhone(value: unknown): string | null {
  if (typeof value !== "string") return null;
  let phone = value.replace(/[\s.\-()/]/g, "");
  if (phone.startsWith("00")) phone = `+${phone.slice(2)}`;
  if (/^3\d{8,9}$/.test(phone)) phone = `+39${phone}`;
  return /^\+[1-9]\d{7,14}$/.test(phone) ? phone : null;
}

/** Phone, step 1: the number (with a recent identity check), and an SMS with a code to it. */
export async function startPhoneEnrolment(user: CurrentUser, request: Request, input: Record<string, unknown>): Promise<Result<{ message: string }>> {
  const phone = normalisePhone(input.phone);
  if (!phone) return fail(400, M.phoneInvalid);
  const recent = await requireRecentAuth(request);
  if (!recent.ok) return recent;
  if (!(await hit(smsKey(user.id), SMS_SEND_LIMIT)).allowed) return fail(429, M.tooManySms);
  await db()
    .insert(twoFactorPhones)
    .values({ userId: user.id, phone })
    .onConflictDoUpdate({ target: twoFactorPhones.userId, set: { phone, verifiedAt: null, updatedAt: sql`now()` } });
  try {
    await auth().api.sendTwoFactorOTP({ body: {}, headers: request.headers });
  } catch (error) {
    logger.error({ err: error }, "due fattori: SMS non inviato");
    return fail(500, M.genericError);
  }
  return { ok: true, message: M.phoneCodeSent };
}

/** Phone, step 2: the code from the SMS confirms the number; the session becomes aal2. */
export async function confirmPhoneEnrolment(
  user: CurrentUser,
  request: Request,
  input: Record<string, unknown>,
): Promise<Result<{ message: string; headers: Headers }>> {
  const code = typeof input.code === "string" ? input.code.replace(/\s+/g, "") : "";
  if (!SIX_DIGITS.test(code)) return fail(400, M.codeInvalidFormat);
  const [row] = await db().select({ verifiedAt: twoFactorPhones.verifiedAt }).from(twoFactorPhones).where(eq(twoFactorPhones.userId, user.id)).limit(1);
  if (!row) return fail(400, M.phoneNotStarted);
  if (!(await hit(codeKey(user.id), CODE_CHECK_LIMIT)).allowed) return fail(429, M.tooManyCodes);
  let result: { headers: Headers; response: { token: string } };
  try {
    result = await auth().api.verifyTwoFactorOTP({ body: { code }, headers: request.headers, returnHeaders: true });
  } catch (error) {
    return codeFailure(error, M.smsCodeWrong);
  }
  await reset(codeKey(user.id));
  await db().update(twoFactorPhones).set({ verifiedAt: sql`now()` }).where(eq(twoFactorPhones.userId, user.id));
  await secureSession(user.id, sessionTokenAfter(result.headers, result.response.token));
  return { ok: true, message: M.phoneEnabled, headers: result.headers };
}

// ---- The sign-in's second step -------------------------------------------------------------

export interface PendingSignIn {
  userId: string;
  methods: { totp: boolean; sms: boolean; backup: boolean };
  /** the verified phone, partly hidden */
  phone: string | null;
}

/** better-auth's signed cookie of a sign-in waiting for its code: the identifier of its verification row. */
function pendingIdentifier(request: Request): string | null {
  const cookies = request.headers.get("cookie") ?? "";
  const match = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]+)/.exec(cookies);
  if (!match?.[1]) return null;
  const value = decodeURIComponent(match[1]);
  const dot = value.lastIndexOf(".");
  return dot > 0 ? value.slice(0, dot) : null;
}

/**
 * The sign-in waiting for a code in this browser (password given, code not yet), with the methods
 * its account has; null when there is none or it expired (10 minutes). The signature of the cookie
 * is checked by better-auth when the code is sent; this read only decides what the page shows.
 */
export async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const identifier = pendingIdentifier(request);
  if (!identifier) return null;
  const [pending] = await db()
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`clock_timestamp()`)))
    .limit(1);
  if (!pending) return null;
  const [row] = await db()
    .select({ verified: twoFactors.verified, phone: twoFactorPhones.phone })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .leftJoin(twoFactorPhones, and(eq(twoFactorPhones.userId, users.id), isNotNull(twoFactorPhones.verifiedAt)))
    .where(eq(sql`${users.id}::text`, pending.userId))
    .limit(1);
  if (!row) return null;
  const totp = row.verified === true;
  return { userId: pending.userId, methods: { totp, sms: row.phone !== null, backup: totp }, phone: row.phone ? maskPhone(row.phone) : null };
}

export type SignInCodeMethod = "totp" | "backup" | "sms";

/**
 * Checks the code of a pending sign-in; on success better-auth creates the session (its cookie is in
 * `headers`), which is marked aal2. Throttled per account (CODE_CHECK_LIMIT), besides better-auth's
 * own 5 tries per challenge.
 */
export async function verifySignInCode(request: Request, input: Record<string, unknown>): Promise<Result<{ headers: Headers }>> {
  const method: SignInCodeMethod = input.method === "backup" ? "backup" : input.method === "sms" ? "sms" : "totp";
  const code = typeof input.code === "string" ? input.code.replace(/\s+/g, "") : "";
  if (!code) return fail(400, M.codeRequired);
  const pending = await pendingSignIn(request);
  if (!pending) return fail(401, M.signInExpired);
  if (!(await hit(codeKey(pending.userId), CODE_CHECK_LIMIT)).allowed) return fail(429, M.tooManyCodes);
  // Per address too, with the sign-in's budget (SIGN_INS_PER_IP in 15 minutes): one client guessing
  // codes across many accounts is stopped as one guessing passwords is.
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const ipKey = `2fa-code:ip:${ip}`;
  if (!(await hit(ipKey, { max: config().signInsPerIp, windowSeconds: 15 * 60 })).allowed) return fail(429, M.tooManyCodes);
  const headers = request.headers;
  let result: Result<{ value: { headers: Headers; response: { token?: string } } }>;
  if (method === "totp") {
    result = await checkTotpCode(pending.userId, code, () => auth().api.verifyTOTP({ body: { code }, headers, returnHeaders: true }));
  } else {
    try {
      const value =
        method === "backup"
          ? await auth().api.verifyBackupCode({ body: { code }, headers, returnHeaders: true })
          : await auth().api.verifyTwoFactorOTP({ body: { code }, headers, returnHeaders: true });
      result = { ok: true, value };
    } catch (error) {
      result = codeFailure(error, method === "backup" ? M.backupCodeWrong : M.smsCodeWrong);
    }
  }
  if (!result.ok) return result;
  await reset(codeKey(pending.userId));
  // A right code costs the address nothing: many people sign in behind one address (decision 0074).
  await release(ipKey);
  const token = sessionTokenAfter(result.value.headers, "");
  if (!token) return fail(500, M.genericError);
  await markAuthenticated(token, true);
  return { ok: true, headers: result.value.headers };
}

/** Sends the SMS code of a pending sign-in to the account's verified phone. */
export async function sendSignInSms(request: Request): Promise<Result<{ message: string }>> {
  const pending = await pendingSignIn(request);
  if (!pending) return fail(401, M.signInExpired);
  if (!pending.methods.sms) return fail(400, M.noSms);
  if (!(await hit(smsKey(pending.userId), SMS_SEND_LIMIT)).allowed) return fail(429, M.tooManySms);
  try {
    await auth().api.sendTwoFactorOTP({ body: {}, headers: request.headers });
  } catch (error) {
    return codeFailure(error, M.smsCodeWrong);
  }
  return { ok: true, message: M.smsSent };
}

/**
 * REQUIRE_ADMIN_2FA: an administrator's session must be at aal2 before anything of the back office;
 * true when it is required and this session has not passed a second factor. Asked by the back
 * office's gate (app/admin/gate.server.ts), which sends such an administrator to enrol.
 */
export async function adminSecondFactorMissing(request: Request): Promise<boolean> {
  if (!config().requireAdmin2fa) return false;
  return (await sessionState(request))?.aal !== "aal2";
}

// ---- The profile page's forms ---------------------------------------------------------------

/** The intents of the profile's two-factor and identity forms. */
export const TWO_FACTOR_INTENTS = ["reauth", "totp-start", "totp-confirm", "2fa-disable", "phone-start", "phone-confirm"] as const;
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[number];

export function isTwoFactorIntent(value: unknown): value is TwoFactorIntent {
  return (TWO_FACTOR_INTENTS as readonly unknown[]).includes(value);
}

export type TwoFactorActionResult = Result<{
  message: string;
  enrolment?: { qrCode: string; manualKey: string };
  backupCodes?: string[];
  /** a replaced session's cookie, for the response */
  headers?: Headers;
}>;

/** One entry for the profile route: the form's intent to its function. */
export async function twoFactorAction(user: CurrentUser, request: Request, intent: TwoFactorIntent, form: Record<string, unknown>): Promise<TwoFactorActionResult> {
  switch (intent) {
    case "reauth":
      return confirmIdentity(user, request, form);
    case "totp-start": {
      const started = await startTotpEnrolment(user, request, form);
      return started.ok ? { ok: true, message: started.message, enrolment: { qrCode: started.qrCode, manualKey: started.manualKey } } : started;
    }
    case "totp-confirm":
      return confirmTotpEnrolment(user, request, form);
    case "2fa-disable":
      return disableTwoFactor(user, request);
    case "phone-start":
      return startPhoneEnrolment(user, request, form);
    case "phone-confirm":
      return confirmPhoneEnrolment(user, request, form);
  }
}
